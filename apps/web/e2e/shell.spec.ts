import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';

test('redirect rules for visitors', async ({ page }) => {
  for (const [from, to] of [
    ['/dashboard', '/login'],
    ['/dashboard/anything', '/login'],
    ['/no-such-page', '/'],
  ] as const) {
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(to === '/' ? '/$' : `${to}$`));
  }
});

test('redirect rules for signed-in users', async ({ page }) => {
  await signUpViaApi(page);
  for (const path of [
    '/',
    '/login',
    '/register',
    '/faq',
    '/about',
    '/contact',
    '/privacy',
    '/terms',
    '/no-such-page',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});

test('start-up check: a refused token is cleared; an unreachable server keeps the session', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Tess' });

  // No answer at all (offline, or the page being left mid-call): the stored session stays.
  await page.route('**/api/auth/me', (route) => route.abort('internetdisconnected'));
  await page.goto('/dashboard');
  await expect(page.getByText('Hello,')).toContainText('Tess');
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

  // Reloading at once, while the first load's calls are still in flight, keeps it too.
  await page.unroute('**/api/auth/me');
  await page.goto('/dashboard');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' })).toBeVisible();

  // The server answers that the check failed: stored auth data is cleared and the visitor signs in again.
  await page.route('**/api/auth/me', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
});

test('start-up check: a revoked token is cleared and the browser goes to /login', async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const res = await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the seven tabs switch in place; the first is Dashboard', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Tess' });
  await page.goto('/dashboard');
  await expect(page.getByText('Hello,')).toContainText('Tess');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  for (const [tab, heading] of [
    ['Transactions', 'Transactions'],
    ['Accounts', 'Accounts'],
    ['Budgets', 'Budget Management'],
    ['Recurring', 'Recurring Transactions'],
    ['Categories', 'Categories'],
    ['Settings', 'Settings'],
    ['Dashboard', 'Dashboard'],
  ]) {
    await nav.getByRole('button', { name: tab }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  const ads = page.locator('[data-ad-slot]');
  await expect(ads).toHaveCount(3);
  for (const ad of await ads.all()) await expect(ad).toHaveText('Advertisement');
  // Ad slots are not landmarks: the only complementary region is the sidebar.
  await expect(page.getByRole('complementary')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
});

test('mobile menu offers the tabs and a user card, and closes on choice', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signUpViaApi(page, { firstName: 'Mia' });
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  // The top bar keeps its greeting at phone width.
  await expect(page.getByRole('banner').getByText('Hello,')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Hello,')).toContainText('Mia');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByText('Mia')).toBeVisible();
  await screenshot(page, 'mobile-menu');
  await expectNoSeriousA11yViolations(page);
  await menu.getByRole('button', { name: 'Categories' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await context.close();
});

test('theme: system preference by default, toggle stored, dark marker on <html>', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.locator('html')).toHaveClass(/dark/);
  // Nothing is stored until the user toggles, so a later system switch is followed.
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await screenshot(page, 'login-dark');
  await expectNoSeriousA11yViolations(page);
  await signUpViaApi(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await screenshot(page, 'dashboard-shell-dark');
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test('light system preference starts light', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await context.close();
});

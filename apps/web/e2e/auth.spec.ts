import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot, signUpViaApi, uniqueEmail } from './helpers';

test('register leads to the dashboard with a greeting', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByText('Must be at least 6 characters')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('First name (optional)').fill('Ada');
  await page.getByLabel('Email').fill(uniqueEmail('reg'));
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Hello,')).toContainText('Ada');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { firstName?: string });
  expect(stored.firstName).toBe('Ada');
  await screenshot(page, 'dashboard-shell-light');
});

test('register refuses a short password on the form', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email').fill(uniqueEmail('short'));
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('a failed login shows the server message and re-enables the form', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByText('Sign in to save money')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByLabel('Email')).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
  await screenshot(page, 'login-error');
});

test('sign in, then logout clears storage and guards the dashboard', async ({ page }) => {
  const { email, password } = await signUpViaApi(page);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a stale token is cleared and the browser sent to /login', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('token', 'stale-token-stale-token-stale-token-123');
    localStorage.setItem('user', JSON.stringify({ id: 'x', email: 'old@example.com', firstName: 'Old' }));
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a 401 on a later call clears storage and goes to /login', async ({ page }) => {
  const { token } = await signUpViaApi(page);
  // The calls the signed-in app makes on opening must be answered before the session is revoked:
  // one still in flight would get the 401 first and leave for /login before the click below.
  const opening = ['/api/auth/me', '/api/settings', '/api/analytics/dashboard', '/api/recurring/generate'].map((path) =>
    page.waitForResponse((r) => new URL(r.url()).pathname === path),
  );
  await page.goto('/dashboard');
  await Promise.all(opening);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  // Revoke the session behind the app's back, then make the app call the API.
  await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

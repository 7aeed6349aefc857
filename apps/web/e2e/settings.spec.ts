import { type Page, expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, signUpViaApi } from './helpers';
import { captureAllLooks } from './visual-helpers';

async function openSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
}

test('names and currency are saved; the greeting and the preview follow', async ({ page }) => {
  const { email } = await signUpViaApi(page, { firstName: 'Tess' });
  await page.goto('/dashboard');
  await expect(page.getByText('Hello,')).toContainText('Tess');
  await openSettings(page);
  for (const name of ['Appearance', 'Account Information', 'Regional Settings']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }

  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await expect(page.getByLabel('First name')).toHaveValue('Tess');
  const preview = page.getByTestId('currency-preview');
  await expect(preview).toHaveText('$1,234.56');
  const select = page.getByLabel('Preferred currency');
  await expect(select.locator('option')).toHaveCount(25);
  await expect(select.locator('option[value="EUR"]')).toHaveText('🇪🇺 EUR — Euro');

  const popular = page.getByRole('list', { name: 'Popular Currencies' });
  await expect(popular.getByRole('button')).toHaveCount(8);
  await popular.getByRole('button', { name: /^GBP/ }).click();
  await expect(preview).toHaveText('£1,234.56');
  await expect(select).toHaveValue('GBP');
  await expect(popular.getByRole('button', { name: /^GBP/ })).toHaveAttribute('aria-pressed', 'true');

  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await select.selectOption('EUR');
  await expect(preview).toHaveText('€1,234.56');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Settings saved successfully!' });
  await expect(saved).toBeVisible();
  await expect(page.getByText('Hello,')).toContainText('Grace');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as unknown);
  expect(stored).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', currency: 'EUR', email });
  expect(await (await api(page, 'GET', '/settings')).json()).toEqual({
    data: { firstName: 'Grace', lastName: 'Hopper', currency: 'EUR' },
  });
  await expect(saved).toBeHidden({ timeout: 5_000 });

  // The shared settings cache holds the new currency: leaving and coming back shows it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Dashboard' }).click();
  await openSettings(page);
  await expect(page.getByLabel('Preferred currency')).toHaveValue('EUR');
  await expect(page.getByLabel('Last name')).toHaveValue('Hopper');

  // And so does a fresh load.
  await page.reload();
  await expect(page.getByText('Hello,')).toContainText('Grace');
  await openSettings(page);
  await expect(page.getByTestId('currency-preview')).toHaveText('€1,234.56');

  // Clearing a name stores none; the greeting falls back to the email.
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved successfully!' })).toBeVisible();
  await expect(page.getByText('Hello,')).toContainText(email);
});

test('the appearance switch toggles dark and light and is stored', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await openSettings(page);
  const toggle = page.getByRole('switch', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await toggle.press('Space');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await captureAllLooks(page, 'settings');
});

test('without the server currency list the local one serves; failures show in a red banner', async ({ page }) => {
  await signUpViaApi(page);
  await page.route('**/api/settings/currencies', (route) => route.fulfill({ status: 500, body: 'oops' }));
  await page.goto('/dashboard');
  await openSettings(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch currencies' })).toBeVisible();
  await expect(page.getByLabel('Preferred currency').locator('option')).toHaveCount(25);

  await page.route('**/api/settings', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update settings' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The server's own message wins over the fallback.
  await page.unroute('**/api/settings');
  await page.route('**/api/settings', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Choose one of the supported currencies', code: 'VALIDATION_FAILED' }),
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose one of the supported currencies' })).toBeVisible();
});

import { type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot } from './helpers';
import { setAppearance } from './visual-helpers';

/** Light and dark, at 1280 and 390 px: axe in each, nothing overflowing on the phone. */
async function looks(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await setAppearance(page, theme);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `${name}-${theme}-desktop`);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, `${name}-${theme}-phone`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await setAppearance(page, 'light');
}

test('sign-in reports both empty fields at once and links to "Forgot password?"', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await looks(page, 'login-empty-fields');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The e2e server has no SMTP_URL: the page says who can help instead.
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeVisible();
  await expect(page.getByText('This server does not send e-mail')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toHaveCount(0);
  await looks(page, 'forgot-password-no-smtp');
});

test('with e-mail set up, the page asks for the email and answers the same for any', async ({ page }) => {
  // The server side (SMTP, one-time links) is tested over HTTP with a real SMTP server; here the
  // e2e server has none, so its two answers are given as the server gives them with SMTP_URL set.
  await page.route('**/api/auth/password-reset', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: { byEmail: true } }) }),
  );
  await page.route('**/api/auth/password-reset/request', (route) =>
    route.fulfill({
      status: 202,
      contentType: 'application/json',
      body: JSON.stringify({
        message:
          'If an account uses that email, a link to reset its password is on its way. It works once, within 60 minutes.',
      }),
    }),
  );
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await looks(page, 'forgot-password-form');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that email');
  await looks(page, 'forgot-password-sent');
});

test('a reset link that is not valid says so and offers a new one', async ({ page }) => {
  await page.goto('/reset-password#token=not-a-real-token-not-a-real-token-1234567');
  // The token is taken out of the address at once.
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await looks(page, 'reset-password-form');
  await page.getByLabel('New password', { exact: true }).fill('new-secret');
  await page.getByLabel('Confirm new password').fill('new-secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is not valid any more');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await looks(page, 'reset-password-invalid');
});

import { expect, test } from '@playwright/test';
import { addDays } from '@ledgerly/shared';
import { api, expectNoSeriousA11yViolations, signUpViaApi } from './helpers';

test('Settings → Exchange rates: a missing day is said, a rate is added, overridden and deleted', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  const card = page.getByRole('region', { name: 'Exchange rates' });
  await expect(card).toBeVisible();
  await expect(card.getByLabel('Currency')).toHaveValue('EUR');
  await expect(card.locator('p').getByText('Euro', { exact: true })).toBeVisible();

  // Without the bundled history (off in this server) every day of the period has no rate.
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const day = addDays(today, -2);
  await card.getByLabel('From').fill(addDays(today, -6));
  await card.getByLabel('To').fill(today);
  await expect(card.getByText('7 days have no rate: add one above.')).toBeVisible();
  const row = card.getByRole('row').filter({ hasText: day });
  await expect(row).toContainText('No rate');

  // A bad rate is named on its field and nothing is saved.
  await row.getByRole('button', { name: `Add the rate for ${day}` }).click();
  await expect(card.getByLabel('Day')).toHaveValue(day);
  await card.getByLabel('1 EUR in USD').fill('0');
  await card.getByRole('button', { name: 'Save rate' }).click();
  await expect(card.getByText('Rate must be a number more than zero, such as 1.0834')).toBeVisible();
  await expect(row).toContainText('No rate');

  await card.getByLabel('1 EUR in USD').fill('1.0834');
  await card.getByRole('button', { name: 'Save rate' }).click();
  await expect(row).toContainText('1.0834');
  await expect(row).toContainText('Yours');
  await expect(card.getByText('6 days have no rate: add one above.')).toBeVisible();

  // Overriding the same day replaces it; the API answers the same.
  await card.getByLabel('Day').fill(day);
  await card.getByLabel('1 EUR in USD').fill('1.09');
  await card.getByRole('button', { name: 'Save rate' }).click();
  await expect(row).toContainText('1.09');
  const res = await api(page, 'GET', `/rates?currency=EUR&start=${day}&end=${day}`);
  expect((await res.json()).data).toEqual([expect.objectContaining({ day, rate: '1.09', source: 'user' })]);

  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: `Delete your rate for ${day}` }).click();
  await expect(row).toContainText('No rate');
  await expect(card.getByText('7 days have no rate: add one above.')).toBeVisible();
});

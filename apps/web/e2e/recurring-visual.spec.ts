import { expect, test, type Page } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import {
  addDays,
  card,
  createViaApi,
  initCategories,
  isoToday,
  openRecurringTab,
  viewportShot,
} from './recurring-helpers';

/** A realistic mix: generated income, a future expense, a paused item and an ended series. */
async function seed(page: Page) {
  const cats = await initCategories(page);
  const today = isoToday();
  await createViaApi(page, {
    categoryId: cats['Salary']!,
    type: 'income',
    amount: 4250,
    description: 'Monthly salary',
    frequency: 'monthly',
    startDate: addDays(today, -20),
  });
  await createViaApi(page, {
    categoryId: cats['Entertainment']!,
    type: 'expense',
    amount: 15.99,
    description: 'Streaming subscription with a rather long description to see wrapping',
    frequency: 'monthly',
    startDate: addDays(today, 5),
  });
  await createViaApi(page, {
    categoryId: cats['Education']!,
    type: 'expense',
    amount: 120,
    description: 'Magazine',
    frequency: 'yearly',
    startDate: addDays(today, -40),
    isActive: false,
  });
  await createViaApi(page, {
    categoryId: cats['Food & Dining']!,
    type: 'expense',
    amount: 8.5,
    description: 'Lunch course',
    frequency: 'daily',
    startDate: addDays(today, -10),
    endDate: addDays(today, -8),
  });
  expect((await api(page, 'POST', '/recurring/generate')).ok()).toBe(true);
}

async function addOverdue(page: Page) {
  await page.getByRole('button', { name: 'Add Recurring' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Recurring Transaction' });
  await dialog.getByLabel('Category').selectOption({ label: '🏠 Housing' });
  await dialog.getByLabel('Amount').fill('1250');
  await dialog.getByLabel('Description').fill('Rent');
  await dialog.getByLabel('Start date').fill(addDays(isoToday(), -3));
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Rent')).toHaveAttribute('data-state', 'overdue');
}

/** A full-page shot from the top (the sticky header otherwise lands mid-page). */
async function pageShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function checkDialogs(page: Page, suffix: string) {
  await card(page, 'Rent').getByRole('button', { name: 'Generate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Generate Transaction' });
  await expect(confirm).toBeVisible();
  await viewportShot(page, `recurring-generate-confirm-${suffix}`);
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  await card(page, 'Monthly salary').getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Recurring Transaction' });
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Update' }).focus();
  await viewportShot(page, `recurring-edit-${suffix}`);
  await expectNoSeriousA11yViolations(page);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
}

test('recurring tab looks right and passes axe: light and dark, desktop and phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page);
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await seed(page);
  await openRecurringTab(page);
  await addOverdue(page);
  await expect(card(page, 'Lunch course')).toContainText('Ended');
  await expect(card(page, 'Magazine')).toHaveAttribute('data-state', 'inactive');
  await expect(page.getByText('Recurring transaction created successfully!')).toBeHidden({ timeout: 5_000 });

  await pageShot(page, 'recurring-desktop-light');
  await expectNoSeriousA11yViolations(page);
  await checkDialogs(page, 'desktop-light');

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await pageShot(page, 'recurring-desktop-dark');
  await expectNoSeriousA11yViolations(page);
  await checkDialogs(page, 'desktop-dark');

  await page.setViewportSize({ width: 375, height: 800 });
  await pageShot(page, 'recurring-phone-dark');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await pageShot(page, 'recurring-phone-light');
  await expectNoSeriousA11yViolations(page);
  await checkDialogs(page, 'phone-light');

  await page.getByRole('button', { name: 'Add Recurring' }).click();
  const create = page.getByRole('dialog', { name: 'Create Recurring Transaction' });
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create.getByRole('alert')).toHaveText('Please select a category');
  await viewportShot(page, 'recurring-create-error-phone-light');
  await expectNoSeriousA11yViolations(page);
});

import { test, expect, type Page } from '@playwright/test';
import { api, signUpViaApi } from './helpers';
import { createBudgetViaApi, defaultCategories } from './budgets-helpers';

/** Opens a tab from the sidebar and waits for its heading. */
async function openTab(page: Page, tab: string, heading: string): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: tab }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Presses Enter on a button from the keyboard, as a keyboard user would. */
async function pressButton(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
}

test('closing a confirmation returns focus to its opener; after a delete, to the tab heading', async ({ page }) => {
  await signUpViaApi(page);
  const res = await api(page, 'POST', '/categories', { name: 'Pets', type: 'expense' });
  expect(res.status()).toBe(201);
  await api(page, 'POST', '/categories', { name: 'Hobbies', type: 'expense' });
  await openTab(page, 'Categories', 'Categories');

  // Cancelled: back on the very button that opened it.
  await pressButton(page, 'Delete Pets');
  const confirm = page.getByRole('dialog', { name: 'Delete Category' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete Pets' })).toBeFocused();

  // Deleted: the button is gone once the list refreshes; focus must not fall to <body>.
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Category deleted successfully!')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Pets' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeFocused();
});

test('after deleting a budget focus lands on the tab heading, not on <body>', async ({ page }) => {
  await signUpViaApi(page);
  const cats = await defaultCategories(page);
  await createBudgetViaApi(page, cats['Groceries']!.id, 300);
  await openTab(page, 'Budgets', 'Budget Management');

  await pressButton(page, 'Delete Groceries budget');
  const confirm = page.getByRole('dialog', { name: 'Delete Budget' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Budget deleted successfully!')).toBeVisible();
  await expect(page.getByText('No Budgets Set')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Budget Management' })).toBeFocused();
});

import { type Page, expect } from '@playwright/test';
import { api } from './helpers';
import { today } from './clock';

export interface CategoryRow {
  id: string;
  name: string;
  type: 'expense' | 'income';
}

/** Creates the default categories and returns them by name. */
export async function defaultCategories(page: Page): Promise<Record<string, CategoryRow>> {
  const res = await api(page, 'POST', '/categories/initialize');
  expect(res.status()).toBe(201);
  const { data } = (await res.json()) as { data: CategoryRow[] };
  return Object.fromEntries(data.map((c) => [c.name, c]));
}

export async function createBudgetViaApi(
  page: Page,
  categoryId: string,
  amount: number,
  period: 'monthly' | 'yearly' = 'monthly',
): Promise<string> {
  const res = await api(page, 'POST', '/budgets', { categoryId, amount, period });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** Today in the time zone signUpViaApi registers with. */
export const todayUtc = today;

export async function spendViaApi(page: Page, categoryId: string, amount: number, date = todayUtc()): Promise<void> {
  const res = await api(page, 'POST', '/transactions', {
    categoryId,
    type: 'expense',
    amount,
    date,
    description: 'e2e',
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Opens the Budgets tab from the sidebar, or from the menu on a phone. */
export async function openBudgetsTab(page: Page): Promise<void> {
  await page.goto('/dashboard');
  // The sidebar shows from Tailwind's lg breakpoint (1024 px); narrower screens use the menu.
  if ((page.viewportSize()?.width ?? 1280) >= 1024) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Budgets' }).click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Budgets' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Budget Management' })).toBeVisible();
  await expect(page.getByText('Loading budgets...')).toHaveCount(0);
}

/** The card of the budget on the named category. */
export const budgetCard = (page: Page, categoryName: string) =>
  page.getByTestId('budget-card').filter({ has: page.getByRole('heading', { level: 3, name: categoryName }) });

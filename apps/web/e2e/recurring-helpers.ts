import { expect, type Locator, type Page } from '@playwright/test';
import { api, SCREENSHOT_DIR } from './helpers';
import { addDays, today } from './clock';

/** Today as YYYY-MM-DD in the e2e users' time zone. */
export const isoToday = today;
export { addDays };

/** The app's date format: en-US short ("Mar 5, 2026"). */
export function shortDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** Creates the default categories and answers their ids by name. */
export async function initCategories(page: Page): Promise<Record<string, string>> {
  expect((await api(page, 'POST', '/categories/initialize')).ok()).toBe(true);
  const res = await api(page, 'GET', '/categories');
  const { data } = (await res.json()) as { data: { id: string; name: string }[] };
  return Object.fromEntries(data.map((c) => [c.name, c.id]));
}

export interface SeedItem {
  categoryId: string;
  type: 'expense' | 'income';
  amount: number;
  description: string;
  frequency: 'daily' | 'weekly' | 'monthly' | 'yearly';
  startDate: string;
  endDate?: string;
  isActive?: boolean;
}

export async function createViaApi(page: Page, item: SeedItem): Promise<string> {
  const res = await api(page, 'POST', '/recurring', { isActive: true, ...item });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** Opens the dashboard and switches to the Recurring tab (through the menu on a phone). */
export async function openRecurringTab(page: Page): Promise<void> {
  await page.goto('/dashboard');
  // The sidebar shows from Tailwind's lg breakpoint (1024 px); below it, the menu.
  if ((page.viewportSize()?.width ?? 1280) >= 1024) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Recurring' }).click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Recurring' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Recurring Transactions' })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
}

/** The value shown on one of the summary cards. */
export function statValue(page: Page, label: string): Locator {
  return page
    .locator('[data-tone]')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('[data-stat-value]');
}

export function filterTab(page: Page, label: 'All' | 'Active' | 'Inactive'): Locator {
  return page
    .getByRole('group', { name: 'Show recurring transactions' })
    .getByRole('button', { name: new RegExp(`^${label}\\s*\\d`) });
}

export function card(page: Page, description: string): Locator {
  return page.getByRole('article', { name: description, exact: true });
}

/** Transactions of the signed-in user (first page is plenty here). */
export async function listTransactions(
  page: Page,
): Promise<{ description: string | null; date: string; recurringId: string | null }[]> {
  const res = await api(page, 'GET', '/transactions?limit=500');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { description: string | null; date: string; recurringId: string | null }[] })
    .data;
}

/** A screenshot of the viewport only: for open dialogs, whose backdrop covers just the viewport. */
export async function viewportShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

import { test, expect, type Locator, type Page } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import { createBudgetViaApi, defaultCategories, openBudgetsTab, spendViaApi } from './budgets-helpers';
import { createTransaction, initCategories, openTransactionsTab, TODAY } from './transactions-helpers';

/** Boxes of two elements overlap (by more than a pixel of anti-aliasing). */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x + 1 < y.x + y.width && y.x + 1 < x.x + x.width && x.y + 1 < y.y + y.height && y.y + 1 < x.y + x.height;
}

/** Every shrink-to-fit figure on the page shows whole inside its box. */
async function expectFiguresFit(page: Page): Promise<void> {
  const figures = page.locator('[data-fit-text]');
  expect(await figures.count()).toBeGreaterThan(0);
  const cut = await figures.evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
}

test('keyboard: skip link, focus on the new page after sign-in, a title per page and tab', async ({ page }) => {
  const { email, password } = await signUpViaApi(page);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await expect(page).toHaveTitle('Welcome Back · Ledgerly');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  // Focus does not fall to <body>: it lands on the new page's heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();
  await expect(page).toHaveTitle('Dashboard · Ledgerly');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Transactions' }).click();
  await expect(page).toHaveTitle('Transactions · Ledgerly');

  // Signed out as a visitor: storage is cleared on a page that runs none of the app, so no request
  // of the signed-in tab can come back 401 and send the browser to /login mid-navigation.
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.clear());
  for (const [path, title] of [
    ['/faq', /· Ledgerly$/],
    ['/privacy', /· Ledgerly$/],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page).toHaveTitle(title);
    expect(await page.title()).not.toBe('Ledgerly');
  }
  await page.goto('/');
  await expect(page).toHaveTitle('Ledgerly — Free income and expense tracker');
});

test('dialogs open on their first field; a form without categories offers the defaults', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Transaction' });
  const category = dialog.getByLabel('Category');
  await expect(category).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Close dialog' })).not.toBeFocused();
  // No categories: the form says what to do and can add the default set on the spot.
  await expect(category).toHaveAccessibleDescription(
    'No expense categories yet: add one in the Categories tab, or start with the default set.',
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Add default categories' }).click();
  await expect(category.getByRole('option', { name: /Groceries/ })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Add default categories' })).toHaveCount(0);
  await category.selectOption({ label: '🛒 Groceries' });
  await dialog.getByLabel('Amount').fill('12.50');
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(page.getByText('Transaction added successfully!')).toBeVisible();
});

test('a budget form offers only categories without a budget of the chosen period', async ({ page }) => {
  await signUpViaApi(page);
  const cats = await defaultCategories(page);
  const expenseNames = Object.values(cats)
    .filter((c) => c.type === 'expense')
    .map((c) => c.name);
  for (const name of expenseNames) await createBudgetViaApi(page, cats[name]!.id, 100);
  await openBudgetsTab(page);
  await page.getByRole('button', { name: 'Add Budget' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Budget' });
  const category = dialog.getByLabel('Category');
  await expect(category).toBeFocused();
  await expect(category).toHaveAccessibleDescription('Every expense category already has a monthly budget.');
  await expect(category.getByRole('option')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Yearly' }).click();
  await expect(category.getByRole('option')).toHaveCount(expenseNames.length + 1);
  await category.selectOption({ label: '🛒 Groceries' });
  await dialog.getByLabel('Budget Amount').fill('1200');
  await dialog.getByRole('button', { name: 'Create Budget' }).click();
  await expect(page.getByText('Budget created successfully!')).toBeVisible();
  // The view follows the saved budget's period, so the new budget is in sight.
  await expect(page.getByRole('button', { name: 'Yearly', pressed: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Yearly budgets' }).getByText('Groceries')).toBeVisible();
});

test('a call that cannot reach the server says so', async ({ page }) => {
  await signUpViaApi(page);
  await initCategories(page);
  await page.route('**/api/transactions?*', (route) => route.abort('connectionrefused'));
  await openTransactionsTab(page);
  await expect(page.getByRole('alert').first()).toContainText(
    'Failed to fetch transactions: the server cannot be reached. Check your connection and try again.',
  );
});

test('phone width: large figures fit their cards; the add button steps aside while reading', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 780 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signUpViaApi(page);
  const cats = await initCategories(page);
  // Seven transactions of the largest amount and more: totals in the tens of billions.
  for (let i = 0; i < 3; i++) {
    await createTransaction(page, { category: cats['Groceries']!, amount: '9999999999.99', date: TODAY });
  }
  await createTransaction(page, { category: cats['Salary']!, amount: '1234567.89', date: TODAY });
  for (const name of ['Food & Dining', 'Transportation', 'Utilities', 'Entertainment']) {
    await createTransaction(page, { category: cats[name]!, amount: '12.34', date: TODAY });
  }
  await createBudgetViaApi(page, cats['Groceries']!.id, 12_345_678.9);
  await spendViaApi(page, cats['Groceries']!.id, 1);

  await page.goto('/dashboard');
  await expect(page.getByText('Total Expenses')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Expense breakdown pie chart/ })).toBeVisible();
  await expectFiguresFit(page);
  await screenshot(page, 'rough-edges-dashboard-390-dark');

  const fab = page.getByRole('button', { name: 'Add Transaction' });
  await expect(fab).toBeInViewport();
  // Reading down the page: the button slides out of the way.
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 300);
  await expect(fab).toHaveAttribute('data-aside', 'true');
  await expect(fab).not.toBeInViewport();
  // At the end of the page it is back, and the content above leaves room for it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(fab).toHaveAttribute('data-aside', 'false');
  await expect(fab).toBeInViewport();
  // Chart, top-categories and recent panels (their inner sections) and the figure cards.
  const content = page.locator('main section[aria-labelledby] section[aria-labelledby], main [data-tone]');
  expect(await content.count()).toBeGreaterThanOrEqual(8);
  for (const region of await content.all()) {
    expect(await overlaps(fab, region)).toBe(false);
  }
  // Focused from the keyboard it is always in sight.
  await page.mouse.wheel(0, -400);
  await page.mouse.wheel(0, 800);
  await fab.focus();
  await expect(fab).toBeInViewport();

  await openBudgetsTab(page);
  await expect(page.getByRole('region', { name: 'Overall Budget Status' })).toBeVisible();
  await expectFiguresFit(page);
  await screenshot(page, 'rough-edges-budgets-390-dark');
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test('an early Generate shows the day it was booked as Last generated', async ({ page }) => {
  await signUpViaApi(page);
  const cats = await initCategories(page);
  const future = new Date(`${TODAY}T00:00:00Z`);
  future.setUTCDate(future.getUTCDate() + 10);
  const start = future.toISOString().slice(0, 10);
  const res = await api(page, 'POST', '/recurring', {
    categoryId: cats['Utilities']!.id,
    type: 'expense',
    amount: 40,
    description: 'Internet',
    frequency: 'monthly',
    startDate: start,
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Recurring' }).click();
  const card = page.getByRole('article').filter({ hasText: 'Internet' });
  await card.getByRole('button', { name: 'Generate Internet' }).click();
  await page.getByRole('dialog', { name: 'Generate Transaction' }).getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Transaction generated successfully!')).toBeVisible();
  const booked = new Date(`${TODAY}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(card.locator('dt', { hasText: 'Last generated' }).locator('+ dd')).toHaveText(booked);
});

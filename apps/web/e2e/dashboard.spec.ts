import { type Browser, type Page, expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import { today as todayInE2eZone } from './clock';
import {
  type SeedCategory,
  type SeedTransaction,
  createCategories,
  createTransactions,
  expectedSummary,
  expenseByCategory,
  usd,
} from './dashboard-seed';

// "Today" in the users' time zone (signUpViaApi registers E2E_TZ).
const today = todayInE2eZone();
const year = Number(today.slice(0, 4));
const firstOfMonth = `${today.slice(0, 7)}-01`;
const firstOfYear = `${year}-01-01`;

const CATEGORIES: SeedCategory[] = [
  { key: 'salary', name: 'Salary', type: 'income', icon: '💼', color: '#6366f1' },
  { key: 'rent', name: 'Rent', type: 'expense', icon: '🏠', color: '#3b82f6' },
  { key: 'groceries', name: 'Groceries', type: 'expense', icon: '🛒', color: '#22c55e' },
  { key: 'travel', name: 'Travel', type: 'expense', icon: '✈️', color: '#f97316' },
  { key: 'fun', name: 'Fun', type: 'expense', icon: '🎬', color: '#ec4899' },
  { key: 'health', name: 'Health', type: 'expense', icon: '🏥', color: '#10b981' },
  { key: 'books', name: 'Books', type: 'expense', icon: '📚', color: '#64748b' },
];
const NAMES = new Map(CATEGORIES.map((c) => [c.key, c.name]));
const nameOf = (key: string) => NAMES.get(key) ?? `unknown category key ${key}`;

const tx = (category: string, type: 'expense' | 'income', cents: number, date: string, description: string) => ({
  category,
  type,
  cents,
  date,
  description,
});

// Oldest first: the last six, all dated today, are the most recent.
const TRANSACTIONS: SeedTransaction[] = [
  tx('fun', 'expense', 9999, `${year - 3}-05-05`, 'Concert long ago'),
  tx('salary', 'income', 200000, `${year - 1}-11-20`, 'Last year salary'),
  tx('groceries', 'expense', 30000, `${year - 1}-11-21`, 'Last year groceries'),
  tx('salary', 'income', 250000, firstOfYear, 'January salary'),
  tx('travel', 'expense', 60000, firstOfYear, 'Ski trip'),
  tx('salary', 'income', 300000, firstOfMonth, 'Monthly salary'),
  tx('rent', 'expense', 120000, firstOfMonth, 'Rent'),
  tx('groceries', 'expense', 8540, today, 'Weekly shop'),
  tx('groceries', 'expense', 4210, today, 'Corner store'),
  tx('fun', 'expense', 3000, today, 'Cinema'),
  tx('travel', 'expense', 25000, today, 'Train tickets'),
  tx('health', 'expense', 1550, today, 'Pharmacy'),
  tx('books', 'expense', 1200, today, 'Novel'),
];

const inPeriod = {
  month: TRANSACTIONS.filter((t) => t.date >= firstOfMonth),
  year: TRANSACTIONS.filter((t) => t.date >= firstOfYear),
  all: TRANSACTIONS,
};

const PERIODS = [
  { label: 'This Month', key: 'month', title: 'This Month (Daily)' },
  { label: 'This Year', key: 'year', title: 'This Year (Monthly)' },
  { label: 'All Time', key: 'all', title: 'Last 12 Months' },
] as const;

function card(page: Page, label: string) {
  return page.locator('[data-tone]').filter({ has: page.getByText(label, { exact: true }) });
}

const plural = (n: number) => `${n} ${n === 1 ? 'transaction' : 'transactions'}`;

async function seededUser(page: Page): Promise<void> {
  await signUpViaApi(page, { firstName: 'Dana' });
  const ids = await createCategories(page, CATEGORIES);
  await createTransactions(page, ids, TRANSACTIONS);
}

test('the figures, charts, top categories and recent transactions of each period', async ({ page }) => {
  await seededUser(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Overview of your financial health')).toBeVisible();
  await expect(page.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');

  for (const period of PERIODS) {
    await page.getByRole('button', { name: period.label }).click();
    await expect(page.getByRole('heading', { level: 2, name: period.title })).toBeVisible();
    const seeded = inPeriod[period.key];
    const s = expectedSummary(seeded);

    await expect(card(page, 'Total Income')).toContainText(usd(s.incomeCents));
    await expect(card(page, 'Total Income')).toContainText(plural(s.incomeCount));
    await expect(card(page, 'Total Expenses')).toContainText(usd(s.expenseCents));
    await expect(card(page, 'Total Expenses')).toContainText(plural(s.expenseCount));
    await expect(card(page, 'Balance')).toContainText(usd(s.incomeCents - s.expenseCents));
    await expect(card(page, 'Balance')).toContainText(plural(seeded.length));
    await expect(card(page, 'Balance')).toHaveAttribute('data-tone', 'accent');
    await expect(card(page, 'Avg Expense')).toContainText(usd(s.avgExpenseCents));
    await expect(card(page, 'Avg Expense')).toContainText('per transaction');

    // Charts: one image each with a spoken summary, and the data as text.
    const byCategory = expenseByCategory(seeded);
    const pie = page.getByRole('img', { name: /^Expense breakdown pie chart/ });
    await expect(pie).toBeVisible();
    for (const [key, cents] of byCategory) {
      await expect(pie).toHaveAccessibleName(new RegExp(`${nameOf(key)} \\${usd(cents)}`));
    }
    await expect(
      page.getByRole('img', { name: new RegExp(`^${period.title.replace(/[()]/g, '\\$&')} line chart`) }),
    ).toBeVisible();
    await expect(page.locator('.recharts-wrapper').first()).toBeVisible();

    // Top spending categories: at most five, largest first, with bars.
    const top = page.getByRole('region', { name: 'Top Spending Categories' });
    const bars = top.getByRole('progressbar');
    await expect(bars).toHaveCount(Math.min(5, byCategory.length));
    for (const [i, [key, cents]] of byCategory.slice(0, 5).entries()) {
      await expect(bars.nth(i)).toHaveAccessibleName(`${nameOf(key)} share of expenses`);
      await expect(top.getByRole('listitem').nth(i)).toContainText(usd(cents));
    }
  }

  // Recent transactions: the five most recent, whatever the period.
  const recent = page.getByRole('region', { name: 'Recent Transactions' }).getByRole('listitem');
  await expect(recent).toHaveCount(5);
  const latest = TRANSACTIONS.slice(-5);
  for (const t of latest) {
    await expect(recent.filter({ hasText: t.description })).toContainText(
      `${t.type === 'income' ? '+' : '-'}${usd(t.cents)}`,
    );
  }
  await expect(recent.filter({ hasText: 'Weekly shop' })).toHaveCount(0);
});

test('a new user sees the empty states; a first expense turns the balance negative', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  await expect(page.getByText('No recent transactions')).toBeVisible();
  await expect(page.getByText('No categories found')).toBeVisible();
  await expect(page.getByText('No data available')).toHaveCount(2);
  await expect(card(page, 'Total Income')).toContainText('$0.00');
  await expect(card(page, 'Balance')).toContainText('0 transactions');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'dashboard-empty');

  const ids = await createCategories(page, [CATEGORIES[2]!]);
  await createTransactions(page, ids, [tx('groceries', 'expense', 1999, today, 'Milk')]);
  await page.reload();
  await expect(card(page, 'Balance')).toContainText(usd(-1999));
  await expect(card(page, 'Balance')).toHaveAttribute('data-tone', 'negative');
  await expect(card(page, 'Total Expenses')).toContainText('1 transaction');
});

test('opening the dashboard silently generates the recurring transactions that are due', async ({ page }) => {
  await signUpViaApi(page);
  const ids = await createCategories(page, [CATEGORIES[5]!]);
  const res = await api(page, 'POST', '/recurring', {
    categoryId: ids.get('health'),
    type: 'expense',
    amount: 45,
    description: 'Gym membership',
    frequency: 'monthly',
    startDate: today,
    isActive: true,
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Transactions' }).getByRole('listitem');
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText('Gym membership');
  await expect(card(page, 'Total Expenses')).toContainText('$45.00');
  // No success banner: the generation is silent.
  await expect(page.getByRole('status').filter({ hasText: /generated/i })).toHaveCount(0);
});

test('the generated rows show even when the first figures were read before the generation', async ({ page }) => {
  // A loaded machine's order, forced: the dashboard's first read reaches the real server before
  // the generation does, and its answer (without the generated row) reaches the page only after
  // the generation has answered. The page must then load the figures anew.
  await signUpViaApi(page);
  const ids = await createCategories(page, [CATEGORIES[5]!]);
  const res = await api(page, 'POST', '/recurring', {
    categoryId: ids.get('health'),
    type: 'expense',
    amount: 45,
    description: 'Gym membership',
    frequency: 'monthly',
    startDate: today,
    isActive: true,
  });
  expect(res.status(), await res.text()).toBe(201);

  let firstReadDone!: () => void;
  const firstRead = new Promise<void>((resolve) => (firstReadDone = resolve));
  let generationDone!: () => void;
  const generation = new Promise<void>((resolve) => (generationDone = resolve));
  let reads = 0;
  await page.route('**/api/analytics/dashboard*', async (route) => {
    reads += 1;
    if (reads > 1) return route.continue();
    const stale = await route.fetch();
    firstReadDone();
    await generation;
    // Time for the page to take in the generation's answer while this read is still open.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // The page may have given up this read for a new one: answering it then fails, harmlessly.
    await route.fulfill({ response: stale }).catch(() => {});
  });
  await page.route('**/api/recurring/generate', async (route) => {
    await firstRead;
    const answer = await route.fetch();
    expect(((await answer.json()) as { data: { generated: number } }).data.generated).toBe(1);
    await route.fulfill({ response: answer });
    generationDone();
  });

  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Transactions' }).getByRole('listitem');
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText('Gym membership');
  await expect(card(page, 'Total Expenses')).toContainText('$45.00');
  expect(reads).toBeGreaterThanOrEqual(2);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('Recharts is never downloaded by the landing or login page, only by the dashboard', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: { url: string; body: string }[] = [];
  // A body still arriving when the context closes must not fail the test: its error is dropped.
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    res.text().then(
      (body) => scripts.push({ url: res.url(), body }),
      () => {},
    );
  });
  const hasRecharts = () => scripts.filter((s) => s.body.includes('recharts-wrapper')).map((s) => s.url);

  for (const path of ['/', '/login']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(hasRecharts()).toEqual([]);

  await seededUser(page);
  await page.goto('/dashboard');
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
  await expect.poll(() => hasRecharts().length).toBeGreaterThan(0);
  await page.removeAllListeners('response', { behavior: 'ignoreErrors' });
  await context.close();
});

async function shoot(browser: Browser, theme: 'light' | 'dark', width: number, name: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await seededUser(page);
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.goto('/dashboard');
  await expect(page.locator('.recharts-wrapper')).toHaveCount(2);
  await page.getByRole('button', { name: 'This Year' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'This Year (Monthly)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${name}-year`);
  await page.getByRole('button', { name: 'This Month' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'This Month (Daily)' })).toBeVisible();
  await expect(page.locator('.recharts-wrapper')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${name}-month`);
  await context.close();
}

for (const theme of ['light', 'dark'] as const) {
  test(`looks right in ${theme} mode on desktop and at 375 px, with no serious axe violations`, async ({ browser }) => {
    await shoot(browser, theme, 1280, `dashboard-${theme}-desktop`);
    await shoot(browser, theme, 375, `dashboard-${theme}-375`);
  });
}

test('the floating button adds a transaction: banner, dialog closed, figures reloaded', async ({ page }) => {
  await signUpViaApi(page);
  await createCategories(page, [CATEGORIES[0]!, CATEGORIES[2]!]);
  await page.setViewportSize({ width: 375, height: 740 });
  // Charts then draw at once, so the screenshot shows them whole.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/dashboard');
  await expect(page.getByText('No recent transactions')).toBeVisible();

  const fab = page.getByRole('button', { name: 'Add Transaction' });
  // Floating: fixed to the bottom-right corner of the viewport.
  await expect(fab).toHaveCSS('position', 'fixed');
  const box = await fab.boundingBox();
  expect(375 - (box?.x ?? 0) - (box?.width ?? 0)).toBeLessThanOrEqual(24);
  expect(740 - (box?.y ?? 0) - (box?.height ?? 0)).toBeLessThanOrEqual(24);
  await fab.click();
  const dialog = page.getByRole('dialog', { name: 'Add Transaction' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'dashboard-add-dialog-375');
  await dialog.getByLabel('Category').selectOption({ label: '🛒 Groceries' });
  await dialog.getByLabel('Amount').fill('64.20');
  await dialog.getByLabel('Description (optional)').fill('Farmers market');
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Transaction added successfully!' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Total Expenses')).toContainText('$64.20');
  await expect(card(page, 'Total Expenses')).toContainText('1 transaction');
  const recent = page.getByRole('region', { name: 'Recent Transactions' }).getByRole('listitem');
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText('Farmers market');
  await expect(recent).toContainText('-$64.20');
  await expect(page.getByRole('img', { name: /Groceries \$64\.20/ })).toBeVisible();
  await screenshot(page, 'dashboard-added-375');
  // The banner clears after 3 seconds.
  await expect(page.getByText('Transaction added successfully!')).toBeHidden({ timeout: 5000 });
});

test('changing the period reloads the data, also when going back to a period just seen', async ({ page }) => {
  await signUpViaApi(page);
  const asked: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/analytics/dashboard') asked.push(url.searchParams.get('period') ?? '');
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 2, name: 'This Month (Daily)' })).toBeVisible();
  await expect.poll(() => asked).toEqual(['month']);
  await page.getByRole('button', { name: 'This Year' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'This Year (Monthly)' })).toBeVisible();
  await page.getByRole('button', { name: 'This Month' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'This Month (Daily)' })).toBeVisible();
  await expect.poll(() => asked).toEqual(['month', 'year', 'month']);
});

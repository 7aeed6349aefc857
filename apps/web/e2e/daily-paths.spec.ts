import { test, expect, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import { createTransaction, daysAgo, initCategories, openTransactionsTab, TODAY } from './transactions-helpers';
import { expectNoHorizontalOverflow, setAppearance } from './visual-helpers';

/** Issue 25, items 7, 8 and 15: back and reload, phone density, the floating button, the trend. */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function seed(page: Page, count: number): Promise<void> {
  const cats = await initCategories(page);
  await createTransaction(page, { category: cats['Salary']!, amount: '4200.00', description: 'Pay', date: TODAY });
  for (let i = 1; i < count; i++) {
    await createTransaction(page, {
      category: cats['Groceries']!,
      amount: `${10 + i}.25`,
      description: `Market ${i}`,
      date: TODAY,
    });
  }
}

test('Back goes to the previous tab, reload stays on the tab, the URL stays /dashboard, each tab opens at its top', async ({
  page,
}) => {
  await signUpViaApi(page);
  await seed(page, 14);
  await page.goto('/dashboard');
  await expect(heading(page, 'Dashboard')).toBeVisible();

  await mainNav(page).getByRole('button', { name: 'Transactions' }).click();
  await expect(heading(page, 'Transactions')).toBeVisible();
  await expect(page.getByText('Showing 14 of 14 transactions')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Read down the list, then open another tab: it opens at its top.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await scrollY(page)).toBeGreaterThan(300);
  await mainNav(page).getByRole('button', { name: 'Budgets' }).click();
  await expect(heading(page, 'Budget Management')).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Back: the previous tab, at its top, same URL.
  await page.goBack();
  await expect(heading(page, 'Transactions')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainNav(page).getByRole('button', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Showing 14 of 14 transactions')).toBeVisible();
  expect(await scrollY(page)).toBe(0);

  // Reload: still on Transactions.
  await page.reload();
  await expect(heading(page, 'Transactions')).toBeVisible();
  await expect(page).toHaveTitle('Transactions · Ledgerly');

  // Back again: the Dashboard; Forward: Transactions again.
  await page.goBack();
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goForward();
  await expect(heading(page, 'Transactions')).toBeVisible();

  // Coming in afresh (here through /, which sends a signed-in user to /dashboard) starts on the
  // Dashboard. (Entering the very same URL again is a reload to the browser: the tab stays.)
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(heading(page, 'Dashboard')).toBeVisible();
});

test('phone menu: Back returns to the tab chosen before', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUpViaApi(page);
  await page.goto('/dashboard');
  for (const tab of ['Recurring', 'Categories']) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: tab }).click();
  }
  await expect(heading(page, 'Categories')).toBeVisible();
  await page.goBack();
  await expect(heading(page, 'Recurring Transactions')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** Top and bottom of an element relative to the viewport. */
async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

test('phone: compact rows with a menu, summary in one row, the first rows on the first screen; desktop as the spec', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await signUpViaApi(page);
  await seed(page, 8);

  for (const theme of ['light', 'dark'] as const) {
    await openTransactionsTab(page);
    await setAppearance(page, theme);
    const rows = page.getByTestId('transaction-row');
    await expect(rows).toHaveCount(8);
    const first = await box(rows.first());
    // Compact, and on the first screen (the viewport is the first screen: nothing scrolled).
    expect(await scrollY(page)).toBe(0);
    expect(first.height).toBeGreaterThanOrEqual(56);
    expect(first.height).toBeLessThanOrEqual(72);
    expect(first.y + first.height).toBeLessThanOrEqual(PHONE.height);
    // Total Income, Total Expenses and Balance side by side.
    const cards = page.locator('[data-tone]');
    await expect(cards).toHaveCount(3);
    const tops = await Promise.all((await cards.all()).map(async (c) => (await box(c)).y));
    expect(new Set(tops).size).toBe(1);
    await expectNoHorizontalOverflow(page);
    // Only the search shows among the filters until asked for more.
    await expect(page.getByLabel('Search')).toBeVisible();
    await expect(page.getByLabel('Type')).toBeHidden();
    await screenshot(page, `daily-transactions-phone-${theme}`);
    await page.getByRole('button', { name: 'More filters' }).click();
    await expect(page.getByLabel('Type')).toBeVisible();
    await page.getByLabel('Type').selectOption('expense');
    await page.getByRole('button', { name: 'Fewer filters' }).click();
    await expect(page.getByRole('button', { name: 'More filters (1)' })).toHaveAttribute('aria-expanded', 'false');
    await expect(rows).toHaveCount(7);

    // No buttons on every row: the actions are in the row's menu.
    await expect(rows.first().getByRole('button', { name: /^Edit / })).toBeHidden();
    await expect(rows.first().getByRole('button', { name: /^Delete / })).toBeHidden();
    const menuButton = rows.first().getByRole('button', { name: /^Actions for / });
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `daily-transactions-menu-phone-${theme}`);
    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Transaction' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Transaction' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The dashboard: the latest rows right under the figures, on the first screen.
    await mainNavOrMenu(page, 'Dashboard');
    const recent = page.getByRole('region', { name: 'Recent Transactions' }).getByRole('listitem');
    await expect(recent).toHaveCount(5);
    const firstRecent = await box(recent.first());
    expect(firstRecent.y + firstRecent.height).toBeLessThanOrEqual(PHONE.height);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `daily-dashboard-phone-${theme}`);
  }

  // Desktop keeps the spec's cards: Edit and Delete on every card, no menu; figures in one row.
  await page.setViewportSize(DESKTOP);
  await setAppearance(page, 'light');
  await openTransactionsTab(page);
  const row = page.getByTestId('transaction-row').first();
  await expect(row.getByRole('button', { name: /^Edit / })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Delete / })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Actions for / })).toBeHidden();
  await expect(page.getByLabel('Type')).toBeVisible();
  await expect(page.getByRole('button', { name: /More filters/ })).toBeHidden();
  await mainNav(page).getByRole('button', { name: 'Dashboard' }).click();
  const cards = page.locator('[data-tone]');
  await expect(cards).toHaveCount(4);
  const tops = await Promise.all((await cards.all()).map(async (c) => (await box(c)).y));
  expect(new Set(tops).size).toBe(1);
  // Recent Transactions keeps its place: after the charts, beside Top Spending Categories.
  const recentBox = await box(page.getByRole('region', { name: 'Recent Transactions' }));
  const topBox = await box(page.getByRole('region', { name: 'Top Spending Categories' }));
  expect(Math.abs(recentBox.y - topBox.y)).toBeLessThan(2);
  expect(recentBox.x).toBeGreaterThan(topBox.x);
});

async function mainNavOrMenu(page: Page, tab: string): Promise<void> {
  if (await mainNav(page).first().isVisible()) {
    await mainNav(page).getByRole('button', { name: tab }).click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: tab }).click();
  }
  await expect(heading(page, tab)).toBeVisible();
}

/**
 * What the floating button sits on: every piece of text and every picture (emoji icons are text
 * or images) inside <main> whose box meets the button's.
 */
async function coveredByFab(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const fab = [...document.querySelectorAll('button')].find((b) => b.textContent.includes('Add Transaction'));
    if (!fab) throw new Error('no floating button');
    const f = fab.getBoundingClientRect();
    const meets = (r: DOMRect) =>
      r.width > 0 && r.height > 0 && r.left < f.right && f.left < r.right && r.top < f.bottom && f.top < r.bottom;
    const hits: string[] = [];
    const main = document.querySelector('main')!;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim() || fab.contains(n)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      if ([...range.getClientRects()].some(meets)) hits.push(n.textContent.trim());
    }
    for (const el of main.querySelectorAll('img, svg')) {
      if (!fab.contains(el) && meets(el.getBoundingClientRect())) hits.push(`<${el.tagName.toLowerCase()}>`);
    }
    return hits;
  });
}

test('the floating Add button covers no text of the empty dashboard, nor a figure card on a phone', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const viewport of [DESKTOP, { width: 1440, height: 900 }, { width: 1366, height: 700 }, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/dashboard');
    await expect(page.getByText('No recent transactions')).toBeVisible();
    await expect(page.getByText('No data available').first()).toBeVisible();
    const fab = page.getByRole('button', { name: 'Add Transaction' });
    await expect(fab).toHaveCSS('position', 'fixed');
    expect(await coveredByFab(page), `${viewport.width}×${viewport.height}`).toEqual([]);
  }
  await screenshot(page, 'daily-dashboard-empty-phone');

  // With figures, on a phone, at rest: no card (nor its icon) under the button.
  await seed(page, 6);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Recent Transactions' }).getByRole('listitem')).toHaveCount(5);
  const fab = await box(page.getByRole('button', { name: 'Add Transaction' }));
  for (const card of await page.locator('[data-tone]').all()) {
    const c = await box(card);
    const meets =
      c.x < fab.x + fab.width && fab.x < c.x + c.width && c.y < fab.y + fab.height && fab.y < c.y + c.height;
    expect(meets).toBe(false);
  }
});

test("the daily trend: lines never overshoot the days they join, and the third series is the day's net", async ({
  page,
}) => {
  await signUpViaApi(page);
  const cats = await initCategories(page);
  // Quiet days beside a big one: a curve that overshoots dips below zero around the spike.
  await createTransaction(page, { category: cats['Salary']!, amount: '4200.00', description: 'Pay', date: TODAY });
  await createTransaction(page, { category: cats['Housing']!, amount: '1450.00', date: daysAgo(1) });
  await createTransaction(page, { category: cats['Groceries']!, amount: '20.00', date: daysAgo(2) });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/dashboard');
  const chart = page.getByRole('region', { name: 'This Month (Daily)' });
  await expect(chart.locator('.recharts-legend-item-text')).toHaveText(['Income', 'Expense', "Balance (day's net)"]);
  const curves = chart.locator('path.recharts-line-curve');
  await expect(curves).toHaveCount(3);
  for (const d of await curves.evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? ''))) {
    // "M x,y C x1,y1 x2,y2 x,y C …": the points are the days; control points must stay between
    // the two days they join (a monotone curve), which is what keeps the drawn line within them.
    const segments = d.split(/(?=[MCL])/).map((s) => (s.slice(1).match(/-?[\d.]+(e-?\d+)?/g) ?? []).map(Number));
    let prevY = segments[0]![1]!;
    for (const nums of segments.slice(1)) {
      const ys = nums.filter((_, i) => i % 2 === 1);
      const endY = ys[ys.length - 1]!;
      const [lo, hi] = [Math.min(prevY, endY) - 0.5, Math.max(prevY, endY) + 0.5];
      for (const y of ys) expect(y >= lo && y <= hi, `control point ${y} outside ${lo}..${hi}`).toBe(true);
      prevY = endY;
    }
  }
  await expect(chart.locator('table th[scope="col"]').last()).toHaveText("Balance (day's net)");
});

test('/api/docs is "Ledgerly API" with our mark', async ({ page }) => {
  // The reference renders the whole API document: a few seconds per load on a busy machine.
  test.setTimeout(180_000);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/api/docs');
      await expect(page).toHaveTitle('Ledgerly API');
      const logo = page.locator('.topbar img');
      await expect(logo).toBeVisible();
      expect(await logo.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
      await expect(page.locator('.info .title')).toContainText('Ledgerly API');
      await screenshot(page, `api-docs-${viewport.width}-${theme}`);
    }
  }
  expect(await page.locator('link[rel="icon"]').getAttribute('type')).toBe('image/svg+xml');
});

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signUpViaApi } from './helpers';
import {
  FIRST_OF_MONTH,
  FIRST_OF_YEAR,
  TODAY,
  card,
  counter,
  createTransaction,
  daysAgo,
  initCategories,
  list,
  openTransactionsTab,
  summary,
} from './transactions-helpers';

test('filters: type, category, search, dates and quick ranges reload list and summary', async ({ page }) => {
  await signUpViaApi(page);
  const cats = await initCategories(page);
  // Dates chosen so each range holds a different set, whatever today is.
  const rows = [
    { category: cats['Salary']!, amount: '3000', description: 'Monthly salary', date: TODAY },
    { category: cats['Food & Dining']!, amount: '12.50', description: 'Coffee beans', date: TODAY },
    { category: cats['Transportation']!, amount: '40', description: 'Train ticket', date: FIRST_OF_MONTH },
    { category: cats['Food & Dining']!, amount: '80', description: 'New year dinner', date: FIRST_OF_YEAR },
    { category: cats['Shopping']!, amount: '200', description: 'Old jacket', date: daysAgo(400) },
  ];
  for (const r of rows) await createTransaction(page, r);
  const inRange = (start: string, end: string) => rows.filter((r) => r.date >= start && r.date <= end).length;
  const monthCount = inRange(FIRST_OF_MONTH, TODAY);
  const yearCount = inRange(FIRST_OF_YEAR, TODAY);

  await openTransactionsTab(page);
  const ranges = page.getByRole('group', { name: 'Date range' });
  await expect(ranges.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Start date')).toHaveValue(FIRST_OF_MONTH);
  await expect(page.getByLabel('End date')).toHaveValue(TODAY);
  await expect(page.getByLabel('End date')).toHaveAttribute('max', TODAY);
  await expect(page.getByLabel('Start date')).toHaveAttribute('max', TODAY);
  await expect(counter(page)).toHaveText(`Showing ${monthCount} of ${monthCount} transactions`);
  await expect(summary(page, 'Total Income')).toContainText('$3,000.00');
  await expect(summary(page, 'Balance')).toHaveAttribute('data-tone', 'positive');
  // Newest first.
  await expect(list(page).getByRole('listitem').last()).toContainText(
    FIRST_OF_MONTH === TODAY ? /Train ticket|New year dinner/ : 'Train ticket',
  );

  await ranges.getByRole('button', { name: 'This Year' }).click();
  await expect(page.getByLabel('Start date')).toHaveValue(FIRST_OF_YEAR);
  await expect(counter(page)).toHaveText(`Showing ${yearCount} of ${yearCount} transactions`);
  await ranges.getByRole('button', { name: 'All Time' }).click();
  await expect(page.getByLabel('Start date')).toHaveValue('');
  await expect(page.getByLabel('End date')).toHaveValue('');
  await expect(counter(page)).toHaveText('Showing 5 of 5 transactions');
  await expect(summary(page, 'Total Expenses')).toContainText('$332.50');

  // Type: only income; the category list then offers income categories only.
  await page.getByLabel('Type').selectOption('income');
  await expect(counter(page)).toHaveText('Showing 1 of 1 transactions');
  await expect(card(page, 'Monthly salary')).toBeVisible();
  await expect(summary(page, 'Total Expenses')).toContainText('$0.00');
  await expect(page.getByLabel('Category').getByRole('option', { name: '🍔 Food & Dining' })).toHaveCount(0);
  await page.getByLabel('Type').selectOption('');

  await page.getByLabel('Category').selectOption({ label: '🍔 Food & Dining' });
  await expect(counter(page)).toHaveText('Showing 2 of 2 transactions');
  await expect(summary(page, 'Total Expenses')).toContainText('$92.50');
  await page.getByLabel('Type').selectOption('income');
  await expect(page.getByLabel('Category')).toHaveValue('');
  await page.getByLabel('Type').selectOption('');

  await page.getByLabel('Search').fill('coff');
  await expect(counter(page)).toHaveText('Showing 1 of 1 transactions');
  await expect(card(page, 'Coffee beans')).toBeVisible();
  await page.getByLabel('Search').fill('no such thing');
  await expect(page.getByText('No transactions found')).toBeVisible();
  await page.getByLabel('Search').fill('');

  // A custom range: the quick ranges then show none pressed.
  await page.getByLabel('Start date').fill(daysAgo(500));
  await page.getByLabel('End date').fill(daysAgo(370));
  await expect(counter(page)).toHaveText('Showing 1 of 1 transactions');
  await expect(card(page, 'Old jacket')).toBeVisible();
  for (const name of ['This Month', 'This Year', 'All Time']) {
    await expect(ranges.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
  }
  // A date after today is not taken.
  await page.getByLabel('End date').fill('2999-01-01');
  await expect(page.getByLabel('End date')).toHaveValue(TODAY);

  await page.getByLabel('Search').fill('zzz');
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(page.getByLabel('Start date')).toHaveValue(FIRST_OF_MONTH);
  await expect(counter(page)).toHaveText(`Showing ${monthCount} of ${monthCount} transactions`);
  await expectNoSeriousA11yViolations(page);
});

test('infinite scroll pages through more than 50 transactions; Load more works from the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  const cats = await initCategories(page);
  const total = 110;
  for (let i = 0; i < total; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, j) =>
        createTransaction(page, {
          category: cats['Utilities']!,
          amount: String(i + j + 1),
          description: `Bill ${String(i + j + 1).padStart(3, '0')}`,
          date: daysAgo(Math.floor((i + j) / 4)),
        }),
      ),
    );
  }
  await openTransactionsTab(page);
  await page.getByRole('group', { name: 'Date range' }).getByRole('button', { name: 'All Time' }).click();
  await expect(counter(page)).toHaveText(`Showing 50 of ${total} transactions`);
  await expect(list(page).getByRole('listitem')).toHaveCount(50);

  // Scrolling to the end of the list loads the next page.
  await list(page).getByRole('listitem').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  await expect(counter(page)).toHaveText(`Showing 100 of ${total} transactions`);

  await page.mouse.wheel(0, 20_000);
  await expect(counter(page)).toHaveText(`Showing ${total} of ${total} transactions`);
  await expect(list(page).getByRole('listitem')).toHaveCount(total);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  // No duplicates or gaps across pages.
  const titles = await list(page).getByRole('listitem').getByTestId('transaction-title').allTextContents();
  expect(new Set(titles).size).toBe(total);

  // Without scrolling help (no IntersectionObserver), the visible button pages from the keyboard.
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'IntersectionObserver');
  });
  await openTransactionsTab(page);
  await page.getByRole('group', { name: 'Date range' }).getByRole('button', { name: 'All Time' }).click();
  await expect(counter(page)).toHaveText(`Showing 50 of ${total} transactions`);
  const more = page.getByRole('button', { name: 'Load more' });
  // The button waits, disabled, until the All Time list has arrived (on the 28th or later this
  // month's list already shows the same counter).
  await expect(more).toBeEnabled();
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(counter(page)).toHaveText(`Showing 100 of ${total} transactions`);
  await expect(more).toBeEnabled();
  // Focus stayed on the button while the page loaded, so Enter again goes on paging.
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(counter(page)).toHaveText(`Showing ${total} of ${total} transactions`);
  await expect(more).toHaveCount(0);
});

// Export PDF against the real server: filters and token sent, 'Exporting...' while the report is
// held back, the real file downloaded under its name, then a failure's banner.
test('Export PDF sends the filters with the token and downloads the file', async ({ page }) => {
  await signUpViaApi(page);
  await openTransactionsTab(page);
  const requests: { url: URL; auth: string | undefined }[] = [];
  let fail = false;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/export/pdf*', async (route) => {
    requests.push({ url: new URL(route.request().url()), auth: route.request().headers()['authorization'] });
    await held;
    if (fail) {
      await route.fulfill({ status: 500, json: { message: 'The report could not be built', code: 'INTERNAL' } });
      return;
    }
    await route.continue();
  });
  await page.getByLabel('Type').selectOption('expense');
  await page.getByLabel('Search').fill('rent');

  const button = page.getByRole('button', { name: 'Export PDF' });
  const download = page.waitForEvent('download');
  await button.click();
  await expect(page.getByRole('button', { name: 'Exporting...' })).toBeDisabled();
  release();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`receipt-${TODAY}.pdf`);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(page.getByText('PDF exported successfully!')).toBeVisible();
  const sent = requests[0]!;
  expect(sent.auth).toMatch(/^Bearer .+/);
  expect(Object.fromEntries(sent.url.searchParams)).toEqual({
    type: 'expense',
    search: 'rent',
    startDate: FIRST_OF_MONTH,
    endDate: TODAY,
  });
  await expect(page.getByText('PDF exported successfully!')).toBeHidden({ timeout: 5_000 });

  fail = true;
  await button.click();
  await expect(page.getByRole('alert').filter({ hasText: 'The report could not be built' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export PDF' })).toBeEnabled();
  await expect(page.getByText('The report could not be built')).toBeHidden({ timeout: 5_000 });
});

test("failures: the list shows the fallback banner; a failed delete shows the server's message", async ({ page }) => {
  await signUpViaApi(page);
  const cats = await initCategories(page);
  await createTransaction(page, { category: cats['Gifts']!, amount: '20', description: 'Birthday', date: TODAY });
  await openTransactionsTab(page);
  await expect(counter(page)).toHaveText('Showing 1 of 1 transactions');

  // A server that answers without a message: the spec's fallback.
  await page.route(/\/api\/transactions\?/, (route) => route.fulfill({ status: 500, body: 'upstream down' }));
  await page.getByLabel('Type').selectOption('income');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch transactions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.unroute(/\/api\/transactions\?/);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(counter(page)).toHaveText('Showing 1 of 1 transactions');

  await page.route(/\/api\/transactions\/[0-9a-f-]+$/, (route) =>
    route.fulfill({ status: 409, json: { message: 'The transaction is locked', code: 'CONFLICT' } }),
  );
  await card(page, 'Birthday').getByRole('button', { name: 'Delete Birthday' }).click();
  await page.getByRole('dialog', { name: 'Delete Transaction' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The transaction is locked' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Delete Transaction' })).toBeHidden();
  await expect(card(page, 'Birthday')).toBeVisible();
});

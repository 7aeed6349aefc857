import { expect, type Page, test } from '@playwright/test';
import type { Tag } from '@ledgerly/shared';
import { api, expectNoSeriousA11yViolations, pageToken, setTheme, signUpViaApi } from './helpers';
import {
  TODAY,
  card,
  counter,
  createTransaction,
  initCategories,
  openTransactionsTab,
  summary,
  viewportScreenshot,
} from './transactions-helpers';

/** Tags (issue 22): the picker in the form and the list's tag filters, at desktop and phone width. */

async function createTag(page: Page, name: string, color: string): Promise<Tag> {
  const res = await api(page, 'POST', '/tags', { name, color });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Tag }).data;
}

async function tagRow(page: Page, id: string, tagIds: string[]) {
  const token = await pageToken(page);
  const res = await page.request.get(`/api/transactions/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  const row = ((await res.json()) as { data: Record<string, unknown> }).data;
  const put = await page.request.put(`/api/transactions/${id}`, {
    data: {
      categoryId: row.categoryId,
      type: row.type,
      amount: row.amount,
      date: row.date,
      description: row.description,
      tagIds,
    },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(put.status(), await put.text()).toBe(200);
}

/** Shows the filters hidden behind "More filters" at phone width. */
async function showAllFilters(page: Page) {
  const more = page.getByRole('button', { name: /^More filters/ });
  if (await more.isVisible()) await more.click();
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`tags (${label})`, () => {
    test.use({ viewport });

    test('pick tags with type-ahead in the form; the row shows them', async ({ page }) => {
      await signUpViaApi(page);
      await initCategories(page);
      await createTag(page, 'Wedding', '#db2777');
      await createTag(page, 'Work', '#2563eb');
      await createTag(page, 'Weekend', '#16a34a');
      await openTransactionsTab(page);

      await page.getByRole('button', { name: 'Add Transaction' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Transaction' });
      await dialog.getByLabel('Category').selectOption({ label: '🍔 Food & Dining' });
      await dialog.getByLabel('Amount').fill('64.00');
      await dialog.getByLabel('Description (optional)').fill('Cake tasting');

      const picker = dialog.getByRole('combobox', { name: 'Tags (optional)' });
      await picker.fill('we');
      const options = dialog.getByRole('listbox', { name: 'Tags (optional)' }).getByRole('option');
      await expect(options).toHaveText(['Wedding', 'Weekend']);
      // Keyboard: the first option is active; Enter picks it.
      await expect(picker).toHaveAttribute('aria-expanded', 'true');
      await picker.press('Enter');
      await expect(dialog.getByRole('list', { name: 'Tags (optional) chosen' })).toContainText('Wedding');
      await picker.fill('wor');
      await dialog.getByRole('option', { name: 'Work' }).click();
      await expect(dialog.getByRole('list', { name: 'Tags (optional) chosen' }).getByRole('listitem')).toHaveCount(2);
      // A chosen tag is no longer offered; Backspace on the empty input removes the last chip.
      await picker.fill('w');
      await expect(options).toHaveText(['Weekend']);
      await picker.fill('');
      await picker.press('Backspace');
      await expect(dialog.getByRole('button', { name: 'Remove tag Work' })).toHaveCount(0);
      await picker.fill('wor');
      await picker.press('ArrowDown');
      await picker.press('Enter');
      await picker.press('Escape');
      await expectNoSeriousA11yViolations(page);
      await viewportScreenshot(page, `tags-picker-${label}`);

      await dialog.getByRole('button', { name: 'Add Transaction' }).click();
      await expect(page.getByText('Transaction created successfully!')).toBeVisible();
      const row = card(page, 'Cake tasting');
      await expect(row.getByRole('list', { name: 'Tags' })).toHaveText(/Wedding.*Work/);
      const rows = (await (await api(page, 'GET', '/transactions')).json()) as { data: { tags: { name: string }[] }[] };
      expect(rows.data[0]!.tags.map((t) => t.name)).toEqual(['Wedding', 'Work']);
    });

    test('filter the list, the summary and the PDF by tags with any, all and none', async ({ page, context }) => {
      await signUpViaApi(page);
      const cats = await initCategories(page);
      const trip = await createTag(page, 'Trip', '#f59e0b');
      const claim = await createTag(page, 'Claim', '#7c3aed');
      const food = cats['Food & Dining']!;
      const hotel = await createTransaction(page, { category: food, amount: '100', description: 'Hotel', date: TODAY });
      const taxi = await createTransaction(page, { category: food, amount: '20', description: 'Taxi', date: TODAY });
      await createTransaction(page, { category: food, amount: '5', description: 'Coffee', date: TODAY });
      await tagRow(page, hotel.id, [trip.id, claim.id]);
      await tagRow(page, taxi.id, [trip.id]);
      await setTheme(context, page, label === 'phone' ? 'dark' : 'light');
      await openTransactionsTab(page);
      await expect(counter(page)).toHaveText('Showing 3 of 3 transactions');

      await showAllFilters(page);
      const filter = page.getByRole('combobox', { name: 'Tags', exact: true });
      await filter.fill('tr');
      await filter.press('Enter');
      await filter.fill('cl');
      await filter.press('Enter');
      await filter.press('Escape');
      await expect(counter(page)).toHaveText('Showing 2 of 2 transactions');
      await expect(summary(page, 'Total Expenses')).toContainText('120.00');

      await page.getByLabel('Match').selectOption('all');
      await expect(counter(page)).toHaveText('Showing 1 of 1 transactions');
      await expect(card(page, 'Hotel')).toBeVisible();
      await expect(summary(page, 'Total Expenses')).toContainText('100.00');
      await expectNoSeriousA11yViolations(page);
      await viewportScreenshot(page, `tags-filter-${label}`);

      // The PDF asks for the same filter.
      const pdf = page.waitForRequest((r) => r.url().includes('/api/export/pdf'));
      await page.getByRole('button', { name: /PDF/ }).first().click();
      const url = new URL((await pdf).url());
      expect(url.searchParams.get('tagIds')?.split(',').sort()).toEqual([trip.id, claim.id].sort());
      expect(url.searchParams.get('tagMode')).toBe('all');

      await page.getByLabel('Match').selectOption('none');
      await expect(counter(page)).toHaveText('Showing 1 of 1 transactions');
      await expect(card(page, 'Coffee')).toBeVisible();
      await expect(summary(page, 'Total Expenses')).toContainText('5.00');
    });

    test('filter the Dashboard by tags', async ({ page }) => {
      await signUpViaApi(page);
      const cats = await initCategories(page);
      const trip = await createTag(page, 'Trip', '#f59e0b');
      const food = cats['Food & Dining']!;
      const hotel = await createTransaction(page, { category: food, amount: '100', description: 'Hotel', date: TODAY });
      const taxi = await createTransaction(page, { category: food, amount: '20', description: 'Taxi', date: TODAY });
      await createTransaction(page, { category: food, amount: '5', description: 'Coffee', date: TODAY });
      await tagRow(page, hotel.id, [trip.id]);
      await tagRow(page, taxi.id, [trip.id]);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByText('125.00').first()).toBeVisible();

      const answer = page.waitForResponse(
        (r) => r.url().includes('/api/analytics/dashboard') && r.url().includes(`tagIds=${trip.id}`),
      );
      const filter = page.getByRole('combobox', { name: 'Tags', exact: true });
      await filter.fill('tr');
      await filter.press('Enter');
      await filter.press('Escape');
      const data = ((await (await answer).json()) as { data: { summary: { totalExpense: number } } }).data;
      expect(data.summary.totalExpense).toBe(120);
      await expect(page.getByText('120.00').first()).toBeVisible();

      const none = page.waitForResponse(
        (r) => r.url().includes('/api/analytics/dashboard') && r.url().includes('tagMode=none'),
      );
      await page.getByLabel('Match').selectOption('none');
      const rest = ((await (await none).json()) as { data: { summary: { totalExpense: number } } }).data;
      expect(rest.summary.totalExpense).toBe(5);
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('manage tags under Categories and see spending by tag', async ({ page }) => {
  await signUpViaApi(page);
  const cats = await initCategories(page);
  const tx = await createTransaction(page, {
    category: cats['Food & Dining']!,
    amount: '30',
    description: 'Dinner',
    date: TODAY,
  });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Categories' }).click();
  const section = page.getByRole('region', { name: 'Tags' });
  await section.getByLabel('New tag').fill('Birthday');
  await section.getByRole('button', { name: 'Add Tag' }).click();
  await expect(page.getByText('Tag created successfully!')).toBeVisible();
  await section.getByLabel('New tag').fill('birthday');
  await section.getByRole('button', { name: 'Add Tag' }).click();
  await expect(page.getByText('A tag named "birthday" already exists')).toBeVisible();

  const tags = (await (await api(page, 'GET', '/tags')).json()) as { data: Tag[] };
  await tagRow(page, tx.id, [tags.data[0]!.id]);
  await page.reload();
  await nav.getByRole('button', { name: 'Categories' }).click();
  await expect(section.getByText('1 transaction', { exact: true })).toBeVisible();
  const spending = page.getByRole('region', { name: 'Spending by tag' });
  await expect(spending.getByRole('listitem')).toContainText('Birthday');
  await expect(spending.getByRole('listitem')).toContainText('30.00');

  await section.getByRole('button', { name: 'Edit tag Birthday' }).click();
  await section.getByLabel('Tag name').fill('Birthdays');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag updated successfully!')).toBeVisible();
  await section.getByRole('button', { name: 'Archive tag Birthdays' }).click();
  await expect(section.getByText('(archived)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await viewportScreenshot(page, 'tags-manage');
  await section.getByRole('button', { name: 'Delete tag Birthdays' }).click();
  await page.getByRole('dialog', { name: 'Delete tag' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tag deleted successfully!')).toBeVisible();
  const rows = (await (await api(page, 'GET', '/transactions')).json()) as { data: { tags: unknown[] }[] };
  expect(rows.data).toHaveLength(1);
  expect(rows.data[0]!.tags).toEqual([]);
});

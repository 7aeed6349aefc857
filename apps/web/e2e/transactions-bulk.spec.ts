import { expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, signUpViaApi } from './helpers';
import {
  TODAY,
  card,
  counter,
  createTransaction,
  initCategories,
  list,
  openTransactionsTab,
  viewportScreenshot,
} from './transactions-helpers';

/** Bulk edit of the transactions list (issue 25 item 4), at desktop and phone width. */
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`bulk edit (${label})`, () => {
    test.use({ viewport });

    test('select a range with shift-click, set its category, mark cleared, delete with the count', async ({ page }) => {
      await signUpViaApi(page);
      const cats = await initCategories(page);
      // Created oldest first: the list shows Row 6 … Row 1.
      for (let i = 1; i <= 6; i++) {
        await createTransaction(page, {
          category: cats['Shopping']!,
          amount: `${i}`,
          description: `Row ${i}`,
          date: TODAY,
        });
      }
      await openTransactionsTab(page);
      await expect(counter(page)).toHaveText('Showing 6 of 6 transactions');
      await expect(page.getByRole('checkbox')).toHaveCount(0);

      await page.getByRole('button', { name: 'Select', exact: true }).click();
      await page.getByRole('checkbox', { name: /^Select Row 5,/ }).click();
      await page.getByRole('checkbox', { name: /^Select Row 3,/ }).click({ modifiers: ['Shift'] });
      await expect(page.getByRole('heading', { name: '3 selected' })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: /^Select Row 4,/ })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: /^Select Row 6,/ })).not.toBeChecked();
      await expectNoSeriousA11yViolations(page);
      await viewportScreenshot(page, `bulk-selected-${label}`);

      await page.getByLabel('Category for the selected transactions').selectOption({ label: '🍔 Food & Dining' });
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('Category set on 3 transactions')).toBeVisible();
      for (const row of ['Row 3', 'Row 4', 'Row 5']) await expect(card(page, row)).toContainText('Food & Dining');
      await expect(card(page, 'Row 6')).toContainText('Shopping');

      // "Select all 6 matching" covers the filter; marking cleared answers for all of them.
      await page.getByRole('button', { name: 'Select all 6 matching' }).click();
      await expect(page.getByRole('heading', { name: '6 selected' })).toBeVisible();
      await page.getByRole('button', { name: 'Mark cleared' }).click();
      await expect(page.getByText('6 transactions marked cleared')).toBeVisible();
      const rows = (await (await api(page, 'GET', '/transactions?limit=50')).json()) as { data: { status: string }[] };
      expect(rows.data.map((r) => r.status)).toEqual(Array(6).fill('cleared'));

      await page.getByRole('checkbox', { name: /^Select Row 1,/ }).click();
      await page.getByRole('checkbox', { name: /^Select Row 2,/ }).click();
      await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
      const confirm = page.getByRole('dialog', { name: 'Delete 2 transactions?' });
      await expect(confirm).toBeVisible();
      await viewportScreenshot(page, `bulk-delete-${label}`);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('2 transactions deleted')).toBeVisible();
      await expect(counter(page)).toHaveText('Showing 4 of 4 transactions');
      await expect(list(page)).not.toContainText('Row 1');

      await page.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('checkbox')).toHaveCount(0);
    });
  });
}

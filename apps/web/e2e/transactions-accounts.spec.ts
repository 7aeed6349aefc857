import { type Locator, expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, signUpViaApi } from './helpers';
import {
  TODAY,
  card,
  counter,
  createTransaction,
  initCategories,
  list,
  openTransactionsTab,
  summary,
  viewportScreenshot,
} from './transactions-helpers';

/** A row's Edit or Delete: its own button from 640 px, the '⋯' menu on a phone. */
async function rowAction(row: Locator, action: 'Edit' | 'Delete', phone: boolean): Promise<void> {
  if (!phone) return row.getByRole('button', { name: new RegExp(`^${action}`) }).click();
  await row.getByRole('button', { name: /^Actions for/ }).click();
  await row.page().getByRole('menuitem', { name: action }).click();
}

/** Transactions with accounts and transfers (DESIGN §10), at desktop and phone width. */
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`transactions with accounts (${label})`, () => {
    test.use({ viewport });

    test('with one account the form and the list are the spec app', async ({ page }) => {
      await signUpViaApi(page);
      const cats = await initCategories(page);
      await createTransaction(page, { category: cats['Shopping']!, amount: '20', description: 'Shoes', date: TODAY });
      await openTransactionsTab(page);
      await expect(counter(page)).toHaveText('Showing 1 of 1 transactions');
      await expect(page.getByLabel('Account')).toHaveCount(0);
      await expect(card(page, 'Shoes')).not.toContainText('Main account');
      await page.getByRole('button', { name: 'Add Transaction' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Transaction' });
      await expect(dialog.getByRole('button', { name: 'Expense' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Transfer' })).toHaveCount(0);
      await expect(dialog.getByLabel('Account')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Cleared:/ })).toHaveCount(0);
    });

    test('a transfer: created in the form, named in the list, never income or spending, edited and unlinked', async ({
      page,
    }) => {
      await signUpViaApi(page);
      const cats = await initCategories(page);
      await createTransaction(page, { category: cats['Salary']!, amount: '3000', description: 'Pay', date: TODAY });
      await createTransaction(page, { category: cats['Shopping']!, amount: '50', description: 'Shoes', date: TODAY });
      const created = await api(page, 'POST', '/accounts', { name: 'Savings', kind: 'savings' });
      expect(created.status(), await created.text()).toBe(201);

      await openTransactionsTab(page);
      await page.getByRole('button', { name: 'Add Transaction' }).first().click();
      await page
        .getByRole('dialog', { name: 'Add Transaction' })
        .getByRole('button', { name: 'Transfer', exact: true })
        .click();
      // The dialog says what it adds now.
      const dialog = page.getByRole('dialog', { name: 'Add Transfer' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('combobox', { name: 'From', exact: true })).toHaveValue(/.+/);
      await dialog.getByRole('combobox', { name: 'To', exact: true }).selectOption({ label: 'Savings' });
      await dialog.getByLabel('Amount').fill('500');
      await dialog.getByLabel('Note (optional)').fill('Rainy day fund');
      await expectNoSeriousA11yViolations(page);
      await viewportScreenshot(page, `transfer-form-${label}`);
      await dialog.getByRole('button', { name: 'Add Transfer' }).click();
      await expect(page.getByText('Transfer created successfully!')).toBeVisible();

      const out = card(page, 'Transfer to Savings');
      const into = card(page, 'Transfer from Main account');
      await expect(out).toContainText('Rainy day fund');
      await expect(out).toContainText('-$500.00');
      await expect(into).toContainText('+$500.00');
      await expect(into).toContainText('Savings');
      // Neither income nor spending.
      await expect(summary(page, 'Total Income')).toContainText('$3,000.00');
      await expect(summary(page, 'Total Expenses')).toContainText('$50.00');
      // With two accounts each row has the register's cleared toggle.
      const cleared = card(page, 'Shoes').getByRole('button', { name: /^Cleared: Shoes,/ });
      await expect(cleared).toHaveAttribute('aria-pressed', 'false');
      await cleared.click();
      await expect(cleared).toHaveAttribute('aria-pressed', 'true');
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `e2e/screenshots/transfer-list-${label}.png`, fullPage: true });

      // The Account filter: Savings holds only the leg that entered it (folded on a phone).
      if (label === 'phone') await page.getByRole('button', { name: 'More filters' }).click();
      await page.getByLabel('Account').selectOption({ label: 'Savings' });
      await expect(counter(page)).toHaveText('Showing 1 of 1 transactions');
      await expect(list(page)).toContainText('Transfer from Main account');
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await expect(counter(page)).toHaveText('Showing 4 of 4 transactions');

      // Editing a leg edits the transfer.
      await rowAction(out, 'Edit', label === 'phone');
      const edit = page.getByRole('dialog', { name: 'Edit Transfer' });
      await expect(edit.getByLabel('Amount')).toHaveValue('500.00');
      await edit.getByLabel('Amount').fill('450');
      await edit.getByRole('button', { name: 'Update Transfer' }).click();
      await expect(page.getByText('Transfer updated successfully!')).toBeVisible();
      await expect(card(page, 'Transfer to Savings')).toContainText('-$450.00');
      await expect(card(page, 'Transfer from Main account')).toContainText('+$450.00');

      // Deleting one leg: keep it as an income of a category.
      await rowAction(card(page, 'Transfer from Main account'), 'Delete', label === 'phone');
      const del = page.getByRole('dialog', { name: 'Delete Transfer' });
      await expect(del.getByLabel('Delete both sides')).toBeChecked();
      await del.getByLabel('Keep this one as an income').check();
      await del.getByLabel('Category').selectOption({ label: '💼 Salary' });
      await viewportScreenshot(page, `transfer-delete-${label}`);
      await del.getByRole('button', { name: 'Delete' }).click();
      await expect(counter(page)).toHaveText('Showing 3 of 3 transactions');
      await expect(list(page)).not.toContainText('Transfer to Savings');
      await expect(card(page, 'Rainy day fund')).toContainText('Salary');
      await expect(summary(page, 'Total Income')).toContainText('$3,450.00');
    });
    test('bulk "Mark as transfer" links the pair across accounts and reports the row without a partner', async ({
      page,
    }) => {
      await signUpViaApi(page);
      const cats = await initCategories(page);
      const savings = await api(page, 'POST', '/accounts', { name: 'Savings', kind: 'savings' });
      expect(savings.status()).toBe(201);
      const savingsId = ((await savings.json()) as { data: { id: string } }).data.id;
      const add = async (body: Record<string, unknown>) => {
        const res = await api(page, 'POST', '/transactions', { date: TODAY, ...body });
        expect(res.status(), await res.text()).toBe(201);
      };
      await add({ categoryId: cats['Shopping']!.id, type: 'expense', amount: 300, description: 'Move to savings' });
      await add({
        categoryId: cats['Salary']!.id,
        type: 'income',
        amount: 300,
        description: 'From checking',
        accountId: savingsId,
      });
      await add({ categoryId: cats['Shopping']!.id, type: 'expense', amount: 42, description: 'Lone row' });

      await openTransactionsTab(page);
      await expect(counter(page)).toHaveText('Showing 3 of 3 transactions');
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      for (const name of ['Move to savings', 'From checking', 'Lone row']) {
        await page.getByRole('checkbox', { name: new RegExp(`^Select ${name},`) }).click();
      }
      await page.getByRole('button', { name: 'Mark as transfer' }).click();
      await expect(page.getByText('1 linked, 1 had no matching transaction in another account')).toBeVisible();
      await expect(card(page, 'Move to savings')).toContainText('Transfer to Savings');
      await expect(card(page, 'From checking')).toContainText('Transfer from Main account');
      await expect(summary(page, 'Total Income')).toContainText('$0.00');
      await expect(summary(page, 'Total Expenses')).toContainText('$42.00');
    });
  });
}

import { expect, test, type Page } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, screenshot, signUpViaApi } from './helpers';
import { card, createViaApi, initCategories, isoToday, openRecurringTab } from './recurring-helpers';
import { expectNoHorizontalOverflow } from './visual-helpers';

/*
 * The Recurring tab with accounts (issue 21, 2/6): one account is the spec's tab; a second one
 * brings the Account picker and the Transfer type, whose occurrences move money between accounts.
 */

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

async function openCreate(page: Page) {
  await page.getByRole('button', { name: 'Add Recurring' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Recurring Transaction' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Light and dark screenshots of the page as it is, with axe in each and no sideways scroll. The
 * theme toggle sits behind an open dialog, so the dark look is the html class the toggle sets.
 */
async function looks(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${name}-${theme}`);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`recurring transfers (${name})`, () => {
    test.use({ viewport });

    test('one account: the spec form; a second account: Account picker and a recurring transfer', async ({ page }) => {
      await signUpViaApi(page);
      const categories = await initCategories(page);
      await createViaApi(page, {
        categoryId: categories.Housing!,
        type: 'expense',
        amount: 950,
        description: 'Rent',
        frequency: 'monthly',
        startDate: isoToday(),
      });

      // One account: no picker, no Transfer, and the card names no account.
      await openRecurringTab(page);
      await expect(card(page, 'Rent')).toContainText('Housing');
      await expect(card(page, 'Rent').getByTestId('recurring-account')).toHaveCount(0);
      let dialog = await openCreate(page);
      await expect(dialog.getByRole('group', { name: 'Type' }).getByRole('button')).toHaveText(['Expense', 'Income']);
      await expect(dialog.getByLabel('Account', { exact: true })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // A second account, made through the API.
      const created = await api(page, 'POST', '/accounts', { name: 'Savings', kind: 'savings' });
      expect(created.status(), await created.text()).toBe(201);
      const savings = ((await created.json()) as { data: { id: string } }).data.id;
      const accounts = (await (await api(page, 'GET', '/accounts')).json()) as {
        data: { id: string; name: string; isDefault: boolean }[];
      };
      const main = accounts.data.find((a) => a.isDefault)!;

      await openRecurringTab(page);
      await expect(card(page, 'Rent').getByTestId('recurring-account')).toHaveText(main.name);
      dialog = await openCreate(page);
      await expect(dialog.getByRole('group', { name: 'Type' }).getByRole('button')).toHaveText([
        'Expense',
        'Income',
        'Transfer',
      ]);
      await expect(dialog.getByLabel('Account', { exact: true })).toHaveValue(main.id);
      await dialog.getByRole('button', { name: 'Transfer' }).click();
      await expect(dialog.getByLabel('Category')).toHaveCount(0);
      await expect(dialog.getByLabel('From', { exact: true })).toHaveValue(main.id);
      await expect(dialog.getByLabel('To', { exact: true })).toHaveValue(savings);
      await dialog.getByLabel('Amount').fill('150');
      await dialog.getByLabel('Description').fill('Monthly savings');
      await looks(page, `recurring-transfer-form-${name}`);
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(page.getByText('Recurring transaction created successfully!')).toBeVisible();
      await expect(dialog).toBeHidden();

      const transfer = card(page, 'Monthly savings');
      await expect(transfer.getByText(`${main.name} → Savings`)).toBeVisible();
      await expect(transfer.getByText('$150.00', { exact: true })).toBeVisible();
      const items = (await (await api(page, 'GET', '/recurring')).json()) as {
        data: { description: string; accountId: string; toAccountId: string | null; categoryId: string | null }[];
      };
      expect(items.data.find((i) => i.description === 'Monthly savings')).toMatchObject({
        accountId: main.id,
        toAccountId: savings,
        categoryId: null,
      });
      await looks(page, `recurring-transfer-cards-${name}`);

      // Upcoming (30d) lists its occurrences as transfers too: the route and a neutral amount.
      await page.getByRole('button', { name: 'View upcoming' }).click();
      const upcoming = page.getByRole('dialog', { name: 'Upcoming (30d)' });
      const due = upcoming.getByRole('listitem').filter({ hasText: 'Monthly savings' }).first();
      await expect(due.getByText(`${main.name} → Savings`)).toBeVisible();
      await expect(due.getByText('$150.00', { exact: true })).toBeVisible();
      await expect(due).not.toContainText('-$150.00');
      await page.keyboard.press('Escape');
      await expect(upcoming).toBeHidden();

      // Editing keeps the type.
      await transfer.getByRole('button', { name: 'Edit Monthly savings' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Recurring Transaction' });
      await expect(edit.getByRole('button', { name: 'Transfer' })).toHaveAttribute('aria-pressed', 'true');
      await expect(edit.getByLabel('To', { exact: true })).toHaveValue(savings);
      await edit.getByRole('button', { name: 'Cancel' }).click();

      // Generating it books both legs: out of the main account, into Savings.
      await transfer.getByRole('button', { name: 'Generate Monthly savings' }).click();
      await page
        .getByRole('dialog', { name: 'Generate Transaction' })
        .getByRole('button', { name: 'Generate' })
        .click();
      await expect(page.getByText('Transaction generated successfully!')).toBeVisible();
      const rows = (await (await api(page, 'GET', '/transactions?limit=50')).json()) as {
        data: { description: string; accountId: string; kind: string; type: string; amount: number }[];
      };
      const legs = rows.data.filter((r) => r.description === 'Monthly savings');
      expect(legs.map((r) => [r.accountId, r.type, r.kind, r.amount]).sort()).toEqual(
        [
          [main.id, 'expense', 'transfer', 150],
          [savings, 'income', 'transfer', 150],
        ].sort(),
      );
    });
  });
}

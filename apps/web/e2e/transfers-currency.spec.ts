import { type Locator, expect, test } from '@playwright/test';
import type { Transfer } from '@ledgerly/shared';
import { api, expectNoSeriousA11yViolations, signUpViaApi } from './helpers';
import { card, openTransactionsTab } from './transactions-helpers';

/** A row's Edit: its own button from 640 px, the '⋯' menu on a phone. */
async function edit(row: Locator, phone: boolean): Promise<void> {
  if (!phone) return row.getByRole('button', { name: /^Edit/ }).click();
  await row.getByRole('button', { name: /^Actions for/ }).click();
  await row.page().getByRole('menuitem', { name: 'Edit' }).click();
}

/** A transfer between a USD and a EUR account (DESIGN §12), at desktop and phone width. */
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`a transfer between two currencies (${label})`, () => {
    test.use({ viewport });

    test('both amounts, or an amount and a rate; a bad rate is named on its field; an edit keeps the pair', async ({
      page,
    }) => {
      await signUpViaApi(page);
      const created = await api(page, 'POST', '/accounts', { name: 'Euro account', kind: 'checking', currency: 'EUR' });
      expect(created.status(), await created.text()).toBe(201);

      await openTransactionsTab(page);
      await page.getByRole('button', { name: 'Add Transaction' }).first().click();
      await page
        .getByRole('dialog', { name: 'Add Transaction' })
        .getByRole('button', { name: 'Transfer', exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Add Transfer' });
      await dialog.getByRole('combobox', { name: 'To', exact: true }).selectOption({ label: 'Euro account' });
      await expect(dialog.getByTestId('transfer-currencies')).toBeVisible();
      await dialog.getByLabel('Amount (USD)').fill('100');

      // A zero rate: the server's sentence on the rate field, nothing written.
      await dialog.getByLabel('Or the rate: 1 USD in EUR').fill('0');
      await dialog.getByRole('button', { name: 'Add Transfer' }).click();
      await expect(dialog.getByText('Rate must be a number more than zero, such as 1.0834').first()).toBeVisible();

      // The rate: what arrives is said under it, and stored in EUR.
      await dialog.getByLabel('Or the rate: 1 USD in EUR').fill('0.9234');
      await expect(dialog.getByText('EUR 92.34 will arrive')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Add Transfer' }).click();
      await expect(page.getByText('Transfer created successfully!')).toBeVisible();

      const into = card(page, 'Transfer from Main account');
      await expect(into).toContainText('92.34');
      const rows = await (await api(page, 'GET', '/transactions?limit=10')).json();
      const transferId = (rows.data as { transferId: string | null }[])[0]!.transferId!;
      let transfer = (await (await api(page, 'GET', `/transfers/${transferId}`)).json()).data as Transfer;
      expect(transfer).toMatchObject({ amount: 100, toAmount: 92.34, rate: '0.9234' });

      // Editing: the arriving amount is filled in; a new one changes the rate, not the amount sent.
      await edit(into, label === 'phone');
      const form = page.getByRole('dialog', { name: 'Edit Transfer' });
      await expect(form.getByLabel('Amount that arrives (EUR)')).toHaveValue('92.34');
      await expect(form.getByLabel('Amount (USD)')).toHaveValue('100.00');
      await form.getByLabel('Amount that arrives (EUR)').fill('90');
      await expect(form.getByText('1 USD = 0.9 EUR')).toBeVisible();
      await form.getByRole('button', { name: 'Update Transfer' }).click();
      await expect(page.getByText('Transfer updated successfully!')).toBeVisible();
      await expect(card(page, 'Transfer from Main account')).toContainText('90.00');
      transfer = (await (await api(page, 'GET', `/transfers/${transferId}`)).json()).data as Transfer;
      expect(transfer).toMatchObject({ amount: 100, toAmount: 90, rate: '0.9' });
      // The implied rate is the user's rate of that day for EUR (1 EUR = 100/90 USD).
      const rate = await (
        await api(page, 'GET', `/rates?currency=EUR&start=${transfer.date}&end=${transfer.date}`)
      ).json();
      expect(rate.data[0]).toMatchObject({ source: 'user', rate: '1.111111111111' });
    });
  });
}

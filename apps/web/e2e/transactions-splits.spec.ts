import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, setTheme, signUpViaApi } from './helpers';
import { initCategories, openTransactionsTab, viewportScreenshot } from './transactions-helpers';

/**
 * The split editor (DESIGN §11): a receipt of $100 split into groceries, household goods and a
 * refund line, with the running "Left to assign" figure; the list shows "Split (3)" and opens
 * the lines; the row is unsplit again. At desktop and at phone width (there in dark mode).
 */
async function splitReceipt(page: Page, shot: string) {
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Transaction' });
  await dialog.getByLabel('Amount', { exact: true }).fill('100');
  await dialog.getByLabel('Description (optional)').fill('Supermarket');
  await dialog.getByRole('button', { name: 'Split', exact: true }).click();
  const left = dialog.getByTestId('left-to-assign');
  // The row's amount starts on the first line.
  await expect(dialog.getByLabel('Line 1 amount')).toHaveValue('100');
  await expect(left).toHaveText('Left to assign: $0.00');
  await dialog.getByLabel('Line 1 category').selectOption({ label: '🛒 Groceries' });
  await dialog.getByLabel('Line 1 amount').fill('70');
  await expect(left).toHaveText('Left to assign: $30.00');
  await dialog.getByLabel('Line 2 category').selectOption({ label: '👕 Shopping' });
  await dialog.getByLabel('Line 2 amount').fill('40');
  await expect(left).toHaveText('Assigned too much: $10.00');
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await dialog.getByLabel('Line 3 type').selectOption('income');
  await dialog.getByLabel('Line 3 category').selectOption({ label: '🏦 Other Income' });
  await dialog.getByLabel('Line 3 amount').fill('5');
  await dialog.getByLabel('Line 3 note (optional)').fill('bottle deposit');
  await expect(left).toHaveText('Assigned too much: $5.00');
  // Lines that do not add up are not sent.
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    "The lines must add up to the transaction's amount: 5.00 is assigned too much",
  );
  await dialog.getByLabel('Line 3 amount').fill('10');
  await expect(left).toHaveText('Left to assign: $0.00');
  await viewportScreenshot(page, `${shot}-editor`);
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('transaction-row').filter({ hasText: 'Supermarket' });
  const toggle = row.getByRole('button', { name: /Split \(3\)/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const lines = row.getByTestId('split-lines').getByRole('listitem');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(2)).toContainText('Other Income · bottle deposit');
  await expect(lines.nth(2)).toContainText('+$10.00');
  await expectNoSeriousA11yViolations(page);
  await viewportScreenshot(page, `${shot}-list`);
  return row;
}

async function unsplit(page: Page, row: ReturnType<Page['getByTestId']>) {
  const edit = row.getByRole('button', { name: 'Edit Supermarket' });
  if (await edit.isVisible()) await edit.click();
  else {
    await row.getByRole('button', { name: 'Actions for Supermarket' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
  await expect(dialog.getByTestId('split-line')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Unsplit' }).click();
  // The first line's category becomes the row's.
  await expect(dialog.getByLabel('Category', { exact: true })).toHaveValue(/.+/);
  await dialog.getByRole('button', { name: 'Update Transaction' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: /Split/ })).toHaveCount(0);
  await expect(row).toContainText('Groceries');
}

test('split a receipt into three lines, open them in the list, unsplit it (desktop)', async ({ page }) => {
  await signUpViaApi(page);
  await initCategories(page);
  await openTransactionsTab(page);
  const row = await splitReceipt(page, 'splits-desktop');
  await unsplit(page, row);
});

test('the split editor at phone width in dark mode', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  await setTheme(context, page, 'dark');
  await initCategories(page);
  await openTransactionsTab(page);
  const row = await splitReceipt(page, 'splits-phone-dark');
  await unsplit(page, row);
});

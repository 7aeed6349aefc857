import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signUpViaApi } from './helpers';
import { card, counter, initCategories, openTransactionsTab } from './transactions-helpers';

/** A small bank statement written for this test: four postings and one line that is not one. */
const STATEMENT = fileURLToPath(new URL('./fixtures/bank-statement-june.csv', import.meta.url));

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transactions' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('import a statement: preview, category per payee, import, undo, history, and the CSV export round trip', async ({
  page,
}) => {
  await signUpViaApi(page);
  const categories = await initCategories(page);
  await openTransactionsTab(page);
  await page.getByRole('button', { name: 'All Time' }).click();

  let dialog = await openImport(page);
  await expect(dialog.getByText('No imports yet.')).toBeVisible();
  await dialog.getByLabel('Statement file').setInputFiles(STATEMENT);

  // The preview: detected settings, a summary and one row per posting with its status.
  await expect(dialog.getByText('Detected settings (CSV)')).toBeVisible();
  await expect(dialog.getByTestId('import-summary')).toHaveText(
    /^4 new, 0 duplicates, .*income \$2,350\.00, expense \$69\.15$/,
  );
  await expect(dialog.getByLabel('Delimiter')).toHaveValue(',');
  const rows = dialog.getByRole('row');
  await expect(rows.filter({ hasText: 'ACME Payroll June' }).getByText('New')).toBeVisible();

  // A category chosen for one Coffee Corner row applies to both.
  const food = categories['Food & Dining']!;
  await dialog.getByLabel('Category for row 1: Coffee Corner').selectOption(food.id);
  await expect(dialog.getByLabel('Category for row 3: Coffee Corner')).toHaveValue(food.id);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Import 4 transactions' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 4 transactions.');

  // Undo removes them again.
  await dialog.getByRole('button', { name: 'Undo' }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo import of 4 transactions?' });
  await confirm.getByRole('button', { name: 'Undo import' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Import undone: its transactions were removed.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No transactions found')).toBeVisible();

  // Import it for real this time.
  dialog = await openImport(page);
  await expect(dialog.getByText(/· Undone$/)).toBeVisible();
  await dialog.getByLabel('Statement file').setInputFiles(STATEMENT);
  await expect(dialog.getByTestId('import-summary')).toHaveText(/^4 new, 0 duplicates/);
  await dialog.getByLabel('Category for row 3: Coffee Corner').selectOption(food.id);
  await expect(dialog.getByLabel('Category for row 1: Coffee Corner')).toHaveValue(food.id);
  await dialog.getByRole('button', { name: 'Import 4 transactions' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 4 transactions.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(counter(page)).toHaveText('Showing 4 of 4 transactions');
  await expect(card(page, 'ACME Payroll June')).toBeVisible();
  await expect(card(page, 'Coffee Corner').first()).toContainText('Food & Dining');

  // Export CSV, then import the export: nothing new.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const exported = readFileSync(file, 'utf8');
  expect(exported.split('\r\n')[0]).toBe('Date,Description,Category,Amount,Tags,Split');
  expect(exported).toContain('2025-06-09,City Power & Light,');

  dialog = await openImport(page);
  await expect(dialog.getByRole('button', { name: 'Undo import of bank-statement-june.csv' })).toBeVisible();
  await dialog.getByLabel('Statement file').setInputFiles({
    name: 'export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(exported),
  });
  await expect(dialog.getByTestId('import-summary')).toHaveText(/^0 new, 4 duplicates/);
  await expect(dialog.getByRole('button', { name: 'Import 0 transactions' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(counter(page)).toHaveText('Showing 4 of 4 transactions');
});

test('a file that is not a statement gets a clear message and writes nothing; the wizard fits a phone in dark mode', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUpViaApi(page);
  await openTransactionsTab(page);
  const dialog = await openImport(page);
  await dialog.getByLabel('Statement file').setInputFiles({
    name: 'letter.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Dear reader,\nthis is a letter, not a statement.\n'),
  });
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  // Still on the first step: nothing was read, nothing written.
  await expect(dialog.getByLabel('Statement file')).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoSeriousA11yViolations(page);
});

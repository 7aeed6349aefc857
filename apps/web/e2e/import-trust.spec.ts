import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signUpViaApi } from './helpers';
import {
  card,
  createTransaction,
  initCategories,
  openTransactionsTab,
  viewportScreenshot,
} from './transactions-helpers';

/** The system's colour scheme (the app follows it): a modal dialog makes the page's own toggle inert. */
async function setAppearance(page: Page, theme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: theme });
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
  else await expect(page.locator('html')).not.toHaveClass(/dark/);
}

/** Four postings: Coffee Corner twice, ACME Payroll June, City Power & Light (-61.15 on 2025-06-09). */
const STATEMENT = fileURLToPath(new URL('./fixtures/bank-statement-june.csv', import.meta.url));

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transactions' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The element lies inside the box horizontally (not clipped by it). */
async function expectInside(inner: Locator, outer: Locator) {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  expect(a && b, 'both are laid out').toBeTruthy();
  expect(a!.x).toBeGreaterThanOrEqual(b!.x - 0.5);
  expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x + b!.width + 0.5);
}

test('possible duplicates start unticked, "Same as …" links one, the Category column is in view, undo asks with the count; rules from a row, previewed and applied', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page);
  const categories = await initCategories(page);
  // Typed by hand a day before the bank booked it.
  await createTransaction(page, {
    category: categories['Utilities']!,
    amount: '61.15',
    description: 'Electricity June',
    date: '2025-06-08',
  });
  await openTransactionsTab(page);
  await page.getByRole('button', { name: 'All Time' }).click();

  const dialog = await openImport(page);
  await dialog.getByLabel('Statement file').setInputFiles(STATEMENT);
  await expect(dialog.getByTestId('import-summary')).toHaveText(
    /^3 new, 0 duplicates, 1 possible duplicate, 0 errors, 1 skipped, /,
  );
  const power = dialog.getByLabel('Import row 4: City Power & Light');
  await expect(power).not.toBeChecked();
  await expect(dialog.getByText(/Possibly “Electricity June” of Jun 8, 2025 \(-\$61\.15\)/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 3 transactions' })).toBeEnabled();
  // Category, the column to edit, is not cut off.
  await expectInside(dialog.getByLabel('Category for row 1: Coffee Corner'), dialog);
  await expectInside(dialog.getByRole('columnheader', { name: 'Category' }), dialog);
  await setAppearance(page, 'light');
  await viewportScreenshot(page, 'import-preview-1280-light');
  await setAppearance(page, 'dark');
  await viewportScreenshot(page, 'import-preview-1280-dark');
  await expectNoSeriousA11yViolations(page);
  await setAppearance(page, 'light');

  await dialog.getByRole('button', { name: 'Same as “Electricity June”' }).click();
  await expect(dialog.getByTestId('import-summary')).toHaveText(
    /^3 new, 0 duplicates, 1 possible duplicate, 1 linked, /,
  );
  await expect(dialog.getByText(/Same as “Electricity June” of Jun 8, 2025: it keeps its category/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 transactions' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 3 transactions.');

  // Undo asks first, with the count; cancelling keeps the import.
  await dialog.getByRole('button', { name: 'Undo' }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo import of 3 transactions?' });
  await expect(confirm).toContainText('The 3 transactions imported from bank-statement-june.csv will be removed.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(card(page, 'Electricity June')).toBeVisible();
  await expect(card(page, 'City Power & Light')).toHaveCount(0);

  // The statement again: the linked row is known now, and the settings are remembered.
  const again = await openImport(page);
  await again.getByLabel('Statement file').setInputFiles(STATEMENT);
  await expect(again.getByTestId('import-summary')).toHaveText(/^0 new, 4 duplicates/);
  await expect(again.getByTestId('import-remembered')).toContainText(
    'Using the settings from your last import of this file.',
  );
  await again.getByRole('button', { name: 'Cancel' }).click();

  // "Always put payees like this in …" from a row, previewed on past rows, then applied.
  await card(page, 'Coffee Corner').first().getByRole('button', { name: /Edit/ }).click();
  await page
    .getByRole('dialog', { name: 'Edit Transaction' })
    .getByRole('button', { name: 'Always put payees like this in …' })
    .click();
  const rules = page.getByRole('dialog', { name: 'New rule' });
  await expect(rules.getByLabel('Payee or description contains')).toHaveValue('Coffee Corner');
  await rules.getByLabel('Payee or description contains').fill('coffee');
  await rules.getByLabel('Category').selectOption(categories['Food & Dining']!.id);
  await expect(rules.getByTestId('rule-preview-count')).toHaveText(
    '2 past transactions match and would move to Food & Dining.',
  );
  await viewportScreenshot(page, 'rules-editor-1280-light');
  await setAppearance(page, 'dark');
  await viewportScreenshot(page, 'rules-editor-1280-dark');
  await expectNoSeriousA11yViolations(page);
  await setAppearance(page, 'light');
  await rules.getByRole('button', { name: 'Save and apply to 2 transactions' }).click();
  await expect(page.getByText('Rule added; 2 transactions moved to Food & Dining')).toBeVisible();
  await expect(card(page, 'Coffee Corner').first()).toContainText('Food & Dining');

  // The Rules list: a second rule, moved to the top.
  await page.getByRole('button', { name: 'Rules', exact: true }).click();
  const list = page.getByRole('dialog', { name: 'Rules' });
  const items = list.getByRole('list', { name: 'Rules, in the order they are tried' }).getByRole('listitem');
  await expect(items).toHaveText([/coffee/]);
  await list.getByRole('button', { name: 'New rule' }).click();
  const second = page.getByRole('dialog', { name: 'New rule' });
  await second.getByLabel('Payee or description contains').fill('power');
  await second.getByLabel('Category').selectOption(categories['Utilities']!.id);
  await expect(second.getByTestId('rule-preview-count')).toHaveText(
    'No past transaction would change: none with this text is outside Utilities.',
  );
  await second.getByRole('button', { name: 'Save rule' }).click();
  await expect(items).toHaveText([/coffee/, /power/]);
  await list.getByRole('button', { name: 'Move rule “power” up' }).click();
  await expect(items).toHaveText([/power/, /coffee/]);
  await viewportScreenshot(page, 'rules-list-1280-light');
});

test('on a phone the preview is a list of cards with amount and category in view, in dark mode', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  await initCategories(page);
  await openTransactionsTab(page);
  await setAppearance(page, 'dark');
  const dialog = await openImport(page);
  await dialog.getByLabel('Statement file').setInputFiles(STATEMENT);
  await expect(dialog.getByTestId('import-summary')).toHaveText(/^4 new/);
  const cards = dialog.getByTestId('import-card');
  await expect(cards).toHaveCount(4);
  await expect(dialog.getByRole('table')).toHaveCount(0);
  const first = cards.first();
  await first.scrollIntoViewIfNeeded();
  await expect(first.getByText('-$4.20')).toBeVisible();
  await expectInside(first.getByText('-$4.20'), page.locator('body'));
  await expectInside(first.getByLabel('Category for row 1: Coffee Corner'), first);
  await viewportScreenshot(page, 'import-preview-390-dark');
  await expectNoSeriousA11yViolations(page);
  await setAppearance(page, 'light');
  await viewportScreenshot(page, 'import-preview-390-light');
  await expect(dialog.getByRole('button', { name: 'Import 4 transactions' })).toBeVisible();
});

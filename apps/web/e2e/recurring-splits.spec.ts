import { expect, test, type Page } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, setTheme, signUpViaApi } from './helpers';
import { card, initCategories, openRecurringTab } from './recurring-helpers';

/**
 * A split recurring item (issue 22, docs/recurring.md): the recurring form offers the transaction
 * form's split editor — its first line takes the item's category and amount, "Left to assign"
 * runs, lines that do not add up are refused — the card shows "Split (2)", and the row it
 * generates carries both lines. At desktop and at phone width (there in dark mode).
 */
async function splitItem(page: Page) {
  await page.getByRole('button', { name: 'Add Recurring' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Recurring Transaction' });
  await dialog.getByLabel('Category').selectOption({ label: '🏠 Housing' });
  await dialog.getByLabel('Amount', { exact: true }).fill('100');
  await dialog.getByLabel('Description').fill('Flat and parking');
  await dialog.getByRole('button', { name: 'Split', exact: true }).click();
  const left = dialog.getByTestId('left-to-assign');
  await expect(dialog.getByLabel('Line 1 amount')).toHaveValue('100');
  await expect(dialog.getByLabel('Line 1 category')).not.toHaveValue('');
  await expect(left).toHaveText('Left to assign: $0.00');
  await dialog.getByLabel('Line 1 amount').fill('70');
  await dialog.getByLabel('Line 1 note (optional)').fill('rent');
  await dialog.getByLabel('Line 2 category').selectOption({ label: '🚗 Transportation' });
  await dialog.getByLabel('Line 2 amount').fill('20');
  await expect(left).toHaveText('Left to assign: $10.00');
  // Lines that do not add up are not sent.
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByRole('alert').first()).toContainText(
    "The lines must add up to the transaction's amount: 10.00 is left to assign",
  );
  await dialog.getByLabel('Line 2 amount').fill('30');
  await expect(left).toHaveText('Left to assign: $0.00');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toBeHidden();

  const item = card(page, 'Flat and parking');
  await expect(item).toContainText('Split (2)');
  await expectNoSeriousA11yViolations(page);

  // Generated rows copy the lines.
  expect((await api(page, 'POST', '/recurring/generate')).ok()).toBe(true);
  const res = await api(page, 'GET', '/transactions');
  const rows = (
    (await res.json()) as {
      data: { description: string; lines: { category: { name: string }; amount: number; note: string | null }[] }[];
    }
  ).data.filter((r) => r.description === 'Flat and parking');
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.lines.map((l) => [l.category.name, l.amount, l.note])).toEqual([
      ['Housing', 70, 'rent'],
      ['Transportation', 30, null],
    ]);
  }

  // Editing shows the lines again; unsplit gives the item the first line's category.
  await item.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Recurring Transaction' });
  await expect(edit.getByTestId('split-line')).toHaveCount(2);
  await edit.getByRole('button', { name: 'Unsplit' }).click();
  await expect(edit.getByLabel('Category')).not.toHaveValue('');
  await edit.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(card(page, 'Flat and parking')).toContainText('Housing');
}

test('a split recurring item: editor, card, generated lines, unsplit (desktop)', async ({ page }) => {
  await signUpViaApi(page);
  await initCategories(page);
  await openRecurringTab(page);
  await splitItem(page);
});

test('a split recurring item at phone width in dark mode', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  await setTheme(context, page, 'dark');
  await initCategories(page);
  await openRecurringTab(page);
  await splitItem(page);
});

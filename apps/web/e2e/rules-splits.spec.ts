import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, setTheme, signUpViaApi } from './helpers';
import { initCategories, openTransactionsTab } from './transactions-helpers';

/** Four postings, one of them "City Power & Light" -61.15 (import.spec.ts uses it too). */
const STATEMENT = fileURLToPath(new URL('./fixtures/bank-statement-june.csv', import.meta.url));

/**
 * A rule that splits (issue 22, docs/imports.md "Rules that split and tag"): made in the rule
 * editor (60 % / 40 %), shown on the matching row of the import preview in exact cents, and
 * imported as a split row with the rule's tag. At desktop and at phone width (there in dark mode).
 */
async function ruleThatSplits(page: Page) {
  await initCategories(page);
  const tag = await api(page, 'POST', '/tags', { name: 'Bills' });
  expect(tag.ok()).toBe(true);
  await openTransactionsTab(page);
  await page.getByRole('button', { name: 'All Time' }).click();

  await page.getByRole('button', { name: 'Rules', exact: true }).click();
  const rules = page.getByRole('dialog', { name: 'Rules' });
  await rules.getByRole('button', { name: 'New rule' }).click();
  const editor = page.getByRole('dialog', { name: 'New rule' });
  await editor.getByLabel('Payee or description contains').fill('city power');
  await editor.getByLabel('Category', { exact: true }).selectOption({ label: '💡 Utilities' });
  await editor.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(editor.getByTestId('rule-split-line')).toHaveCount(2);
  await editor.getByLabel('Line 1 percent').fill('60');
  await editor.getByLabel('Line 2 category').selectOption({ label: '🏠 Housing' });
  await editor.getByLabel('Line 2 percent').fill('30');
  // Percentages that do not add up to 100 are not sent.
  await editor.getByRole('button', { name: 'Save rule' }).click();
  await expect(editor.getByRole('alert')).toHaveText('The percentages must add up to 100 (they add up to 90)');
  await editor.getByLabel('Line 2 percent').fill('40');
  await editor.getByLabel('Line 2 note (optional)').fill('share of rent');
  await editor.getByRole('combobox', { name: 'Tags to add (optional)' }).fill('Bil');
  await editor.getByRole('option', { name: /Bills/ }).click();
  await editor.getByRole('button', { name: 'Save rule' }).click();
  const list = page.getByRole('dialog', { name: 'Rules' });
  await expect(list.getByRole('listitem').filter({ hasText: 'city power' })).toContainText('split in 2 · 1 tag');
  await expectNoSeriousA11yViolations(page);
  await list.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(list).toBeHidden();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Import transactions' });
  await wizard.getByLabel('Statement file').setInputFiles(STATEMENT);
  // 61.15 at 60 % / 40 %: 36.69 + 24.46, exact.
  await expect(wizard.getByTestId('import-row-split').filter({ hasText: 'Utilities' }).first()).toHaveText(
    'Split: Utilities 36.69 · Housing 24.46',
  );
  await wizard.getByRole('button', { name: 'Import 4 transactions' }).click();
  await expect(wizard.getByRole('status')).toHaveText('Imported 4 transactions.');

  const res = await api(page, 'GET', '/transactions');
  const rows = (
    (await res.json()) as {
      data: {
        description: string;
        lines: { category: { name: string }; amount: number; note: string | null }[];
        tags: { name: string }[];
      }[];
    }
  ).data;
  const power = rows.find((r) => r.description === 'City Power & Light')!;
  expect(power.lines.map((l) => [l.category.name, l.amount, l.note])).toEqual([
    ['Utilities', 36.69, null],
    ['Housing', 24.46, 'share of rent'],
  ]);
  expect(power.tags.map((g) => g.name)).toEqual(['Bills']);
}

test('a rule that splits and tags, made in the editor and applied by an import (desktop)', async ({ page }) => {
  await signUpViaApi(page);
  await ruleThatSplits(page);
});

test('a rule that splits at phone width in dark mode', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  await setTheme(context, page, 'dark');
  await ruleThatSplits(page);
});

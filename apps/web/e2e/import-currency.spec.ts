import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { IMPORT_MSG, type Account } from '@ledgerly/shared';
import { api, expectNoSeriousA11yViolations, signUpViaApi } from './helpers';
import { openTransactionsTab } from './transactions-helpers';

/*
 * Issue 23: a CAD statement (the corpus's ofxparse__bank_medium.ofx, read where it lives, copied
 * nowhere) into a USD account is stopped with a sentence naming both currencies; the wizard
 * creates an account in CAD and the statement goes there.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const DIR = process.env.IMPORT_CORPUS_DIR ?? join(repoRoot, '..', 'shared', 'fixtures', 'import');
const FILE = 'ofxparse__bank_medium.ofx';
const present = existsSync(join(DIR, FILE));

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`a statement in another currency: said, an account in it created, imported there (${label})`, async ({
    page,
  }) => {
    test.skip(!present, `${FILE} is not in ${DIR}`);
    await page.setViewportSize(viewport);
    await signUpViaApi(page);
    await openTransactionsTab(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import transactions' });
    await dialog.getByLabel('Statement file').setInputFiles({
      name: FILE,
      mimeType: 'application/x-ofx',
      buffer: readFileSync(join(DIR, FILE)),
    });
    const notice = dialog.getByTestId('import-currency-mismatch');
    await expect(notice).toHaveText(new RegExp(IMPORT_MSG.currencyMismatch('CAD', 'Main account', 'USD').slice(0, 40)));
    await expect(notice).toContainText('"Main account" is in USD');
    await expect(dialog.getByRole('button', { name: 'Import 3 transactions' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    await notice.getByRole('button', { name: 'Create an account in CAD' }).click();
    await expect(notice).toBeHidden();
    await dialog.getByRole('button', { name: 'Import 3 transactions' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Imported 3 transactions.');

    const accounts = (await (await api(page, 'GET', '/accounts')).json()).data as Account[];
    const cad = accounts.find((a) => a.currency === 'CAD')!;
    const rows = await (await api(page, 'GET', `/transactions?accountId=${cad.id}&limit=10`)).json();
    expect(rows.meta.total).toBe(3);
  });
}

import { expect, test } from '@playwright/test';
import { IMPORT_MSG, type Account } from '@ledgerly/shared';
import { api, expectNoSeriousA11yViolations, signUpViaApi } from './helpers';
import { openTransactionsTab } from './transactions-helpers';

/*
 * Issue 23: a CAD statement into a USD account is stopped with a sentence naming both
 * currencies; the wizard creates an account in CAD and the statement goes there. The statement
 * is written here (an OFX 1 file of three postings, CURDEF CAD); the real CAD, EUR and HUF files
 * of the shared corpus are read by the server's imports-currency.test.ts.
 */
const posting = (id: string, date: string, amount: string, name: string) =>
  `<STMTTRN><TRNTYPE>${amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${id}<NAME>${name}</STMTTRN>`;
const FILE = 'chequing-cad.ofx';
const OFX = [
  'OFXHEADER:100',
  'DATA:OFXSGML',
  'VERSION:102',
  'SECURITY:NONE',
  'ENCODING:USASCII',
  'CHARSET:1252',
  'COMPRESSION:NONE',
  'OLDFILEUID:NONE',
  'NEWFILEUID:NONE',
  '',
  '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260301<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>',
  '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>CAD',
  '<BANKACCTFROM><BANKID>000000123<ACCTID>987654321<ACCTTYPE>CHECKING</BANKACCTFROM>',
  '<BANKTRANLIST><DTSTART>20260201<DTEND>20260228',
  posting('CAD-1', '20260203', '-45.20', 'GROCER'),
  posting('CAD-2', '20260210', '1500.00', 'PAYROLL'),
  posting('CAD-3', '20260217', '-12.75', 'TRANSIT'),
  '</BANKTRANLIST><LEDGERBAL><BALAMT>1442.05<DTASOF>20260228</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  '',
].join('\r\n');

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`a statement in another currency: said, an account in it created, imported there (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signUpViaApi(page);
    await openTransactionsTab(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import transactions' });
    await dialog.getByLabel('Statement file').setInputFiles({
      name: FILE,
      mimeType: 'application/x-ofx',
      buffer: Buffer.from(OFX, 'ascii'),
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

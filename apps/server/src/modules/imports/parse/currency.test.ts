import { describe, expect, it } from 'vitest';
import { parseStatement } from './index.js';

/** The statement's currency as each reader finds it (DESIGN §12; the check itself: imports-currency.test.ts). */
const parse = (s: string, options = {}) => parseStatement(new TextEncoder().encode(s), options);

const ofx = (...currencies: string[]) => `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1>${currencies
  .map(
    (c, i) =>
      `<STMTTRNRS><STMTRS><CURDEF>${c}<BANKACCTFROM><BANKID>1<ACCTID>${i}<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240305<TRNAMT>-1.00<FITID>F${i}<NAME>Shop</STMTTRN></BANKTRANLIST>
</STMTRS></STMTTRNRS>`,
  )
  .join('')}</BANKMSGSRSV1></OFX>`;

const camt = (account: string | null, amounts: string[]) =>
  `<?xml version="1.0"?><Document><BkToCstmrStmt><Stmt><Acct>${account ? `<Ccy>${account}</Ccy>` : ''}</Acct>` +
  amounts
    .map(
      (c, i) =>
        `<Ntry><Amt Ccy="${c}">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-01-02</Dt></BookgDt><AcctSvcrRef>r${i}</AcctSvcrRef></Ntry>`,
    )
    .join('') +
  `</Stmt></BkToCstmrStmt></Document>`;

describe('the statement currency', () => {
  it('OFX: CURDEF; two statements in two currencies name both; none when empty', () => {
    expect(parse(ofx('CAD'))).toMatchObject({ currency: 'CAD' });
    expect(parse(ofx('CAD')).currencies).toBeUndefined();
    expect(parse(ofx('USD', 'CAD'))).toMatchObject({ currency: 'USD', currencies: ['USD', 'CAD'] });
    expect(parse(ofx('')).currency).toBeUndefined();
  });

  it('CAMT: the account currency, else the amounts’', () => {
    expect(parse(camt('EUR', ['EUR', 'EUR']))).toMatchObject({ currency: 'EUR' });
    expect(parse(camt('CHF', ['EUR'])).currency).toBe('CHF');
    expect(parse(camt(null, ['EUR', 'GBP']))).toMatchObject({ currency: 'EUR', currencies: ['EUR', 'GBP'] });
  });

  it('CSV: a column of ISO codes, detected or mapped; text that is not a code is no currency column', () => {
    const detected = parse('Date,Text,Amount,Cur\n2024-01-02,Shop,-1.00,HUF\n2024-01-03,Pay,5.00,HUF\n');
    expect(detected.currency).toBe('HUF');
    expect(detected.options.csv?.columns.currency).toBe('Cur');
    const mixed = parse('Date,Text,Amount,Cur\n2024-01-02,Shop,-1.00,HUF\n2024-01-03,Pay,5.00,EUR\n');
    expect(mixed).toMatchObject({ currency: 'HUF', currencies: ['HUF', 'EUR'] });
    const none = parse('Date,Text,Amount,Ref\n2024-01-02,Shop,-1.00,ABC\n2024-01-03,Pay,5.00,usd\n');
    expect(none.currency).toBeUndefined();
    const mapped = parse('Date,Text,Amount,Note\n2024-01-02,Shop,-1.00,SEK\n', {
      csv: { columns: { date: 'Date', amount: 'Amount', description: ['Text'], currency: 'Note' } },
    });
    expect(mapped.currency).toBe('SEK');
  });
});

import { describe, expect, it } from 'vitest';
import { parseStatement } from './index.js';
import { cleanRemittance, payeeAndNote } from './bank-text.js';

describe('bank text (issue 6/6 item 5)', () => {
  it('drops SEPA reference fields and keeps the purpose', () => {
    expect(cleanRemittance('EREF: 2024-0042 IBAN: DE02120300000000202051 BIC: BYLADEM1001 Miete Maerz')).toBe('');
    expect(cleanRemittance('Miete Maerz EREF: 2024-0042 IBAN: DE02120300000000202051 BIC: BYLADEM1001')).toBe(
      'Miete Maerz',
    );
    expect(cleanRemittance('EREF+ABC123 MREF+M-77 CRED+DE98ZZZ09999999999 SVWZ+Beitrag Maerz 2024')).toBe(
      'Beitrag Maerz 2024',
    );
    expect(cleanRemittance('SVWZ+Rent March EREF: 99')).toBe('Rent March');
    expect(cleanRemittance('Plain text, no tags')).toBe('Plain text, no tags');
    // Words that merely contain a tag are text.
    expect(cleanRemittance('BICYCLE SHOP IBANEZ')).toBe('BICYCLE SHOP IBANEZ');
    // Hostile input is one pass.
    const started = performance.now();
    cleanRemittance('EREF:'.repeat(100_000));
    cleanRemittance(`${'E'.repeat(200_000)}:`);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('says the payee once', () => {
    expect(payeeAndNote('OAK PROPERTIES', 'OAK PROPERTIES RENT')).toBe('OAK PROPERTIES RENT');
    expect(payeeAndNote('Oak Properties Ltd', 'oak properties')).toBe('Oak Properties Ltd');
    expect(payeeAndNote('Insurance & Co', 'Policy 1 2024')).toBe('Insurance & Co Policy 1 2024');
    expect(payeeAndNote(undefined, 'Note')).toBe('Note');
    expect(payeeAndNote('Party', '')).toBe('Party');
  });

  it('a CAMT entry with SEPA noise reads as its party and purpose', () => {
    const xml = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>1</Id>
<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
<Ntry><Amt Ccy="EUR">1450.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt>
<NtryDtls><TxDtls><Refs><EndToEndId>E-1</EndToEndId></Refs><RltdPties><Cdtr><Nm>OAK PROPERTIES</Nm></Cdtr></RltdPties>
<RmtInf><Ustrd>OAK PROPERTIES RENT EREF: 2024-03 IBAN: DE02120300000000202051 BIC: BYLADEM1001</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
    const r = parseStatement(new TextEncoder().encode(xml), {});
    expect(r.postings[0]).toMatchObject({
      description: 'OAK PROPERTIES RENT',
      payee: 'OAK PROPERTIES',
      amountCents: -145000,
    });
  });
});

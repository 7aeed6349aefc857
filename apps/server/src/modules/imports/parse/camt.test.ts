import { describe, expect, it } from 'vitest';
import { parseStatement } from './index.js';

const parse = (s: string, options = {}) => parseStatement(new TextEncoder().encode(s), options);

const entry = (amt: string, ind: string, extra = '') =>
  `<Ntry><Amt Ccy="EUR">${amt}</Amt><CdtDbtInd>${ind}</CdtDbtInd>${extra}<Sts>BOOK</Sts><BookgDt><Dt>2024-01-05</Dt></BookgDt><ValDt><Dt>2024-01-06</Dt></ValDt>`;

const CAMT053 = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<Stmt><Id>1</Id><Acct><Id><IBAN>NL77ABNA0574908765</IBAN></Id></Acct>
${entry('754.25', 'DBIT')}<NtryDtls><TxDtls><Refs><EndToEndId>E2E-1</EndToEndId></Refs><RltdPties><Cdtr><Nm>Insurance &amp; Co</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Policy 1</Ustrd><Ustrd>2024</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
${entry('664.05', 'DBIT', '<RvslInd>true</RvslInd>')}<AcctSvcrRef>REF-2</AcctSvcrRef><NtryDtls><Btch><NbOfTxs>2</NbOfTxs></Btch><TxDtls><Refs><EndToEndId>B1</EndToEndId></Refs></TxDtls><TxDtls><Refs><EndToEndId>B2</EndToEndId></Refs></TxDtls></NtryDtls><AddtlNtryInf>Batch of two</AddtlNtryInf></Ntry>
</Stmt>
<Stmt><Id>2</Id><Acct><Id><IBAN>NL77ABNA0574908765</IBAN></Id></Acct>
${entry('1405.31', 'CRDT')}<NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><RltdPties><Dbtr><Nm>Customer</Nm></Dbtr></RltdPties></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>PDNG</Cd></Sts><BookgDt><Dt>2024-01-07</Dt></BookgDt></Ntry>
</Stmt></BkToCstmrStmt></Document>`;

describe('CAMT', () => {
  it('reads one posting per entry across statements, with batch entries at their total', () => {
    const r = parse(CAMT053);
    expect(r.format).toBe('camt');
    expect(r.postings).toEqual([
      {
        index: 0,
        date: '2024-01-05',
        amountCents: -75425,
        description: 'Insurance & Co Policy 1 2024',
        payee: 'Insurance & Co',
        account: 'NL77ABNA0574908765',
        externalId: 'E2E-1',
      },
      {
        index: 1,
        date: '2024-01-05',
        amountCents: -66405,
        description: 'Batch of two',
        account: 'NL77ABNA0574908765',
        externalId: 'REF-2',
      },
      {
        index: 2,
        date: '2024-01-05',
        amountCents: 140531,
        description: 'Customer',
        payee: 'Customer',
        account: 'NL77ABNA0574908765',
      },
    ]);
  });

  it('reads camt.052 reports and camt.054 notifications with a namespace prefix and no booking date', () => {
    const r = parse(
      `<?xml version="1.0"?><c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><c:BkToCstmrDbtCdtNtfctn><c:Ntfctn><c:Acct><c:Id><c:Othr><c:Id>ACC-7</c:Id></c:Othr></c:Id></c:Acct><c:Ntry><c:Amt Ccy="CHF">12.5</c:Amt><c:CdtDbtInd>CRDT</c:CdtDbtInd><c:ValDt><c:DtTm>2024-02-03T10:00:00</c:DtTm></c:ValDt></c:Ntry></c:Ntfctn></c:BkToCstmrDbtCdtNtfctn></c:Document>`,
    );
    expect(r.postings).toEqual([
      { index: 0, date: '2024-02-03', amountCents: 1250, description: '', account: 'ACC-7' },
    ]);
    const report = parse(CAMT053.replace(/BkToCstmrStmt>/g, 'BkToCstmrAcctRpt>').replace(/<(\/?)Stmt>/g, '<$1Rpt>'), {
      invertSign: true,
    });
    expect(report.postings.map((p) => p.amountCents)).toEqual([75425, 66405, -140531]);
  });

  it('never expands entities: a DOCTYPE is refused, as are deep nesting and damaged XML', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><Document><BkToCstmrStmt><Stmt><Ntry><Amt>&lol2;</Amt></Ntry></Stmt></BkToCstmrStmt></Document>`;
    expect(() => parse(bomb)).toThrow(expect.objectContaining({ code: 'XML_TOO_COMPLEX' }));
    const deep = `<Document>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</Document>`;
    expect(() => parse(deep)).toThrow(expect.objectContaining({ code: 'XML_TOO_COMPLEX' }));
    expect(() => parse(CAMT053.slice(0, 900))).toThrow(expect.objectContaining({ code: 'TRUNCATED_FILE' }));
    expect(() => parse('<?xml version="1.0"?><html><body>hi</body></html>')).toThrow(/not a CAMT bank statement/);
  });
});

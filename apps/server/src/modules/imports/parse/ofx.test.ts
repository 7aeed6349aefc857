import { describe, expect, it } from 'vitest';
import { parseStatement } from './index.js';

const parse = (s: string, options = {}) => parseStatement(new TextEncoder().encode(s), options);

const SGML = `
OFXHEADER:100
DATA:OFXSGML
VERSION:102
CHARSET:1252

<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240410</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>CAD
<BANKACCTFROM><BANKID>123<ACCTID>CHK-001<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20240401<DTEND>20240410
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240401120000[-5:EST]<TRNAMT>-45.10<FITID>A1<NAME>Joe&apos;s &amp; Co<MEMO>Lunch</STMTTRN>
<STMTTRN><TRNTYPE>CHECK<DTPOSTED>20240402<TRNAMT>-100<FITID>A2<CHECKNUM>1005</STMTTRN>
<STMTTRN><TRNTYPE>Credit<DTPOSTED>20240403<TRNAMT>+00000000000115.8331<FITID>A3<NAME>Interest</STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20240410</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1>
<CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>2<CCSTMTRS><CURDEF>CAD<CCACCTFROM><ACCTID>4111</CCACCTFROM>
<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240405<TRNAMT>-9.99<FITID>A1<NAME>Music</STMTTRN></BANKTRANLIST>
</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
`;

const XML = `<?xml version="1.0" encoding="US-ASCII"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <BANKMSGSRSV1><STMTTRNRS><STMTRS>
    <BANKACCTFROM><BANKID>1</BANKID><ACCTID>SAV-9</ACCTID><ACCTTYPE>SAVINGS</ACCTTYPE></BANKACCTFROM>
    <BANKTRANLIST>
      <STMTTRN><TRNTYPE>POS</TRNTYPE><DTPOSTED>20240824080000</DTPOSTED><TRNAMT>-90</TRNAMT><FITID>F1</FITID><NAME><![CDATA[Shop <one>   ]]></NAME></STMTTRN>
    </BANKTRANLIST>
    <BANKTRANLIST>
      <STMTTRN><TRNTYPE>POS</TRNTYPE><DTPOSTED>20240824</DTPOSTED><TRNAMT>-90</TRNAMT><FITID>F2</FITID><NAME></NAME><MEMO>Shop</MEMO></STMTTRN>
    </BANKTRANLIST>
  </STMTRS></STMTTRNRS></BANKMSGSRSV1>
  <INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><INVACCTFROM><BROKERID>b</BROKERID><ACCTID>INV-1</ACCTID></INVACCTFROM>
    <INVTRANLIST>
      <INVBANKTRAN><STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20240820</DTPOSTED><TRNAMT>-00000000001500.0000</TRNAMT><FITID>I1</FITID><NAME>Transfer</NAME></STMTTRN><SUBACCTFUND>CASH</SUBACCTFUND></INVBANKTRAN>
      <BUYMF><INVBUY><INVTRANID><FITID>I2</FITID></INVTRANID><TOTAL>-10</TOTAL></INVBUY></BUYMF>
    </INVTRANLIST>
  </INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>
</OFX>
`;

describe('OFX', () => {
  it('reads OFX 1 SGML with unclosed tags, several statements and a credit card', () => {
    const r = parse(SGML);
    expect(r.format).toBe('ofx');
    expect(r.postings).toEqual([
      {
        index: 0,
        date: '2024-04-01',
        amountCents: -4510,
        description: "Joe's & Co Lunch",
        payee: "Joe's & Co",
        account: 'CHK-001',
        externalId: 'A1',
      },
      {
        index: 1,
        date: '2024-04-02',
        amountCents: -10000,
        description: 'Check 1005',
        account: 'CHK-001',
        externalId: 'A2',
      },
      {
        index: 2,
        date: '2024-04-03',
        amountCents: 11583,
        description: 'Interest',
        payee: 'Interest',
        account: 'CHK-001',
        externalId: 'A3',
      },
      {
        index: 3,
        date: '2024-04-05',
        amountCents: -999,
        description: 'Music',
        payee: 'Music',
        account: '4111',
        externalId: 'A1',
      },
    ]);
  });

  it('reads OFX 2 XML with several transaction lists, CDATA and investment bank lines', () => {
    const r = parse(XML);
    expect(r.postings.map((p) => [p.date, p.amountCents, p.description, p.account, p.externalId])).toEqual([
      ['2024-08-24', -9000, 'Shop <one>', 'SAV-9', 'F1'],
      ['2024-08-24', -9000, 'Shop', 'SAV-9', 'F2'],
      ['2024-08-20', -150000, 'Transfer', 'INV-1', 'I1'],
    ]);
  });

  it('applies invertSign and reports unreadable lines as errors', () => {
    const r = parse(SGML.replace('<TRNAMT>-100', '<TRNAMT>lots').replace('<DTPOSTED>20240405', '<DTPOSTED>20241345'), {
      invertSign: true,
    });
    expect(r.options.invertSign).toBe(true);
    expect(r.postings[0]!.amountCents).toBe(4510);
    expect(r.postings[1]!.error).toBe('Unreadable amount "lots"');
    expect(r.postings[3]!.error).toBe('Unreadable date "20241345"');
  });

  it('refuses a cut-off file and one without transactions', () => {
    expect(() => parse(SGML.slice(0, 600))).toThrow(/cut off/);
    expect(() => parse('OFXHEADER:100\n\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>')).toThrow(/No transactions/);
  });
});

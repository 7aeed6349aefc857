import { describe, expect, it } from 'vitest';
import { parseStatement, ImportFileError, type ParseResult } from './index.js';

const utf8 = (s: string) => new TextEncoder().encode(s);
const latin = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));
const parse = (s: string, options = {}) => parseStatement(utf8(s), options);
const money = (r: ParseResult) => r.postings.map((p) => p.amountCents);
const dates = (r: ParseResult) => r.postings.map((p) => p.date);

describe('CSV dialect and header', () => {
  it('skips metadata lines above the header and balance lines around the table', () => {
    const r = parse(
      [
        'Account : 12345678,Owner : Jane,,,,',
        ',,,,,',
        'Balance at end of period,,,,"+1250,00",',
        'Date,Reference,Label,Debit,Credit,Detail',
        '01/04/24,OP 1,Rent,"-900,00",,April',
        '02/04/24,OP 2,Salary,,"2150,00",ACME',
        'Balance at start of period,,,,"0,00",',
      ].join('\n'),
    );
    expect(r.format).toBe('csv');
    expect(r.options.csv).toMatchObject({
      delimiter: ',',
      headerRow: 3,
      decimalSeparator: ',',
      columns: { date: 'Date', debit: 'Debit', credit: 'Credit' },
    });
    expect(r.header).toEqual(['Date', 'Reference', 'Label', 'Debit', 'Credit', 'Detail']);
    expect(money(r)).toEqual([-90000, 215000]);
    expect(dates(r)).toEqual(['2024-04-01', '2024-04-02']);
    expect(r.options.dateFormat).toBe('DD/MM/YY');
    expect(r.needsReview).toEqual(['dateFormat']);
  });

  it('reads semicolons, quoted and padded fields, decimal commas and a signed amount beside redundant columns', () => {
    const r = parse(
      'Rekeningnummer;Datum;Omschrijving;Bedrag;Saldo;credit;debet\r\n' +
        'BE11 1234;  28/02/2024  ;"BIJDRAGE  KBC";-3,40;1.219,95;      ;-3,40\r\n' +
        'BE11 1234;29/02/2024;"Refund; shop";"1.000,00";2.219,95;1.000,00;\r\n',
    );
    expect(r.options.csv).toMatchObject({ delimiter: ';', decimalSeparator: ',', columns: { amount: 'Bedrag' } });
    expect(money(r)).toEqual([-340, 100000]);
    expect(r.postings[1]).toMatchObject({ description: 'Refund; shop', account: 'BE11 1234' });
  });

  it('reads tab-separated files with old-Mac line endings and names unnamed and repeated columns', () => {
    const r = parse('Date\tAmount\tNote\tNote\t\r2024-05-01\t-12.50\tcoffee\tx\t\r2024-05-02\t8\tbook\ty\t\r');
    expect(r.options.csv?.delimiter).toBe('\t');
    expect(r.header).toEqual(['Date', 'Amount', 'Note', 'Note (2)', 'Column 5']);
    expect(money(r)).toEqual([-1250, 800]);
  });

  it('uses the options it is given instead of detecting', () => {
    const text = 'when,what,value,other\n03/04/2024,a,"1,5",x\n05/04/2024,b,"2,25",y\n';
    const r = parse(text, {
      dateFormat: 'MM/DD/YYYY',
      invertSign: true,
      csv: {
        delimiter: ',',
        headerRow: 0,
        decimalSeparator: ',',
        columns: { date: 'when', amount: 'value', description: ['what', 'other'] },
      },
    });
    expect(dates(r)).toEqual(['2024-03-04', '2024-05-04']);
    expect(money(r)).toEqual([-150, -225]);
    expect(r.postings[0]!.description).toBe('a x');
    expect(r.needsReview).toEqual([]);
    expect(() => parse(text, { csv: { columns: { amount: 'nope' } } })).toThrow(/"nope" is not in the file's header/);
  });
});

describe('CSV column roles in several languages', () => {
  it('reads German, Czech, Spanish and Hungarian headers', () => {
    const de = parse(
      'Buchungstag;Verwendungszweck;Auftraggeber / Empfänger;Betrag (EUR)\n05.01.2024;Miete;Hausverwaltung;-850,00\n',
    );
    expect(de.options.csv?.columns).toMatchObject({
      date: 'Buchungstag',
      amount: 'Betrag (EUR)',
      payee: 'Auftraggeber / Empfänger',
    });
    expect(de.postings[0]).toMatchObject({ amountCents: -85000, payee: 'Hausverwaltung', description: 'Miete' });

    const es = parse(
      'Fecha,Concepto,Importe,Saldo\n15/03/2024,Nómina,"1.500,00","3.200,00"\n16/03/2024,Café,"-2,10","3.197,90"\n',
    );
    expect(money(es)).toEqual([150000, -210]);

    const hu = parse(
      'Tranzakció dátuma,Partner neve,Tranzakció összege,Bevétel/Kiadás,Egyenleg\n2024.04.19.,Bolt,350,outflow,1000\n2024.04.17.,Munkahely,1290,inflow,1350\n',
    );
    expect(hu.options.csv?.columns).toMatchObject({ amount: 'Tranzakció összege', direction: 'Bevétel/Kiadás' });
    expect(money(hu)).toEqual([-35000, 129000]);
    expect(hu.options.dateFormat).toBe('YYYY.MM.DD.');
  });

  it('reads withdrawal/deposit columns and takes the net amount over gross and fee', () => {
    const r = parse(
      '"Date","Description","Withdrawal","Deposit","RunningBalance"\n"08/17/2024","Mobile deposit","","$20.00","$1,878.47"\n"08/14/2024","ATM","$103.00","","$1,858.47"\n',
    );
    expect(r.options.csv?.columns).toMatchObject({ debit: 'Withdrawal', credit: 'Deposit' });
    expect(money(r)).toEqual([2000, -10300]);
    const paypal = parse(
      'Fecha,Descripción,Bruto,Comisión,Neto,Saldo\n2/1/2024,Pago,"49,37","-1,78","47,59","4.626,81"\n',
    );
    expect(paypal.options.csv?.columns.amount).toBe('Neto');
    expect(money(paypal)).toEqual([4759]);
  });

  it('signs unsigned amounts by a D/K or debit/credit flag column', () => {
    const r = parse(
      '"Account No","Date","Details","Amount","D/K"\n"LT01","2024-10-01","Opening balance","100.00","K"\n"LT01","2024-10-01","Shop","15.31","D"\n"LT01","2024-10-02","Salary","2863.63","K"\n"LT01","2024-10-02","Closing balance","2948.32","K"\n',
    );
    expect(r.options.csv?.columns.direction).toBe('D/K');
    expect(money(r)).toEqual([-1531, 286363]);
    expect(r.postings[0]!.account).toBe('LT01');
    const mint = parse(
      'Date,Description,Amount,Transaction Type,Account Name\n6/12/24,Move,"1,000.00",debit,Savings\n6/13/24,Back,"2,000.00",credit,Checking\n',
    );
    expect(money(mint)).toEqual([-100000, 200000]);
    expect(mint.postings.map((p) => p.account)).toEqual(['Savings', 'Checking']);
  });
});

describe('CSV sign of card statements', () => {
  it('turns card purchases printed positive into spending, and a CR-flagged payment into money in', () => {
    const r = parse(
      '\uFEFFDate Processed,Description,Amount,\nPending,SHOP A,£67.40,\n12-Dec-2024,SHOP B,"£1,183.23",\n02-Dec-2024,PAYMENT RECEIVED,"+ £1,100.00",CR\n',
    );
    expect(r.options.invertSign).toBe(true);
    expect(r.needsReview).toContain('invertSign');
    expect(money(r)).toEqual([-118323, 110000]);
    expect(r.options.dateFormat).toBe('DD-MMM-YYYY');
  });

  it('flips a card export by its header words, but not when the file already prints purchases negative', () => {
    const card = parse(
      '"Merchant Name","Card Used For Transaction","Date","Amount"\n"Mobil","**** 1234","01/10/2024","36.33"\n"Shop","**** 1234","12/15/2023","13.98"\n',
    );
    expect(card.options.invertSign).toBe(true);
    expect(money(card)).toEqual([-3633, -1398]);
    const signed = parse(
      '"Kartennummer";"Belegdatum";"Buchungsbetrag";"Beschreibung"\n"4400";"20.02.24";"-5,00";"STARBUCKS"\n"4400";"21.02.24";"12,00";"REFUND"\n',
    );
    expect(signed.options.invertSign).toBe(false);
    expect(money(signed)).toEqual([-500, 1200]);
    const bank = parse('Date,Description,Amount\n2024-01-02,Salary,2000.00\n2024-01-03,Gift,50.00\n');
    expect(bank.options.invertSign).toBe(false);
    expect(
      parse('Date,Description,Amount\n2024-01-02,Salary,2000.00\n', { invertSign: false }).options.invertSign,
    ).toBe(false);
  });
});

describe('CSV rows that are not postings', () => {
  it('joins continuation lines to the posting above and skips pending, balance and blank lines', () => {
    const r = parse(
      [
        'Account details for:,ACME 666',
        'Available Balance,"6,666.66"',
        '',
        'Transaction History',
        'Transaction date,Value date,Description,Withdrawals (SGD),Deposits (SGD)',
        '18/04/2024,18/04/2024,DEBIT PURCHASE,6.66,',
        ',,UBER EATS 15/04/24,',
        '17/04/2024,17/04/2024,CASH WITHDRAWAL,66.66,',
        ',,ATM 12 BRANCH,',
        '',
      ].join('\n'),
    );
    expect(r.options.csv?.headerRow).toBe(4);
    expect(r.postings.map((p) => [p.description, p.amountCents])).toEqual([
      ['DEBIT PURCHASE UBER EATS 15/04/24', -666],
      ['CASH WITHDRAWAL ATM 12 BRANCH', -6666],
    ]);
  });

  it('skips rows a status column calls pending', () => {
    const r = parse('Date,Status,Description,Amount\n2024-01-02,Posted,A,-1.00\n2024-01-03,Pending,B,-2.00\n');
    expect(money(r)).toEqual([-100]);
  });

  it('keeps unreadable rows as errors with a reason so the good rows still import', () => {
    const r = parse(
      'Date,Description,Amount\n2024-01-02,Good,-1.00\n2024-13-45,Bad date,-2.00\n2024-01-04,Bad amount,abc\n2024-01-05,No amount,\n2024-01-06,Good too,3.50\n',
    );
    expect(r.postings.map((p) => p.error ?? 'ok')).toEqual([
      'ok',
      'Unreadable date "2024-13-45"',
      'Unreadable amount "abc"',
      'No amount',
      'ok',
    ]);
    expect(r.postings.map((p) => p.index)).toEqual([0, 1, 2, 3, 4]);
    expect(r.postings[4]!.amountCents).toBe(350);
  });

  it('keeps the file category and a unique transaction id, but not a repeated reference', () => {
    const r = parse(
      'Date,Description,Amount,Category,Transaction ID\n2024-01-02,Coffee,-3.00,Food,T1\n2024-01-03,Tea,-2.00,Food,T2\n',
    );
    expect(r.postings.map((p) => [p.category, p.externalId])).toEqual([
      ['Food', 'T1'],
      ['Food', 'T2'],
    ]);
    const repeated = parse('Date,Description,Amount,Transaction ID\n2024-01-02,A,-3.00,X\n2024-01-03,B,-2.00,X\n');
    expect(repeated.postings.every((p) => p.externalId === undefined)).toBe(true);
  });
});

describe('CSV encodings', () => {
  it('reads windows-1252 and windows-1250 files', () => {
    const de = parseStatement(
      latin('"Belegdatum";"Buchungsbetrag";"Transaktionsbeschreibung"\n"20.02.24";"-5,00";"M\xfcller B\xe4ckerei"\n'),
    );
    expect(de.options.encoding).toBe('windows-1252');
    expect(de.postings[0]!.description).toBe('Müller Bäckerei');
    const cz = parseStatement(
      latin(
        'Datum proveden\xed;Zpr\xe1va;Za\xfa\xe8tovan\xe1 \xe8\xe1stka;M\xecna\n27.05.2024;"Platba za \xe8erven \xf8\xedzen\xed";"-1,00";"CZK"\n',
      ),
    );
    expect(cz.options.encoding).toBe('windows-1250');
    expect(cz.options.csv?.columns.amount).toBe('Zaúčtovaná částka');
    expect(cz.postings[0]).toMatchObject({ amountCents: -100, description: 'Platba za červen řízení' });
  });

  it('reads UTF-16 files', () => {
    const r = parseStatement(Buffer.from('\uFEFFDate;Amount;Text\n2024-03-01;-4,50;Bus\n', 'utf16le'));
    expect(r.options.encoding).toBe('utf-16le');
    expect(money(r)).toEqual([-450]);
  });
});

describe('CSV that is not a statement', () => {
  it('refuses tables without dates or amounts', () => {
    expect(() => parse('name,email\nAda,ada@example.com\nBob,bob@example.com\n')).toThrow(/no column of dates/);
    expect(() => parse('Date,Name\n2024-01-01,Ada\n2024-01-02,Bob\n')).toThrow(/no column of amounts/);
    expect(() => parse('just some words\nin a text file\n')).toThrow(ImportFileError);
  });
});

import { describe, expect, it } from 'vitest';
import { parseStatement } from './index.js';

const parse = (s: string, options = {}) => parseStatement(new TextEncoder().encode(s), options);

describe('QIF', () => {
  it('reads bank sections with Quicken dates, splits at their total, address lines and categories', () => {
    const r = parse(
      [
        '!Type:Bank',
        'D6/ 1/94',
        'T-1,000.00',
        'N1005',
        'PBank Of Mortgage',
        'L[linda]',
        'S[linda]',
        '$-253.64',
        'SMort Int',
        '$-746.36',
        '^',
        "D8/31' 0",
        'T75.00',
        'PDeposit',
        'LSalary:Bonus/Work',
        '^',
        "D1/ 5'12",
        'U-10.00',
        'PJoBob',
        'MJ.B. gets bucks',
        'A1010 Rodeo Dr.',
        'A',
        '^',
      ].join('\r\n'),
    );
    expect(r.format).toBe('qif');
    expect(r.postings).toEqual([
      {
        index: 0,
        date: '1994-06-01',
        amountCents: -100000,
        description: 'Bank Of Mortgage',
        payee: 'Bank Of Mortgage',
      },
      {
        index: 1,
        date: '2000-08-31',
        amountCents: 7500,
        description: 'Deposit',
        payee: 'Deposit',
        category: 'Salary:Bonus',
      },
      { index: 2, date: '2012-01-05', amountCents: -1000, description: 'JoBob J.B. gets bucks', payee: 'JoBob' },
    ]);
    expect(r.options.dateFormat).toBe('M/D/YY');
  });

  it('reads card, cash and other-asset sections with account names, and skips investments and lists', () => {
    const r = parse(
      [
        '!Type:Cat',
        'NFood',
        '^',
        '!Account',
        'NVisa',
        'TCCard',
        '^',
        '!Type:CCard',
        'D03/03/2024',
        'T-12.00',
        'PCinema',
        '^',
        '!Type:Invst',
        'D03/04/2024',
        'NBuy',
        'YACME',
        'T-500.00',
        '^',
        '!Type:Oth L',
        'D03/05/2024',
        'T-200.00',
        'PLoan',
        '^',
        '!Type:Cash',
        'D03/06/2024',
        'T-3.50',
        'PCoffee',
      ].join('\n'),
    );
    expect(r.postings.map((p) => [p.date, p.amountCents, p.payee, p.account])).toEqual([
      ['2024-03-03', -1200, 'Cinema', 'Visa'],
      ['2024-03-05', -20000, 'Loan', 'Visa'],
      ['2024-03-06', -350, 'Coffee', 'Visa'],
    ]);
  });

  it('reads day-first files when the days say so, and flags ambiguous ones for review', () => {
    const r = parse('!Type:Bank\nD25/12/2023\nT-1\n^\nD01/02/2024\nT-2\n^\n');
    expect(r.postings.map((p) => p.date)).toEqual(['2023-12-25', '2024-02-01']);
    expect(r.options.dateFormat).toBe('DD/MM/YYYY');
    const amb = parse('!Type:Bank\nD01/02/2024\nT-1\n^\nD01/03/2024\nT-2\n^\n');
    expect(amb.needsReview).toEqual(['dateFormat']);
    expect(amb.postings[0]!.date).toBe('2024-01-02');
    expect(parse('!Type:Bank\nD01/02/2024\nT-1\n^\n', { dateFormat: 'DD/MM/YYYY' }).postings[0]!.date).toBe(
      '2024-02-01',
    );
  });

  it('keeps unreadable records as errors and refuses a file with no transactions', () => {
    const r = parse('!Type:Bank\nD1/2/2024\nTten\n^\nD1/3/2024\nT-5\n^\n');
    expect(r.postings.map((p) => p.error)).toEqual(['Unreadable amount "ten"', undefined]);
    expect(() => parse('!Type:Invst\nD1/2/2024\nT-5\n^\n')).toThrow(/No transactions/);
  });
});

import { describe, expect, it } from 'vitest';
import { reconcileFigures, signedCents, statementBalanceFromInput } from './reconcile';

const rows = [
  { id: 'pay', amount: 1500, type: 'income' as const, status: 'uncleared' as const },
  { id: 'rent', amount: 900.1, type: 'expense' as const, status: 'cleared' as const },
  { id: 'food', amount: 0.2, type: 'expense' as const, status: 'pending' as const },
  { id: 'coffee', amount: 0.1, type: 'expense' as const, status: 'uncleared' as const },
];

describe('reconcileFigures', () => {
  it('starts from the server cleared balance: difference is statement minus cleared', () => {
    expect(reconcileFigures({ statementBalance: 599.9, clearedAtStart: -900.1, rows, ticked: new Map() })).toEqual({
      cleared: -900.1,
      difference: 1500,
    });
  });

  it('ticking adds a row, unticking takes it away, in exact cents', () => {
    const ticked = new Map([
      ['pay', true],
      ['food', true],
      ['coffee', true],
    ]);
    expect(reconcileFigures({ statementBalance: 599.6, clearedAtStart: -900.1, rows, ticked })).toEqual({
      cleared: 599.6,
      difference: 0,
    });
    const untick = new Map([['rent', false]]);
    expect(reconcileFigures({ statementBalance: 0, clearedAtStart: -900.1, rows, ticked: untick })).toEqual({
      cleared: 0,
      difference: 0,
    });
  });

  it('a tick equal to the starting state changes nothing', () => {
    const ticked = new Map([
      ['rent', true],
      ['pay', false],
    ]);
    expect(reconcileFigures({ statementBalance: 10, clearedAtStart: 10, rows, ticked }).difference).toBe(0);
  });

  it('works in balance signs for a card: a payment in lowers what is owed', () => {
    const card = [
      { id: 'buy', amount: 120, type: 'expense' as const, status: 'uncleared' as const },
      { id: 'payment', amount: 100, type: 'income' as const, status: 'uncleared' as const },
    ];
    const statement = statementBalanceFromInput(20, true);
    expect(statement).toBe(-20);
    const ticked = new Map([['buy', true]]);
    expect(reconcileFigures({ statementBalance: statement, clearedAtStart: 0, rows: card, ticked })).toEqual({
      cleared: -120,
      difference: 100,
    });
    ticked.set('payment', true);
    expect(reconcileFigures({ statementBalance: statement, clearedAtStart: 0, rows: card, ticked }).difference).toBe(0);
  });

  it('signs rows by direction', () => {
    expect(signedCents({ amount: 12.34, type: 'income' })).toBe(1234);
    expect(signedCents({ amount: 12.34, type: 'expense' })).toBe(-1234);
    expect(statementBalanceFromInput(50, false)).toBe(50);
    expect(Object.is(statementBalanceFromInput(0, true), 0)).toBe(true);
  });
});

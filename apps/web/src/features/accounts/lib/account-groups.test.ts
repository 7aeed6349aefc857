import { describe, expect, it } from 'vitest';
import { makeAccount } from '../test-data';
import {
  classTotal,
  groupAccounts,
  institutionLine,
  kindDefaults,
  netWorthTotals,
  owedOf,
  showsAccountFigures,
  transferTitle,
} from './account-groups';

describe('groupAccounts', () => {
  it('puts open accounts under their class in kind order, then sort order, then name; closed ones apart', () => {
    const accounts = [
      makeAccount({ id: '1', name: 'Visa', kind: 'credit_card' }),
      makeAccount({ id: '2', name: 'Zeta savings', kind: 'savings' }),
      makeAccount({ id: '3', name: 'Car', kind: 'vehicle' }),
      makeAccount({ id: '4', name: 'Main', kind: 'checking' }),
      makeAccount({ id: '5', name: 'Alpha savings', kind: 'savings' }),
      makeAccount({ id: '6', name: 'Mortgage', kind: 'mortgage' }),
      makeAccount({ id: '7', name: 'Old card', kind: 'credit_card', closedAt: '2026-01-02T00:00:00Z' }),
      makeAccount({ id: '8', name: 'Wallet', kind: 'cash' }),
      makeAccount({ id: '9', name: 'Early savings', kind: 'savings', sortOrder: -1 }),
    ];
    const groups = groupAccounts(accounts);
    expect(groups.asset.map((a) => a.name)).toEqual([
      'Main',
      'Early savings',
      'Alpha savings',
      'Zeta savings',
      'Wallet',
      'Car',
    ]);
    expect(groups.liability.map((a) => a.name)).toEqual(['Visa', 'Mortgage']);
    expect(groups.closed.map((a) => a.name)).toEqual(['Old card']);
  });
});

describe('netWorthTotals', () => {
  it('sums by class, never by sign: an overdraft lowers the assets, a card in credit lowers the liabilities', () => {
    const totals = netWorthTotals([
      makeAccount({ id: '1', name: 'Checking', balance: 1000.1 }),
      makeAccount({ id: '2', name: 'Overdrawn', balance: -200.2 }),
      makeAccount({ id: '3', name: 'Card', kind: 'credit_card', balance: -500.05 }),
      makeAccount({ id: '4', name: 'Card in credit', kind: 'credit_card', balance: 20 }),
    ]);
    expect(totals).toEqual({ assets: 799.9, liabilities: 480.05, netWorth: 319.85 });
  });

  it('leaves out accounts not in net worth and counts in the base currency', () => {
    const totals = netWorthTotals([
      makeAccount({ id: '1', name: 'Checking', balance: 100 }),
      makeAccount({ id: '2', name: 'Kids', balance: 50, inNetWorth: false }),
      makeAccount({ id: '3', name: 'Euro', balance: 10, balanceInBase: 11 }),
    ]);
    expect(totals).toEqual({ assets: 111, liabilities: 0, netWorth: 111 });
  });

  it('answers zeros (not minus zero) for no accounts', () => {
    expect(Object.is(netWorthTotals([]).liabilities, 0)).toBe(true);
    expect(Object.is(classTotal([], 'liability'), 0)).toBe(true);
  });
});

describe('account display helpers', () => {
  it('a class total: the balances of assets, the amount owed of liabilities', () => {
    expect(
      classTotal(
        [makeAccount({ id: '1', name: 'A', balance: 10.1 }), makeAccount({ id: '2', name: 'B', balance: 0.2 })],
        'asset',
      ),
    ).toBe(10.3);
    expect(classTotal([makeAccount({ id: '1', name: 'Card', kind: 'credit_card', balance: -75.5 })], 'liability')).toBe(
      75.5,
    );
  });

  it('owed: the server figure when given, else minus the balance', () => {
    expect(owedOf({ balance: -500, owed: 500 })).toBe(500);
    expect(owedOf({ balance: -42.5 })).toBe(42.5);
    expect(Object.is(owedOf({ balance: 0 }), 0)).toBe(true);
  });

  it('names transfers by direction and the other account', () => {
    const names = (id: string) => ({ s: 'Savings', c: 'Checking' })[id];
    expect(transferTitle({ type: 'expense', transferAccountId: 's' }, names)).toBe('Transfer to Savings');
    expect(transferTitle({ type: 'income', transferAccountId: 'c' }, names)).toBe('Transfer from Checking');
    expect(transferTitle({ type: 'income', transferAccountId: null }, names)).toBe('Transfer');
  });

  it('kind defaults: everyday kinds on budget, every kind in net worth', () => {
    expect(kindDefaults('checking')).toEqual({ onBudget: true, inNetWorth: true });
    expect(kindDefaults('credit_card')).toEqual({ onBudget: true, inNetWorth: true });
    expect(kindDefaults('mortgage')).toEqual({ onBudget: false, inNetWorth: true });
    expect(kindDefaults('investment')).toEqual({ onBudget: false, inNetWorth: true });
  });

  it('institution and last digits', () => {
    expect(institutionLine({ institution: 'Chase', mask: '1234' })).toBe('Chase · ••1234');
    expect(institutionLine({ institution: null, mask: '1234' })).toBe('••1234');
    expect(institutionLine({ institution: null, mask: null })).toBe('');
  });

  it('account figures show beyond the tab only with two accounts or a liability', () => {
    expect(showsAccountFigures([makeAccount({ id: '1', name: 'Main' })])).toBe(false);
    expect(showsAccountFigures([makeAccount({ id: '1', name: 'Card', kind: 'credit_card' })])).toBe(true);
    expect(showsAccountFigures([makeAccount({ id: '1', name: 'A' }), makeAccount({ id: '2', name: 'B' })])).toBe(true);
  });
});

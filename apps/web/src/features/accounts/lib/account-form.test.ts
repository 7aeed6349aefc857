import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@ledgerly/shared';
import { makeAccount } from '../test-data';
import { accountBody, accountFormFrom, emptyAccountForm, withKind } from './account-form';

describe('account form', () => {
  it('a new checking account: opening balance as typed, kind defaults, no card fields', () => {
    const values = { ...emptyAccountForm('2026-03-10'), name: 'Checking', openingBalance: '1,250.50' };
    expect(accountBody(values, 'create')).toEqual({
      errors: null,
      body: {
        name: 'Checking',
        kind: 'checking',
        currency: 'USD',
        openingBalance: 1250.5,
        openingDate: '2026-03-10',
        onBudget: true,
        inNetWorth: true,
        creditLimit: null,
        statementDay: null,
        dueDay: null,
        institution: null,
        mask: null,
        icon: null,
        color: null,
      },
    });
  });

  it('a card: the amount owed becomes a negative opening balance; limit and days are sent', () => {
    const values = {
      ...withKind({ ...emptyAccountForm('2026-03-10'), name: 'Visa' }, 'credit_card'),
      openingBalance: '300',
      creditLimit: '2000',
      statementDay: '25',
      dueDay: '15',
      mask: '4242',
    };
    const { body } = accountBody(values, 'create');
    expect(body).toMatchObject({
      kind: 'credit_card',
      openingBalance: -300,
      creditLimit: 2000,
      statementDay: 25,
      dueDay: 15,
      mask: '4242',
    });
  });

  it('picking a kind moves the toggles to its defaults until the user set them', () => {
    const start = emptyAccountForm('2026-03-10');
    expect(withKind(start, 'mortgage')).toMatchObject({ onBudget: false, inNetWorth: true });
    const touched = { ...start, onBudget: false, togglesTouched: true };
    expect(withKind(touched, 'savings')).toMatchObject({ onBudget: false });
  });

  it("reports the shared schema's messages on their fields", () => {
    const values = { ...emptyAccountForm('2026-03-10'), name: ' ', mask: '12', openingBalance: 'abc' };
    const result = accountBody(values, 'create');
    expect(result.body).toBeNull();
    expect(result.errors).toMatchObject({
      name: ACCOUNT_MSG.nameRequired,
      mask: ACCOUNT_MSG.mask,
      openingBalance: 'Opening balance must be an amount',
    });
    const card = {
      ...withKind({ ...values, name: 'Card', mask: '', openingBalance: '' }, 'credit_card'),
      statementDay: '32',
    };
    expect(accountBody(card, 'create').errors).toEqual({ statementDay: ACCOUNT_MSG.day });
  });

  it('editing keeps the opening balance unless one is typed', () => {
    const values = accountFormFrom(makeAccount({ id: 'a', name: 'Main', balance: 80, institution: 'Chase' }));
    const { body } = accountBody(values, 'edit');
    expect(body).not.toHaveProperty('openingBalance');
    expect(body).toMatchObject({ name: 'Main', institution: 'Chase' });
  });
});

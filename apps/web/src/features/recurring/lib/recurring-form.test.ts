import { describe, expect, it } from 'vitest';
import { newLine } from '../../transactions/components/split-lines-editor';
import { emptyFormValues, formValuesFrom, validateRecurringForm, type RecurringFormValues } from './recurring-form';

const CATEGORY = '6f1c1d2e-8a47-4b8e-9a0e-0f6c1d2e8a47';
const valid: RecurringFormValues = {
  ...emptyFormValues('2026-03-15'),
  categoryId: CATEGORY,
  amount: '1200.5',
  description: '  Rent  ',
};

describe('emptyFormValues', () => {
  it('defaults to an active monthly expense starting today', () => {
    expect(emptyFormValues('2026-03-15')).toEqual({
      type: 'expense',
      categoryId: '',
      accountId: '',
      toAccountId: '',
      amount: '',
      description: '',
      frequency: 'monthly',
      startDate: '2026-03-15',
      endDate: '',
      isActive: true,
      lines: null,
    });
  });
});

describe('validateRecurringForm with split lines', () => {
  const A = '6f1c1d2e-8a47-4b8e-9a0e-0f6c1d2e8a41';
  const B = '6f1c1d2e-8a47-4b8e-9a0e-0f6c1d2e8a42';
  const base = (lines: RecurringFormValues['lines']): RecurringFormValues => ({
    ...emptyFormValues('2026-03-15'),
    amount: '100',
    description: 'Flat',
    lines,
  });
  const line = (categoryId: string, amount: string, type: 'expense' | 'income' = 'expense', note = '') =>
    newLine(type, { categoryId, amount, note });

  it('sends the lines instead of a category when they add up', () => {
    const result = validateRecurringForm(base([line(A, '70', 'expense', ' rent '), line(B, '30')]));
    expect(result).toEqual({
      ok: true,
      payload: {
        type: 'expense',
        lines: [
          { categoryId: A, amount: 70, type: 'expense', note: 'rent' },
          { categoryId: B, amount: 30, type: 'expense', note: null },
        ],
        amount: 100,
        description: 'Flat',
        frequency: 'monthly',
        startDate: '2026-03-15',
        isActive: true,
      },
    });
  });

  it('names the lines when they do not add up, lack a category or an amount', () => {
    expect(validateRecurringForm(base([line(A, '70'), line(B, '20')]))).toEqual({
      ok: false,
      message: "The lines must add up to the transaction's amount: 10.00 is left to assign",
      field: 'lines',
    });
    expect(validateRecurringForm(base([line(A, '70'), line('', '30')]))).toMatchObject({ ok: false, field: 'lines' });
    expect(validateRecurringForm(base([line(A, '70'), line(B, '')]))).toMatchObject({ ok: false, field: 'lines' });
  });
});

describe('validateRecurringForm', () => {
  it('reports problems one at a time in the spec order', () => {
    let values: RecurringFormValues = { ...emptyFormValues(''), endDate: '2000-01-01' };
    const seen: string[] = [];
    const fixes: Partial<RecurringFormValues>[] = [
      { categoryId: CATEGORY },
      { amount: '10' },
      { description: 'Gym' },
      { startDate: '2026-03-15' },
      { endDate: '2026-04-15' },
    ];
    for (const fix of fixes) {
      const result = validateRecurringForm(values);
      expect(result.ok).toBe(false);
      if (!result.ok) seen.push(result.message);
      values = { ...values, ...fix };
    }
    expect(seen).toEqual([
      'Please select a category',
      'Please enter a valid amount',
      'Please enter a description',
      'Please select a start date',
      'End date must be after start date',
    ]);
    expect(validateRecurringForm(values).ok).toBe(true);
  });

  it('names the field of the first problem', () => {
    const result = validateRecurringForm({ ...valid, amount: '0' });
    expect(result).toEqual({ ok: false, message: 'Please enter a valid amount', field: 'amount' });
  });

  it.each(['', '0', '-5', 'abc', '1.234', '0.001'])('refuses the amount %j', (amount) => {
    const result = validateRecurringForm({ ...valid, amount });
    expect(result.ok ? null : result.message).toBe('Please enter a valid amount');
  });

  it('refuses a description of only spaces', () => {
    const result = validateRecurringForm({ ...valid, description: '   ' });
    expect(result.ok ? null : result.message).toBe('Please enter a description');
  });

  it('accepts an end date equal to the start date', () => {
    expect(validateRecurringForm({ ...valid, endDate: valid.startDate }).ok).toBe(true);
  });

  it('sends the amount as a number, trims the description and omits an empty end date', () => {
    const result = validateRecurringForm(valid);
    expect(result).toEqual({
      ok: true,
      payload: {
        categoryId: CATEGORY,
        type: 'expense',
        amount: 1200.5,
        description: 'Rent',
        frequency: 'monthly',
        startDate: '2026-03-15',
        isActive: true,
      },
    });
    if (result.ok) expect('endDate' in result.payload).toBe(false);
  });

  it('keeps a given end date and the active flag', () => {
    const result = validateRecurringForm({ ...valid, endDate: '2026-12-31', isActive: false, frequency: 'weekly' });
    expect(result.ok && result.payload).toMatchObject({ endDate: '2026-12-31', isActive: false, frequency: 'weekly' });
  });
});

describe('validateRecurringForm for a recurring transfer', () => {
  const FROM = '00000000-0000-4000-8000-00000000acc1';
  const TO = '00000000-0000-4000-8000-00000000acc2';
  const transfer: RecurringFormValues = {
    ...emptyFormValues('2026-03-15'),
    type: 'transfer',
    accountId: FROM,
    toAccountId: TO,
    amount: '200',
    description: ' Savings ',
  };

  it('needs no category and sends both accounts, without category or type', () => {
    expect(validateRecurringForm(transfer)).toEqual({
      ok: true,
      payload: {
        toAccountId: TO,
        accountId: FROM,
        amount: 200,
        description: 'Savings',
        frequency: 'monthly',
        startDate: '2026-03-15',
        isActive: true,
      },
    });
  });

  it('asks for the destination first, then refuses the same account, then the usual order', () => {
    expect(validateRecurringForm({ ...transfer, toAccountId: '', amount: '' })).toEqual({
      ok: false,
      message: 'Please select the account to transfer to',
      field: 'toAccountId',
    });
    expect(validateRecurringForm({ ...transfer, toAccountId: FROM, amount: '' })).toEqual({
      ok: false,
      message: 'A transfer needs two different accounts',
      field: 'toAccountId',
    });
    const seen: string[] = [];
    let values: RecurringFormValues = {
      ...transfer,
      amount: '',
      description: '',
      startDate: '',
      endDate: '2000-01-01',
    };
    for (const fix of [{ amount: '5' }, { description: 'Save' }, { startDate: '2026-03-15' }, { endDate: '' }]) {
      const result = validateRecurringForm(values);
      if (!result.ok) seen.push(result.message);
      values = { ...values, ...fix };
    }
    expect(seen).toEqual([
      'Please enter a valid amount',
      'Please enter a description',
      'Please select a start date',
      'End date must be after start date',
    ]);
    expect(validateRecurringForm(values).ok).toBe(true);
  });

  it('opens an existing transfer as a Transfer, with both accounts', () => {
    const values = formValuesFrom({
      id: 'x',
      tags: [],
      lines: [],
      categoryId: null,
      category: null,
      accountId: FROM,
      toAccountId: TO,
      type: 'expense',
      amount: 200,
      description: 'Savings',
      frequency: 'monthly',
      startDate: '2026-01-01',
      endDate: null,
      nextDate: '2026-04-01',
      lastGenerated: '2026-03-01',
      isActive: true,
      skippedDates: [],
    });
    expect(values).toMatchObject({ type: 'transfer', accountId: FROM, toAccountId: TO, categoryId: '' });
  });

  it('sends the chosen account with an ordinary item only when one was given', () => {
    const ordinary = {
      ...emptyFormValues('2026-03-15'),
      categoryId: '6f1c1d2e-8a47-4b8e-9a0e-0f6c1d2e8a47',
      amount: '1',
      description: 'A',
    };
    const without = validateRecurringForm(ordinary);
    expect(without.ok && 'accountId' in without.payload).toBe(false);
    const withAccount = validateRecurringForm({ ...ordinary, accountId: TO });
    expect(withAccount.ok && withAccount.payload).toMatchObject({ accountId: TO, type: 'expense' });
  });
});

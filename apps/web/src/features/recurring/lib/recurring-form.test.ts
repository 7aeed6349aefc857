import { describe, expect, it } from 'vitest';
import { emptyFormValues, validateRecurringForm, type RecurringFormValues } from './recurring-form';

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
      amount: '',
      description: '',
      frequency: 'monthly',
      startDate: '2026-03-15',
      endDate: '',
      isActive: true,
    });
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

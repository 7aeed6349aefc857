import { describe, expect, it } from 'vitest';
import { transactionInputSchema } from '@ledgerly/shared';
import { forDay, parse } from './validate.js';

describe('forDay', () => {
  it("makes a day's schema once and keeps it, a new one for another day", () => {
    let made = 0;
    const make = (today: string) => {
      made++;
      return { today };
    };
    const first = forDay(make, '2026-11-26');
    expect(forDay(make, '2026-11-26')).toBe(first);
    expect(made).toBe(1);
    expect(forDay(make, '2026-11-27')).toEqual({ today: '2026-11-27' });
    expect(made).toBe(2);
    // At most four days kept: the oldest is made again after four others.
    for (const day of ['2026-11-28', '2026-11-29', '2026-11-30']) forDay(make, day);
    expect(forDay(make, '2026-11-26')).not.toBe(first);
    expect(made).toBe(6);
  });

  it("checks against the day it was made for: a kept schema still refuses that day's tomorrow", () => {
    const fields = { categoryId: '6f1c2a4e-1b2c-4d3e-8f9a-0b1c2d3e4f50', type: 'expense', amount: '4.50' };
    const today = forDay(transactionInputSchema, '2026-11-26');
    expect(parse(today, { ...fields, date: '2026-11-26' }).date).toBe('2026-11-26');
    expect(() => parse(forDay(transactionInputSchema, '2026-11-26'), { ...fields, date: '2026-11-27' })).toThrow();
    expect(parse(forDay(transactionInputSchema, '2026-11-27'), { ...fields, date: '2026-11-27' }).date).toBe(
      '2026-11-27',
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { budgetPercentage, budgetStatusOf } from './budget.js';

describe('budgetStatusOf', () => {
  it.each([
    [0, 10_000, 'safe'],
    [6_999, 10_000, 'safe'],
    [7_000, 10_000, 'warning'],
    [9_999, 10_000, 'warning'],
    [10_000, 10_000, 'exceeded'],
    [25_000, 10_000, 'exceeded'],
    // 69.9999 % is still safe, 99.9999 % still a warning: compared exactly, never rounded up.
    [699_999, 1_000_000, 'safe'],
    [999_999, 1_000_000, 'warning'],
  ] as const)('%i of %i cents is %s', (spent, budget, status) => {
    expect(budgetStatusOf(spent, budget)).toBe(status);
  });
});

describe('budgetPercentage', () => {
  it.each([
    [0, 10_000, 0],
    [6_999, 10_000, 69.99],
    [7_000, 10_000, 70],
    [10_000, 10_000, 100],
    [15_050, 10_000, 150.5],
    [1, 3, 33.33],
    [2, 3, 66.67],
    [699_999, 1_000_000, 69.99],
    [999_999, 1_000_000, 99.99],
    [999_999_999_999, 1, 99_999_999_999_900],
  ] as const)('%i of %i cents is %d %%', (spent, budget, pct) => {
    expect(budgetPercentage(spent, budget)).toBe(pct);
  });

  it('never shows a threshold the status has not reached', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999_999 }),
        fc.integer({ min: 1, max: 999_999_999_999 }),
        (s, b) => {
          const pct = budgetPercentage(s, b);
          const status = budgetStatusOf(s, b);
          expect(status === 'exceeded').toBe(pct >= 100);
          expect(status !== 'safe').toBe(pct >= 70);
          expect(Math.abs(pct - (s / b) * 100)).toBeLessThanOrEqual(0.01 + 1e-9 * (s / b) * 100);
        },
      ),
    );
  });
});

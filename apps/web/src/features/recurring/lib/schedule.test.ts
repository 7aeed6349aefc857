import { describe, expect, it } from 'vitest';
import { generateNowMessage, isOverdue, relativeNextLabel } from './schedule';

const today = '2026-03-31';
const active = (nextDate: string | null) => ({ nextDate, isActive: true });

describe('relativeNextLabel', () => {
  it('labels past, today, tomorrow and later dates', () => {
    expect(relativeNextLabel(active('2026-03-30'), today)).toBe('Overdue');
    expect(relativeNextLabel(active('2025-12-01'), today)).toBe('Overdue');
    expect(relativeNextLabel(active('2026-03-31'), today)).toBe('Today');
    expect(relativeNextLabel(active('2026-04-01'), today)).toBe('Tomorrow');
    expect(relativeNextLabel(active('2026-04-02'), today)).toBe('In 2 days');
    expect(relativeNextLabel(active('2026-04-30'), today)).toBe('In 30 days');
  });

  it('counts calendar days across month, year and leap-day boundaries', () => {
    expect(relativeNextLabel(active('2025-01-01'), '2024-12-31')).toBe('Tomorrow');
    expect(relativeNextLabel(active('2024-03-01'), '2024-02-28')).toBe('In 2 days');
    expect(relativeNextLabel(active('2027-03-31'), '2026-03-31')).toBe('In 365 days');
  });

  it('does not call an inactive item overdue', () => {
    expect(relativeNextLabel({ nextDate: '2026-03-01', isActive: false }, today)).toBeNull();
    expect(relativeNextLabel({ nextDate: '2026-04-01', isActive: false }, today)).toBe('Tomorrow');
  });

  it('says Ended when there is no next date', () => {
    expect(relativeNextLabel(active(null), today)).toBe('Ended');
    expect(relativeNextLabel({ nextDate: null, isActive: false }, today)).toBe('Ended');
  });
});

describe('isOverdue', () => {
  it('is true only for active items whose next date is before today', () => {
    expect(isOverdue(active('2026-03-30'), today)).toBe(true);
    expect(isOverdue(active('2026-03-31'), today)).toBe(false);
    expect(isOverdue(active(null), today)).toBe(false);
    expect(isOverdue({ nextDate: '2026-03-30', isActive: false }, today)).toBe(false);
  });
});

describe('generateNowMessage', () => {
  const spec =
    'Generate a transaction now for "Gym"? This will create a new transaction and update the next scheduled date.';
  it("keeps the spec's sentence and says the date the transaction will carry", () => {
    expect(generateNowMessage({ description: 'Gym', nextDate: '2026-04-07' }, today)).toBe(
      `${spec} It will be dated today, Mar 31, 2026, not on its next date, Apr 7, 2026.`,
    );
    expect(generateNowMessage({ description: 'Gym', nextDate: '2026-03-31' }, today)).toBe(
      `${spec} It will be dated today, Mar 31, 2026.`,
    );
    expect(generateNowMessage({ description: 'Gym', nextDate: '2026-03-02' }, today)).toBe(
      `${spec} It will be dated Mar 2, 2026, the day it was due.`,
    );
    expect(generateNowMessage({ description: 'Gym', nextDate: null }, today)).toBe(spec);
  });
});

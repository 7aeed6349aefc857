import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isIsoDate, isTimeZone, todayIn } from './dates.js';

describe('dates', () => {
  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2025-04-31')).toBe(false);
    expect(isIsoDate('2025-4-1')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('computes today in a time zone', () => {
    const instant = new Date('2026-01-01T05:00:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-01-01');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2025-12-31');
    expect(todayIn('Pacific/Kiritimati', new Date('2025-12-31T11:00:00Z'))).toBe('2026-01-01');
  });

  it('knows time zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Nowhere/City')).toBe(false);
  });

  it('adds days across months and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysBetween('2025-01-01', '2025-03-01')).toBe(59);
  });
});

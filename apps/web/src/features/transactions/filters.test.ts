import { describe, expect, it } from 'vitest';
import { activeQuickRange, clampToToday, defaultFilters, filterQuery, quickRangeDates, withDate } from './filters';
import { filenameFromDisposition } from './api/export-pdf';
import { receiptFileError } from './receipt-file';

const TODAY = '2026-03-17';

describe('transaction filters', () => {
  it('default to the first of the month through today', () => {
    expect(defaultFilters(TODAY)).toEqual({
      type: '',
      categoryId: '',
      accountId: '',
      search: '',
      startDate: '2026-03-01',
      endDate: TODAY,
      tagIds: [],
      tagMode: 'any',
    });
  });

  it('quick ranges: This Year from Jan 1, All Time without dates', () => {
    expect(quickRangeDates('year', TODAY)).toEqual({ startDate: '2026-01-01', endDate: TODAY });
    expect(quickRangeDates('all', TODAY)).toEqual({ startDate: '', endDate: '' });
    expect(activeQuickRange({ startDate: '2026-03-01', endDate: TODAY }, TODAY)).toBe('month');
    expect(activeQuickRange({ startDate: '', endDate: '' }, TODAY)).toBe('all');
    expect(activeQuickRange({ startDate: '2026-02-01', endDate: TODAY }, TODAY)).toBe('custom');
  });

  it('never allow a date after today', () => {
    expect(clampToToday('2026-03-18', TODAY)).toBe(TODAY);
    expect(clampToToday('2026-03-16', TODAY)).toBe('2026-03-16');
    expect(clampToToday('', TODAY)).toBe('');
  });

  it('never run backwards: the other end follows', () => {
    const f = { ...defaultFilters(TODAY), startDate: '2026-03-05', endDate: '2026-03-10' };
    expect(withDate(f, 'startDate', '2026-03-12', TODAY)).toMatchObject({
      startDate: '2026-03-12',
      endDate: '2026-03-12',
    });
    expect(withDate(f, 'endDate', '2026-03-01', TODAY)).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-03-01',
    });
    expect(withDate(f, 'endDate', '2027-01-01', TODAY)).toMatchObject({ startDate: '2026-03-05', endDate: TODAY });
    expect(withDate({ ...f, endDate: '' }, 'startDate', '2026-03-12', TODAY)).toMatchObject({ endDate: '' });
  });

  it('send the search trimmed', () => {
    expect(filterQuery({ ...defaultFilters(TODAY), search: '  coffee ' }).search).toBe('coffee');
  });
});

describe('export file name', () => {
  it("prefers the server's Content-Disposition name", () => {
    expect(filenameFromDisposition('attachment; filename="receipt-2026-03-17.pdf"')).toBe('receipt-2026-03-17.pdf');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''receipt%202026.pdf")).toBe('receipt 2026.pdf');
    expect(filenameFromDisposition('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

describe('receipt file check', () => {
  it('takes JPEG, JPG, PNG, GIF and WebP up to 5MB', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']) {
      expect(receiptFileError({ name: 'r', type, size: 5 * 1024 * 1024 })).toBeNull();
    }
    expect(receiptFileError({ name: 'r.pdf', type: 'application/pdf', size: 10 })).toBe(
      'Please upload a valid image file (JPEG, PNG, GIF, or WebP)',
    );
    expect(receiptFileError({ name: 'r.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(
      'File size must be less than 5MB',
    );
    expect(receiptFileError({ name: 'scan.JPG', type: '', size: 10 })).toBeNull();
  });
});

describe('tag filters as query parameters', () => {
  it('sends tagIds joined by commas, and tagMode only with tags and when it is not any', () => {
    const base = defaultFilters('2026-03-15');
    expect(filterQuery({ ...base, tagIds: [] })).toMatchObject({ tagIds: '', tagMode: '' });
    expect(filterQuery({ ...base, tagIds: ['a', 'b'] })).toMatchObject({ tagIds: 'a,b', tagMode: '' });
    expect(filterQuery({ ...base, tagIds: ['a'], tagMode: 'none' })).toMatchObject({ tagIds: 'a', tagMode: 'none' });
    expect(filterQuery({ ...base, tagIds: [], tagMode: 'all' })).toMatchObject({ tagMode: '' });
  });
});

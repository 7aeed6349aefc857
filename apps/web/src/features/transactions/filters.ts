import { firstOfMonth, firstOfYear, type TagMode, type TransactionType } from '@ledgerly/shared';

/** What the Transactions tab filters by; '' means "any". Dates are YYYY-MM-DD or ''. */
export interface TransactionFilters {
  type: TransactionType | '';
  categoryId: string;
  /** One account's rows (offered once the user has two accounts). */
  accountId: string;
  search: string;
  startDate: string;
  endDate: string;
  /** Rows with any, all or none of these tags (docs/tags.md). */
  tagIds: string[];
  tagMode: TagMode;
}

export type QuickRange = 'month' | 'year' | 'all';

export const QUICK_RANGES: readonly { value: QuickRange; label: string }[] = [
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
  { value: 'all', label: 'All Time' },
];

/** The dates of a quick range: This Month and This Year end today; All Time has no dates. */
export function quickRangeDates(range: QuickRange, today: string): Pick<TransactionFilters, 'startDate' | 'endDate'> {
  if (range === 'all') return { startDate: '', endDate: '' };
  return { startDate: range === 'month' ? firstOfMonth(today) : firstOfYear(today), endDate: today };
}

/** The quick range the dates match, or 'custom' when they match none. */
export function activeQuickRange(filters: Pick<TransactionFilters, 'startDate' | 'endDate'>, today: string) {
  for (const { value } of QUICK_RANGES) {
    const d = quickRangeDates(value, today);
    if (d.startDate === filters.startDate && d.endDate === filters.endDate) return value;
  }
  return 'custom' as const;
}

/** The first day of the current month through today, nothing else. */
export function defaultFilters(today: string): TransactionFilters {
  return {
    type: '',
    categoryId: '',
    accountId: '',
    search: '',
    ...quickRangeDates('month', today),
    tagIds: [],
    tagMode: 'any',
  };
}

/** A date typed into a filter: never later than today. */
export function clampToToday(date: string, today: string): string {
  return date && date > today ? today : date;
}

/**
 * Sets one end of the date range (never after today). If the range would run backwards the
 * other end moves along with it, so an impossible range is never asked for.
 */
export function withDate(filters: TransactionFilters, which: 'startDate' | 'endDate', date: string, today: string) {
  const next = { ...filters, [which]: clampToToday(date, today) };
  if (next.startDate && next.endDate && next.startDate > next.endDate) {
    if (which === 'startDate') next.endDate = next.startDate;
    else next.startDate = next.endDate;
  }
  return next;
}

/** The filters as query parameters (empty ones left out by the API client). */
export function filterQuery(filters: TransactionFilters): Record<string, string> {
  return {
    type: filters.type,
    categoryId: filters.categoryId,
    accountId: filters.accountId,
    search: filters.search.trim(),
    startDate: filters.startDate,
    endDate: filters.endDate,
    tagIds: filters.tagIds.join(','),
    // The mode only with tags (any is the server's default).
    tagMode: filters.tagIds.length && filters.tagMode !== 'any' ? filters.tagMode : '',
  };
}

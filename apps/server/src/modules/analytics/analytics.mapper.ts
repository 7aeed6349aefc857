import type { BreakdownItem } from '@ledgerly/shared';
import type { BreakdownRow } from './analytics.repository.js';

/** Integer cents as a decimal string with two decimals: 1250 → "12.50", -5 → "-0.05". */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function toBreakdownItem(row: BreakdownRow): BreakdownItem {
  return {
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    categoryIcon: row.categoryIcon,
    categoryColor: row.categoryColor,
    total: centsToDecimalString(row.totalCents),
    count: row.count,
    percentage: row.percentage,
  };
}

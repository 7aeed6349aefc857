import { centsToDecimalString, type BreakdownItem } from '@ledgerly/shared';
import type { BreakdownRow } from './analytics.repository.js';

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

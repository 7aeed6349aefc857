import { type SQL, and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TransactionFilter } from '@ledgerly/shared';
import { transactions } from '../../db/schema.js';
import type { TotalsFilter, TotalsRange } from './ledger.rollups.js';

/*
 * The filters of the ledger as SQL, in one place for every reader of transactions (the list,
 * its counts and summary, the CSV export, the PDF report, analytics), so a report always shows
 * what the list shows.
 *
 * Adding a filter (account, tag, currency) is one field: add it to the shared filter schema and
 * the compiler asks for its clause in ROW_CLAUSES below, and for its answer in ROLLUP_FIELDS
 * (true when the per-day/month totals are kept by that column, false when only rows can answer).
 */

/** The one filter type of the ledger's reads (the list's query without paging). */
export type LedgerFilter = { [K in keyof TransactionFilter]?: TransactionFilter[K] | undefined };

type Clauses = { [K in keyof LedgerFilter]-?: (value: NonNullable<LedgerFilter[K]>) => SQL };

/** `%`, `_` and `\` in the search text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ROW_CLAUSES: Clauses = {
  // Income or expense: rows that count as such (a transfer leg, an opening or adjustment row has a
  // direction but is neither, DESIGN §10), so the rollups answer a type filter exactly.
  type: (v) => and(eq(transactions.type, v), isNotNull(transactions.categoryId))!,
  categoryId: (v) => eq(transactions.categoryId, v),
  accountId: (v) => eq(transactions.accountId, v),
  startDate: (v) => sql`${transactions.date} >= ${v}`,
  endDate: (v) => sql`${transactions.date} <= ${v}`,
  search: (v) => sql`${transactions.description} ilike ${`%${escapeLike(v)}%`} escape '\\'`,
};

/** Which filters the rollups can answer (their key columns); a filter set on a `false` one reads rows. */
const ROLLUP_FIELDS: { [K in keyof LedgerFilter]-?: boolean } = {
  type: true,
  categoryId: true,
  accountId: true,
  startDate: true,
  endDate: true,
  search: false,
};

/** The WHERE clause of a user's filtered transactions. */
export function filterWhere(userId: string, f: LedgerFilter): SQL {
  const parts: SQL[] = [eq(transactions.userId, userId)];
  for (const key of Object.keys(ROW_CLAUSES) as (keyof LedgerFilter)[]) {
    const value = f[key];
    // An empty value is no filter, as an absent one.
    if (value) parts.push((ROW_CLAUSES[key] as (v: unknown) => SQL)(value));
  }
  return and(...parts) ?? sql`false`;
}

/** The filter as the per-day and per-month totals can answer it, or null when one of its fields needs the rows. */
export function rollupFilter(f: LedgerFilter): { range: TotalsRange; filter: TotalsFilter } | null {
  for (const key of Object.keys(ROLLUP_FIELDS) as (keyof LedgerFilter)[]) {
    if (!ROLLUP_FIELDS[key] && f[key]) return null;
  }
  return {
    range: { start: f.startDate, end: f.endDate },
    filter: { type: f.type, categoryId: f.categoryId, accountId: f.accountId },
  };
}

/**
 * The rows the rollups leave out (no category: transfer legs, opening and adjustment rows) that
 * match a rollup-answerable filter: none when it names a type or a category, else those in its
 * dates and account. The list counts them beside the rollups' counts (a partial index holds them).
 */
export function uncategorizedWhere(userId: string, f: LedgerFilter): SQL | null {
  if (f.type || f.categoryId) return null;
  const parts: SQL[] = [eq(transactions.userId, userId), isNull(transactions.categoryId)];
  if (f.startDate) parts.push(sql`${transactions.date} >= ${f.startDate}`);
  if (f.endDate) parts.push(sql`${transactions.date} <= ${f.endDate}`);
  if (f.accountId) parts.push(eq(transactions.accountId, f.accountId));
  return and(...parts)!;
}

import { type Placeholder, type SQL, and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TransactionFilter } from '@ledgerly/shared';
import { categories, transactions } from '../../db/schema.js';
import type { TotalsFilter, TotalsRange } from './ledger.rollups.js';
import { tagClause } from './ledger.tags.js';

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

type Clauses = {
  [K in keyof LedgerFilter]-?: (
    value: NonNullable<LedgerFilter[K]>,
    userId: string,
    f: LedgerFilter,
  ) => SQL | undefined;
};

/** `%`, `_` and `\` in the search text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column ilike '%text%'` with the text taken literally (the search's and the rules' "contains"). */
export const containsText = (column: SQL | typeof transactions.description, text: string): SQL =>
  sql`${column} ilike ${`%${escapeLike(text)}%`} escape '\\'`;

// An amount as the app writes it: digits with optional thousands commas, then up to two decimals.
// Each pattern has one way to match any text (no nested or overlapping repetition), so it runs in
// linear time whatever is typed.
const PLAIN_AMOUNT = /^\d{1,10}(?:\.\d{0,2})?$/;
const GROUPED_AMOUNT = /^\d{1,3}(?:,\d{3}){1,3}(?:\.\d{0,2})?$/;

/**
 * The amounts (in cents, inclusive) a search text stands for, or null when it is not an amount.
 * The text is read as the app writes amounts, in whole currency units: "1450" and "1,450" are
 * $1,450.00 to $1,450.99 (what starts with those units), "14.5" is $14.50 to $14.59 and "14.50"
 * is exactly $14.50. A leading currency sign or minus is allowed and ignored (the list shows
 * both kinds). docs/transactions.md, "Search".
 */
export function searchAmountRange(text: string): { lo: number; hi: number } | null {
  let t = text.trim();
  if (t.startsWith('-') || t.startsWith('+')) t = t.slice(1).trim();
  if (t.startsWith('$')) t = t.slice(1).trim();
  if (t.length > 20 || !(PLAIN_AMOUNT.test(t) || GROUPED_AMOUNT.test(t))) return null;
  const [units = '', decimals = ''] = t.replaceAll(',', '').split('.');
  const base = Number(units) * 100;
  if (decimals.length === 2) return { lo: base + Number(decimals), hi: base + Number(decimals) };
  if (decimals.length === 1) return { lo: base + Number(decimals) * 10, hi: base + Number(decimals) * 10 + 9 };
  return { lo: base, hi: base + 99 };
}

/**
 * The search: the description (where payees go) or the category's name contains the text, or the
 * text is an amount. Each branch has its index — the description's trigram index, the user's
 * categories then (user, category, date), and (user, amount) — so PostgreSQL can OR bitmaps.
 */
function searchClause(text: string, userId: string): SQL {
  const pattern = `%${escapeLike(text)}%`;
  const parts: SQL[] = [
    sql`${transactions.description} ilike ${pattern} escape '\\'`,
    sql`${transactions.categoryId} in (select ${categories.id} from ${categories}
          where ${categories.userId} = ${userId} and ${categories.name} ilike ${pattern} escape '\\')`,
  ];
  const amount = searchAmountRange(text);
  if (amount) parts.push(sql`${transactions.amountCents} between ${amount.lo} and ${amount.hi}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * A split row (regular, no category) one of whose lines matches `line` (a condition on `l`):
 * looked up only for split rows, by the lines' (transaction_id, position) key.
 */
const splitWithLine = (line: SQL) =>
  sql`(${transactions.kind} = 'regular' and ${transactions.categoryId} is null and exists (
    select 1 from transaction_lines l where l.transaction_id = ${transactions.id} and ${line}))`;

const ROW_CLAUSES: Clauses = {
  // Income or expense: rows that count as such (a transfer leg, an opening or adjustment row has a
  // direction but is neither, DESIGN §10), so the rollups answer a type filter exactly. A split
  // row counts as the types of its lines (DESIGN §11), as it does in the rollups.
  type: (v) =>
    sql`(${and(eq(transactions.type, v), isNotNull(transactions.categoryId))} or ${splitWithLine(sql`l.type = ${v}`)})`,
  // A split row is in a category when one of its lines is.
  categoryId: (v) => sql`(${eq(transactions.categoryId, v)} or ${splitWithLine(sql`l.category_id = ${v}`)})`,
  accountId: (v) => eq(transactions.accountId, v),
  startDate: (v) => sql`${transactions.date} >= ${v}`,
  endDate: (v) => sql`${transactions.date} <= ${v}`,
  search: (v, userId) => searchClause(v, userId),
  tagIds: (v, userId, f) => tagClause(v, f.tagMode ?? 'any', userId),
  // Read with tagIds (alone it filters nothing).
  tagMode: () => undefined,
};

/** Which filters the rollups can answer (their key columns); a filter set on a `false` one reads rows. */
const ROLLUP_FIELDS: { [K in keyof LedgerFilter]-?: boolean } = {
  type: true,
  categoryId: true,
  accountId: true,
  startDate: true,
  endDate: true,
  search: false,
  tagIds: false,
  tagMode: true,
};

/** The WHERE clause of a user's filtered transactions. */
export function filterWhere(userId: string, f: LedgerFilter): SQL {
  const parts: SQL[] = [eq(transactions.userId, userId)];
  for (const key of Object.keys(ROW_CLAUSES) as (keyof LedgerFilter)[]) {
    const value = f[key];
    // An empty value is no filter, as an absent one.
    const clause = value ? (ROW_CLAUSES[key] as Clauses['search'])(value as string, userId, f) : undefined;
    if (clause) parts.push(clause);
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
 * As values by name (`xu` the user, `xs`, `xe`, `xa`), null when there are no such rows; the
 * clause is `uncategorizedSql(values, bind)`, each value written as `bind(name)` (the value, or
 * a placeholder of a prepared query).
 */
export function uncategorizedValues(userId: string, f: LedgerFilter): Record<string, string> | null {
  if (f.type || f.categoryId) return null;
  const v: Record<string, string> = { xu: userId };
  if (f.startDate) v.xs = f.startDate;
  if (f.endDate) v.xe = f.endDate;
  if (f.accountId) v.xa = f.accountId;
  return v;
}

export function uncategorizedSql(values: Record<string, unknown>, bind: (name: string) => string | Placeholder): SQL {
  const parts: SQL[] = [eq(transactions.userId, bind('xu')), isNull(transactions.categoryId)];
  if (values.xs) parts.push(sql`${transactions.date} >= ${bind('xs')}`);
  if (values.xe) parts.push(sql`${transactions.date} <= ${bind('xe')}`);
  if (values.xa) parts.push(eq(transactions.accountId, bind('xa')));
  return and(...parts)!;
}

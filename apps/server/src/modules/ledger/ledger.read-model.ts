import {
  type Placeholder,
  type SQL,
  and,
  count,
  eq,
  getTableColumns,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { TagRef } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { ph, runPrepared } from '../../db/prepared.js';
import { categories, transactionLines, transactions } from '../../db/schema.js';
import type { Cursor } from './ledger.cursor.js';
import {
  type LedgerFilter,
  containsText,
  filterWhere,
  rollupFilter,
  uncategorizedSql,
  uncategorizedValues,
} from './ledger.filter.js';
import { shapeOf, totalsSql, totalsValues } from './ledger.rollups.js';
import { countTagged, withTags } from './ledger.tags.js';
import {
  type LineWithCategory,
  lineCorrectionSql,
  lineCorrectionValues,
  linesOf,
  matchingLinesSql,
} from './ledger.lines.js';

/*
 * The ledger's shared reads: the transaction-with-category join, keyset pages in one order and
 * one cursor, counts, and the income/expense/balance sums (from the rollups whenever the filter
 * allows, from the rows otherwise). Modules read transactions through these, so a list, a
 * summary, a CSV, a PDF and the dashboard agree by construction.
 */

export type TransactionRow = typeof transactions.$inferSelect;
export type CategoryRefRow = { id: string; name: string; color: string; icon: string };
/** A row as the API answers it: its category (null on a transfer leg, an opening or adjustment row) and its transfer. */
export type TransactionWithCategory = TransactionRow & {
  category: CategoryRefRow | null;
  transferId: string | null;
  transferAccountId: string | null;
  /** The row's tags by name (attached by findTransaction and listTransactions). */
  tags?: TagRef[];
  /** A split row's lines with their categories, in order; empty on any other row. */
  lines: LineWithCategory[];
};
/** A row of a keyset page: `cursor` is where the next page starts after it. */
export type PagedRow = TransactionRow & { cursor: Cursor };
export type ListedRow = TransactionWithCategory & { cursor: Cursor };

/** A transfer leg's transfer, and the account of its other leg (looked up only on transfer rows). */
const transferOf = sql<string | null>`case when ${transactions.kind} = 'transfer' then (
  select tr.id from transfers tr where tr.out_transaction_id = ${transactions.id} or tr.in_transaction_id = ${transactions.id}) end`;
const transferAccountOf = sql<string | null>`case when ${transactions.kind} = 'transfer' then (
  select o.account_id from transfers tr join transactions o
    on o.id = case when tr.out_transaction_id = ${transactions.id} then tr.in_transaction_id else tr.out_transaction_id end
  where tr.out_transaction_id = ${transactions.id} or tr.in_transaction_id = ${transactions.id}) end`;

/** A split row: regular without a category (its lines carry the categories, DESIGN §11). */
const isSplitRow = (r: Pick<TransactionRow, 'kind' | 'categoryId'>) => r.kind === 'regular' && r.categoryId === null;

/**
 * The rows with their lines: one query for the split rows among them (none when there are none,
 * so a page without splits costs what it did).
 */
export async function withLines<R extends TransactionRow>(
  db: Db,
  userId: string,
  rows: R[],
): Promise<(R & { lines: LineWithCategory[] })[]> {
  const split = rows.filter(isSplitRow).map((r) => r.id);
  const lines = split.length ? await linesOf(db, userId, split) : new Map<string, LineWithCategory[]>();
  return rows.map((r) => ({ ...r, lines: lines.get(r.id) ?? [] }));
}

const withCategory = {
  ...getTableColumns(transactions),
  category: { id: categories.id, name: categories.name, color: categories.color, icon: categories.icon },
  transferId: transferOf,
  transferAccountId: transferAccountOf,
};
/** The one join of a transaction to its category (same user: the composite key guarantees it). */
const categoryJoin = and(eq(categories.id, transactions.categoryId), eq(categories.userId, transactions.userId));

export async function findTransaction(db: Db, userId: string, id: string): Promise<TransactionWithCategory | null> {
  const rows = await db
    .select(withCategory)
    .from(transactions)
    .leftJoin(categories, categoryJoin)
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
    .limit(1);
  const [row] = await withTags(db, userId, await withLines(db, userId, rows));
  return row ?? null;
}

/**
 * What a categorisation rule would change in the past: the user's transactions of `type` whose
 * description contains `text` and whose category is not `categoryId` — how many, and the newest
 * `limit` of them with their category.
 */
export async function matchingDescription(
  db: Db,
  userId: string,
  rule: { text: string; type: 'expense' | 'income'; categoryId: string },
  limit: number,
): Promise<{ total: number; rows: TransactionWithCategory[] }> {
  const where = and(
    eq(transactions.userId, userId),
    eq(transactions.type, rule.type),
    sql`${transactions.categoryId} <> ${rule.categoryId}`,
    containsText(transactions.description, rule.text),
  );
  const [counted] = await db.select({ n: count() }).from(transactions).where(where);
  const rows = await db
    .select(withCategory)
    .from(transactions)
    .innerJoin(categories, categoryJoin)
    .where(where)
    .orderBy(sql`${transactions.date} desc`, sql`${transactions.createdAt} desc`, sql`${transactions.id} desc`)
    .limit(limit);
  return { total: counted?.n ?? 0, rows: rows.map((r) => ({ ...r, lines: [] })) };
}

/* ---------------------------------------------------------------- keyset paging */

/** Newest first (the list, CSV, recent) or oldest first (the PDF report, the account export). */
export type PageOrder = 'newest' | 'oldest';

/** created_at in UTC with microseconds: the cursor's own text (a JS Date keeps only ms). */
const cursorCreatedAt = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The (date, created_at, id) order, written exactly as transactions_user_date_idx is declared
 * (DESC NULLS LAST; its reverse ASC NULLS FIRST): plain DESC would not use the index and would
 * sort every row of the user.
 */
function keyOrder(order: PageOrder): SQL[] {
  const dir = order === 'newest' ? sql`desc nulls last` : sql`asc nulls first`;
  return [sql`${transactions.date} ${dir}`, sql`${transactions.createdAt} ${dir}`, sql`${transactions.id} ${dir}`];
}

/** A cursor's values, or the placeholders standing for them in a prepared query. */
type CursorKey = { [K in keyof Cursor]: Cursor[K] | Placeholder };

function keyAfter(order: PageOrder, c: CursorKey): SQL {
  const row = sql`(${transactions.date}, ${transactions.createdAt}, ${transactions.id})`;
  const at = sql`(${c.date}::date, ${c.createdAt}::timestamptz, ${c.id}::uuid)`;
  return order === 'newest' ? sql`${row} < ${at}` : sql`${row} > ${at}`;
}

export interface PageOptions {
  limit: number;
  after?: Cursor | undefined;
  order?: PageOrder;
  /**
   * Which rows: all (the list, the register), only those that are income or expense (they have a
   * category: the PDF's transactions table), or only the others (transfer legs, opening and
   * adjustment rows: the PDF's transfers section).
   */
  rows?: 'all' | 'income-expense' | 'other';
}

const ROW_KINDS = {
  all: undefined,
  // A split row (regular, its categories on its lines) is income or expense too.
  'income-expense': or(isNotNull(transactions.categoryId), eq(transactions.kind, 'regular')),
  other: and(isNull(transactions.categoryId), ne(transactions.kind, 'regular')),
};

const where = (userId: string, filter: LedgerFilter, o: PageOptions) =>
  and(
    filterWhere(userId, filter),
    ROW_KINDS[o.rows ?? 'all'],
    o.after ? keyAfter(o.order ?? 'newest', o.after) : undefined,
  )!;

const withCursor = <R extends { date: string; id: string; cursorCreatedAt: string }>({
  cursorCreatedAt: createdAt,
  ...row
}: R) => ({ ...row, cursor: { date: row.date, createdAt, id: row.id } });

/** One keyset page of the user's matching rows (no join): every page costs the same. */
export async function pageRows(db: Db, userId: string, filter: LedgerFilter, o: PageOptions): Promise<PagedRow[]> {
  const rows = await db
    .select({ ...getTableColumns(transactions), cursorCreatedAt })
    .from(transactions)
    .where(where(userId, filter, o))
    .orderBy(...keyOrder(o.order ?? 'newest'))
    .limit(o.limit);
  return rows.map(withCursor);
}

/**
 * The page of rows matching `where` (chosen from `transactions` alone, see listTransactions),
 * joined to their categories, in the page's order.
 */
function pageWithCategories(db: Db, where: SQL, order: PageOrder, limit: number | Placeholder) {
  const page = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(where)
    .orderBy(...keyOrder(order))
    .limit(limit)
    .as('page');
  return db
    .select({ ...withCategory, cursorCreatedAt })
    .from(page)
    .innerJoin(transactions, eq(transactions.id, page.id))
    .leftJoin(categories, categoryJoin)
    .orderBy(...keyOrder(order));
}

/** A filter with no field set (an empty value is no filter): every row of the user. */
const noFilter = (f: LedgerFilter) => Object.values(f).every((v) => !v);

/**
 * One keyset page of matching rows with their categories.
 *
 * The page is chosen from `transactions` alone, then joined to its categories. Joined first, the
 * planner may start from the user's categories (it expects few rows) and gather every match
 * of each before sorting: a common search word ("coffee" in 100,000 of 1M rows) took a second.
 * Alone, it walks transactions_user_date_idx and stops after `limit` matches, or, for a rare
 * word, takes the few trigram-index matches and sorts them.
 */
export async function listTransactions(
  db: Db,
  userId: string,
  filter: LedgerFilter,
  o: PageOptions,
): Promise<ListedRow[]> {
  const order = o.order ?? 'newest';
  if (noFilter(filter) && (o.rows ?? 'all') === 'all') {
    // The list's pages without a filter and the dashboard's recent rows: one prepared query per
    // order and cursor presence (db/prepared.ts).
    const values = o.after
      ? { u: userId, limit: o.limit, ad: o.after.date, ac: o.after.createdAt, ai: o.after.id }
      : { u: userId, limit: o.limit };
    const rows = await runPrepared(
      db,
      `ledger.list|${order}|${shapeOf(values)}`,
      () => {
        const own = eq(transactions.userId, ph('u'));
        const after = o.after ? keyAfter(order, { date: ph('ad'), createdAt: ph('ac'), id: ph('ai') }) : undefined;
        return pageWithCategories(db, after ? and(own, after)! : own, order, ph('limit'));
      },
      values,
    );
    return withTags(db, userId, await withLines(db, userId, rows.map(withCursor)));
  }
  const rows = await pageWithCategories(db, where(userId, filter, o), order, o.limit);
  return withTags(db, userId, await withLines(db, userId, rows.map(withCursor)));
}

/**
 * One keyset page of one account's rows with their categories (the account's register). The
 * composite foreign key pins an account's rows to its user, so the page is chosen on
 * transactions_account_date_idx alone: with a user condition on the rows too, the planner may
 * walk the user's index and filter out the other accounts' rows. The account must be `userId`'s
 * (one test of the accounts table, made once before the scan): otherwise the page is empty.
 */
export async function listAccountRows(db: Db, userId: string, accountId: string, o: PageOptions): Promise<ListedRow[]> {
  const order = o.order ?? 'newest';
  // Prepared (db/prepared.ts): one query per order and cursor presence.
  const values = o.after
    ? { u: userId, a: accountId, limit: o.limit, ad: o.after.date, ac: o.after.createdAt, ai: o.after.id }
    : { u: userId, a: accountId, limit: o.limit };
  const rows = await runPrepared(
    db,
    `ledger.account-page|${order}|${shapeOf(values)}`,
    () => {
      const own = and(
        eq(transactions.accountId, ph('a')),
        sql`exists (select 1 from accounts where id = ${ph('a')} and user_id = ${ph('u')})`,
      )!;
      const after = o.after ? keyAfter(order, { date: ph('ad'), createdAt: ph('ac'), id: ph('ai') }) : undefined;
      return pageWithCategories(db, after ? and(own, after)! : own, order, ph('limit'));
    },
    values,
  );
  return withLines(db, userId, rows.map(withCursor));
}

/* ---------------------------------------------------------------- counts and sums */

/**
 * How many transactions match. When the rollups can answer the filter they do (their cost grows
 * with months × categories, not with rows). Otherwise, with a `bound`, counting stops past it and
 * the answer says the total is at least that (`bounded`), so a common word never scans a whole history.
 */
export async function countTransactions(
  db: Db,
  userId: string,
  filter: LedgerFilter,
  bound?: number,
): Promise<{ total: number; bounded: boolean }> {
  const r = rollupFilter(filter);
  if (r) {
    // Prepared (db/prepared.ts): one query per shape of the totals and of the uncategorized rows.
    const rest = uncategorizedValues(userId, filter);
    // The rollups count a split row's lines; the list counts the row once (ledger.lines.ts).
    const lines = lineCorrectionValues(userId, filter);
    const values: Record<string, string | boolean> = { ...totalsValues(userId, r.range, r.filter), ...rest, ...lines };
    const [row] = await runPrepared(
      db,
      `ledger.count|${shapeOf(values)}`,
      () => {
        const others = rest
          ? sql`(select count(*) from ${transactions} where ${uncategorizedSql(values, ph)})`
          : sql`0`;
        return db
          .select({
            n: sql`(coalesce(sum(t.tx_count), 0) + ${others} - ${lineCorrectionSql(values, ph)})::bigint`.mapWith(
              Number,
            ),
          })
          .from(sql`${totalsSql(values, ph)} as t`);
      },
      values,
    );
    return { total: row?.n ?? 0, bounded: false };
  }
  const tagged = await countByTags(db, userId, filter);
  if (tagged !== null) return { total: tagged, bounded: false };
  if (bound === undefined) {
    const [row] = await db.select({ n: count() }).from(transactions).where(filterWhere(userId, filter));
    return { total: row?.n ?? 0, bounded: false };
  }
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(transactions)
    .where(filterWhere(userId, filter))
    .limit(bound + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  const n = row?.n ?? 0;
  return n > bound ? { total: bound, bounded: true } : { total: n, bounded: false };
}

/**
 * A filter of tags and dates only, counted exactly from the tag links (their copied dates) rather
 * than the rows: `any`/`all` from transaction_tags_tag_idx, `none` as the rollups' count of the
 * dates less the rows with any of the tags. Null for any other filter (docs/tags.md).
 */
async function countByTags(db: Db, userId: string, filter: LedgerFilter): Promise<number | null> {
  const ids = filter.tagIds;
  if (!ids?.length) return null;
  const others = (Object.keys(filter) as (keyof LedgerFilter)[]).filter(
    (k) => filter[k] && !['tagIds', 'tagMode', 'startDate', 'endDate'].includes(k),
  );
  if (others.length) return null;
  const range = { startDate: filter.startDate, endDate: filter.endDate };
  const mode = filter.tagMode ?? 'any';
  if (mode !== 'none') return countTagged(db, userId, ids, mode, range);
  const [all, some] = await Promise.all([
    countTransactions(db, userId, range),
    countTagged(db, userId, ids, 'any', range),
  ]);
  return all.total - some;
}

const cents = (expr: SQL) => sql`coalesce(${expr}, 0)::bigint`.mapWith(Number);

/**
 * The income, expense and balance sums over any rows with a type and an amount column (the
 * transactions themselves, a rollup table, or `totalsSql(…) as t`): the one place they are written.
 */
export const ledgerSums = (type: SQL, total: SQL) => ({
  incomeCents: cents(sql`sum(${total}) filter (where ${type} = 'income')`),
  expenseCents: cents(sql`sum(${total}) filter (where ${type} = 'expense')`),
  balanceCents: cents(sql`sum(case when ${type} = 'income' then ${total} else -${total} end)`),
});

/** The counts beside the sums: one per row of the transactions, `tx_count` per rollup row. */
export const ledgerCounts = (type: SQL, n: SQL) => ({
  incomeCount: cents(sql`sum(${n}) filter (where ${type} = 'income')`),
  expenseCount: cents(sql`sum(${n}) filter (where ${type} = 'expense')`),
});

export interface LedgerSums {
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
  incomeCount: number;
  expenseCount: number;
}

/** Sums and counts of the matching transactions in integer cents, summed by the database. */
export async function sumTransactions(db: Db, userId: string, filter: LedgerFilter): Promise<LedgerSums> {
  const r = rollupFilter(filter);
  const totals = r ? totalsValues(userId, r.range, r.filter) : null;
  const [row] = totals
    ? await runPrepared(
        db,
        `ledger.sums|${shapeOf(totals)}`,
        () =>
          db
            .select({ ...ledgerSums(sql`t.type`, sql`t.total_cents`), ...ledgerCounts(sql`t.type`, sql`t.tx_count`) })
            .from(sql`${totalsSql(totals, ph)} as t`),
        totals,
      )
    : await db.select({ ...ledgerSums(sql`x.type`, sql`x.amount_cents`), ...ledgerCounts(sql`x.type`, sql`1`) }).from(
        // The rows with a category, and the lines of split rows (each as a row of its own, as in
        // the rollups) whose row matches the filter without its type and category.
        sql`(select ${transactions.type} as type, ${transactions.amountCents} as amount_cents from ${transactions}
                where ${and(filterWhere(userId, filter), isNotNull(transactions.categoryId))}
               union all ${matchingLinesSql(filterWhere(userId, { ...filter, type: undefined, categoryId: undefined }), filter)}) as x`,
      );
  return row ?? { incomeCents: 0, expenseCents: 0, balanceCents: 0, incomeCount: 0, expenseCount: 0 };
}

/**
 * The amounts a filter counts in category totals, summed from the rows (for a filter the rollups
 * cannot answer, such as tags): the matching rows with a category and the lines of the matching
 * split rows, each as `(type, category_id, date, amount_cents)`, as the rollups count them. A
 * split row matches on its own fields (its tags, dates, text); `type` and `categoryId` then pick
 * its lines.
 */
export function countedAmountsSql(userId: string, filter: LedgerFilter): SQL {
  const l = transactionLines;
  const rowWhere = filterWhere(userId, { ...filter, type: undefined, categoryId: undefined });
  const lineParts: SQL[] = [rowWhere];
  if (filter.type) lineParts.push(sql`${l.type} = ${filter.type}`);
  if (filter.categoryId) lineParts.push(sql`${l.categoryId} = ${filter.categoryId}`);
  return sql`(select ${transactions.type} as type, ${transactions.categoryId} as category_id, ${transactions.date} as date,
      ${transactions.amountCents} as amount_cents
    from ${transactions} where ${and(filterWhere(userId, filter), isNotNull(transactions.categoryId))}
    union all
    select ${l.type}, ${l.categoryId}, ${l.date}, ${l.amountCents} from ${l}
    join ${transactions} on ${transactions.id} = ${l.transactionId} and ${transactions.userId} = ${l.userId}
    where ${and(...lineParts)!})`;
}

/** Every receipt key that some transaction (of any user) refers to: what the receipt sweep keeps. */
export async function receiptKeysInUse(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ key: transactions.receiptKey })
    .from(transactions)
    .where(isNotNull(transactions.receiptKey));
  return new Set(rows.map((r) => r.key!));
}

import { type Placeholder, type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, transactionLines, transactions } from '../../db/schema.js';

/** A line's category as answers show it (the read model's CategoryRefRow, without importing it). */
type CategoryRef = { id: string; name: string; color: string; icon: string };

/*
 * The lines of split transactions (DESIGN §11, docs/splits.md), written only by the ledger's
 * writer (ledger.writer.ts calls these inside the database transaction of the row's own write)
 * and read here for the answers. The database checks at commit that a split row's lines add up
 * to it (migration 0027); the triggers of `transaction_lines` keep the rollups.
 */

/** One line as a writer gives it: amounts in integer cents, positive; `type` is the line's own. */
export interface LineValues {
  categoryId: string;
  type: 'expense' | 'income';
  amountCents: number;
  note: string | null;
}

export type LineRow = typeof transactionLines.$inferSelect;
/** A line with its category, in the order the user gave. */
export type LineWithCategory = LineRow & { category: CategoryRef | null };

/** The signed sum of lines (income positive), as the database's check adds them. */
export const signedSum = (lines: readonly Pick<LineValues, 'type' | 'amountCents'>[]): number =>
  lines.reduce((s, l) => s + (l.type === 'income' ? l.amountCents : -l.amountCents), 0);

/**
 * The row's type and amount the lines add up to: income when the signed sum is positive, else
 * expense; null when they add up to zero (a row's amount is positive).
 */
export function rowOfLines(lines: readonly LineValues[]): { type: 'expense' | 'income'; amountCents: number } | null {
  const sum = signedSum(lines);
  if (sum === 0) return null;
  return { type: sum > 0 ? 'income' : 'expense', amountCents: Math.abs(sum) };
}

/**
 * Replaces a row's lines with `lines` (none: the row is not split). The row (`id`, its user,
 * account and date) must be written first in the same database transaction; the deferred check
 * runs at its commit.
 */
export async function replaceLines(
  db: Db,
  row: { id: string; userId: string; accountId: string; date: string },
  lines: readonly LineValues[],
): Promise<void> {
  await db
    .delete(transactionLines)
    .where(and(eq(transactionLines.userId, row.userId), eq(transactionLines.transactionId, row.id)));
  await insertLines(db, [{ ...row, lines }]);
}

/**
 * Bulk insert of the lines of new rows (a restore, or one row's save), 1,000 lines per statement, positions in the
 * order given. The rows must be written first in the same database transaction; the deferred
 * check runs at its commit.
 */
export async function insertLines(
  db: Db,
  rows: readonly { id: string; userId: string; accountId: string; date: string; lines: readonly LineValues[] }[],
): Promise<void> {
  const values = rows.flatMap((row) =>
    row.lines.map((l, position) => ({
      userId: row.userId,
      transactionId: row.id,
      accountId: row.accountId,
      date: row.date,
      position,
      categoryId: l.categoryId,
      type: l.type,
      amountCents: l.amountCents,
      note: l.note,
    })),
  );
  for (let i = 0; i < values.length; i += 1000) await db.insert(transactionLines).values(values.slice(i, i + 1000));
}

/** The lines of the given rows (of `userId`) with their categories, by row, in order. */
export async function linesOf(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, LineWithCategory[]>> {
  const byRow = new Map<string, LineWithCategory[]>();
  if (!ids.length) return byRow;
  const rows = await db
    .select({
      line: transactionLines,
      category: { id: categories.id, name: categories.name, color: categories.color, icon: categories.icon },
    })
    .from(transactionLines)
    .leftJoin(
      categories,
      and(eq(categories.id, transactionLines.categoryId), eq(categories.userId, transactionLines.userId)),
    )
    .where(and(eq(transactionLines.userId, userId), inArray(transactionLines.transactionId, [...ids])))
    .orderBy(asc(transactionLines.transactionId), asc(transactionLines.position));
  for (const { line, category } of rows) {
    const list = byRow.get(line.transactionId) ?? [];
    list.push({ ...line, category });
    byRow.set(line.transactionId, list);
  }
  return byRow;
}

/** Whether the row has lines (a split row: it cannot become a transfer leg). */
export async function isSplit(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(transactionLines)
    .where(and(eq(transactionLines.userId, userId), eq(transactionLines.transactionId, id)))
    .limit(1);
  return rows.length > 0;
}

/** How many lines use a category (its usage beside the rows'). */
export async function countCategoryLines(db: Db, userId: string, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactionLines)
    .where(and(eq(transactionLines.userId, userId), eq(transactionLines.categoryId, categoryId)));
  return row?.n ?? 0;
}

/** Moves every line of category `from` to `to` (a category delete with a target); answers how many. */
export async function moveCategoryLines(db: Db, userId: string, from: string, to: string): Promise<number> {
  const rows = await db
    .update(transactionLines)
    .set({ categoryId: to })
    .where(and(eq(transactionLines.userId, userId), eq(transactionLines.categoryId, from)))
    .returning({ id: transactionLines.id });
  return rows.length;
}

/* ---------------------------------------------------------------- the list's counts and sums */

/**
 * The list counts rows, the rollups count lines (a split row's lines each count as a transaction
 * there). The values by name (`lu` the user, `lt`, `lc`, `la`, `ls`, `le`) of the correction that
 * turns a rollup count into a row count for the filter: answered by `lineCorrectionSql`.
 */
export function lineCorrectionValues(
  userId: string,
  f: {
    type?: string | undefined;
    categoryId?: string | undefined;
    accountId?: string | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
  },
): Record<string, string | boolean> {
  const v: Record<string, string | boolean> = { lu: userId };
  if (f.type) v.lt = f.type;
  if (f.categoryId) v.lc = f.categoryId;
  // Without a type or category the split rows themselves are counted (with the rows that have no
  // category): every line comes off. With one, a split row is one row however many lines match.
  if (!f.type && !f.categoryId) v.lall = true;
  if (f.accountId) v.la = f.accountId;
  if (f.startDate) v.ls = f.startDate;
  if (f.endDate) v.le = f.endDate;
  return v;
}

/** How many counted lines to take off a rollup count (see lineCorrectionValues). */
export function lineCorrectionSql(values: Record<string, unknown>, bind: (name: string) => string | Placeholder): SQL {
  const l = transactionLines;
  const parts: SQL[] = [eq(l.userId, bind('lu'))];
  if (values.lt) parts.push(sql`${l.type} = ${bind('lt')}`);
  if (values.lc) parts.push(sql`${l.categoryId} = ${bind('lc')}`);
  if (values.la) parts.push(sql`${l.accountId} = ${bind('la')}`);
  if (values.ls) parts.push(sql`${l.date} >= ${bind('ls')}`);
  if (values.le) parts.push(sql`${l.date} <= ${bind('le')}`);
  const n = values.lall ? sql`count(*)` : sql`count(*) - count(distinct ${l.transactionId})`;
  return sql`(select ${n} from ${l} where ${and(...parts)!})`;
}

/**
 * The lines of split rows matching a row filter, as (type, amount_cents) rows: what the summary
 * adds to its rows with a category when the rollups cannot answer (a search). `rowWhere` is the
 * filter on the row without its type and category; `type` and `categoryId` apply to the lines.
 */
export function matchingLinesSql(
  rowWhere: SQL,
  f: { type?: string | undefined; categoryId?: string | undefined },
): SQL {
  const l = transactionLines;
  const parts: SQL[] = [rowWhere];
  if (f.type) parts.push(sql`${l.type} = ${f.type}`);
  if (f.categoryId) parts.push(sql`${l.categoryId} = ${f.categoryId}`);
  return sql`select ${l.type} as type, ${l.amountCents} as amount_cents from ${l}
    join ${transactions} on ${transactions.id} = ${l.transactionId} and ${transactions.userId} = ${l.userId}
    where ${and(...parts)!}`;
}

import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { TAG_MSG, type TagMode, type TagRef } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { recurringTags, tags, transactionTags, transactions } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { pgErrorCode, violatedConstraint } from '../../lib/pg-errors.js';

/*
 * A transaction's tags (DESIGN §11, docs/tags.md): the filter clause of the read model, the
 * tags of a page of rows, and the writes of `transaction_tags` (the form, bulk add/remove,
 * recurring generation, restore). At most TAG_LIMITS.perTransaction per row: migration 0025's
 * trigger refuses an 11th, and the writers run under the user's ledger lock.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The tag filter of the list, its summary, the CSV, the PDF and analytics: rows with any, all or
 * none of `ids`. `any` and `none` probe transaction_tags' primary key (transaction, tag) per row,
 * so a first page walks transactions_user_date_idx and stops after its rows; `all` starts from
 * the tag index instead (the rows of the first tag having each other one), because two tags that rarely
 * meet would leave that walk nothing to stop on (docs/tags.md). Another user's tag matches no row
 * (a link carries its owner's tags only).
 */
export function tagClause(ids: readonly string[], mode: TagMode, userId: string): SQL | undefined {
  if (!ids.length) return undefined;
  if (mode === 'all' && ids.length > 1) {
    return sql`${transactions.id} in (${rowsWithAllTags(userId, ids)})`;
  }
  const linked = sql`select 1 from ${transactionTags} tt
    where tt.transaction_id = ${transactions.id} and tt.tag_id in (${idList(ids)})`;
  if (mode === 'none') return sql`not exists (${linked})`;
  return sql`exists (${linked})`;
}

/**
 * `tt.tag_id` is one of `ids` that are the user's: the links of those tags are the user's alone
 * (a link carries its owner's tags), so no user condition on the links is needed and the count
 * stays an index-only scan of transaction_tags_tag_idx (tag_id, transaction_id).
 */
const ofOwnTags = (userId: string, ids: readonly string[]) =>
  sql`tt.tag_id = any(array(select g.id from ${tags} g where g.user_id = ${userId} and g.id in (${idList(ids)})))`;

/**
 * The user's rows that carry every one of `ids` (distinct ids): the links of the first tag that
 * have a link of each other tag on the same row — intersecting probes of the primary key, which
 * PostgreSQL runs as merge joins of transaction_tags_tag_idx (both sides ordered by row). The
 * first tag must be the user's; then so are its rows and every link on them.
 */
const rowsWithAllTags = (userId: string, ids: readonly string[], dates: SQL = sql``) => {
  const [first, ...rest] = ids;
  const others = rest.map(
    (id) => sql`and exists (select 1 from ${transactionTags} o
      where o.transaction_id = tt.transaction_id and o.tag_id = ${id}::uuid)`,
  );
  return sql`select tt.transaction_id from ${transactionTags} tt
    where tt.tag_id = ${first}::uuid and exists (select 1 from ${tags} g where g.id = ${first}::uuid and g.user_id = ${userId})
      ${sql.join(others, sql` `)} ${dates}`;
};

/**
 * How many of the user's rows in the dates have any (or all) of `ids`: counted from the links
 * alone (their copied date, migration 0031), never from the rows. The list's `meta.total` for a
 * filter of tags and dates only; `none` is the rollups' count less this (read-model).
 */
export async function countTagged(
  db: Db,
  userId: string,
  ids: readonly string[],
  mode: 'any' | 'all',
  range: { startDate?: string | undefined; endDate?: string | undefined },
): Promise<number> {
  const dates = sql.join(
    [
      range.startDate ? sql`and tt.date >= ${range.startDate}` : sql``,
      range.endDate ? sql`and tt.date <= ${range.endDate}` : sql``,
    ],
    sql` `,
  );
  const query =
    mode === 'all' && ids.length > 1
      ? sql`select count(*)::bigint as n from (${rowsWithAllTags(userId, ids, dates)}) x`
      : sql`select count(distinct tt.transaction_id)::bigint as n from ${transactionTags} tt
          where ${ofOwnTags(userId, ids)} ${dates}`;
  return Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n ?? 0);
}

/** 404 naming `field` unless every id is one of the user's tags. */
export async function requireTags(db: Db, userId: string, ids: readonly string[], field = 'tagIds'): Promise<void> {
  if (!ids.length) return;
  const found = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.userId, userId), inArray(tags.id, [...ids])));
  if (found.length !== new Set(ids).size) throw unknownTag(field);
}

export const unknownTag = (field = 'tagIds') =>
  new AppError(404, 'NOT_FOUND', 'Tag not found', { [field]: TAG_MSG.unknownTag });
export const tooManyTags = () =>
  new AppError(400, 'VALIDATION_FAILED', TAG_MSG.perTransaction, { tagIds: TAG_MSG.perTransaction });

/** The database refused a tag link: an 11th tag (400) or a tag gone meanwhile (404); else rethrown. */
export function tagWriteError(error: unknown): Error {
  const constraint = violatedConstraint(error);
  if (constraint === 'transaction_tags_max_check' || constraint === 'recurring_tags_max_check') return tooManyTags();
  if (pgErrorCode(error) === '23503' && constraint?.endsWith('_tag_fk')) return unknownTag();
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Gives the row exactly `ids` as its tags (the caller checked they are the user's and holds the
 * ledger lock, inside its database transaction).
 */
export async function setTransactionTags(db: Db, userId: string, transactionId: string, ids: readonly string[]) {
  await db
    .delete(transactionTags)
    .where(
      and(
        eq(transactionTags.transactionId, transactionId),
        ids.length ? sql`${transactionTags.tagId} not in (${idList(ids)})` : undefined,
      ),
    );
  if (ids.length) {
    await db
      .insert(transactionTags)
      .values(ids.map((tagId) => ({ transactionId, tagId, userId })))
      .onConflictDoNothing();
  }
}

/** The tags of each row (by name), for a page of rows: one query. */
export async function tagsOfRows(db: Db, userId: string, ids: readonly string[]): Promise<Map<string, TagRef[]>> {
  const out = new Map<string, TagRef[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ transactionId: transactionTags.transactionId, id: tags.id, name: tags.name, color: tags.color })
    .from(transactionTags)
    .innerJoin(tags, eq(tags.id, transactionTags.tagId))
    .where(and(eq(transactionTags.userId, userId), inArray(transactionTags.transactionId, [...ids])))
    .orderBy(sql`lower(${tags.name})`);
  for (const r of rows) {
    const list = out.get(r.transactionId) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color });
    out.set(r.transactionId, list);
  }
  return out;
}

/** Rows with their `tags` attached (an empty list for a row without). */
export async function withTags<R extends { id: string }>(
  db: Db,
  userId: string,
  rows: R[],
): Promise<(R & { tags: TagRef[] })[]> {
  const map = await tagsOfRows(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, tags: map.get(r.id) ?? [] }));
}

/**
 * Bulk "add tag": links the tag to those of `rowsSql` (a SELECT of transaction ids of the user)
 * that do not have it yet. Answers how many rows got it; 400 when one would pass 10 tags.
 */
export async function addTagToRows(db: Db, userId: string, tagId: string, rowsSql: SQL): Promise<number> {
  try {
    const result = await db.execute(sql`
      with added as (
        insert into ${transactionTags} (transaction_id, tag_id, user_id)
        select r.id, ${tagId}::uuid, ${userId}::uuid from (${rowsSql}) r
        on conflict do nothing
        returning 1
      )
      select count(*)::int as n from added`);
    return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
  } catch (error) {
    throw tagWriteError(error);
  }
}

/** Bulk "remove tag": unlinks the tag from those of `rowsSql` that have it; answers how many. */
export async function removeTagFromRows(db: Db, userId: string, tagId: string, rowsSql: SQL): Promise<number> {
  const result = await db.execute(sql`
    with gone as (
      delete from ${transactionTags}
      where user_id = ${userId} and tag_id = ${tagId} and transaction_id in (${rowsSql})
      returning 1
    )
    select count(*)::int as n from gone`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/**
 * Gives the rows generated from a recurring item for `occurrences` (YYYY-MM-DD) the item's tags,
 * found by the unique (recurring_id, occurrence_date) index, in the generation's transaction.
 */
export async function copyRecurringTags(db: Db, userId: string, recurringId: string, occurrences: readonly string[]) {
  if (!occurrences.length) return;
  await db.execute(sql`
    insert into ${transactionTags} (transaction_id, tag_id, user_id)
    select t.id, rt.tag_id, rt.user_id
    from ${recurringTags} rt
    join ${transactions} t on t.recurring_id = rt.recurring_id
    where rt.recurring_id = ${recurringId} and rt.user_id = ${userId} and t.user_id = ${userId}
      and t.occurrence_date = any(${`{${occurrences.join(',')}}`}::date[])
    on conflict do nothing`);
}

/** Gives a recurring item exactly `ids` as its tags (checked to be the user's by the caller). */
export async function setRecurringTags(db: Db, userId: string, recurringId: string, ids: readonly string[]) {
  await db.delete(recurringTags).where(eq(recurringTags.recurringId, recurringId));
  if (!ids.length) return;
  try {
    await db.insert(recurringTags).values(ids.map((tagId) => ({ recurringId, tagId, userId })));
  } catch (error) {
    throw tagWriteError(error);
  }
}

/** The tags of each recurring item (by name). */
export async function tagsOfRecurring(db: Db, userId: string, ids: readonly string[]): Promise<Map<string, TagRef[]>> {
  const out = new Map<string, TagRef[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ recurringId: recurringTags.recurringId, id: tags.id, name: tags.name, color: tags.color })
    .from(recurringTags)
    .innerJoin(tags, eq(tags.id, recurringTags.tagId))
    .where(and(eq(recurringTags.userId, userId), inArray(recurringTags.recurringId, [...ids])))
    .orderBy(sql`lower(${tags.name})`);
  for (const r of rows) {
    const list = out.get(r.recurringId) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color });
    out.set(r.recurringId, list);
  }
  return out;
}

export interface TagTotalRow {
  tagId: string;
  name: string;
  color: string;
  totalCents: number;
  count: number;
}

/**
 * Spending (or income) per tag over a period, summed in the database: every tag of the user with
 * at least one counted row, largest total first. A row with two tags counts in both. A row counts
 * under its own type with the amount the links carry (migration 0031): a row with a category its
 * amount; a split row the signed sum of its lines, which the database keeps equal to its amount —
 * so an expense row of 100 whose lines are 120 of groceries and a 20 refund (an income line)
 * counts 100, once, in spending (docs/tags.md). One index-only range of
 * transaction_tags_user_type_date_idx; the rows themselves are not read.
 */
export async function tagTotals(
  db: Db,
  userId: string,
  q: { startDate?: string | undefined; endDate?: string | undefined; type: 'expense' | 'income' },
): Promise<TagTotalRow[]> {
  const result = await db.execute(sql`
    select g.id as "tagId", g.name, g.color, s.total::bigint as "totalCents", s.n::int as count
    from (
      select tt.tag_id, sum(tt.amount_cents) as total, count(*) as n
      from ${transactionTags} tt
      where tt.user_id = ${userId} and tt.type = ${q.type} and tt.amount_cents is not null
        ${q.startDate ? sql`and tt.date >= ${q.startDate}` : sql``}
        ${q.endDate ? sql`and tt.date <= ${q.endDate}` : sql``}
      group by tt.tag_id
    ) s
    join ${tags} g on g.id = s.tag_id
    order by s.total desc, lower(g.name)`);
  type Raw = Omit<TagTotalRow, 'totalCents' | 'count'> & { totalCents: string | number; count: string | number };
  return rowsOf<Raw>(result).map((r) => ({
    ...r,
    totalCents: Number(r.totalCents),
    count: Number(r.count),
  }));
}

/** Links restored rows to their restored tags (restore, in its database transaction), 5,000 per statement. */
export async function insertTransactionTags(
  db: Db,
  userId: string,
  links: readonly { transactionId: string; tagId: string }[],
): Promise<void> {
  for (let i = 0; i < links.length; i += 5000) {
    await db.insert(transactionTags).values(links.slice(i, i + 5000).map((l) => ({ ...l, userId })));
  }
}

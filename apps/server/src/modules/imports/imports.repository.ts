import { type SQL, and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importBatches, importKeys, importRows, transactions } from '../../db/schema.js';
import { ledgerWriter, stageSelected } from '../ledger/index.js';

export type BatchRow = Omit<typeof importBatches.$inferSelect, 'fileData'>;
export type ImportRowRecord = typeof importRows.$inferSelect;
export type NewImportRow = Omit<ImportRowRecord, 'batchId' | 'userId' | 'skipped'>;
/** A listed row, with the status it shows and its possible duplicate's match. */
export type ListedImportRow = ImportRowRecord & {
  shown: string;
  match: { id: string; date: string; description: string | null; amountCents: number; type: string } | null;
};

/** Rows of a raw query, on node-postgres and PGlite alike. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Statement-sized chunks: one JSON parameter each, so no chunk nears the 65,535-parameter limit. */
const CHUNK = 5000;

const batchColumns = {
  id: importBatches.id,
  userId: importBatches.userId,
  fileName: importBatches.fileName,
  format: importBatches.format,
  status: importBatches.status,
  options: importBatches.options,
  needsReview: importBatches.needsReview,
  header: importBatches.header,
  summary: importBatches.summary,
  progressDone: importBatches.progressDone,
  progressTotal: importBatches.progressTotal,
  message: importBatches.message,
  accountId: importBatches.accountId,
  createdAt: importBatches.createdAt,
  updatedAt: importBatches.updatedAt,
};

const ownBatch = (userId: string, id: string) => and(eq(importBatches.userId, userId), eq(importBatches.id, id));

export async function insertBatch(
  db: Db,
  values: Pick<
    typeof importBatches.$inferInsert,
    'userId' | 'fileName' | 'format' | 'options' | 'needsReview' | 'header' | 'summary' | 'fileData' | 'accountId'
  >,
): Promise<BatchRow> {
  const [row] = await db.insert(importBatches).values(values).returning(batchColumns);
  return row!;
}

export async function findBatch(db: Db, userId: string, id: string): Promise<BatchRow | null> {
  const rows = await db.select(batchColumns).from(importBatches).where(ownBatch(userId, id)).limit(1);
  return rows[0] ?? null;
}

export async function findBatchFile(db: Db, userId: string, id: string): Promise<Buffer | null> {
  const rows = await db
    .select({ fileData: importBatches.fileData })
    .from(importBatches)
    .where(ownBatch(userId, id))
    .limit(1);
  return rows[0]?.fileData ?? null;
}

export function listBatches(db: Db, userId: string, limit: number): Promise<BatchRow[]> {
  return db
    .select(batchColumns)
    .from(importBatches)
    .where(eq(importBatches.userId, userId))
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
    .limit(limit);
}

export async function updateBatch(
  db: Db,
  userId: string,
  id: string,
  values: Partial<
    Pick<
      typeof importBatches.$inferInsert,
      | 'format'
      | 'options'
      | 'needsReview'
      | 'header'
      | 'summary'
      | 'status'
      | 'progressDone'
      | 'progressTotal'
      | 'message'
      | 'accountId'
    > & { fileData: Buffer | null }
  >,
  onlyIfStatus?: BatchRow['status'][],
): Promise<BatchRow | null> {
  const where: SQL | undefined = onlyIfStatus
    ? and(ownBatch(userId, id), sql`${importBatches.status} in ${onlyIfStatus}`)
    : ownBatch(userId, id);
  const rows = await db
    .update(importBatches)
    // The database's clock: the upkeep compares it with now() (claims' age, previews' expiry).
    .set({ ...values, updatedAt: sql`now()` })
    .where(where)
    .returning(batchColumns);
  return rows[0] ?? null;
}

/** The advisory lock's first key for "one upload per user at a time is counted" (leases use 727275). */
const OPEN_IMPORTS_LOCK = 727276;

/**
 * Within a transaction: waits for the user's other uploads being stored, then counts the user's
 * open batches (previews and failed imports), so two uploads at once cannot both pass the cap.
 */
export async function countOpenBatchesLocked(db: Db, userId: string): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(${OPEN_IMPORTS_LOCK}, hashtext(${userId}))`);
  return countOpenBatches(db, userId);
}

/** The user's previews and failed imports (each holding its uploaded file). */
export async function countOpenBatches(db: Db, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from import_batches
    where user_id = ${userId} and status in ('preview', 'failed')`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * Deletes previews and failed imports not changed for `hours` (their rows and file go with
 * them), of one user or of everyone; returns how many went.
 */
export async function deleteStaleBatches(db: Db, hours: number, userId?: string): Promise<number> {
  const result = await db.execute(sql`
    with gone as (
      delete from import_batches
      where status in ('preview', 'failed') and updated_at < now() - make_interval(hours => ${hours})
        ${userId ? sql`and user_id = ${userId}` : sql``}
      returning 1
    )
    select count(*)::int as n from gone`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * Within the commit's transaction: locks the batch's row for as long as the commit runs, so the
 * upkeep of any instance sees it is alive and leaves it; false when it is no longer `importing`
 * (the upkeep took it for interrupted), and then the commit must do nothing.
 */
export async function lockImporting(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.execute(sql`
    select id from import_batches
    where user_id = ${userId} and id = ${id} and status = 'importing'
    for update`);
  return rowsOf<{ id: string }>(result).length > 0;
}

/**
 * Marks `importing` batches whose commit is gone as `failed` with `message`. A commit holds its
 * batch's row lock from its transaction's first statement to its end, and a killed process's
 * transaction is rolled back, lock and all; so a batch claimed more than `graceSeconds` ago
 * (longer than a claim takes to reach that lock) whose row is not locked has no commit, on any
 * instance. `except`: batches this process is claiming or committing. Returns the batches marked.
 */
export async function failInterrupted(
  db: Db,
  graceSeconds: number,
  except: string[],
  message: string,
): Promise<{ id: string; userId: string }[]> {
  const result = await db.execute(sql`
    update import_batches set status = 'failed', message = ${message}, updated_at = now()
    where id in (
      select id from import_batches
      where status = 'importing'
        and updated_at < now() - make_interval(secs => ${graceSeconds})
        and id::text not in (select jsonb_array_elements_text(${JSON.stringify(except)}::jsonb))
      for update skip locked)
    returning id, user_id`);
  return rowsOf<{ id: string; user_id: string }>(result).map((r) => ({ id: r.id, userId: r.user_id }));
}

/** Deletes a batch in one of the given states (its rows and keys go with it). */
export async function deleteBatch(db: Db, userId: string, id: string, statuses: BatchRow['status'][]) {
  const rows = await db
    .delete(importBatches)
    .where(and(ownBatch(userId, id), sql`${importBatches.status} in ${statuses}`))
    .returning({ id: importBatches.id });
  return rows.length > 0;
}

/** Writes the preview's rows in chunks, each one statement with one JSON parameter. */
export async function insertRows(db: Db, userId: string, batchId: string, rows: NewImportRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((r) => ({
      idx: r.idx,
      date: r.date,
      amount_cents: r.amountCents,
      description: r.description,
      payee: r.payee,
      account: r.account,
      external_id: r.externalId,
      dedupe_key: r.dedupeKey,
      status: r.status,
      message: r.message,
      category_id: r.categoryId,
      suggested_by: r.suggestedBy,
      match_id: r.matchId,
      file_category: r.fileCategory,
      lines: r.lines,
      split_message: r.splitMessage,
      tag_ids: r.tagIds,
    }));
    await db.execute(sql`
      insert into import_rows
        (batch_id, user_id, idx, date, amount_cents, description, payee, account, external_id, dedupe_key,
         status, message, category_id, suggested_by, match_id, file_category, lines, split_message, tag_ids, skipped)
      select ${batchId}::uuid, ${userId}::uuid, x.idx, x.date, x.amount_cents, x.description, x.payee, x.account,
             x.external_id, x.dedupe_key, x.status, x.message, x.category_id, x.suggested_by, x.match_id,
             x.file_category, x.lines, x.split_message,
             (select array_agg(t::uuid) from jsonb_array_elements_text(x.tag_ids) t),
             -- A possible duplicate starts unticked: it imports only if the user says so.
             x.status = 'possible-duplicate'
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(
        idx integer, date date, amount_cents bigint, description text, payee text, account text,
        external_id text, dedupe_key text, status text, message text, category_id uuid, suggested_by text,
        match_id uuid, file_category text, lines jsonb, split_message text, tag_ids jsonb)`);
  }
}

export async function deleteRows(db: Db, userId: string, batchId: string): Promise<void> {
  await db.delete(importRows).where(and(eq(importRows.userId, userId), eq(importRows.batchId, batchId)));
}

/**
 * The status a row shows: `skipped` when the user set it aside, else what the preview decided. A
 * possible duplicate stays one whether ticked or not (`include` says which), so the reason shows.
 */
export const shownStatus = sql<string>`case when ${importRows.skipped} and ${importRows.status} <> 'possible-duplicate' then 'skipped' else ${importRows.status} end`;

/**
 * One page of rows in file order, from index `from`, with the existing transaction each possible
 * duplicate resembles. The page is chosen from `import_rows` alone and its matches read by id
 * next: joined in one statement, the planner could walk all of a 30,000-row batch against the
 * user's transactions (stale statistics in the middle of a commit) before applying the limit,
 * which took over 30 s while a commit ran.
 */
export async function listRows(
  db: Db,
  userId: string,
  batchId: string,
  from: number,
  limit: number,
  status?: string,
): Promise<ListedImportRow[]> {
  const parts = [eq(importRows.userId, userId), eq(importRows.batchId, batchId), sql`${importRows.idx} >= ${from}`];
  if (status) parts.push(sql`${shownStatus} = ${status}`);
  const rows = await db
    .select({
      batchId: importRows.batchId,
      idx: importRows.idx,
      userId: importRows.userId,
      date: importRows.date,
      amountCents: importRows.amountCents,
      description: importRows.description,
      payee: importRows.payee,
      account: importRows.account,
      externalId: importRows.externalId,
      dedupeKey: importRows.dedupeKey,
      status: importRows.status,
      skipped: importRows.skipped,
      message: importRows.message,
      categoryId: importRows.categoryId,
      suggestedBy: importRows.suggestedBy,
      matchId: importRows.matchId,
      linkedId: importRows.linkedId,
      fileCategory: importRows.fileCategory,
      lines: importRows.lines,
      splitMessage: importRows.splitMessage,
      tagIds: importRows.tagIds,
      transactionId: importRows.transactionId,
      shown: shownStatus,
    })
    .from(importRows)
    .where(and(...parts))
    .orderBy(importRows.idx)
    .limit(limit);
  const matchIds = [...new Set(rows.map((r) => r.matchId).filter((id): id is string => !!id))];
  const matches = matchIds.length
    ? await db
        .select({
          id: transactions.id,
          date: transactions.date,
          description: transactions.description,
          amountCents: transactions.amountCents,
          type: transactions.type,
        })
        .from(transactions)
        .where(and(eq(transactions.userId, userId), inArray(transactions.id, matchIds)))
    : [];
  const byId = new Map(matches.map((m) => [m.id, m]));
  // A match deleted since the preview is no match.
  return rows.map((r) => ({ ...r, match: (r.matchId && byId.get(r.matchId)) || null }));
}

export interface RowSums {
  rows: number;
  totalCents: number;
  incomeCents: number;
  expenseCents: number;
  incomeCount: number;
  expenseCount: number;
  earliest: string | null;
  latest: string | null;
  new: number;
  duplicates: number;
  possibleDuplicates: number;
  errors: number;
  skipped: number;
  linked: number;
  toImport: number;
}

/** The batch's summary figures, summed by the database over its rows. */
export async function sumRows(db: Db, userId: string, batchId: string): Promise<RowSums> {
  const result = await db.execute(sql`
    select count(*)::int as rows,
           coalesce(sum(amount_cents), 0)::bigint as total_cents,
           coalesce(sum(amount_cents) filter (where amount_cents > 0), 0)::bigint as income_cents,
           coalesce(-sum(amount_cents) filter (where amount_cents < 0), 0)::bigint as expense_cents,
           (count(*) filter (where amount_cents > 0))::int as income_count,
           (count(*) filter (where amount_cents < 0))::int as expense_count,
           min(date)::text as earliest, max(date)::text as latest,
           (count(*) filter (where not skipped and status = 'new'))::int as new,
           (count(*) filter (where not skipped and status = 'duplicate'))::int as duplicates,
           (count(*) filter (where status = 'possible-duplicate'))::int as possible_duplicates,
           (count(*) filter (where not skipped and status = 'error'))::int as errors,
           (count(*) filter (where skipped and linked_id is null))::int as skipped,
           (count(*) filter (where linked_id is not null))::int as linked,
           (count(*) filter (where not skipped and status in ('new', 'possible-duplicate')))::int as to_import
    from import_rows where user_id = ${userId} and batch_id = ${batchId}`);
  const r = rowsOf<Record<string, number | string | null>>(result)[0] ?? {};
  const n = (v: unknown) => Number(v ?? 0);
  return {
    rows: n(r.rows),
    totalCents: n(r.total_cents),
    incomeCents: n(r.income_cents),
    expenseCents: n(r.expense_cents),
    incomeCount: n(r.income_count),
    expenseCount: n(r.expense_count),
    earliest: (r.earliest as string | null) ?? null,
    latest: (r.latest as string | null) ?? null,
    new: n(r.new),
    duplicates: n(r.duplicates),
    possibleDuplicates: n(r.possible_duplicates),
    errors: n(r.errors),
    skipped: n(r.skipped),
    linked: n(r.linked),
    toImport: n(r.to_import),
  };
}

/** Which of `keys` the user has imported before. */
export async function findImportedKeys(db: Db, userId: string, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const result = await db.execute(sql`
      select k.key from import_keys k
      where k.user_id = ${userId}
        and k.key in (select jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))`);
    for (const r of rowsOf<{ key: string }>(result)) found.add(r.key);
  }
  return found;
}

export interface RowChange {
  index: number;
  categoryId?: string | undefined;
  skip?: boolean | undefined;
  sameAs?: boolean | undefined;
}

/** The rows at these indexes: their type (from the amount's sign) and payee text. */
export async function findRowsByIndex(
  db: Db,
  userId: string,
  batchId: string,
  indexes: number[],
): Promise<{ idx: number; amountCents: number | null; status: string; text: string; matchId: string | null }[]> {
  const result = await db.execute(sql`
    select idx, amount_cents, status, coalesce(nullif(payee, ''), description) as text, match_id
    from import_rows
    where user_id = ${userId} and batch_id = ${batchId}
      and idx in (select (jsonb_array_elements_text(${JSON.stringify(indexes)}::jsonb))::int)`);
  return rowsOf<{ idx: number; amount_cents: number | null; status: string; text: string; match_id: string | null }>(
    result,
  ).map((r) => ({
    idx: r.idx,
    amountCents: r.amount_cents === null ? null : r.amount_cents,
    status: r.status,
    text: r.text,
    matchId: r.match_id,
  }));
}

/** Applies the user's per-row choices in one statement. */
export async function applyRowChanges(db: Db, userId: string, batchId: string, changes: RowChange[]): Promise<void> {
  if (!changes.length) return;
  const list = changes.map((c) => ({
    idx: c.index,
    category_id: c.categoryId ?? null,
    skip: c.skip ?? null,
    same_as: c.sameAs ?? null,
  }));
  // "Same as" links the row to its match and sets it aside; ticking it (skip false) or
  // `sameAs: false` undoes the link.
  await db.execute(sql`
    update import_rows r
    set category_id = coalesce(x.category_id, r.category_id),
        suggested_by = case when x.category_id is null then r.suggested_by else 'user' end,
        -- A category chosen by hand replaces a rule's split.
        lines = case when x.category_id is null then r.lines else null end,
        split_message = case when x.category_id is null then r.split_message else null end,
        skipped = case when x.same_as then true else coalesce(x.skip, r.skipped) end,
        linked_id = case
          when x.same_as then r.match_id
          when x.same_as = false or x.skip is not null then null
          else r.linked_id end
    from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as x(idx integer, category_id uuid, skip boolean, same_as boolean)
    where r.user_id = ${userId} and r.batch_id = ${batchId} and r.idx = x.idx`);
}

/** Sets the category of every importable row of the batch with this payee text and sign. */
export async function setCategoryForPayee(
  db: Db,
  userId: string,
  batchId: string,
  text: string,
  income: boolean,
  categoryId: string,
): Promise<void> {
  await db.execute(sql`
    update import_rows set category_id = ${categoryId}, suggested_by = 'user', lines = null, split_message = null
    where user_id = ${userId} and batch_id = ${batchId}
      and coalesce(nullif(payee, ''), description) = ${text}
      and status in ('new', 'possible-duplicate')
      and ${income ? sql`amount_cents > 0` : sql`amount_cents < 0`}`);
}

/** The file's own category names of the importable rows, by name (case-insensitively) and type, most rows first. */
export async function fileCategoryNames(
  db: Db,
  userId: string,
  batchId: string,
): Promise<{ name: string; type: 'expense' | 'income'; rows: number }[]> {
  const result = await db.execute(sql`
    select min(file_category) as name,
           case when amount_cents > 0 then 'income' else 'expense' end as type,
           count(*)::int as rows
    from import_rows
    where user_id = ${userId} and batch_id = ${batchId} and file_category is not null
      and status in ('new', 'possible-duplicate')
    group by lower(file_category), 2
    order by 3 desc, 1
    limit 500`);
  return rowsOf<{ name: string; type: 'expense' | 'income'; rows: number }>(result);
}

/**
 * Gives a newly created category to the rows carrying that file category name and type that had
 * no better match than the fallback ("Uncategorized"); rules, history and the user's own choices stay.
 */
export async function assignFileCategory(
  db: Db,
  userId: string,
  batchId: string,
  name: string,
  type: 'expense' | 'income',
  categoryId: string,
): Promise<void> {
  await db.execute(sql`
    update import_rows set category_id = ${categoryId}, suggested_by = 'file'
    where user_id = ${userId} and batch_id = ${batchId}
      and lower(file_category) = lower(${name})
      and status in ('new', 'possible-duplicate')
      and suggested_by = 'fallback'
      and ${type === 'income' ? sql`amount_cents > 0` : sql`amount_cents < 0`}`);
}

/** How many rows the commit will import. */
export async function countImportable(db: Db, userId: string, batchId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from import_rows
    where user_id = ${userId} and batch_id = ${batchId} and not skipped and status in ('new', 'possible-duplicate')`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** The statement account of the batch's first row that names one (null when none does). */
export async function firstAccount(db: Db, userId: string, batchId: string): Promise<string | null> {
  const result = await db.execute(sql`
    select account from import_rows
    where user_id = ${userId} and batch_id = ${batchId} and account is not null
    order by idx limit 1`);
  return rowsOf<{ account: string }>(result)[0]?.account ?? null;
}

/** The highest row index of the batch (-1 when it has none). */
export async function maxIndex(db: Db, userId: string, batchId: string): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(max(idx), -1)::int as m from import_rows where user_id = ${userId} and batch_id = ${batchId}`,
  );
  return rowsOf<{ m: number }>(result)[0]?.m ?? -1;
}

/**
 * Stages the previewed rows with index in [from, to) that are to be imported: first claims
 * their bank ids / fingerprints (a row whose key another import claimed meanwhile is skipped, so
 * nothing is ever imported twice), then stages one transaction per claimed row in the ledger's
 * staging table (`stageSelected`: transfer matching links them before they go in, and
 * `insertStaged` puts the rest in) — in SQL, straight from the stored rows, so a 100,000-row
 * commit moves no data through the server. Returns how many transactions were staged.
 */
export async function commitRange(db: Db, userId: string, batchId: string, from: number, to: number): Promise<number> {
  const inRange = sql`r.user_id = ${userId} and r.batch_id = ${batchId} and r.idx >= ${from} and r.idx < ${to}`;
  const range = sql`${inRange} and not r.skipped and r.status in ('new', 'possible-duplicate')`;
  // "Same as …": the existing transaction takes the row's bank identity (its key), so a
  // re-import finds it; the transaction itself (category, note) is left as it is.
  await db.execute(sql`
    insert into import_keys (user_id, key, batch_id)
    select r.user_id, r.dedupe_key, r.batch_id from import_rows r
    where ${inRange} and r.linked_id is not null and r.dedupe_key is not null
      and exists (select 1 from transactions t where t.user_id = r.user_id and t.id = r.linked_id)
    on conflict do nothing`);
  await db.execute(sql`
    insert into import_keys (user_id, key, batch_id)
    select r.user_id, r.dedupe_key, r.batch_id from import_rows r
    where ${range} and r.dedupe_key is not null
    on conflict do nothing`);
  // A rule's split whose category was deleted (or changed type) since the preview: the row imports unsplit.
  await db.execute(sql`
    update import_rows r set lines = null
    where ${range} and r.lines is not null and exists (
      select 1 from jsonb_array_elements(r.lines) l
      where not exists (select 1 from categories c
                        where c.user_id = r.user_id and c.id = (l->>'categoryId')::uuid and c.type = l->>'type'))`);
  // Rows that get lines or tags get their transaction's id now, to attach them after the insert.
  await db.execute(sql`
    update import_rows r set transaction_id = gen_random_uuid()
    where ${range} and (r.lines is not null or cardinality(r.tag_ids) > 0)`);
  // Separate statements (the second sees the first's keys): a key held by another batch is not ours.
  return stageSelected(
    db,
    [
      'id',
      'user_id',
      'account_id',
      'status',
      'category_id',
      'type',
      'amount_cents',
      'description',
      'date',
      'import_batch_id',
    ],
    // A bank's posting has happened: imported rows are cleared. The batch's account, else the default one.
    sql`select coalesce(r.transaction_id, gen_random_uuid()), r.user_id, coalesce(b.account_id, a.id), 'cleared',
               case when r.lines is null then r.category_id end,
               case when r.amount_cents > 0 then 'income' else 'expense' end,
               abs(r.amount_cents),
               nullif(left(coalesce(nullif(r.description, ''), r.payee, ''), 255), ''),
               r.date, r.batch_id
        from import_rows r
        join import_batches b on b.id = r.batch_id and b.user_id = r.user_id
        join accounts a on a.user_id = r.user_id and a.is_default
        where ${range}
          and (r.dedupe_key is null or exists (
            select 1 from import_keys k where k.user_id = r.user_id and k.key = r.dedupe_key and k.batch_id = r.batch_id))`,
  );
}

/**
 * The rules' split lines and tags of a committed batch's rows, once its staged rows are in the
 * ledger (`insertStaged`): rows that got lines or tags were given their transaction's id when
 * staged. A row that transfer matching linked went in as a transfer leg and keeps its tags; a row
 * with lines has no category and is never a transfer leg (the matching skips it). The database
 * checks at commit that each split row's lines add up to it.
 */
export async function attachRuleLinesAndTags(db: Db, userId: string, batchId: string): Promise<void> {
  const made = sql`r.user_id = ${userId} and r.batch_id = ${batchId} and not r.skipped
    and r.status in ('new', 'possible-duplicate') and r.transaction_id is not null`;
  await ledgerWriter.insertLinesSelected(
    db,
    sql`select t.user_id, t.id, t.account_id, t.date, (l.n - 1)::int, (l.v->>'categoryId')::uuid, l.v->>'type',
               (l.v->>'amountCents')::bigint, l.v->>'note'
        from import_rows r
        join transactions t on t.user_id = r.user_id and t.id = r.transaction_id
        cross join lateral jsonb_array_elements(r.lines) with ordinality as l(v, n)
        where ${made} and r.lines is not null and t.kind = 'regular'`,
  );
  await ledgerWriter.insertTagsSelected(
    db,
    sql`select t.id, g.id, t.user_id
        from import_rows r
        join transactions t on t.user_id = r.user_id and t.id = r.transaction_id
        cross join lateral unnest(r.tag_ids) as x(tag_id)
        join tags g on g.user_id = r.user_id and g.id = x.tag_id
        where ${made}`,
  );
}

/** Removes the transactions and claimed keys of a batch; returns how many transactions went. */
export async function revertBatch(db: Db, userId: string, batchId: string): Promise<number> {
  await db.delete(importKeys).where(and(eq(importKeys.userId, userId), eq(importKeys.batchId, batchId)));
  return ledgerWriter.deleteImportBatch(db, userId, batchId);
}

export interface LedgerMatch {
  id: string;
  date: string;
  type: 'income' | 'expense';
  amountCents: number;
  description: string | null;
}

/**
 * The user's transactions within `days` of any of the given (date, amount) pairs with that
 * amount (amount as stored: positive cents with a type).
 */
export async function findLedgerNear(
  db: Db,
  userId: string,
  pairs: { d: string; a: number; t: string }[],
  days: number,
  accountId?: string | null,
): Promise<LedgerMatch[]> {
  const out = new Map<string, LedgerMatch>();
  for (let i = 0; i < pairs.length; i += CHUNK) {
    const chunk = pairs.slice(i, i + CHUNK);
    const result = await db.execute(sql`
      select distinct t.id, t.date::text as date, t.type, t.amount_cents, t.description
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as p(d date, a bigint, t text)
      join transactions t
        on t.user_id = ${userId} and t.type = p.t and t.amount_cents = p.a
       ${accountId ? sql`and t.account_id = ${accountId}` : sql``}
       and t.date between p.d - ${days}::int and p.d + ${days}::int`);
    for (const r of rowsOf<{
      id: string;
      date: string;
      type: 'income' | 'expense';
      amount_cents: number;
      description: string | null;
    }>(result)) {
      out.set(r.id, {
        id: r.id,
        date: r.date,
        type: r.type,
        amountCents: r.amount_cents,
        description: r.description,
      });
    }
  }
  return [...out.values()];
}

/**
 * For each text, the category most used by the user's transactions with exactly that description.
 * `description || ''` keeps the planner off the trigram index, which it would otherwise probe once
 * per text: for a user with 1M rows sharing common trigrams, 5,000 texts took 60 s that way; one
 * pass over the user's rows with a hash of the texts takes under a second.
 */
export async function findHistoryCategories(
  db: Db,
  userId: string,
  texts: string[],
): Promise<Map<string, { income?: string; expense?: string }>> {
  const out = new Map<string, { income?: string; expense?: string }>();
  for (let i = 0; i < texts.length; i += CHUNK) {
    const chunk = texts.slice(i, i + CHUNK);
    const result = await db.execute(sql`
      select distinct on (description, type) description, type, category_id
      from transactions
      where user_id = ${userId} and category_id is not null
        and (description || '') in (select jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))
      group by description, type, category_id
      order by description, type, count(*) desc, max(date) desc`);
    for (const r of rowsOf<{ description: string; type: 'income' | 'expense'; category_id: string }>(result)) {
      const entry = out.get(r.description) ?? {};
      entry[r.type] = r.category_id;
      out.set(r.description, entry);
    }
  }
  return out;
}

/* ------------------------------------------------------------ imports into accounts (h-f) */

/** The user's open account that a statement account identity was imported into before, if any. */
export async function accountForIdentities(db: Db, userId: string, identities: string[]): Promise<string | null> {
  if (!identities.length) return null;
  const result = await db.execute(sql`
    select id from accounts
    where user_id = ${userId} and closed_at is null
      and import_ids && (select array_agg(x) from jsonb_array_elements_text(${JSON.stringify(identities)}::jsonb) as x)
    order by updated_at desc limit 1`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/**
 * At commit: remembers the file's account identities on the account (and takes them off the
 * user's other accounts, so one identity picks one account), and its closing balance as the
 * account's balance check when it is not older than the one kept.
 */
export async function rememberStatement(
  db: Db,
  userId: string,
  accountId: string,
  identities: string[],
  closing: { date: string; cents: number } | null,
): Promise<void> {
  if (identities.length) {
    const ids = JSON.stringify(identities);
    await db.execute(sql`
      update accounts set import_ids = array(
        select unnest(import_ids) except select jsonb_array_elements_text(${ids}::jsonb))
      where user_id = ${userId} and id <> ${accountId} and import_ids && array(select jsonb_array_elements_text(${ids}::jsonb))`);
    await db.execute(sql`
      update accounts set import_ids = array(
        select distinct x from unnest(import_ids || array(select jsonb_array_elements_text(${ids}::jsonb))) as x order by x),
        updated_at = now()
      where user_id = ${userId} and id = ${accountId}`);
  }
  if (closing) {
    await db.execute(sql`
      update accounts set check_date = ${closing.date}, check_balance_cents = ${closing.cents}, updated_at = now()
      where user_id = ${userId} and id = ${accountId} and (check_date is null or check_date <= ${closing.date})`);
  }
}

/** The account's balance as of a date (that whole day included), from the per-day balances. */
export async function balanceAsOf(db: Db, accountId: string, date: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(delta_cents), 0)::bigint as b from account_daily_balances
    where account_id = ${accountId} and day <= ${date}`);
  return Number(rowsOf<{ b: number | string }>(result)[0]?.b ?? 0);
}

/**
 * The exactly-once generation engine (docs/recurring.md).
 *
 * Every write to an item's schedule happens inside a database transaction that first locks the
 * item's row (`SELECT … FOR UPDATE`), reads its `nextDate`, inserts the transactions of the
 * occurrences due (`ON CONFLICT (recurring_id, occurrence_date) DO NOTHING`) and moves
 * `nextDate` / `lastGenerated` past them before committing. A second caller waits on the lock
 * and then sees the advanced `nextDate`, so concurrent calls — two tabs, the dashboard, the
 * sweep, several server instances — neither duplicate nor lose an occurrence; the unique index
 * is the backstop. PGlite serialises `db.transaction` calls on its one connection (its own
 * transaction mutex), so the same code is exactly-once there too. Never use the outer `db`
 * inside these callbacks: on PGlite it would wait for the very transaction it runs in.
 */
import {
  RECURRING_GENERATE_MAX_PER_CALL,
  RECURRING_MESSAGES,
  firstOccurrenceOnOrAfter,
  iterateOccurrences,
  nextOccurrenceAfter,
} from '@ledgerly/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import { type RecurringRow, type TransactionRow, ruleOf } from './recurring.mapper.js';
import { ACCOUNT_MSG } from '@ledgerly/shared';
import { copyRecurringTags, holdOpenAccounts, ledgerTransfers, ledgerWriter } from '../ledger/index.js';
import * as repo from './recurring.repository.js';
import { keptSkips, nextUnskipped } from './recurring.skips.js';

/**
 * Occurrences written per database transaction. A years-long daily backlog is committed in
 * steps of this size, each step consistent on its own (rows + advanced nextDate), so memory
 * stays flat and, on PGlite, other requests get a turn between steps.
 */
export const GENERATION_BATCH = 1000;

function occurrenceRow(item: RecurringRow, occurrenceDate: string, date: string) {
  return {
    userId: item.userId,
    accountId: item.accountId,
    categoryId: item.categoryId,
    type: item.type,
    amountCents: item.amountCents,
    description: item.description,
    date,
    recurringId: item.id,
    occurrenceDate,
  };
}

/**
 * Gives a split item's generated rows of these occurrences its lines, in order (rows that have
 * lines already are left alone); nothing for an item that is not split. The deferred check of
 * migration 0027 holds at commit that they add up to each row.
 */
async function copyRecurringLines(db: Db, item: RecurringRow, occurrences: readonly string[]): Promise<void> {
  if (!item.lines?.length || !occurrences.length) return;
  await ledgerWriter.insertLinesSelected(
    db,
    sql`select t.user_id, t.id, t.account_id, t.date, (l.n - 1)::int, (l.v->>'categoryId')::uuid, l.v->>'type',
               (l.v->>'amountCents')::bigint, l.v->>'note'
        from transactions t
        cross join lateral jsonb_array_elements(${JSON.stringify(item.lines)}::jsonb) with ordinality as l(v, n)
        where t.user_id = ${item.userId} and t.recurring_id = ${item.id}
          and t.occurrence_date = any(${`{${occurrences.join(',')}}`}::date[])
          -- Only a row generated as split (no category, regular): an occurrence that existed and
          -- was since given a category or linked as a transfer leg keeps what it has.
          and t.kind = 'regular' and t.category_id is null
          and not exists (select 1 from transaction_lines x where x.user_id = t.user_id and x.transaction_id = t.id)`,
  );
}

/** A recurring transfer (it names the account the money enters). */
const transferSource = (item: RecurringRow) => (item.toAccountId ? { ...item, toAccountId: item.toAccountId } : null);

/**
 * Inserts the occurrences dated `dates` (each on its own date): one row each, or for a recurring
 * transfer both legs each, in the caller's locked database transaction. Answers how many.
 */
async function insertOccurrences(db: Db, item: RecurringRow, dates: string[]): Promise<number> {
  const transfer = transferSource(item);
  if (!transfer) {
    const inserted = await ledgerWriter.insertOccurrenceBatch(db, item, dates);
    // The generated rows copy the item's lines (docs/splits.md) and tags (docs/tags.md).
    await copyRecurringLines(db, item, dates);
    await copyRecurringTags(db, item.userId, item.id, dates);
    return inserted;
  }
  let inserted = 0;
  for (const date of dates) {
    if (await ledgerTransfers.insertTransferOccurrence(db, transfer, date, date)) inserted += 1;
  }
  return inserted;
}

/** One occurrence of a recurring transfer, answered as its out leg with its transfer (none if it existed). */
async function transferOccurrence(
  db: Db,
  item: RecurringRow & { toAccountId: string },
  occurrence: string,
  date: string,
): Promise<TransactionRow[]> {
  const legs = await ledgerTransfers.insertTransferOccurrence(db, item, occurrence, date);
  return legs
    ? [{ ...legs.out, transferId: legs.transfer.id, transferAccountId: legs.in.accountId } as TransactionRow]
    : [];
}

const later = (a: string | null, b: string) => (a && a > b ? a : b);

/**
 * One locked step: generates up to `batch` due occurrences of the item (dated on or before
 * `today`) and advances its schedule. Returns how many rows were inserted and whether more
 * occurrences are still due.
 */
async function generateStep(db: Db, userId: string, id: string, today: string, batch: number) {
  return db.transaction(async (tx) => {
    const item = await repo.lockRecurring(tx, userId, id);
    if (!item || !item.isActive || !item.nextDate || item.nextDate > today) return { inserted: 0, more: false };
    // Paused while its account (either, for a transfer) is closed: nothing written, the schedule
    // stays, and reopening the account catches it up (docs/accounts.md).
    if (!(await holdOpenAccounts(tx, userId, [item.accountId, item.toAccountId]))) return { inserted: 0, more: false };
    const rule = ruleOf(item);
    const skipped = item.skippedDates;
    const dates: string[] = [];
    let last: string | null = null;
    for (const date of iterateOccurrences(rule, item.nextDate, today)) {
      if (dates.length >= batch) break;
      last = date;
      // A skipped occurrence is passed over: the schedule moves on, nothing is created.
      if (!skipped.includes(date)) dates.push(date);
    }
    if (last === null) {
      // nextDate is not an occurrence on or before today (or the series ended): normalise it.
      const nextDate = nextUnskipped(rule, firstOccurrenceOnOrAfter(rule, item.nextDate), skipped);
      await repo.updateRecurring(tx, id, { nextDate });
      return { inserted: 0, more: false };
    }
    const inserted = dates.length ? await insertOccurrences(tx, item, dates) : 0;
    const nextDate = nextUnskipped(rule, nextOccurrenceAfter(rule, last), skipped);
    const booked = dates[dates.length - 1];
    const lastGenerated = booked ? later(item.lastGenerated, booked) : item.lastGenerated;
    await repo.updateRecurring(tx, id, {
      nextDate,
      lastGenerated,
      lastBooked: booked ? later(item.lastBooked, booked) : item.lastBooked,
      skippedDates: keptSkips(skipped, lastGenerated),
    });
    return { inserted, more: nextDate !== null && nextDate <= today };
  });
}

export interface ItemGeneration {
  /** Occurrences written per database transaction; GENERATION_BATCH unless told. */
  batch?: number;
  /** At most this many rows in this call (the sweep's per-item bound); no bound unless told. */
  limit?: number;
}

/**
 * Generates the occurrences of one item dated on or before `today`, at most `limit` of them:
 * answers how many were created and whether more are still due (they follow on the next call,
 * from the nextDate each committed step left).
 */
export async function generateDueForItem(
  db: Db,
  userId: string,
  id: string,
  today: string,
  { batch = GENERATION_BATCH, limit = Number.POSITIVE_INFINITY }: ItemGeneration = {},
): Promise<{ generated: number; more: boolean }> {
  let total = 0;
  for (;;) {
    if (total >= limit) return { generated: total, more: true };
    const { inserted, more } = await generateStep(db, userId, id, today, Math.min(batch, limit - total));
    total += inserted;
    if (!more) return { generated: total, more: false };
  }
}

/**
 * Generates due occurrences of all the user's active items, at most `limit` rows per call (a
 * catch-up of decades must not hold PGlite or the request for seconds); `more` says occurrences
 * are still due. Nothing is lost: each step advances the item's nextDate with the rows it wrote,
 * and the next call or the hourly sweep goes on from there.
 */
export async function generateDueForUser(
  db: Db,
  userId: string,
  today: string,
  limit = RECURRING_GENERATE_MAX_PER_CALL,
): Promise<{ generated: number; more: boolean }> {
  let total = 0;
  for (const { item } of await repo.listActiveDue(db, userId, today)) {
    for (;;) {
      if (total >= limit) return { generated: total, more: true };
      const { inserted, more } = await generateStep(
        db,
        userId,
        item.id,
        today,
        Math.min(GENERATION_BATCH, limit - total),
      );
      total += inserted;
      if (!more) break;
    }
  }
  return { generated: total, more: false };
}

export interface GeneratedOne {
  transaction: TransactionRow;
  item: RecurringRow;
}

/**
 * Generates the item's next occurrence now: dated `nextDate`, or `today` when that is still in
 * the future (its occurrence date stays the scheduled one); `nextDate` moves one step.
 */
export async function generateNext(db: Db, userId: string, id: string, today: string): Promise<GeneratedOne> {
  return db.transaction(async (tx) => {
    const item = await repo.lockRecurring(tx, userId, id);
    if (!item) throw notFound('Recurring transaction');
    if (!item.isActive) throw conflict(RECURRING_MESSAGES.inactive);
    if (!(await holdOpenAccounts(tx, userId, [item.accountId, item.toAccountId]))) throw conflict(ACCOUNT_MSG.closed);
    const rule = ruleOf(item);
    const skipped = item.skippedDates;
    let occurrence = nextUnskipped(rule, item.nextDate ? firstOccurrenceOnOrAfter(rule, item.nextDate) : null, skipped);
    while (occurrence) {
      const booked = occurrence <= today ? occurrence : today;
      const transfer = transferSource(item);
      const [row] = transfer
        ? await transferOccurrence(tx, transfer, occurrence, booked)
        : await ledgerWriter.insertOccurrences(tx, [occurrenceRow(item, occurrence, booked)]);
      if (row && !transfer) {
        await copyRecurringLines(tx, item, [occurrence]);
        await copyRecurringTags(tx, userId, item.id, [occurrence]);
      }
      const nextDate = nextUnskipped(rule, nextOccurrenceAfter(rule, occurrence), skipped);
      if (row) {
        const lastGenerated = later(item.lastGenerated, occurrence);
        const updated = await repo.updateRecurring(tx, id, {
          nextDate,
          lastGenerated,
          lastBooked: later(item.lastBooked, booked),
          skippedDates: keptSkips(skipped, lastGenerated),
        });
        return { transaction: row, item: updated };
      }
      // Already generated (cannot happen while nextDate is kept past every generated date): skip it.
      occurrence = nextDate;
    }
    throw conflict(RECURRING_MESSAGES.ended);
  });
}

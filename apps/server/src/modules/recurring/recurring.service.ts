import type {
  CategoryRef,
  GenerateAllResult,
  GenerateOneResult,
  RecurringSkipInput,
  RecurringTransaction,
  UpcomingOccurrence,
} from '@ledgerly/shared';
import {
  ACCOUNT_MSG,
  MSG,
  UPCOMING_DAYS_MAX,
  RECURRING_MAX_ITEMS,
  RECURRING_MESSAGES,
  addDays,
  firstOccurrenceOnOrAfter,
  fromCents,
  isOccurrence,
  iterateOccurrences,
  nextOccurrenceAfter,
  occurrenceAt,
  shownCategory,
  todayIn,
} from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import type { Viewer } from '../../lib/viewer.js';
import { conflict, notFound, validationError } from '../../errors.js';
import { isForeignKeyViolation } from '../../lib/pg-errors.js';
import { findCategory, list as listCategories, toCategoryRef } from '../categories/index.js';
import {
  accountForWrite,
  closedAccountIds,
  linesOf,
  requireTags,
  setRecurringTags,
  tagsOfRecurring,
} from '../ledger/index.js';
import { generateDueForUser, generateNext } from './recurring.generator.js';
import { type RecurringRow, ruleOf, toGeneratedTransaction, toRecurring } from './recurring.mapper.js';
import * as repo from './recurring.repository.js';
import { nextUnskipped } from './recurring.skips.js';
import { type RecurringData, validateRecurring } from './recurring.validation.js';

/** The signed-in user as far as this module cares. */
export type Owner = Viewer;

const today = (owner: Owner) => todayIn(owner.timezone);

/** A category deleted between the check and the write surfaces as a foreign-key violation. */
async function withCategoryGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw validationError(MSG.selectCategory, { categoryId: MSG.selectCategory });
    throw error;
  }
}

/** The user's categories by id, read only when some item is split (its lines show their categories). */
async function lineCategories(
  db: Db,
  userId: string,
  rows: readonly RecurringRow[],
): Promise<Map<string, CategoryRef>> {
  if (!rows.some((r) => r.lines?.length)) return new Map();
  return new Map((await listCategories(db, userId, undefined)).map((c) => [c.id, toCategoryRef(c)] as const));
}

/** A split item's lines as stored (cents); null when the item is not split. */
const storedLines = (data: RecurringData) =>
  data.lines?.length
    ? data.lines.map((l) => ({ categoryId: l.categoryId, type: l.type, amountCents: l.amount, note: l.note }))
    : null;

/** The item in the API's shape with its tags. */
async function withItemTags(
  db: Db,
  userId: string,
  row: RecurringRow,
  category: Parameters<typeof toRecurring>[1],
  closed: ReadonlySet<string>,
): Promise<RecurringTransaction> {
  const tags = (await tagsOfRecurring(db, userId, [row.id])).get(row.id) ?? [];
  return toRecurring(row, category, closed, tags, await lineCategories(db, userId, [row]));
}

export async function list(db: Db, owner: Owner): Promise<RecurringTransaction[]> {
  const [items, closed] = await Promise.all([repo.listRecurring(db, owner.id), closedAccountIds(db, owner.id)]);
  const tags = await tagsOfRecurring(
    db,
    owner.id,
    items.map((i) => i.item.id),
  );
  const refs = await lineCategories(
    db,
    owner.id,
    items.map((i) => i.item),
  );
  return items.map(({ item, category }) => toRecurring(item, category, closed, tags.get(item.id), refs));
}

/** Most occurrences GET /recurring/upcoming answers (200 daily items over 366 days would be 73,200). */
export const UPCOMING_MAX_OCCURRENCES = 1000;

/**
 * Occurrences (not items) of active items dated from the user's today through today + days
 * and neither generated yet (on or after nextDate) nor skipped, by date; the first 1,000 of them.
 */
export async function upcoming(db: Db, owner: Owner, days: number): Promise<UpcomingOccurrence[]> {
  const from = today(owner);
  const until = addDays(from, days);
  const out: UpcomingOccurrence[] = [];
  const closed = await closedAccountIds(db, owner.id);
  for (const { item, category } of await repo.listActiveDue(db, owner.id, until)) {
    // Paused while an account of it is closed: nothing is generated, so nothing is upcoming.
    if (closed.has(item.accountId) || (item.toAccountId && closed.has(item.toAccountId))) continue;
    const start = item.nextDate! > from ? item.nextDate! : from;
    for (const date of iterateOccurrences(ruleOf(item), start, until)) {
      if (item.skippedDates.includes(date)) continue;
      out.push({
        recurringId: item.id,
        date,
        description: item.description,
        amount: fromCents(item.amountCents),
        type: item.type,
        // A recurring transfer has no category: it shows as "Transfer", as its rows do.
        // A split item shows "Split (n)".
        category: shownCategory({ category, kind: 'transfer', lines: item.lines ?? [] }),
      });
    }
  }
  return out
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        a.description.localeCompare(b.description) ||
        a.recurringId.localeCompare(b.recurringId),
    )
    .slice(0, UPCOMING_MAX_OCCURRENCES);
}

/**
 * The account a recurring transfer enters: the user's (404), open (409), not the one it leaves
 * (400). Null for an ordinary item.
 */
async function transferTarget(db: Db, userId: string, fromId: string, toId: string | null | undefined) {
  if (!toId) return null;
  if (toId === fromId) throw validationError(ACCOUNT_MSG.sameAccount, { toAccountId: ACCOUNT_MSG.sameAccount });
  return (await accountForWrite(db, userId, toId)).id;
}

export async function create(db: Db, owner: Owner, input: unknown): Promise<RecurringTransaction> {
  const { data, category } = await validateRecurring(db, owner.id, input);
  await requireTags(db, owner.id, data.tagIds ?? []);
  // Checked before the insert: two creates racing at the cap may pass it by one, no more.
  if ((await repo.countRecurring(db, owner.id)) >= RECURRING_MAX_ITEMS) throw conflict(RECURRING_MESSAGES.tooMany);
  const account = await accountForWrite(db, owner.id, data.accountId);
  const toAccountId = await transferTarget(db, owner.id, account.id, data.toAccountId);
  const row = await withCategoryGuard(() =>
    db.transaction(async (tx) => {
      const inserted = await repo.insertRecurring(tx, {
        userId: owner.id,
        accountId: account.id,
        toAccountId,
        categoryId: data.categoryId,
        lines: storedLines(data),
        type: data.type,
        amountCents: data.amount,
        description: data.description,
        frequency: data.frequency,
        startDate: data.startDate,
        endDate: data.endDate,
        isActive: data.isActive,
        // The first occurrence is the start date itself.
        nextDate: occurrenceAt(ruleOf(data), 0),
        lastGenerated: null,
      });
      if (data.tagIds?.length) await setRecurringTags(tx, owner.id, inserted.id, data.tagIds);
      return inserted;
    }),
  );
  return withItemTags(db, owner.id, row, category, await closedAccountIds(db, owner.id));
}

/**
 * The schedule after an edit. nextDate is the first occurrence of the new rule after
 * lastGenerated (from the start when nothing was generated), so no generated occurrence date is
 * ever produced again; null when the new end date comes before it. Resuming a paused item skips
 * what fell due while it was paused, and records that in skippedBefore, so no later edit of the
 * amount, the dates or the frequency can bring those occurrences back.
 */
export function scheduleAfterEdit(
  existing: RecurringRow,
  data: RecurringData,
  todayDate: string,
): { nextDate: string | null; skippedBefore: string | null } {
  const rule = ruleOf(data);
  const next = existing.lastGenerated ? nextOccurrenceAfter(rule, existing.lastGenerated) : occurrenceAt(rule, 0);
  const resuming = data.isActive && !existing.isActive;
  const skippedBefore = resuming && next && next < todayDate ? todayDate : existing.skippedBefore;
  if (next && skippedBefore && next < skippedBefore) {
    return { nextDate: firstOccurrenceOnOrAfter(rule, skippedBefore), skippedBefore };
  }
  return { nextDate: next, skippedBefore };
}

export async function update(db: Db, owner: Owner, id: string, input: unknown): Promise<RecurringTransaction> {
  if (!(await repo.findRecurring(db, owner.id, id))) throw notFound('Recurring transaction');
  const { data, category } = await validateRecurring(db, owner.id, input);
  if (data.tagIds) await requireTags(db, owner.id, data.tagIds);
  const keepActive = !(input && typeof input === 'object' && 'isActive' in input);
  const todayDate = today(owner);
  const row = await withCategoryGuard(() =>
    db.transaction(async (tx) => {
      // Locked like generation, so an edit never interleaves with a generation of the same item.
      const existing = await repo.lockRecurring(tx, owner.id, id);
      if (!existing) throw notFound('Recurring transaction');
      const values = { ...data, isActive: keepActive ? existing.isActive : data.isActive };
      const schedule = scheduleAfterEdit(existing, values, todayDate);
      const accountId = data.accountId ? (await accountForWrite(tx, owner.id, data.accountId)).id : existing.accountId;
      if (data.tagIds) await setRecurringTags(tx, owner.id, id, data.tagIds);
      return repo.updateRecurring(tx, id, {
        accountId,
        toAccountId: await transferTarget(tx, owner.id, accountId, data.toAccountId),
        categoryId: values.categoryId,
        lines: storedLines(values),
        type: values.type,
        amountCents: values.amount,
        description: values.description,
        frequency: values.frequency,
        startDate: values.startDate,
        endDate: values.endDate,
        isActive: values.isActive,
        skippedBefore: schedule.skippedBefore,
        // Skips stay skipped through edits (those the new rule no longer has are simply unused).
        nextDate: nextUnskipped(ruleOf(values), schedule.nextDate, existing.skippedDates),
      });
    }),
  );
  return withItemTags(db, owner.id, row, category, await closedAccountIds(db, owner.id));
}

/** Deletes the item; its generated transactions stay (their recurring_id becomes null). */
export async function remove(db: Db, owner: Owner, id: string): Promise<void> {
  if (!(await repo.deleteRecurring(db, owner.id, id))) throw notFound('Recurring transaction');
}

export async function generateAll(db: Db, owner: Owner): Promise<GenerateAllResult> {
  return generateDueForUser(db, owner.id, today(owner));
}

export async function generateOne(db: Db, owner: Owner, id: string): Promise<GenerateOneResult> {
  const { transaction, item } = await generateNext(db, owner.id, id, today(owner));
  const category = item.categoryId ? await findCategory(db, owner.id, item.categoryId) : null;
  if (item.categoryId && !category) throw notFound('Category');
  const ref = category ? toCategoryRef(category) : null;
  const tags = (await tagsOfRecurring(db, owner.id, [item.id])).get(item.id) ?? [];
  const lines = (await linesOf(db, owner.id, [transaction.id])).get(transaction.id) ?? [];
  return {
    transaction: toGeneratedTransaction(
      { ...transaction, tags: transaction.kind === 'transfer' ? [] : tags, lines },
      ref,
    ),
    recurring: toRecurring(item, ref, undefined, tags, await lineCategories(db, owner.id, [item])),
  };
}

/**
 * Skips one occurrence (by its scheduled date) of an active item: it is never generated, and
 * when it is the next one the schedule moves on to the following occurrence. Any occurrence not
 * generated yet may be skipped, from the item's next date (overdue included) through today + 366
 * days. Skipping an occurrence already skipped changes nothing and succeeds (idempotent).
 */
export async function skip(db: Db, owner: Owner, id: string, input: RecurringSkipInput): Promise<RecurringTransaction> {
  const { date } = input;
  const todayDate = today(owner);
  await db.transaction(async (tx) => {
    // Locked like generation: a skip never interleaves with a generation of the same item.
    const item = await repo.lockRecurring(tx, owner.id, id);
    if (!item) throw notFound('Recurring transaction');
    if (item.skippedDates.includes(date)) return;
    if (!item.isActive) throw conflict(RECURRING_MESSAGES.skipInactive);
    const rule = ruleOf(item);
    if (!isOccurrence(rule, date))
      throw validationError(RECURRING_MESSAGES.skipNotOccurrence, { date: RECURRING_MESSAGES.skipNotOccurrence });
    if (!item.nextDate || date < item.nextDate) throw conflict(RECURRING_MESSAGES.skipGenerated);
    if (date > addDays(todayDate, UPCOMING_DAYS_MAX))
      throw validationError(RECURRING_MESSAGES.skipTooFar, { date: RECURRING_MESSAGES.skipTooFar });
    const skippedDates = [...item.skippedDates, date].sort();
    await repo.updateRecurring(tx, id, { skippedDates, nextDate: nextUnskipped(rule, item.nextDate, skippedDates) });
  });
  const found = await repo.findRecurring(db, owner.id, id);
  if (!found) throw notFound('Recurring transaction');
  return withItemTags(db, owner.id, found.item, found.category, await closedAccountIds(db, owner.id));
}

/**
 * Undoes a skip: the occurrence is scheduled again (and is the next date when it comes first;
 * a past one is then due and generated like any overdue occurrence). Refused when a later
 * occurrence was generated already (the schedule never goes back past lastGenerated). An
 * occurrence that is not skipped changes nothing and succeeds (idempotent).
 */
export async function unskip(
  db: Db,
  owner: Owner,
  id: string,
  input: RecurringSkipInput,
): Promise<RecurringTransaction> {
  const { date } = input;
  await db.transaction(async (tx) => {
    const item = await repo.lockRecurring(tx, owner.id, id);
    if (!item) throw notFound('Recurring transaction');
    // Past the last generated occurrence (its skip pruned by then, or not): too late to undo.
    if ((item.lastGenerated && date <= item.lastGenerated) || (item.skippedBefore && date < item.skippedBefore))
      throw conflict(RECURRING_MESSAGES.unskipGenerated);
    if (!item.skippedDates.includes(date)) return;
    const skippedDates = item.skippedDates.filter((d) => d !== date);
    const nextDate = item.nextDate && item.nextDate < date ? item.nextDate : date;
    await repo.updateRecurring(tx, id, { skippedDates, nextDate });
  });
  const found = await repo.findRecurring(db, owner.id, id);
  if (!found) throw notFound('Recurring transaction');
  return withItemTags(db, owner.id, found.item, found.category, await closedAccountIds(db, owner.id));
}

/** One page of active items due on or before `until`, for every user (the hourly sweep). */
export const listDueForSweep = repo.listDueForSweep;

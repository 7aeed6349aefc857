import { and, eq, inArray, or } from 'drizzle-orm';
import {
  ACCOUNT_MSG,
  MAX_AMOUNT_CENTS,
  TRANSFER_MSG,
  applyRate,
  fitsCurrency,
  impliedRate,
  minorUnitsMessage,
} from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { accounts, transactions, transfers } from '../../db/schema.js';
import { conflict, notFound, validationError } from '../../errors.js';
import type { AccountRow } from './ledger.accounts.js';
import type { TransactionRow } from './ledger.read-model.js';
import { assertNotLocked, lockUserLedger } from './ledger.writer.js';

/*
 * Transfers (DESIGN §10): two rows written, edited and deleted together in one database
 * transaction — the out leg (expense, kind transfer) in the source account and the in leg
 * (income, kind transfer) in the destination, same date and description. Neither is income or
 * expense: they carry no category, except an out leg leaving the budget (an on-budget account
 * paying into an off-budget one), which may carry an expense category and then counts as spending.
 * Part of the ledger's one writer (architecture.test.ts).
 */

export type TransferRow = typeof transfers.$inferSelect;

/** A transfer with both legs and their accounts. */
export interface TransferWithLegs {
  transfer: TransferRow;
  out: TransactionRow;
  in: TransactionRow;
}

/** What a transfer's form writes (amounts in minor units). */
export interface TransferValues {
  fromAccountId: string;
  toAccountId: string;
  amountCents: number;
  /** The amount entering the destination; needed (and only taken) when the currencies differ. */
  toAmountCents?: number | null | undefined;
  /** Or the rate (units of the destination's currency per one of the source's), a decimal string. */
  rate?: string | null | undefined;
  date: string;
  description: string | null;
  /** An expense category of the user (checked by the caller); only on a transfer leaving the budget. */
  categoryId?: string | null | undefined;
}

/** Whether money moving from `from` to `to` leaves the budget (only then may the out leg have a category). */
export const leavesBudget = (from: Pick<AccountRow, 'onBudget'>, to: Pick<AccountRow, 'onBudget'>) =>
  from.onBudget && !to.onBudget;

/** Both accounts of a transfer: the user's (404), open (409), different (400). */
async function transferAccounts(db: Db, userId: string, fromId: string, toId: string) {
  if (fromId === toId) throw validationError(ACCOUNT_MSG.sameAccount, { toAccountId: ACCOUNT_MSG.sameAccount });
  const rows = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), inArray(accounts.id, [fromId, toId])));
  const from = rows.find((r) => r.id === fromId);
  const to = rows.find((r) => r.id === toId);
  if (!from || !to) throw notFound('Account');
  if (from.closedAt || to.closedAt) throw conflict(ACCOUNT_MSG.closed);
  return { from, to };
}

/** 400 when `cents` has more decimals than `code` has (¥1.50), naming `field`. */
function checkDecimals(cents: number, code: string, field: 'amount' | 'toAmount') {
  if (fitsCurrency(cents, code)) return;
  const message = minorUnitsMessage(field === 'amount' ? 'Amount' : 'Amount that arrives', code, 'decimals');
  throw validationError(message, { [field]: message });
}

/**
 * The amount entering `to` and the rate between the legs: the same amount (no rate) when the
 * currencies agree; else `toAmountCents` as given, or `amountCents` at `rate` rounded half-even
 * once to `to`'s digits (400 with neither, with both, or with too many decimals).
 */
function arrivingAmount(
  from: AccountRow,
  to: AccountRow,
  values: Pick<TransferValues, 'amountCents' | 'toAmountCents' | 'rate'>,
  sameUnits = false,
): { toAmountCents: number; rate: string | null } {
  const { amountCents, toAmountCents, rate } = values;
  if (sameUnits) return { toAmountCents: amountCents, rate: null };
  checkDecimals(amountCents, from.currency, 'amount');
  if (from.currency === to.currency) {
    if (toAmountCents != null && toAmountCents !== amountCents) {
      throw validationError(TRANSFER_MSG.toAmountSame, { toAmount: TRANSFER_MSG.toAmountSame });
    }
    if (rate != null && rate !== '1') throw validationError(TRANSFER_MSG.rateSame, { rate: TRANSFER_MSG.rateSame });
    return { toAmountCents: amountCents, rate: null };
  }
  if (toAmountCents != null && rate != null) {
    throw validationError(TRANSFER_MSG.rateOrAmount, { rate: TRANSFER_MSG.rateOrAmount });
  }
  if (rate != null) {
    const arriving = applyRate(amountCents, rate, to.currency);
    if (arriving <= 0) throw validationError(TRANSFER_MSG.toAmountNeeded, { rate: TRANSFER_MSG.toAmountNeeded });
    // Refused here, before the legs are written: no amount can be that large.
    if (arriving > MAX_AMOUNT_CENTS)
      throw validationError(TRANSFER_MSG.rateTooLarge, { rate: TRANSFER_MSG.rateTooLarge });
    return { toAmountCents: arriving, rate };
  }
  if (toAmountCents == null)
    throw validationError(TRANSFER_MSG.toAmountNeeded, { toAmount: TRANSFER_MSG.toAmountNeeded });
  checkDecimals(toAmountCents, to.currency, 'toAmount');
  return { toAmountCents, rate: impliedRate(amountCents, toAmountCents) };
}

/** The out leg's category: refused (400) unless the transfer leaves the budget. */
function outCategory(from: AccountRow, to: AccountRow, categoryId: string | null | undefined): string | null {
  if (!categoryId) return null;
  if (!leavesBudget(from, to)) {
    throw validationError(ACCOUNT_MSG.transferCategory, { categoryId: ACCOUNT_MSG.transferCategory });
  }
  return categoryId;
}

/** The transfer `id` of the user with both legs locked for update, or null. */
async function lockTransfer(db: Db, userId: string, id: string): Promise<TransferWithLegs | null> {
  const [transfer] = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.userId, userId), eq(transfers.id, id)));
  if (!transfer) return null;
  return lockLegs(db, userId, transfer);
}

async function lockLegs(db: Db, userId: string, transfer: TransferRow, lock = true): Promise<TransferWithLegs | null> {
  const query = db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        inArray(transactions.id, [transfer.outTransactionId, transfer.inTransactionId]),
      ),
    )
    .orderBy(transactions.id);
  const legs = lock ? await query.for('update') : await query;
  const out = legs.find((l) => l.id === transfer.outTransactionId);
  const into = legs.find((l) => l.id === transfer.inTransactionId);
  return out && into ? { transfer, out, in: into } : null;
}

/** The transfer (with both legs) that row `transactionId` is a leg of, or null. */
export async function transferOfLeg(db: Db, userId: string, transactionId: string): Promise<TransferWithLegs | null> {
  const [transfer] = await db
    .select()
    .from(transfers)
    .where(
      and(
        eq(transfers.userId, userId),
        or(eq(transfers.outTransactionId, transactionId), eq(transfers.inTransactionId, transactionId)),
      ),
    );
  return transfer ? lockLegs(db, userId, transfer) : null;
}

/** The transfer `id` of the user with both legs, or null. */
export async function findTransfer(db: Db, userId: string, id: string): Promise<TransferWithLegs | null> {
  const [transfer] = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.userId, userId), eq(transfers.id, id)));
  return transfer ? lockLegs(db, userId, transfer, false) : null;
}

/**
 * Inserts both legs and their link. Runs inside the caller's database transaction when `db` is
 * one (recurring generation), otherwise in its own.
 */
export async function insertTransfer(
  db: Db,
  userId: string,
  values: TransferValues,
  extra: { recurringId?: string; occurrenceDate?: string } = {},
): Promise<TransferWithLegs> {
  const { from, to } = await transferAccounts(db, userId, values.fromAccountId, values.toAccountId);
  // A recurring transfer between currencies moves the same number of units until rates (§12) land.
  const { toAmountCents, rate } = arrivingAmount(from, to, values, !!extra.recurringId);
  const common = { userId, kind: 'transfer' as const, date: values.date, description: values.description };
  const [out] = await db
    .insert(transactions)
    .values({
      ...common,
      ...extra,
      accountId: from.id,
      type: 'expense',
      amountCents: values.amountCents,
      categoryId: outCategory(from, to, values.categoryId),
    })
    .returning();
  const [into] = await db
    .insert(transactions)
    .values({ ...common, accountId: to.id, type: 'income', amountCents: toAmountCents, categoryId: null })
    .returning();
  const [transfer] = await db
    .insert(transfers)
    .values({ userId, outTransactionId: out!.id, inTransactionId: into!.id, rate })
    .returning();
  return { transfer: transfer!, out: out!, in: into! };
}

/** Creates a transfer: both legs in one database transaction. */
export function createTransfer(db: Db, userId: string, values: TransferValues): Promise<TransferWithLegs> {
  return db.transaction((tx) => insertTransfer(tx, userId, values));
}

/** Writes new values on both legs of a locked transfer, honouring the reconciled lock and closed accounts. */
async function writeLegs(
  db: Db,
  userId: string,
  current: TransferWithLegs,
  next: { out: Partial<TransactionRow>; in: Partial<TransactionRow>; rate: string | null },
): Promise<TransferWithLegs> {
  assertNotLocked(current.out, next.out);
  assertNotLocked(current.in, next.in);
  const [transfer] = await db
    .update(transfers)
    .set({ rate: next.rate })
    .where(and(eq(transfers.userId, userId), eq(transfers.id, current.transfer.id)))
    .returning();
  const [out] = await db
    .update(transactions)
    .set({ ...next.out, updatedAt: new Date() })
    .where(and(eq(transactions.userId, userId), eq(transactions.id, current.out.id)))
    .returning();
  const [into] = await db
    .update(transactions)
    .set({ ...next.in, updatedAt: new Date() })
    .where(and(eq(transactions.userId, userId), eq(transactions.id, current.in.id)))
    .returning();
  return { transfer: transfer!, out: out!, in: into! };
}

async function accountsOf(db: Db, userId: string, ids: string[]) {
  const rows = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), inArray(accounts.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * PUT /transfers/{id}: replaces accounts, amount(s), date, description and category of both legs
 * in one database transaction. Null when the transfer is not the user's.
 */
export function updateTransfer(
  db: Db,
  userId: string,
  id: string,
  values: TransferValues,
): Promise<TransferWithLegs | null> {
  return db.transaction(async (tx) => {
    await lockUserLedger(tx, userId);
    const current = await lockTransfer(tx, userId, id);
    if (!current) return null;
    // The accounts it leaves must be open too: a closed account's rows do not change.
    const old = await accountsOf(tx, userId, [current.out.accountId, current.in.accountId]);
    if ([...old.values()].some((a) => a.closedAt)) throw conflict(ACCOUNT_MSG.closed);
    const { from, to } = await transferAccounts(tx, userId, values.fromAccountId, values.toAccountId);
    const { toAmountCents, rate } = arrivingAmount(from, to, values);
    const common = { date: values.date, description: values.description };
    return writeLegs(tx, userId, current, {
      rate,
      out: {
        ...common,
        accountId: from.id,
        amountCents: values.amountCents,
        categoryId: outCategory(from, to, values.categoryId),
      },
      in: { ...common, accountId: to.id, amountCents: toAmountCents },
    });
  });
}

/** What PUT /transactions/{id} may change on one leg of a transfer (DESIGN §10 decided details). */
export interface LegChange {
  amountCents: number;
  date: string;
  description: string | null;
  categoryId: string | null;
  /** Moves this leg to another account; undefined keeps it. */
  accountId?: string | undefined;
  receipt?: { key: string | null; mime: string | null } | undefined;
}

/**
 * Edits a transfer through one of its legs: date and description on both legs; the amount on
 * both when they share a currency (otherwise on this leg only); a category only on an out leg
 * leaving the budget (400 otherwise); the receipt and account on this leg. Answers both legs,
 * which one was edited, and the receipt key it replaced; null when the row is not a leg of the user's.
 */
export function updateTransferLeg(
  db: Db,
  userId: string,
  legId: string,
  change: LegChange,
): Promise<{ legs: TransferWithLegs; edited: 'out' | 'in'; previousReceiptKey: string | null } | null> {
  return db.transaction(async (tx) => {
    await lockUserLedger(tx, userId);
    const current = await transferOfLeg(tx, userId, legId);
    if (!current) return null;
    const edited = current.out.id === legId ? 'out' : 'in';
    const leg = current[edited];
    const newAccountId = change.accountId ?? leg.accountId;
    const fromId = edited === 'out' ? newAccountId : current.out.accountId;
    const toId = edited === 'in' ? newAccountId : current.in.accountId;
    const old = await accountsOf(tx, userId, [current.out.accountId, current.in.accountId]);
    if ([...old.values()].some((a) => a.closedAt)) throw conflict(ACCOUNT_MSG.closed);
    const { from, to } = await transferAccounts(tx, userId, fromId, toId);
    let categoryId: string | null = null;
    if (change.categoryId) {
      if (edited !== 'out') {
        throw validationError(ACCOUNT_MSG.transferCategory, { categoryId: ACCOUNT_MSG.transferCategory });
      }
      categoryId = outCategory(from, to, change.categoryId);
    }
    const sameCurrency = from.currency === to.currency;
    const common = { date: change.date, description: change.description };
    const { receipt } = change;
    const mine: Partial<TransactionRow> = {
      ...common,
      amountCents: change.amountCents,
      accountId: newAccountId,
      ...(edited === 'out' ? { categoryId } : {}),
      ...(receipt ? { receiptKey: receipt.key, receiptMime: receipt.mime } : {}),
    };
    const theirs: Partial<TransactionRow> = { ...common, ...(sameCurrency ? { amountCents: change.amountCents } : {}) };
    // Moving the out leg to an account from which the transfer no longer leaves the budget drops the category.
    if (edited === 'in') theirs.categoryId = leavesBudget(from, to) ? current.out.categoryId : null;
    // Between two currencies the other leg keeps its amount and the rate follows the pair.
    const outCents = edited === 'out' ? change.amountCents : current.out.amountCents;
    const inCents = sameCurrency ? outCents : edited === 'in' ? change.amountCents : current.in.amountCents;
    checkDecimals(change.amountCents, edited === 'out' ? from.currency : to.currency, 'amount');
    const rate = sameCurrency ? null : impliedRate(outCents, inCents);
    const legs = await writeLegs(
      tx,
      userId,
      current,
      edited === 'out' ? { out: mine, in: theirs, rate } : { out: theirs, in: mine, rate },
    );
    return { legs, edited, previousReceiptKey: leg.receiptKey };
  });
}

/** PUT /transactions/{id}/status: one row's status (a transfer leg's only); 409 on a reconciled row. */
export function setStatus(
  db: Db,
  userId: string,
  id: string,
  status: 'uncleared' | 'cleared',
): Promise<TransactionRow | null> {
  return db.transaction(async (tx) => {
    await lockUserLedger(tx, userId);
    const [current] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
      .for('update');
    if (!current) return null;
    if (current.status === 'reconciled') throw conflict(ACCOUNT_MSG.reconciledLocked);
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, current.accountId));
    if (account?.closedAt) throw conflict(ACCOUNT_MSG.closed);
    const [row] = await tx
      .update(transactions)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
      .returning();
    return row ?? null;
  });
}

/**
 * Unlinks a transfer: the other leg is deleted, the kept one becomes a regular row of
 * `categoryId` (an existing category of the user of the leg's type, checked by the caller).
 * Null when the transfer is not the user's.
 */
export function unlinkTransfer(
  db: Db,
  userId: string,
  id: string,
  keep: 'out' | 'in',
  categoryId: string,
): Promise<{ kept: TransactionRow; removedReceiptKey: string | null } | null> {
  return db.transaction(async (tx) => {
    await lockUserLedger(tx, userId);
    const current = await lockTransfer(tx, userId, id);
    if (!current) return null;
    const kept = current[keep];
    const gone = current[keep === 'out' ? 'in' : 'out'];
    if (gone.status === 'reconciled') throw conflict(ACCOUNT_MSG.reconciledLocked);
    const used = await accountsOf(tx, userId, [kept.accountId, gone.accountId]);
    if ([...used.values()].some((a) => a.closedAt)) throw conflict(ACCOUNT_MSG.closed);
    // The link goes with the deleted leg (ON DELETE CASCADE); then the kept row may be regular.
    await tx.delete(transactions).where(and(eq(transactions.userId, userId), eq(transactions.id, gone.id)));
    const [row] = await tx
      .update(transactions)
      .set({ kind: 'regular', categoryId, updatedAt: new Date() })
      .where(and(eq(transactions.userId, userId), eq(transactions.id, kept.id)))
      .returning();
    return { kept: row!, removedReceiptKey: gone.receiptKey };
  });
}

/** Both legs' ids of the user's transfer `id`, or null (a delete goes through deleteTransaction). */
export async function transferLegIds(db: Db, userId: string, id: string): Promise<{ out: string; in: string } | null> {
  const [row] = await db
    .select({ out: transfers.outTransactionId, in: transfers.inTransactionId })
    .from(transfers)
    .where(and(eq(transfers.userId, userId), eq(transfers.id, id)));
  return row ?? null;
}

/** What an occurrence of a recurring transfer copies from its item. */
export interface TransferOccurrenceSource {
  id: string;
  userId: string;
  accountId: string;
  toAccountId: string;
  amountCents: number;
  description: string | null;
}

/**
 * Inserts the transfer of one occurrence of a recurring transfer (both legs; the out leg carries
 * the recurring id and occurrence date, whose unique index is the backstop). Null when that
 * occurrence already has its transfer. Run inside the generator's locked database transaction.
 */
export async function insertTransferOccurrence(
  db: Db,
  item: TransferOccurrenceSource,
  occurrenceDate: string,
  date: string,
): Promise<TransferWithLegs | null> {
  const [existing] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.recurringId, item.id), eq(transactions.occurrenceDate, occurrenceDate)))
    .limit(1);
  if (existing) return null;
  return insertTransfer(
    db,
    item.userId,
    {
      fromAccountId: item.accountId,
      toAccountId: item.toAccountId,
      amountCents: item.amountCents,
      toAmountCents: null,
      date,
      description: item.description,
    },
    { recurringId: item.id, occurrenceDate },
  );
}

import type { FastifyBaseLogger } from 'fastify';
import type { Transfer } from '@ledgerly/shared';
import { MSG, fromCents, todayIn, transferDeleteQuerySchema, transferInputSchema } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { notFound, validationError } from '../../errors.js';
import { isForeignKeyViolation } from '../../lib/pg-errors.js';
import { parse } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import type { ReceiptStore } from '../../receipts/receipt-store.js';
import type { ReceiptUrlSigner } from '../../receipts/receipt-urls.js';
import { findCategory } from '../categories/index.js';
import { type TransferWithLegs, ledgerTransfers, ledgerWriter } from '../ledger/index.js';
import { settleTransferRate, trimmed } from '../rates/index.js';
import { presentTransaction } from '../transactions/index.js';

export interface TransferDeps {
  db: Db;
  receipts: ReceiptStore;
  sign: ReceiptUrlSigner;
  log: FastifyBaseLogger;
}

const unknownCategory = () => validationError(MSG.selectCategory, { categoryId: MSG.selectCategory });

/** A category named in a body: the user's (400 otherwise, as on the transaction form) and of `type`. */
export async function checkCategory(db: Db, userId: string, id: string, type: 'expense' | 'income'): Promise<void> {
  const category = await findCategory(db, userId, id);
  if (!category) throw unknownCategory();
  if (category.type !== type) {
    const message = MSG.categoryTypeMismatch(category.type, type);
    throw validationError(message, { categoryId: message });
  }
}

/** A transfer in the API's shape: its two legs, each with its transfer and the other leg's account. */
export async function presentTransfer(
  db: Db,
  sign: ReceiptUrlSigner,
  userId: string,
  t: TransferWithLegs,
): Promise<Transfer> {
  const category = t.out.categoryId ? await findCategory(db, userId, t.out.categoryId) : null;
  const ref = category && { id: category.id, name: category.name, color: category.color, icon: category.icon };
  return {
    id: t.transfer.id,
    fromAccountId: t.out.accountId,
    toAccountId: t.in.accountId,
    amount: fromCents(t.out.amountCents),
    toAmount: fromCents(t.in.amountCents),
    rate: t.transfer.rate === null ? null : trimmed(t.transfer.rate),
    date: t.out.date,
    description: t.out.description,
    outTransaction: presentTransaction(
      { ...t.out, transferId: t.transfer.id, transferAccountId: t.in.accountId },
      ref,
      sign,
    ),
    inTransaction: presentTransaction(
      { ...t.in, transferId: t.transfer.id, transferAccountId: t.out.accountId },
      null,
      sign,
    ),
  };
}

async function values(db: Db, owner: Viewer, body: unknown) {
  const data = parse(transferInputSchema(todayIn(owner.timezone)), body);
  if (data.categoryId) await checkCategory(db, owner.id, data.categoryId, 'expense');
  return {
    fromAccountId: data.fromAccountId,
    toAccountId: data.toAccountId,
    amountCents: data.amount,
    toAmountCents: data.toAmount,
    rate: data.rate ?? null,
    date: data.date,
    description: data.description,
    categoryId: data.categoryId,
  };
}

/** The category was deleted between the check and the write. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw unknownCategory();
    throw error;
  }
}

/** The signed-in user as transfers need them: their base currency too (DESIGN §12). */
export type TransferOwner = Viewer & { currency: string };

/** The field a refused rate is named on: the one the body gave. */
const rateField = (input: { rate?: string | null }) => (input.rate ? 'rate' : 'toAmount');

export async function create(deps: TransferDeps, owner: TransferOwner, body: unknown): Promise<Transfer> {
  const input = await values(deps.db, owner, body);
  const created = await guarded(() =>
    deps.db.transaction(async (tx) => {
      const written = await ledgerTransfers.insertTransfer(tx, owner.id, input);
      await settleTransferRate(tx, owner, written, rateField(input));
      return written;
    }),
  );
  return presentTransfer(deps.db, deps.sign, owner.id, created);
}

export async function get(deps: TransferDeps, owner: Viewer, id: string): Promise<Transfer> {
  const found = await ledgerTransfers.findTransfer(deps.db, owner.id, id);
  if (!found) throw notFound('Transfer');
  return presentTransfer(deps.db, deps.sign, owner.id, found);
}

export async function update(deps: TransferDeps, owner: TransferOwner, id: string, body: unknown): Promise<Transfer> {
  if (!(await ledgerTransfers.transferLegIds(deps.db, owner.id, id))) throw notFound('Transfer');
  const input = await values(deps.db, owner, body);
  const updated = await guarded(() =>
    deps.db.transaction(async (tx) => {
      const written = await ledgerTransfers.updateTransfer(tx, owner.id, id, input);
      if (written) await settleTransferRate(tx, owner, written, rateField(input));
      return written;
    }),
  );
  if (!updated) throw notFound('Transfer');
  return presentTransfer(deps.db, deps.sign, owner.id, updated);
}

async function discard(deps: TransferDeps, keys: (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.receipts.remove(key);
    } catch (error) {
      deps.log.error({ err: error, receiptKey: key }, 'could not delete receipt files');
    }
  }
}

/**
 * DELETE /transfers/{id}: both legs; with `keep=out|in` and a category of that leg's type, the
 * other leg goes and the kept one becomes a regular row of that category.
 */
export async function remove(deps: TransferDeps, owner: Viewer, id: string, query: unknown): Promise<void> {
  const { keep, categoryId } = parse(transferDeleteQuerySchema, query);
  const legs = await ledgerTransfers.transferLegIds(deps.db, owner.id, id);
  if (!legs) throw notFound('Transfer');
  if (!keep) {
    const deleted = await ledgerWriter.deleteTransaction(deps.db, owner.id, legs.out);
    if (!deleted) throw notFound('Transfer');
    await discard(deps, deleted.receiptKeys);
    return;
  }
  if (!categoryId) throw unknownCategory();
  await checkCategory(deps.db, owner.id, categoryId, keep === 'out' ? 'expense' : 'income');
  const unlinked = await guarded(() => ledgerTransfers.unlinkTransfer(deps.db, owner.id, id, keep, categoryId));
  if (!unlinked) throw notFound('Transfer');
  await discard(deps, [unlinked.removedReceiptKey]);
}

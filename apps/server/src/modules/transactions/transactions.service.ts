import type { FastifyBaseLogger } from 'fastify';
import type { Page, Transaction, TransactionSummary } from '@ledgerly/shared';
import {
  ACCOUNT_MSG,
  shownCategory,
  LIMITS,
  MSG,
  SPLIT_MSG,
  fromCents,
  sendsLines,
  splitProblem,
  unsplitTransactionInputSchema,
  todayIn,
  transactionFilterSchemaFor,
  transactionInputSchema,
  transactionListQuerySchemaFor,
  transactionStatusInputSchema,
  transferLegInputSchema,
  TRANSFER_MSG,
} from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationError } from '../../errors.js';
import { forDay, parse } from '../../lib/validate.js';
import { defuseFormula } from '../../lib/spreadsheet-text.js';
import { isForeignKeyViolation, violatedConstraint } from '../../lib/pg-errors.js';
import { checkLineCategories, findCategory } from '../categories/index.js';
import type { ReceiptStore } from '../../receipts/receipt-store.js';
import type { ReceiptUrlSigner } from '../../receipts/receipt-urls.js';
import { type ProcessedReceipt, processReceipt } from '../../receipts/receipt-image.js';
import { type ReceiptVariant, verifyReceiptClaim } from '../../receipts/receipt-crypto.js';
import type { Receipts } from '../../receipts/receipts.js';
import {
  type Cursor,
  accountForWrite,
  accountNamesOf,
  countTransactions,
  decodeCursor,
  encodeCursor,
  findTransaction,
  ledgerTransfers,
  type LineValues,
  ledgerWriter,
  linesOf,
  listTransactions,
  requireTags,
  sumTransactions,
  tagsOfRows,
} from '../ledger/index.js';
import type { Viewer } from '../../lib/viewer.js';
import { settleTransferRate } from '../rates/index.js';
import type { TransactionForm } from './transactions.form.js';
import { toTransaction } from './transactions.mapper.js';
import * as repo from './transactions.repository.js';

export interface TransactionDeps {
  db: Db;
  receipts: ReceiptStore;
  sign: ReceiptUrlSigner;
  log: FastifyBaseLogger;
}

/** The signed-in user as the rules need it. */
/** The signed-in user; their base currency checks a transfer leg's rate (DESIGN §12). */
export type Owner = Viewer & { currency: string };

const unknownCategory = () => validationError(MSG.selectCategory, { categoryId: MSG.selectCategory });
/** A foreign key refused the write: its account was deleted meanwhile (404), else its category. */
const goneReference = (error: unknown) =>
  violatedConstraint(error) === 'transactions_account_fk' ? notFound('Account') : unknownCategory();

/** A split's lines, their categories checked (`checkLineCategories`), as the writer takes them. */
async function checkLines(
  db: Db,
  owner: Owner,
  lines: { categoryId: string; type: 'expense' | 'income'; amount: number; note: string | null }[],
): Promise<LineValues[]> {
  await checkLineCategories(db, owner.id, lines);
  return lines.map((line) => ({
    categoryId: line.categoryId,
    type: line.type,
    amountCents: line.amount,
    note: line.note,
  }));
}

/**
 * Validates the fields (spec §5, today in the user's zone) and the category: the user's, same
 * type; or, for a split row, its lines (at least two, adding up to the row, categories checked).
 */
async function validate(db: Db, owner: Owner, fields: Record<string, unknown>) {
  const today = todayIn(owner.timezone);
  const data = parse(
    sendsLines(fields) ? forDay(transactionInputSchema, today) : forDay(unsplitTransactionInputSchema, today),
    fields,
  );
  const problem = splitProblem(data);
  if (problem) throw validationError(problem.message, { [problem.field]: problem.message });
  if (data.lines?.length) return { data, category: null, lines: await checkLines(db, owner, data.lines) };
  const category = await findCategory(db, owner.id, data.categoryId!);
  if (!category) throw unknownCategory();
  if (category.type !== data.type) {
    const message = MSG.categoryTypeMismatch(category.type, data.type);
    throw validationError(message, { categoryId: message });
  }
  return { data, category, lines: [] as LineValues[] };
}

/** A written row with its lines and tags as the API answers it (read back with their categories and names). */
async function answerRow(
  deps: TransactionDeps,
  owner: Owner,
  row: Parameters<typeof toTransaction>[0],
  category: Parameters<typeof toTransaction>[1],
): Promise<Transaction> {
  const lines = row.categoryId === null && row.kind === 'regular' ? await linesOf(deps.db, owner.id, [row.id]) : null;
  const tags = (await tagsOfRows(deps.db, owner.id, [row.id])).get(row.id) ?? [];
  return toTransaction({ ...row, lines: lines?.get(row.id) ?? [], tags }, category, deps.sign);
}

/** Deleting files is best effort once the database no longer points at them. */
async function discard(deps: TransactionDeps, key: string | null): Promise<void> {
  if (!key) return;
  try {
    await deps.receipts.remove(key);
  } catch (error) {
    deps.log.error({ err: error, receiptKey: key }, 'could not delete receipt files');
  }
}

/** Writes the processed image; the caller must discard the key if its database write fails. */
async function store(deps: TransactionDeps, image: ProcessedReceipt | null) {
  return image ? { key: await deps.receipts.save(image), mime: image.mime } : null;
}

/**
 * A transaction row in the API's shape, receipt URLs signed: for the modules that read
 * transactions in their own queries (analytics, recurring generation) and answer them.
 */
export const presentTransaction = toTransaction;

export async function create(deps: TransactionDeps, owner: Owner, form: TransactionForm): Promise<Transaction> {
  const { data, category, lines } = await validate(deps.db, owner, form.fields);
  await requireTags(deps.db, owner.id, data.tagIds ?? []);
  // Decode and re-encode in memory before anything is written.
  const image = form.receipt ? await processReceipt(form.receipt) : null;
  const saved = await store(deps, image);
  try {
    const row = await ledgerWriter.insertTransaction(
      deps.db,
      owner.id,
      {
        accountId: data.accountId,
        categoryId: data.categoryId ?? null,
        type: data.type,
        amountCents: data.amount,
        description: data.description,
        date: data.date,
        receiptKey: saved?.key ?? null,
        receiptMime: saved?.mime ?? null,
        lines,
      },
      data.tagIds,
    );
    return await answerRow(deps, owner, row, category);
  } catch (error) {
    await discard(deps, saved?.key ?? null);
    // The account or the category was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw goneReference(error);
    throw error;
  }
}

export async function update(
  deps: TransactionDeps,
  owner: Owner,
  id: string,
  form: TransactionForm,
): Promise<Transaction> {
  const current = await findTransaction(deps.db, owner.id, id);
  if (!current) throw notFound('Transaction');
  if (current.kind === 'transfer') return updateLeg(deps, owner, current, form);
  // An opening or adjustment row has no category, so the form's edit does not apply to it (docs/accounts.md).
  if (current.kind === 'opening') throw conflict(ACCOUNT_MSG.editOpening);
  if (current.kind === 'adjustment') throw conflict(ACCOUNT_MSG.editAdjustment);
  const { data, category, lines } = await validate(deps.db, owner, form.fields);
  if (data.tagIds) await requireTags(deps.db, owner.id, data.tagIds);
  const image = form.receipt ? await processReceipt(form.receipt) : null;
  const saved = await store(deps, image);
  // A new file replaces the old one; removeReceipt without a file clears it; else it stays.
  const receipt = saved ?? (data.removeReceipt ? { key: null, mime: null } : undefined);
  let result: Awaited<ReturnType<typeof ledgerWriter.updateTransaction>>;
  try {
    result = await ledgerWriter.updateTransaction(
      deps.db,
      owner.id,
      id,
      {
        ...(data.accountId ? { accountId: (await accountForWrite(deps.db, owner.id, data.accountId)).id } : {}),
        // Lines split the row (its category goes); a category makes it unsplit (its lines go).
        categoryId: data.categoryId ?? null,
        lines,
        type: data.type,
        amountCents: data.amount,
        description: data.description,
        date: data.date,
        receipt,
      },
      data.tagIds,
    );
  } catch (error) {
    await discard(deps, saved?.key ?? null);
    if (isForeignKeyViolation(error)) throw goneReference(error);
    throw error;
  }
  if (!result) {
    await discard(deps, saved?.key ?? null);
    throw notFound('Transaction');
  }
  if (receipt && result.previousReceiptKey !== result.row.receiptKey) await discard(deps, result.previousReceiptKey);
  return answerRow(deps, owner, result.row, category);
}

/**
 * PUT /transactions/{id} on a transfer leg (DESIGN §10): date and description change on both
 * legs, the amount on both when they share a currency; a category only on a leg leaving the
 * budget (400 otherwise); the type is the leg's direction and cannot change.
 */
async function updateLeg(
  deps: TransactionDeps,
  owner: Owner,
  current: { id: string; type: 'expense' | 'income' },
  form: TransactionForm,
): Promise<Transaction> {
  const data = parse(forDay(transferLegInputSchema, todayIn(owner.timezone)), form.fields);
  if (data.lines?.length) throw validationError(SPLIT_MSG.notTransfer, { lines: SPLIT_MSG.notTransfer });
  if (data.type && data.type !== current.type) {
    throw validationError(TRANSFER_MSG.legType, { type: TRANSFER_MSG.legType });
  }
  const category = data.categoryId ? await findCategory(deps.db, owner.id, data.categoryId) : null;
  if (data.categoryId && !category) throw unknownCategory();
  if (category && category.type !== current.type) {
    const message = MSG.categoryTypeMismatch(category.type, current.type);
    throw validationError(message, { categoryId: message });
  }
  const image = form.receipt ? await processReceipt(form.receipt) : null;
  const saved = await store(deps, image);
  const receipt = saved ?? (data.removeReceipt ? { key: null, mime: null } : undefined);
  let result: Awaited<ReturnType<typeof ledgerTransfers.updateTransferLeg>>;
  try {
    // The pair's rate follows the edit and is checked again (DESIGN §12), in the same database transaction.
    result = await deps.db.transaction(async (tx) => {
      const written = await ledgerTransfers.updateTransferLeg(tx, owner.id, current.id, {
        amountCents: data.amount,
        date: data.date,
        description: data.description,
        categoryId: data.categoryId ?? null,
        accountId: data.accountId,
        receipt,
      });
      if (written) await settleTransferRate(tx, owner, written.legs, 'amount');
      return written;
    });
  } catch (error) {
    await discard(deps, saved?.key ?? null);
    if (isForeignKeyViolation(error)) throw goneReference(error);
    throw error;
  }
  if (!result) {
    await discard(deps, saved?.key ?? null);
    throw notFound('Transaction');
  }
  const { legs, edited, previousReceiptKey } = result;
  const row = legs[edited];
  if (receipt && previousReceiptKey !== row.receiptKey) await discard(deps, previousReceiptKey);
  const other = legs[edited === 'out' ? 'in' : 'out'];
  return toTransaction(
    { ...row, transferId: legs.transfer.id, transferAccountId: other.accountId },
    category,
    deps.sign,
  );
}

/** PUT /transactions/{id}/status: uncleared or cleared (a transfer leg's own; 409 once reconciled). */
export async function setStatus(deps: TransactionDeps, owner: Owner, id: string, body: unknown): Promise<Transaction> {
  const { status } = parse(transactionStatusInputSchema, body);
  const updated = await ledgerTransfers.setStatus(deps.db, owner.id, id, status);
  if (!updated) throw notFound('Transaction');
  const row = await findTransaction(deps.db, owner.id, id);
  if (!row) throw notFound('Transaction');
  return toTransaction(row, row.category, deps.sign);
}

export async function remove(deps: TransactionDeps, owner: Owner, id: string): Promise<void> {
  const deleted = await ledgerWriter.deleteTransaction(deps.db, owner.id, id);
  if (!deleted) throw notFound('Transaction');
  await discard(deps, deleted.receiptKey);
}

export async function get(deps: TransactionDeps, owner: Owner, id: string): Promise<Transaction> {
  const row = await findTransaction(deps.db, owner.id, id);
  if (!row) throw notFound('Transaction');
  return toTransaction(row, row.category, deps.sign);
}

export async function list(deps: TransactionDeps, owner: Owner, query: unknown): Promise<Page<Transaction>> {
  const { limit, cursor, ...filter } = parse(forDay(transactionListQuerySchemaFor, todayIn(owner.timezone)), query);
  const after = cursor ? decodeCursor(cursor) : undefined;
  // One row more than asked tells whether another page follows. A search counts its matches only
  // up to a bound: a common word must not scan a whole history for a number nobody reads exactly.
  const [rows, { total, bounded }] = await Promise.all([
    listTransactions(deps.db, owner.id, filter, { limit: limit + 1, after }),
    countTransactions(deps.db, owner.id, filter, LIMITS.searchCountBound),
  ]);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor(last.cursor) : null;
  return {
    data: page.map((r) => toTransaction(r, r.category, deps.sign)),
    meta: { total, nextCursor, totalIsLowerBound: bounded },
  };
}

export async function summary(deps: TransactionDeps, owner: Owner, query: unknown): Promise<TransactionSummary> {
  const filter = parse(forDay(transactionFilterSchemaFor, todayIn(owner.timezone)), query);
  const sums = await sumTransactions(deps.db, owner.id, filter);
  return {
    totalIncome: fromCents(sums.incomeCents),
    totalExpense: fromCents(sums.expenseCents),
    balance: fromCents(sums.balanceCents),
  };
}

/** A signed receipt request: the URL's parts (see receipts.routes.ts). */
export interface ReceiptRequest {
  transactionId: string;
  variant: ReceiptVariant;
  exp: number;
  sig: string;
}

/**
 * The image behind a signed receipt URL, with its type, or null for any refusal (unknown
 * transaction, no receipt, bad signature, missing file): the caller answers the same 404.
 */
export async function signedReceipt(
  db: Db,
  receipts: Receipts,
  req: ReceiptRequest,
): Promise<{ image: Buffer; mime: string } | null> {
  const row = await repo.findReceipt(db, req.transactionId);
  if (!row?.receiptKey || !row.receiptMime) return null;
  const claim = {
    userId: row.userId,
    transactionId: req.transactionId,
    receiptKey: row.receiptKey,
    variant: req.variant,
    exp: req.exp,
  };
  if (!verifyReceiptClaim(receipts.signingKey, claim, req.sig)) return null;
  const image = await receipts.store.read(row.receiptKey, req.variant);
  return image ? { image, mime: row.receiptMime } : null;
}

/** Rows fetched per keyset page while a CSV export is written. */
const CSV_PAGE = 1000;

/**
 * A text cell of the CSV export: defused if a spreadsheet would read it as a formula (a leading
 * apostrophe, lib/spreadsheet-text.ts; the importer takes it off again), then quoted when it
 * holds a delimiter, a quote or a line break (RFC 4180).
 */
const csvCell = (text: string) => {
  const value = defuseFormula(text);
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
};

/**
 * The transactions matching the list's filters as CSV lines (header first), newest first,
 * read page by page so memory stays flat. Columns: Date (YYYY-MM-DD), Description, Category,
 * Amount (signed: income positive, expense negative, point decimals), Tags — what the importer reads back.
 */
export async function* exportCsv(deps: TransactionDeps, owner: Owner, query: unknown): AsyncGenerator<string> {
  const filter = parse(forDay(transactionFilterSchemaFor, todayIn(owner.timezone)), query);
  // An Account column once there are several accounts; one account's CSV is the spec's.
  const names = await accountNamesOf(deps.db, owner.id);
  if (filter.accountId && !names.has(filter.accountId)) throw notFound('Account');
  const several = names.size > 1;
  // Tags joined by "; ", a ";" inside a name doubled (docs/tags.md). Split last: "split" on a split row, then one "line" row per
  // line below it — its note, category and signed amount (docs/splits.md); the importer reads both back.
  yield several
    ? 'Date,Description,Category,Account,Amount,Tags,Split\r\n'
    : 'Date,Description,Category,Amount,Tags,Split\r\n';
  let after: Cursor | undefined;
  for (;;) {
    const rows = await listTransactions(deps.db, owner.id, filter, { limit: CSV_PAGE, after });
    let chunk = '';
    for (const r of rows) {
      const cents = r.type === 'income' ? r.amountCents : -r.amountCents;
      const account = several ? `${csvCell(names.get(r.accountId) ?? '')},` : '';
      const split = r.lines.length > 0;
      chunk += `${r.date},${csvCell(r.description ?? '')},${csvCell(shownCategory(r).name)},${account}${(cents / 100).toFixed(2)},${csvCell((r.tags ?? []).map((g) => g.name.replaceAll(';', ';;')).join('; '))},${split ? 'split' : ''}\r\n`;
      for (const l of r.lines) {
        const lineCents = l.type === 'income' ? l.amountCents : -l.amountCents;
        chunk += `${r.date},${csvCell(l.note ?? '')},${csvCell(l.category?.name ?? '')},${account}${(lineCents / 100).toFixed(2)},,line\r\n`;
      }
    }
    if (chunk) yield chunk;
    const last = rows[rows.length - 1];
    if (rows.length < CSV_PAGE || !last) return;
    after = last.cursor;
  }
}

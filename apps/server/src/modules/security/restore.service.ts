import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RestoreResult } from '@ledgerly/shared';
import { SECURITY_MSG, headerKey } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { AppError, conflict, validationError } from '../../errors.js';
import { restoreBudgets } from '../budgets/index.js';
import { countCategories, restoreCategories } from '../categories/index.js';
import { restoreProfiles, restoreRuleTags, restoreRules } from '../imports/index.js';
import { countRecurring, restoreRecurring } from '../recurring/index.js';
import { restoreSettings } from '../settings/index.js';
import type { ReceiptStore } from '../../receipts/receipt-store.js';
import {
  ledgerWriter,
  replaceAccounts,
  restoreReconciliations,
  restoreRejections,
  restoreTransfers,
  insertTransactionTags,
  setRecurringTags,
  insertLines,
} from '../ledger/index.js';
import { restoreTags } from '../tags/index.js';
import { countTransactions, storeRestoredReceipt } from '../transactions/index.js';
import { DocumentError, type ExportDocument, fromEntry, parseAmount, parseSignedAmount } from './export-format.js';
import { readRestorable } from './restore.rules.js';
import { type ExportArchive, RESTORE_LIMITS, openArchive } from './restore.reader.js';

export interface RestoreDeps {
  db: Db;
  receipts: ReceiptStore;
  log: FastifyBaseLogger;
}

const invalid = (message: string) => validationError(message, { file: message });

/** One query after another: inside a transaction they share one connection, which runs one at a time. */
async function hasData(db: Db, userId: string): Promise<boolean> {
  for (const count of [countCategories, countTransactions, countRecurring]) {
    if ((await count(db, userId)) > 0) return true;
  }
  return false;
}

async function readArchiveDocument(archive: ExportArchive): Promise<ExportDocument> {
  const bytes = await archive.read('ledgerly.json', RESTORE_LIMITS.jsonBytes);
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new DocumentError('ledgerly.json is not valid JSON');
  }
  const doc = readRestorable(raw);
  for (const t of doc.transactions) {
    if (t.receipt && !archive.entries.has(t.receipt.file)) throw new DocumentError(`${t.receipt.file} is missing`);
  }
  return doc;
}

/**
 * Restores an export (a zip at `path`) into the user's account, which must hold no data yet.
 * Everything is checked first — the zip's directory and sizes, ledgerly.json against the
 * format's zod schema, the API's per-user caps and each entity's API schema (restore.rules.ts)
 * and its references, every receipt image — then written in one database
 * transaction through the tables' normal inserts. On any failure nothing stays: receipt files
 * already stored are removed again.
 */
export async function restore(deps: RestoreDeps, userId: string, path: string): Promise<RestoreResult> {
  if (await hasData(deps.db, userId)) throw conflict(SECURITY_MSG.accountHasData);
  let archive: ExportArchive;
  try {
    archive = await openArchive(path);
  } catch (error) {
    if (error instanceof DocumentError) throw invalid(error.message);
    throw error;
  }
  const stored: string[] = [];
  try {
    const doc = await readArchiveDocument(archive);
    const receiptKeys = new Map<string, { key: string; mime: string }>();
    for (const t of doc.transactions) {
      if (!t.receipt) continue;
      const image = await archive.read(t.receipt.file, RESTORE_LIMITS.receiptBytes);
      let saved;
      try {
        saved = await storeRestoredReceipt(deps.receipts, image);
      } catch (error) {
        if (error instanceof AppError) throw new DocumentError(`${t.receipt.file} is not a receipt image we can read`);
        throw error;
      }
      stored.push(saved.key);
      receiptKeys.set(t.id, saved);
    }
    return await deps.db.transaction(async (tx) => {
      if (!(await restoreSettings(tx, userId, doc.settings))) throw conflict(SECURITY_MSG.accountHasData);
      // Checked again under the user's row lock: two restores at once cannot both pass.
      if (await hasData(tx, userId)) throw conflict(SECURITY_MSG.accountHasData);
      return writeDocument(tx, userId, doc, receiptKeys);
    });
  } catch (error) {
    await Promise.all(stored.map((key) => deps.receipts.remove(key).catch(() => undefined)));
    if (error instanceof DocumentError) throw invalid(error.message);
    throw error;
  } finally {
    archive.close();
  }
}

async function writeDocument(
  tx: Db,
  userId: string,
  doc: ExportDocument,
  receipts: Map<string, { key: string; mime: string }>,
): Promise<RestoreResult> {
  const categoryIds = await restoreCategories(
    tx,
    doc.categories.map((c) => ({ ...fromEntry(c), userId })),
  );
  const categoryId = new Map(doc.categories.map((c, i) => [c.id, categoryIds[i]!]));
  const categoryOf = (id: string | null) => (id === null ? null : categoryId.get(id)!);
  // The file's accounts replace the user's (empty) ones; format 3 and older files bring one default account.
  const accountIds = await replaceAccounts(
    tx,
    userId,
    doc.accounts.map(({ id: _id, creditLimit, closedAt, createdAt, updatedAt, ...a }) => ({
      ...a,
      creditLimitCents: creditLimit === null ? null : parseAmount(creditLimit),
      closedAt: closedAt === null ? null : new Date(closedAt),
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
    })),
  );
  const accountId = new Map(doc.accounts.map((a, i) => [a.id, accountIds[i]!]));
  const recurringIds = await restoreRecurring(
    tx,
    doc.recurring.map(({ tagIds: _tags, ...r }) => ({
      ...fromEntry(r),
      lines: r.lines.length
        ? r.lines.map((l) => ({
            categoryId: categoryId.get(l.categoryId)!,
            type: l.type,
            amountCents: parseAmount(l.amount),
            note: l.note,
          }))
        : null,
      userId,
      accountId: accountId.get(r.accountId)!,
      toAccountId: r.toAccountId === null ? null : accountId.get(r.toAccountId)!,
      categoryId: categoryOf(r.categoryId),
    })),
  );
  const recurringId = new Map(doc.recurring.map((r, i) => [r.id, recurringIds[i]!]));
  // New ids made here: transfers and reconciliations name their rows.
  const transactionId = new Map(doc.transactions.map((t) => [t.id, randomUUID()]));
  await ledgerWriter.insertRows(
    tx,
    doc.transactions.map(({ receipt: _file, tagIds: _tags, lines: _lines, ...t }) => {
      const receipt = receipts.get(t.id);
      return {
        ...fromEntry(t),
        id: transactionId.get(t.id)!,
        userId,
        accountId: accountId.get(t.accountId)!,
        categoryId: categoryOf(t.categoryId),
        recurringId: t.recurringId ? recurringId.get(t.recurringId)! : null,
        receiptKey: receipt?.key ?? null,
        receiptMime: receipt?.mime ?? null,
      };
    }),
  );
  // A split row's lines, in the same database transaction: the deferred check passes at commit.
  await insertLines(
    tx,
    doc.transactions
      .filter((t) => t.lines.length)
      .map((t) => ({
        id: transactionId.get(t.id)!,
        userId,
        accountId: accountId.get(t.accountId)!,
        date: t.date,
        lines: t.lines.map((l) => ({
          categoryId: categoryId.get(l.categoryId)!,
          type: l.type,
          amountCents: parseAmount(l.amount),
          note: l.note,
        })),
      })),
  );
  const tagIds = await restoreTags(
    tx,
    doc.tags.map((g) => ({
      userId,
      name: g.name.trim(),
      color: g.color,
      archivedAt: g.archivedAt === null ? null : new Date(g.archivedAt),
      createdAt: new Date(g.createdAt),
      updatedAt: new Date(g.updatedAt),
    })),
  );
  const tagId = new Map(doc.tags.map((g, i) => [g.id, tagIds[i]!]));
  // The recurring items' tags (at most 10 each, at most RECURRING_MAX_ITEMS items).
  for (const [i, r] of doc.recurring.entries()) {
    if (r.tagIds.length)
      await setRecurringTags(
        tx,
        userId,
        recurringIds[i]!,
        r.tagIds.map((id) => tagId.get(id)!),
      );
  }
  await insertTransactionTags(
    tx,
    userId,
    doc.transactions.flatMap((t) =>
      t.tagIds.map((id) => ({ transactionId: transactionId.get(t.id)!, tagId: tagId.get(id)! })),
    ),
  );
  await restoreTransfers(
    tx,
    userId,
    doc.transfers.map((tr) => ({
      outTransactionId: transactionId.get(tr.outTransactionId)!,
      inTransactionId: transactionId.get(tr.inTransactionId)!,
      outPreviousCategoryId:
        tr.outPreviousCategoryId === null ? null : (categoryId.get(tr.outPreviousCategoryId) ?? null),
      inPreviousCategoryId: tr.inPreviousCategoryId === null ? null : (categoryId.get(tr.inPreviousCategoryId) ?? null),
      matched: tr.matched,
      rate: tr.rate ?? null,
      createdAt: new Date(tr.createdAt),
    })),
  );
  await restoreRejections(
    tx,
    userId,
    doc.transferRejections.map((r) => ({
      outTransactionId: transactionId.get(r.outTransactionId)!,
      inTransactionId: transactionId.get(r.inTransactionId)!,
      createdAt: new Date(r.createdAt),
    })),
  );
  await restoreReconciliations(
    tx,
    userId,
    doc.reconciliations.map((r) => ({
      accountId: accountId.get(r.accountId)!,
      statementDate: r.statementDate,
      statementBalanceCents: parseSignedAmount(r.statementBalance),
      state: r.state,
      differenceCents: parseSignedAmount(r.difference),
      adjustmentTransactionId:
        r.adjustmentTransactionId === null ? null : transactionId.get(r.adjustmentTransactionId)!,
      finishedAt: r.finishedAt === null ? null : new Date(r.finishedAt),
      createdAt: new Date(r.createdAt),
    })),
  );
  await restoreBudgets(
    tx,
    doc.budgets.map((b) => ({ ...fromEntry(b), userId, categoryId: categoryId.get(b.categoryId)! })),
  );
  const ruleIds = await restoreRules(
    tx,
    doc.rules.map(({ tagIds: _tags, ...r }) => ({
      ...fromEntry(r),
      userId,
      categoryId: categoryId.get(r.categoryId)!,
      split:
        r.split?.map((l) => ({
          categoryId: categoryId.get(l.categoryId)!,
          amountCents: l.amount === null ? null : parseAmount(l.amount),
          basisPoints: l.percent === null ? null : Math.round(l.percent * 100),
          note: l.note,
        })) ?? null,
    })),
  );
  await restoreRuleTags(
    tx,
    userId,
    doc.rules.flatMap((r, i) => r.tagIds.map((id) => ({ ruleId: ruleIds[i]!, tagId: tagId.get(id)! }))),
  );
  await restoreProfiles(
    tx,
    doc.importProfiles.map((p) => ({ ...fromEntry(p), userId, headerKey: headerKey(p.header) })),
  );
  return {
    categories: doc.categories.length,
    transactions: doc.transactions.length,
    budgets: doc.budgets.length,
    recurring: doc.recurring.length,
    rules: doc.rules.length,
    importProfiles: doc.importProfiles.length,
    receipts: receipts.size,
  };
}

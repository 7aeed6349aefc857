import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import yazl from 'yazl';
import { splitLabel } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { exportBudgets } from '../budgets/index.js';
import { exportCategories } from '../categories/index.js';
import { exportProfiles, exportRuleTags, exportRules } from '../imports/index.js';
import { exportRecurring } from '../recurring/index.js';
import { exportSettings } from '../settings/index.js';
import type { ReceiptStore } from '../../receipts/receipt-store.js';
import { type PortableTransactionRow, exportTransactions, readReceiptImage } from '../transactions/index.js';
import {
  type LineWithCategory,
  exportAccounts,
  exportReconciliations,
  exportRejections,
  exportTransfers,
  linesOf,
  tagsOfRecurring,
  withTags,
} from '../ledger/index.js';
import { exportTags } from '../tags/index.js';
import {
  CURRENT_VERSION,
  type ExportAccount,
  type ExportDocument,
  type ExportReconciliation,
  formatAmount,
  formatSignedAmount,
  type ExportTransaction,
  FORMAT,
  entrySchemas,
  toEntry,
} from './export-format.js';

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
type Row = Record<string, string | number | boolean | null>;

const iso = (d: Date) => d.toISOString();

type ExportedRow = PortableTransactionRow & { tags?: { id: string }[]; lines?: LineWithCategory[] };

function toTransaction(row: ExportedRow): ExportTransaction {
  return {
    ...toEntry(entrySchemas.transaction, row),
    tagIds: (row.tags ?? []).map((t) => t.id),
    lines: (row.lines ?? []).map((l) => ({
      categoryId: l.categoryId,
      amount: formatAmount(l.amountCents),
      type: l.type,
      note: l.note,
    })),
    receipt:
      row.receiptKey && row.receiptMime
        ? {
            file: `receipts/${row.id}.${EXTENSION[row.receiptMime] ?? 'bin'}`,
            mime: row.receiptMime as 'image/jpeg' | 'image/png' | 'image/webp',
          }
        : null,
  };
}

/** A page with its split rows' lines (one query, only when the page has split rows). */
async function withPageLines<R extends PortableTransactionRow>(
  db: Db,
  userId: string,
  page: R[],
): Promise<(R & { lines: LineWithCategory[] })[]> {
  const split = page.filter((r) => r.kind === 'regular' && r.categoryId === null).map((r) => r.id);
  const lines = split.length ? await linesOf(db, userId, split) : new Map<string, LineWithCategory[]>();
  return page.map((r) => ({ ...r, lines: lines.get(r.id) ?? [] }));
}

/** One CSV line per row, columns in the order of the first row's keys (UTF-8, ISO dates, decimal point). */
function csv(rows: Row[], header: boolean): string {
  if (!rows.length) return '';
  return stringify(rows, { header, cast: { boolean: (v) => (v ? 'true' : 'false') } });
}

const flatTransaction = (t: ExportTransaction): Row => ({
  id: t.id,
  date: t.date,
  type: t.type,
  amount: t.amount,
  accountId: t.accountId,
  kind: t.kind,
  status: t.status,
  // A split row shows its lines' count where the category would be (its lines are in ledgerly.json).
  categoryId: t.lines.length ? splitLabel(t.lines.length) : t.categoryId,
  description: t.description,
  recurringId: t.recurringId,
  occurrenceDate: t.occurrenceDate,
  receipt: t.receipt?.file ?? null,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

export interface ExportSource {
  db: Db;
  receipts: ReceiptStore;
  userId: string;
  now: Date;
}

/**
 * Writes the whole export into `zip`, one entry after another, each entry waiting until the
 * previous one has gone out: rows are read a page at a time and receipts one at a time, so
 * memory stays flat whatever the size of the account. Rejects if `signal` aborts (the client
 * went away).
 */
export async function writeExport(zip: yazl.ZipFile, src: ExportSource, signal: AbortSignal): Promise<void> {
  const mtime = src.now;
  const add = async (
    name: string,
    body: AsyncIterable<string | Buffer> | Iterable<string | Buffer>,
    compress = true,
  ) => {
    const stream = Readable.from(body, { objectMode: false });
    zip.addReadStream(stream, name, { mtime, compress });
    await finished(stream, { signal });
  };

  const settings = await exportSettings(src.db, src.userId);
  if (!settings) throw new Error('user vanished during export');
  const accounts = (await exportAccounts(src.db, src.userId)).map(({ creditLimitCents, ...a }): ExportAccount => ({
    ...toEntry(entrySchemas.account, a),
    creditLimit: creditLimitCents === null ? null : formatAmount(creditLimitCents),
  }));
  const transfers = (await exportTransfers(src.db, src.userId)).map((t) => toEntry(entrySchemas.transfer, t));
  const transferRejections = (await exportRejections(src.db, src.userId)).map((r) =>
    toEntry(entrySchemas.transferRejection, r),
  );
  const reconciliations = (await exportReconciliations(src.db, src.userId)).map(
    ({ statementBalanceCents, differenceCents, ...r }): ExportReconciliation => ({
      ...toEntry(entrySchemas.reconciliation, r),
      statementBalance: formatSignedAmount(statementBalanceCents),
      difference: formatSignedAmount(differenceCents),
    }),
  );
  const categories = (await exportCategories(src.db, src.userId)).map((c) => toEntry(entrySchemas.category, c));
  const budgets = (await exportBudgets(src.db, src.userId)).map((b) => toEntry(entrySchemas.budget, b));
  const recurringRows = await exportRecurring(src.db, src.userId);
  const recurringTags = await tagsOfRecurring(
    src.db,
    src.userId,
    recurringRows.map((r) => r.id),
  );
  const recurring = recurringRows.map((r) => ({
    ...toEntry(entrySchemas.recurring, r),
    lines: (r.lines ?? []).map((l) => ({
      categoryId: l.categoryId,
      amount: formatAmount(l.amountCents),
      type: l.type,
      note: l.note,
    })),
    tagIds: (recurringTags.get(r.id) ?? []).map((g) => g.id),
  }));
  const ruleTags = await exportRuleTags(src.db, src.userId);
  const rules = (await exportRules(src.db, src.userId)).map((r) => ({
    ...toEntry(entrySchemas.rule, r),
    split:
      r.split?.map((l) => ({
        categoryId: l.categoryId,
        amount: l.amountCents === null ? null : formatAmount(l.amountCents),
        percent: l.basisPoints === null ? null : l.basisPoints / 100,
        note: l.note,
      })) ?? null,
    tagIds: ruleTags.get(r.id) ?? [],
  }));
  const importProfiles = (await exportProfiles(src.db, src.userId)).map((p) => toEntry(entrySchemas.importProfile, p));
  const tags = (await exportTags(src.db, src.userId)).map((g) => toEntry(entrySchemas.tag, g));

  // ledgerly.json: the small sections whole, the transactions streamed page by page.
  const { db, userId } = src;
  const head: Omit<ExportDocument, 'transactions'> = {
    format: FORMAT,
    version: CURRENT_VERSION,
    exportedAt: iso(src.now),
    settings,
    accounts,
    categories,
    budgets,
    recurring,
    rules,
    importProfiles,
    transfers,
    transferRejections,
    reconciliations,
    tags,
  };
  await add(
    'ledgerly.json',
    (async function* () {
      const json = JSON.stringify(head);
      yield `${json.slice(0, -1)},"transactions":[`;
      let first = true;
      for await (const page of exportTransactions(db, userId)) {
        // Each page's tags and lines in one query each, as the list reads them.
        const rows = await withTags(db, userId, await withPageLines(db, userId, page));
        const parts = rows.map((row) => JSON.stringify(toTransaction(row)));
        yield (first ? '' : ',') + parts.join(',');
        first = false;
      }
      yield ']}';
    })(),
  );

  await add('settings.csv', [csv([{ ...settings }], true)]);
  await add('accounts.csv', [
    csv(
      accounts.map((a) => ({ ...a, importIds: a.importIds.join(' ') })),
      true,
    ),
  ]);
  await add('transfers.csv', [csv(transfers, true)]);
  await add('reconciliations.csv', [csv(reconciliations, true)]);
  await add('tags.csv', [csv(tags, true)]);
  await add('categories.csv', [csv(categories, true)]);
  await add('budgets.csv', [csv(budgets, true)]);
  // Skipped dates and tag ids are lists: space-separated in their cell; a split item's lines as JSON.
  await add('recurring.csv', [
    csv(
      recurring.map((r) => ({
        ...r,
        skippedDates: r.skippedDates.join(' '),
        tagIds: r.tagIds.join(' '),
        lines: r.lines.length ? JSON.stringify(r.lines) : '',
      })),
      true,
    ),
  ]);
  // A rule's split as JSON in its cell, its tag ids space-separated.
  await add('rules.csv', [
    csv(
      rules.map((r) => ({ ...r, split: r.split ? JSON.stringify(r.split) : '', tagIds: r.tagIds.join(' ') })),
      true,
    ),
  ]);
  // A header row and options are lists and objects: JSON inside their cells.
  await add('profiles.csv', [
    csv(
      importProfiles.map((p) => ({ ...p, header: JSON.stringify(p.header), options: JSON.stringify(p.options) })),
      true,
    ),
  ]);
  await add(
    'transactions.csv',
    (async function* () {
      let first = true;
      for await (const page of exportTransactions(db, userId)) {
        yield csv(
          (await withPageLines(db, userId, page)).map((row) => flatTransaction(toTransaction(row))),
          first,
        );
        first = false;
      }
      if (first)
        yield 'id,date,type,amount,accountId,kind,status,categoryId,description,recurringId,occurrenceDate,receipt,createdAt,updatedAt\n';
    })(),
  );

  // Receipts: decrypted one at a time; images are compressed already, so they are stored.
  for await (const page of exportTransactions(db, userId)) {
    for (const row of page) {
      const exported = toTransaction(row);
      if (!exported.receipt || !row.receiptKey) continue;
      const image = await readReceiptImage(src.receipts, row.receiptKey);
      if (image) await add(exported.receipt.file, [image], false);
    }
  }
}

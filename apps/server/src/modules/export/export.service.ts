import type { Readable } from 'node:stream';
import {
  type TransactionFilter,
  type User,
  currencySymbol,
  formatCents,
  formatShare,
  formatDate,
  formatSignedCents,
  todayIn,
  transactionFilterSchemaFor,
} from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { lazy } from '../../lib/lazy.js';
import { parse } from '../../lib/validate.js';
import * as repo from './export.repository.js';
import type { CategoryTotalRow, ReportRow, ReportTotals } from './export.repository.js';
import { type ReportFonts, reportFonts } from './report-fonts.js';
import { canDraw, describePeriod, drawable, moneyOptions } from './report-text.js';
import { registerFonts } from './report-pdfkit.js';
import { type Cell, type Column, type ReportHeader, ReportWriter } from './report-writer.js';

/** Rows fetched per keyset page while the PDF is written. */
export const ROWS_PER_QUERY = 500;
const NONE = 'No transactions match these filters.';

export interface OpenedReport {
  stream: Readable;
  filename: string;
}

const CATEGORY_COLUMNS: Column[] = [
  { label: 'Category', width: 185.28 },
  { label: 'Type', width: 80 },
  { label: 'Transactions', width: 80, align: 'right', figure: true },
  { label: 'Share', width: 60, align: 'right', figure: true },
  { label: 'Total', width: 110, align: 'right', figure: true },
];
const TRANSACTION_COLUMNS: Column[] = [
  { label: 'Date', width: 80 },
  { label: 'Description', width: 200 },
  { label: 'Category', width: 115.28 },
  { label: 'Amount', width: 120, align: 'right', figure: true },
];
/** With several accounts, each row names its account (the same total width). */
const TRANSACTION_COLUMNS_WITH_ACCOUNT: Column[] = [
  { label: 'Date', width: 75 },
  { label: 'Description', width: 155 },
  { label: 'Category', width: 95.28 },
  { label: 'Account', width: 85 },
  { label: 'Amount', width: 105, align: 'right', figure: true },
];
/** Transfers and other balance changes: never income or expense, listed on their own (DESIGN §10). */
const TRANSFER_COLUMNS: Column[] = [
  { label: 'Date', width: 75 },
  { label: 'Description', width: 125.28 },
  { label: 'Account', width: 95 },
  { label: 'From / to', width: 115 },
  { label: 'Amount', width: 105, align: 'right', figure: true },
];

/** What the report knows of the user's accounts: names by id, and whether to show them. */
interface AccountNames {
  names: Map<string, string>;
  several: boolean;
}

/** The transactions list's filters; the dates must be in order. */
/** The filters of the transactions list, with its rules: no date after today, start ≤ end. */
export const parseFilters = (query: unknown, today: string): TransactionFilter =>
  parse(transactionFilterSchemaFor(today), query);

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

const currencyLabel = (code: string, fonts: ReportFonts) => {
  const symbol = currencySymbol(code);
  return symbol !== code && canDraw(symbol, fonts) ? `${code} (${symbol})` : code;
};

function buildHeader(
  user: User,
  today: string,
  f: TransactionFilter,
  categoryName: string | null,
  totals: ReportTotals,
  fonts: ReportFonts,
  accounts: AccountNames,
): ReportHeader {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  const who = drawable(name ? `${name} · ${user.email}` : user.email, fonts);
  const money = (cents: number) => formatCents(cents, user.currency, moneyOptions(fonts));
  const period = describePeriod(f.startDate, f.endDate);
  const count = totals.incomeCount + totals.expenseCount;
  return {
    title: 'Ledgerly — Transaction Report',
    preparedFor: `Prepared for ${who}`,
    generated: `Generated on ${formatDate(today)}`,
    details: [
      ['Period', period],
      ['Type', f.type === 'income' ? 'Income only' : f.type === 'expense' ? 'Expenses only' : 'Income and expenses'],
      ['Category', categoryName ? drawable(categoryName, fonts) : 'All categories'],
      ['Search', f.search ? `“${drawable(f.search, fonts)}”` : 'None'],
      // Only once there are several accounts: one account's report is the spec's.
      ...(accounts.several
        ? [
            ['Account', f.accountId ? drawable(accounts.names.get(f.accountId) ?? '', fonts) : 'All accounts'] as [
              string,
              string,
            ],
          ]
        : []),
      ['Currency', currencyLabel(user.currency, fonts)],
      ['Transactions', count.toLocaleString('en-US')],
    ],
    cards: [
      {
        label: 'Income',
        value: money(totals.incomeCents),
        note: plural(totals.incomeCount, 'transaction'),
        tone: 'income',
      },
      {
        label: 'Expenses',
        value: money(totals.expenseCents),
        note: plural(totals.expenseCount, 'transaction'),
        tone: 'expense',
      },
      {
        label: 'Balance',
        value: money(totals.balanceCents),
        note: `${plural(count, 'transaction')} in all`,
        tone: totals.balanceCents < 0 ? 'expense' : 'income',
      },
    ],
    running: name ? drawable(`${name} · ${period}`, fonts) : period,
  };
}

const categoryCells = (c: CategoryTotalRow, currency: string, fonts: ReportFonts): Cell[] => [
  { text: drawable(c.name, fonts) },
  { text: c.type === 'income' ? 'Income' : 'Expense' },
  { text: c.count.toLocaleString('en-US') },
  { text: formatShare(c.share) },
  { text: formatCents(c.totalCents, currency, moneyOptions(fonts)), tone: c.type, bold: true },
];

const transactionCells = (r: ReportRow, currency: string, fonts: ReportFonts, accounts: AccountNames): Cell[] => [
  { text: formatDate(r.date) },
  r.description ? { text: drawable(r.description, fonts) } : { text: '—', tone: 'muted' },
  { text: drawable(r.categoryName, fonts) },
  ...(accounts.several ? [{ text: drawable(accounts.names.get(r.accountId) ?? '', fonts) }] : []),
  { text: formatSignedCents(r.amountCents, r.type, currency, moneyOptions(fonts)), tone: r.type, bold: true },
];

/** A transfer leg (or an opening or adjustment row): its account, where the money went or came from. */
const transferCells = (r: ReportRow, currency: string, fonts: ReportFonts, accounts: AccountNames): Cell[] => {
  const other = r.transferAccountId ? accounts.names.get(r.transferAccountId) : undefined;
  const direction =
    r.kind === 'transfer' && other ? `${r.type === 'expense' ? 'To' : 'From'} ${other}` : r.categoryName;
  return [
    { text: formatDate(r.date) },
    r.description ? { text: drawable(r.description, fonts) } : { text: '—', tone: 'muted' },
    { text: drawable(accounts.names.get(r.accountId) ?? '', fonts) },
    { text: drawable(direction, fonts) },
    { text: formatSignedCents(r.amountCents, r.type, currency, moneyOptions(fonts)), bold: true },
  ];
};

/** The closing row of the transactions table: the balance of everything listed. */
const netRow = (balanceCents: number, currency: string, fonts: ReportFonts, accounts: AccountNames): Cell[] => [
  { text: '' },
  { text: 'Net balance', bold: true },
  { text: '' },
  ...(accounts.several ? [{ text: '' }] : []),
  {
    text: `${balanceCents > 0 ? '+' : ''}${formatCents(balanceCents, currency, moneyOptions(fonts))}`,
    tone: balanceCents < 0 ? 'expense' : 'income',
    bold: true,
  },
];

/** The whole report, the same steps whether drawing or only counting pages. */
/** The transactions table, then (when any) the transfers section. */
interface Tables {
  count: number;
  rows: AsyncIterable<Cell[]>;
  net: Cell[] | null;
  withAccount: boolean;
  transferCount: number;
  transfers: AsyncIterable<Cell[]>;
}

async function layout(writer: ReportWriter, categories: Cell[][], t: Tables): Promise<void> {
  writer.start();
  writer.beginTable('Totals by category', CATEGORY_COLUMNS);
  if (!categories.length) writer.note(NONE);
  for (const cells of categories) writer.row(cells);
  writer.endTable();
  writer.beginTable(
    `Transactions (${t.count.toLocaleString('en-US')})`,
    t.withAccount ? TRANSACTION_COLUMNS_WITH_ACCOUNT : TRANSACTION_COLUMNS,
  );
  if (!t.count) writer.note(NONE);
  for await (const cells of t.rows) writer.row(cells);
  if (t.net) writer.row(t.net);
  writer.endTable();
  if (t.transferCount) {
    writer.beginTable(`Transfers (${t.transferCount.toLocaleString('en-US')})`, TRANSFER_COLUMNS);
    for await (const cells of t.transfers) writer.row(cells);
    writer.endTable();
  }
}

async function* blankRows(count: number): AsyncIterable<Cell[]> {
  for (let i = 0; i < count; i++) yield [];
}

/** Pages the report will have: the layout run without drawing. */
export async function countPages(
  header: ReportHeader,
  categories: Cell[][],
  count: number,
  net: Cell[] | null,
  { withAccount = false, transferCount = 0 }: { withAccount?: boolean; transferCount?: number } = {},
): Promise<number> {
  const planner = new ReportWriter(null, header, 0);
  await layout(planner, categories, {
    count,
    rows: blankRows(count),
    net,
    withAccount,
    transferCount,
    transfers: blankRows(transferCount),
  });
  return planner.page;
}

/** The download was abandoned: stop reading rows (not an error worth logging). */
class ReportAbandoned extends Error {}

/** Rows drawn between two turns of the event loop, so a long report never stalls other requests. */
const ROWS_PER_TURN = 100;

/**
 * The matching transactions, oldest first, read in keyset pages: never all in memory. At most
 * `count` rows (the number the page count was planned for): outside a snapshot a row added
 * while the report is written must not push the table past its last page.
 */
async function* transactionRows(
  db: Db,
  user: User,
  f: TransactionFilter,
  count: number,
  abandoned: () => boolean,
  which: 'income-expense' | 'other',
  cells: (row: ReportRow) => Cell[],
) {
  let cursor: repo.ReportCursor | null = null;
  let written = 0;
  while (written < count) {
    if (abandoned()) throw new ReportAbandoned();
    const page: ReportRow[] = await repo.rowsAfter(db, user.id, f, cursor, ROWS_PER_QUERY, which);
    for (const row of page) {
      if (written === count) return;
      yield cells(row);
      written += 1;
      if (written % ROWS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const last = page.at(-1);
    if (!last || page.length < ROWS_PER_QUERY) return;
    cursor = { date: last.date, createdAt: last.createdAt, id: last.id };
  }
}

export interface ReportOptions {
  fonts?: ReportFonts;
  /**
   * Read everything in one repeatable-read snapshot, so the totals, the page count and the rows
   * always agree. Right on PostgreSQL, where the snapshot holds one pooled connection. Not on
   * PGlite: its single connection would be locked for the whole report, stalling every other
   * request of every user, so there the rows are read batch by batch (see docs/pdf-reports.md).
   */
  snapshot?: boolean;
}

/**
 * Checks the filters and reads the totals (errors here are ordinary JSON errors), then resolves
 * with the PDF stream and keeps writing it as the rows arrive.
 * `onStreamError` hears of a failure after streaming has begun (the download is then cut short).
 */
/** pdfkit (and its font engine) is loaded with the first report. */
const loadPdfKit = lazy(async () => (await import('pdfkit')).default);

export function openReport(
  db: Db,
  user: User,
  query: unknown,
  onStreamError: (error: unknown) => void,
  { fonts = reportFonts(), snapshot = true }: ReportOptions = {},
): Promise<OpenedReport> {
  const today = todayIn(user.timezone);
  const filters = parseFilters(query, today);
  const readScope = <T>(work: (reader: Db) => Promise<T>): Promise<T> =>
    snapshot ? db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' }) : work(db);
  return new Promise<OpenedReport>((resolve, reject) => {
    let doc: PDFKit.PDFDocument | null = null;
    readScope(async (tx) => {
      const categoryName = filters.categoryId ? await repo.findCategoryName(tx, user.id, filters.categoryId) : null;
      if (filters.categoryId && categoryName === null) throw notFound('Category');
      const totals = await repo.totals(tx, user.id, filters);
      const categories = (await repo.categoryTotals(tx, user.id, filters)).map((c) =>
        categoryCells(c, user.currency, fonts),
      );
      const names = await repo.accountNames(tx, user.id);
      if (filters.accountId && !names.has(filters.accountId)) throw notFound('Account');
      const accounts: AccountNames = { names, several: names.size > 1 };
      const count = totals.incomeCount + totals.expenseCount;
      const transferCount = await repo.otherCount(tx, user.id, filters);
      const header = buildHeader(user, today, filters, categoryName, totals, fonts, accounts);
      const net = count ? netRow(totals.balanceCents, user.currency, fonts, accounts) : null;
      const pages = await countPages(header, categories, count, net, {
        withAccount: accounts.several,
        transferCount,
      });

      const PDFDocument = await loadPdfKit();
      doc = new PDFDocument({
        size: 'A4',
        margin: 40,
        info: { Title: header.title, Author: 'Ledgerly', Subject: `Transactions, ${header.details[0]?.[1] ?? ''}` },
      });
      registerFonts(doc, fonts);
      resolve({ stream: doc, filename: `receipt-${today}.pdf` });
      const abandoned = () => doc?.destroyed === true;
      await layout(new ReportWriter(doc, header, pages), categories, {
        count,
        rows: transactionRows(tx, user, filters, count, abandoned, 'income-expense', (r) =>
          transactionCells(r, user.currency, fonts, accounts),
        ),
        net,
        withAccount: accounts.several,
        transferCount,
        transfers: transactionRows(tx, user, filters, transferCount, abandoned, 'other', (r) =>
          transferCells(r, user.currency, fonts, accounts),
        ),
      });
      doc.end();
    }).catch((error: unknown) => {
      if (!doc) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (error instanceof ReportAbandoned) return;
      onStreamError(error);
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

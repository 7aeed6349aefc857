import type { FastifyBaseLogger } from 'fastify';
import type {
  ImportBatch,
  ImportOptions,
  ImportRow,
  ImportRowsQuery,
  ImportSummary,
  ImportUpdate,
  SuggestedBy,
} from '@ledgerly/shared';
import {
  IMPORT_LIMITS,
  IMPORT_MSG,
  MATCH_MSG,
  LIMIT_MESSAGES,
  LIMITS,
  RULE_SPLIT_MSG,
  TAG_LIMITS,
  divideBySplit,
  splitFixedCents,
  PER_USER_LIMITS,
  fromCents,
  importOptionsSchema,
  importRowsQuerySchema,
  todayIn,
} from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound, payloadTooLarge, validationError } from '../../errors.js';
import * as categories from '../categories/index.js';
import { createTag, listTags } from '../tags/index.js';
import { accountCount, accountForWrite, analyzeStaged, insertOpeningRow, insertStaged } from '../ledger/index.js';
import { matchTransfers } from '../transfer-matching/index.js';
import { findBadText } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import type { StatementParser } from './parse/pool.js';
import { ImportFileError, type ParsedPosting, type ParseResult } from './parse/types.js';
import { ledgerText, markDuplicates, toRows, withSpreadsheetText } from './imports.classify.js';
import { checkCurrency } from './imports.currency.js';
import * as repo from './imports.repository.js';
import * as rulesRepo from './rules.repository.js';
import { profileForShape, profileOptions, rememberShape, ruleMatcher } from './rules.service.js';
import type { ImportJobs } from '../../app-context.js';

export interface ImportDeps {
  db: Db;
  log: FastifyBaseLogger;
  jobs: ImportJobs;
  /** Reads statement files on worker threads. */
  parser: StatementParser;
}

export type Owner = Viewer;

/** Rows per statement of a commit: the progress moves after each. */
const COMMIT_STEP = 5000;

const UNCATEGORIZED = 'Uncategorized';

/** Reads the `options` form field (a JSON string) or body value. */
export function readOptions(raw: unknown): ImportOptions {
  if (raw === undefined || raw === null || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw validationError(IMPORT_MSG.optionsNotJson, { options: IMPORT_MSG.optionsNotJson });
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw validationError(IMPORT_MSG.optionsNotJson, { options: IMPORT_MSG.optionsNotJson });
  }
  const bad = findBadText(value);
  if (bad) throw validationError(bad.message, { options: bad.message });
  const result = importOptionsSchema.safeParse(value);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? IMPORT_MSG.badOptions;
    throw validationError(`${IMPORT_MSG.badOptions}: ${message}`, { options: message });
  }
  return result.data;
}

/**
 * Runs the parsing engine on a worker thread (parse/pool.ts: off the event loop, with a time and
 * memory limit); its refusals become 400 (or 413 for too many postings), never a 500.
 */
async function runParser(deps: ImportDeps, bytes: Uint8Array, options: ImportOptions, fileName: string) {
  const { log } = deps;
  let result: ParseResult;
  try {
    result = await deps.parser.parse(bytes, options, fileName);
  } catch (error) {
    if (error instanceof ImportFileError) {
      if (/TOO_MANY|TOO_LARGE/i.test(error.code)) throw payloadTooLarge(error.message);
      throw validationError(error.message, { file: error.message });
    }
    if (error instanceof AppError) throw error;
    log.warn({ err: error }, 'statement could not be parsed');
    const message = 'The file could not be read as a bank statement';
    throw validationError(message, { file: message });
  }
  if (result.postings.length > IMPORT_LIMITS.maxPostings) throw payloadTooLarge(IMPORT_MSG.tooManyPostings);
  return result;
}

/**
 * Reads the file with the given options, a chosen profile's, or the settings remembered for its
 * shape (CSV header row; OFX/QIF/CAMT format and account) when the user chose none.
 */
async function readFile(deps: ImportDeps, owner: Owner, bytes: Uint8Array, given: ImportOptions, fileName: string) {
  if (given.profileId) {
    const saved = await profileOptions(deps.db, owner.id, given.profileId);
    const parsed = await runParser(deps, bytes, mergeOptions(saved, given), fileName);
    return { ...parsed, options: { ...parsed.options, profileId: given.profileId } };
  }
  const parsed = await runParser(deps, bytes, given, fileName);
  if (given.fresh || hasChoices(parsed.format, given)) return withFresh(parsed, given);
  const account = parsed.postings.find((p) => p.account)?.account;
  const profile = await profileForShape(deps.db, owner.id, { format: parsed.format, header: parsed.header, account });
  if (!profile) return parsed;
  const again = await runParser(deps, bytes, mergeOptions(profile.options, given), fileName);
  return { ...again, options: { ...again.options, profileId: profile.id } };
}

/** "Detect again" stays in the effective options, so later changes are not overridden either. */
const withFresh = <T extends { options: ImportOptions }>(parsed: T, given: ImportOptions): T =>
  given.fresh ? { ...parsed, options: { ...parsed.options, fresh: true } } : parsed;

/** Whether the user chose settings of their own (then nothing remembered is applied). */
const hasChoices = (format: string, o: ImportOptions) =>
  format === 'csv'
    ? Boolean(o.csv && Object.keys(o.csv).length) || Boolean(o.dateFormat)
    : o.invertSign !== undefined || Boolean(o.dateFormat) || Boolean(o.encoding);

function mergeOptions(base: ImportOptions, over: ImportOptions): ImportOptions {
  return { ...base, ...over, csv: { ...base.csv, ...over.csv } };
}

/**
 * Divides the row by its rule's split (docs/imports.md "Rules that split"): its lines, or, when
 * the row is too small for the fixed amounts or a category of the split is gone, the reason it
 * stays unsplit (it imports with the rule's category).
 */
function splitByRule(
  row: repo.NewImportRow,
  type: 'income' | 'expense',
  split: rulesRepo.RuleSplit,
  typeOf: Map<string, 'income' | 'expense'>,
): void {
  if (split.some((l) => typeOf.get(l.categoryId) !== type)) {
    row.splitMessage = RULE_SPLIT_MSG.categoryGone;
    return;
  }
  const lines = divideBySplit(Math.abs(row.amountCents!), split);
  if (!lines) {
    row.splitMessage = RULE_SPLIT_MSG.cannot(splitFixedCents(split));
    return;
  }
  row.lines = lines.map((l) => ({ categoryId: l.categoryId, type, amountCents: l.amountCents, note: l.note }));
}

const FILE_SPLIT_MSG = {
  tooFew: "Not split: the file's split row has fewer than two lines",
  sum: "Not split: the file's lines do not add up to the row",
} as const;

const importableRows = (rows: repo.NewImportRow[]) =>
  rows.filter((r) => r.status === 'new' || r.status === 'possible-duplicate');

/**
 * A split row of our own CSV export (a row marked "split" and its "line" rows, docs/splits.md)
 * imports split: each line's category found by name and type (created when the user has none of
 * that name), its type from its sign. Lines that do not add up to the row (or fewer than two)
 * leave it unsplit, saying why. The file's lines come before a rule's split.
 */
async function applyFileSplits(db: Db, userId: string, rows: repo.NewImportRow[], postings: ParsedPosting[]) {
  const withLines = importableRows(rows).filter((r) => postings[r.idx]?.lines);
  if (!withLines.length) return;
  const found = new Map<string, string>();
  for (const c of await categories.list(db, userId, undefined))
    found.set(`${c.type}:${c.name.trim().toLowerCase()}`, c.id);
  for (const row of withLines) {
    const lines = postings[row.idx]!.lines!;
    const sum = lines.reduce((s, l) => s + l.amountCents, 0);
    if (lines.length < 2 || sum !== row.amountCents) {
      row.lines = null;
      row.splitMessage = lines.length < 2 ? FILE_SPLIT_MSG.tooFew : FILE_SPLIT_MSG.sum;
      continue;
    }
    const out: NonNullable<repo.NewImportRow['lines']> = [];
    for (const l of lines) {
      const type = l.amountCents > 0 ? 'income' : 'expense';
      const key = `${type}:${l.category.toLowerCase()}`;
      let id = found.get(key);
      if (!id) {
        id = (await categories.findOrCreate(db, userId, l.category.slice(0, LIMITS.categoryNameMax), type)).id;
        found.set(key, id);
      }
      out.push({ categoryId: id, type, amountCents: Math.abs(l.amountCents), note: l.note?.slice(0, 255) ?? null });
    }
    row.lines = out;
    row.splitMessage = null;
    row.suggestedBy = 'file';
  }
}

/**
 * The file's tags (a "Tags" column, our own export's): found by name ignoring case, created when
 * the user has none of that name (not past the per-user cap), added to the rule's; 10 at most.
 */
async function applyFileTags(db: Db, userId: string, rows: repo.NewImportRow[], postings: ParsedPosting[]) {
  const tagged = importableRows(rows).filter((r) => postings[r.idx]?.tags?.length);
  if (!tagged.length) return;
  const known = new Map((await listTags(db, userId)).map((g) => [g.name.toLowerCase(), g.id] as const));
  for (const row of tagged) {
    const ids = new Set(row.tagIds ?? []);
    for (const name of postings[row.idx]!.tags!) {
      if (ids.size >= TAG_LIMITS.perTransaction) break;
      const key = name.toLowerCase();
      let id = known.get(key);
      if (!id) {
        try {
          id = (await createTag(db, userId, { name: name.slice(0, TAG_LIMITS.nameMax) })).id;
        } catch {
          // Past the cap, or a name the tags refuse: the row imports without it.
          continue;
        }
        known.set(key, id);
      }
      ids.add(id);
    }
    row.tagIds = [...ids];
  }
}

/** Gives every importable row a category of its type (DESIGN §7 order), creating "Uncategorized" on need. */
async function assignCategories(db: Db, userId: string, rows: repo.NewImportRow[], postings: ParsedPosting[]) {
  const importable = rows.filter((r) => r.status === 'new' || r.status === 'possible-duplicate');
  if (!importable.length) return;
  const own = await categories.list(db, userId, undefined);
  const typeOf = new Map(own.map((c) => [c.id, c.type] as const));
  const byName = new Map(own.map((c) => [`${c.type}:${c.name.trim().toLowerCase()}`, c.id] as const));
  const ruleRows = await rulesRepo.listRules(db, userId);
  const rule = ruleMatcher(
    ruleRows,
    typeOf,
    await rulesRepo.tagIdsOfRules(
      db,
      userId,
      ruleRows.map((r) => r.id),
    ),
  );
  const texts = [...new Set(importable.map((r) => ledgerText(r)).filter(Boolean))];
  const history = await repo.findHistoryCategories(db, userId, texts);
  const fallback = new Map<string, string>();
  for (const row of importable) {
    const type = row.amountCents! > 0 ? 'income' : 'expense';
    const text = ledgerText(row);
    const haystack = `${row.payee ?? ''} ${row.description}`;
    const fileCategory = postings[row.idx]?.category?.trim().toLowerCase();
    let found: { id: string; by: SuggestedBy } | null = null;
    const byRule = rule(haystack, type);
    if (byRule) {
      found = { id: byRule.categoryId, by: 'rule' };
      if (byRule.tagIds.length) row.tagIds = byRule.tagIds;
      // The file's own lines come first.
      if (byRule.split && !row.lines) splitByRule(row, type, byRule.split, typeOf);
    }
    // A split row of the file: a line's category of the row's type (used should it be unsplit).
    const byLine = row.lines?.find((l) => l.type === type)?.categoryId;
    if (!found && byLine) found = { id: byLine, by: 'file' };
    const byHistory = history.get(text)?.[type];
    if (!found && byHistory) found = { id: byHistory, by: 'history' };
    const byFile = fileCategory ? byName.get(`${type}:${fileCategory}`) : undefined;
    if (!found && byFile) found = { id: byFile, by: 'file' };
    if (!found) {
      let id = fallback.get(type);
      if (!id) {
        id = (await categories.findOrCreate(db, userId, UNCATEGORIZED, type)).id;
        fallback.set(type, id);
      }
      found = { id, by: 'fallback' };
    }
    row.categoryId = found.id;
    row.suggestedBy = found.by;
  }
}

/* ------------------------------------------------------------ imports into accounts (h-f) */

/** Most distinct accounts a CSV account column may name to be read as the statement's accounts. */
const CSV_MAX_ACCOUNTS = 10;

/** What a batch keeps about the statement besides its rows (in `summary.statement`). */
interface StatementInfo {
  /** The account identities the file names, with their row counts. */
  accounts: { id: string; rows: number }[];
  /** The identity whose rows are imported, when the file names several. */
  chosen: string | null;
  closing: { date: string; cents: number } | null;
  /** A QIF "Opening Balance" record, written as the account's opening row at commit. */
  opening?: { date: string; cents: number } | null;
  suggestedAccountId: string | null;
  /** The currency the file states (and every one, when several): DESIGN §12. */
  currency?: string | undefined;
  currencies?: string[] | undefined;
}

/**
 * The statement's account identities and closing balance; a file naming several accounts is
 * narrowed to the chosen one's rows (options.statementAccount), and until one is chosen it
 * needs review — unless the user has one account: then, as before accounts existed, the whole
 * file goes into it. The closing balance is kept only for a file of one account.
 */
function readStatement(parsed: ParseResult, given: ImportOptions, oneAccount: boolean) {
  const counts = new Map<string, number>();
  for (const p of parsed.postings) if (p.account) counts.set(p.account, (counts.get(p.account) ?? 0) + 1);
  // A CSV "account" column names the statement's account only when every posting has one and
  // there are few: a column of counterparties' account numbers (German bank exports) is not one.
  const named = parsed.postings.filter((p) => p.account).length;
  if (parsed.format === 'csv' && (named < parsed.postings.length || counts.size > CSV_MAX_ACCOUNTS)) counts.clear();
  const accounts = [...counts].map(([id, rows]) => ({ id, rows }));
  const chosen =
    accounts.length > 1 && given.statementAccount && counts.has(given.statementAccount) ? given.statementAccount : null;
  const postings = chosen
    ? parsed.postings.filter((p) => p.account === chosen).map((p, index) => ({ ...p, index }))
    : parsed.postings;
  const needsReview = accounts.length > 1 && !chosen && !oneAccount ? ['statementAccount'] : [];
  const closing = accounts.length > 1 ? null : (parsed.closing ?? null);
  // A QIF "Opening Balance" record becomes the account's opening row, not a posting.
  const first = postings[0];
  const opening =
    first?.opening && first.date && first.amountCents !== null ? { date: first.date, cents: first.amountCents } : null;
  const rest = opening ? postings.slice(1).map((p, index) => ({ ...p, index })) : postings;
  return { postings: rest, accounts, chosen, closing, opening, needsReview };
}

/**
 * The account the batch goes into: the one named in the options (404 another user's, 409
 * closed), else the only account, else the account the file's identity was imported into before
 * (also answered as the suggestion), else none: with two or more accounts the batch needs review.
 */
async function chooseAccount(db: Db, owner: Owner, given: ImportOptions, identities: string[]) {
  const suggested = await repo.accountForIdentities(db, owner.id, identities);
  if (given.accountId) return { accountId: (await accountForWrite(db, owner.id, given.accountId)).id, suggested };
  if ((await accountCount(db, owner.id)) < 2)
    return { accountId: (await accountForWrite(db, owner.id, null)).id, suggested };
  return { accountId: suggested, suggested };
}

/** Reads the file, narrows it to one statement account and picks the batch's account. */
async function prepare(deps: ImportDeps, owner: Owner, bytes: Uint8Array, given: ImportOptions, fileName: string) {
  const parsed = await readFile(deps, owner, bytes, given, fileName);
  const statement = readStatement(parsed, given, (await accountCount(deps.db, owner.id)) < 2);
  const identities = statement.chosen ? [statement.chosen] : statement.accounts.map((a) => a.id);
  const { accountId, suggested } = await chooseAccount(deps.db, owner, given, identities);
  const rows = await buildRows(
    deps.db,
    owner,
    withSpreadsheetText({ format: parsed.format, postings: statement.postings }),
    accountId,
  );
  const needsReview = [...parsed.needsReview, ...statement.needsReview];
  if (!accountId) needsReview.push('account');
  const stated = { currency: parsed.currency, currencies: parsed.currencies };
  if (!(await checkCurrency(deps.db, owner.id, stated, accountId)).matches) needsReview.push('currency');
  const options: Record<string, unknown> = { ...parsed.options };
  if (given.accountId) options.accountId = given.accountId;
  if (statement.chosen) options.statementAccount = statement.chosen;
  const info: StatementInfo = {
    accounts: statement.accounts,
    chosen: statement.chosen,
    closing: statement.closing,
    opening: statement.opening,
    suggestedAccountId: suggested,
    ...(parsed.currency ? stated : {}),
  };
  return { parsed, rows, accountId, needsReview, options, info };
}

const statementOf = (summary: Record<string, unknown>) => (summary.statement ?? null) as StatementInfo | null;

/** Parsed postings → classified, categorised preview rows. */
async function buildRows(
  db: Db,
  owner: Owner,
  postings: ParsedPosting[],
  accountId: string | null = null,
): Promise<repo.NewImportRow[]> {
  const rows = toRows(postings, todayIn(owner.timezone));
  const readable = rows.filter((r) => r.dedupeKey !== null);
  const imported = await repo.findImportedKeys(
    db,
    owner.id,
    readable.map((r) => r.dedupeKey!),
  );
  const pairs = new Map<string, { d: string; a: number; t: string }>();
  for (const r of readable) {
    const a = Math.abs(r.amountCents!);
    const t = r.amountCents! > 0 ? 'income' : 'expense';
    pairs.set(`${r.date!}|${a}|${t}`, { d: r.date!, a, t });
  }
  // Near duplicates are looked for within the statement's account (across accounts it is matching's job).
  const ledger = await repo.findLedgerNear(db, owner.id, [...pairs.values()], IMPORT_LIMITS.nearMatchDays, accountId);
  markDuplicates(rows, imported, ledger, IMPORT_LIMITS.nearMatchDays);
  await applyFileSplits(db, owner.id, rows, postings);
  await assignCategories(db, owner.id, rows, postings);
  await applyFileTags(db, owner.id, rows, postings);
  return rows;
}

function toSummary(s: repo.RowSums, imported: number): ImportSummary {
  return {
    rows: s.rows,
    total: fromCents(s.totalCents),
    income: fromCents(s.incomeCents),
    expense: fromCents(s.expenseCents),
    incomeCount: s.incomeCount,
    expenseCount: s.expenseCount,
    earliest: s.earliest,
    latest: s.latest,
    new: s.new,
    duplicates: s.duplicates,
    possibleDuplicates: s.possibleDuplicates,
    errors: s.errors,
    skipped: s.skipped,
    linked: s.linked,
    toImport: s.toImport,
    imported,
  };
}

function toRow(r: repo.ListedImportRow): ImportRow {
  const row: ImportRow = {
    index: r.idx,
    date: r.date,
    amount: r.amountCents === null ? null : fromCents(r.amountCents),
    description: r.description,
    status: r.shown as ImportRow['status'],
    categoryId: r.categoryId,
    include: !r.skipped && (r.status === 'new' || r.status === 'possible-duplicate'),
  };
  if (r.match) {
    const m = r.match;
    row.match = {
      id: m.id,
      date: m.date,
      description: m.description,
      amount: fromCents(m.type === 'income' ? m.amountCents : -m.amountCents),
    };
  }
  if (r.linkedId) row.linked = true;
  if (r.payee) row.payee = r.payee;
  if (r.account) row.account = r.account;
  if (r.externalId) row.externalId = r.externalId;
  if (r.message) row.message = r.message;
  if (r.suggestedBy) row.suggestedBy = r.suggestedBy;
  if (r.lines)
    row.lines = r.lines.map((l) => ({ categoryId: l.categoryId, amount: fromCents(l.amountCents), note: l.note }));
  if (r.splitMessage) row.splitMessage = r.splitMessage;
  if (r.tagIds?.length) row.tagIds = r.tagIds;
  return row;
}

function toBatch(deps: ImportDeps, b: repo.BatchRow): ImportBatch {
  const { statement: _statement, transfers, ...summary } = b.summary;
  const statement = statementOf(b.summary);
  const batch: ImportBatch = {
    id: b.id,
    fileName: b.fileName,
    format: b.format,
    status: b.status,
    createdAt: b.createdAt.toISOString(),
    options: b.options,
    needsReview: b.needsReview,
    // Batches stored before `linked` and `toImport` existed answer 0 for them.
    summary: { linked: 0, toImport: 0, ...(summary as unknown as Partial<ImportSummary>) } as ImportSummary,
    accountId: b.accountId,
    suggestedAccountId: statement?.suggestedAccountId ?? null,
    statementAccounts: statement?.accounts ?? [],
    balanceCheck: null,
  };
  if (transfers) batch.transfers = transfers as { linked: number; suggested: number };
  if (b.header) batch.header = b.header;
  if (b.message) batch.message = b.message;
  if (b.status === 'importing') {
    batch.progress = deps.jobs.progress.get(b.id) ?? { done: b.progressDone, total: b.progressTotal };
  } else if (b.status === 'committed') {
    batch.progress = { done: b.progressTotal, total: b.progressTotal };
  }
  return batch;
}

/**
 * The batch with its balance check: after commit, the file's closing balance against the
 * account's balance as of that date (it follows later edits of the account's rows).
 */
async function withCheck(deps: ImportDeps, b: repo.BatchRow): Promise<ImportBatch> {
  const batch = toBatch(deps, b);
  const closing = statementOf(b.summary)?.closing;
  if (b.status === 'committed' && closing && b.accountId) {
    const ledger = await repo.balanceAsOf(deps.db, b.accountId, closing.date);
    batch.balanceCheck = {
      date: closing.date,
      statementBalance: fromCents(closing.cents),
      ledgerBalance: fromCents(ledger),
      matches: ledger === closing.cents,
    };
  }
  return batch;
}

/** The first page of rows, as GET /imports/{id} answers without a query. */
const FIRST_PAGE: ImportRowsQuery = importRowsQuerySchema.parse({});

async function withRows(
  deps: ImportDeps,
  owner: Owner,
  b: repo.BatchRow,
  q: ImportRowsQuery = FIRST_PAGE,
): Promise<ImportBatch> {
  const rows = await repo.listRows(deps.db, owner.id, b.id, q.cursor ?? 0, q.limit + 1, q.status);
  const page = rows.slice(0, q.limit);
  const next = rows.length > q.limit ? (rows[q.limit]?.idx ?? null) : null;
  const batch: ImportBatch = { ...(await withCheck(deps, b)), rows: page.map(toRow), meta: { nextCursor: next } };
  batch.currency = await checkCurrency(deps.db, owner.id, statementOf(b.summary), b.accountId);
  if (b.status === 'preview') {
    const unknown = await unmatchedFileCategories(deps.db, owner.id, b.id);
    if (unknown.length) batch.fileCategories = unknown;
  }
  return batch;
}

/** The file's own category names that match none of the user's categories of their type. */
async function unmatchedFileCategories(db: Db, userId: string, batchId: string) {
  const names = await repo.fileCategoryNames(db, userId, batchId);
  if (!names.length) return [];
  const own = new Set(
    (await categories.list(db, userId, undefined)).map((c) => `${c.type}:${c.name.trim().toLowerCase()}`),
  );
  // A name longer than a category may be cannot be offered.
  return names.filter((n) => n.name.length <= 50 && !own.has(`${n.type}:${n.name.trim().toLowerCase()}`));
}

/** PUT … createCategories: creates the file's own category names asked for and gives them to their rows. */
async function createFileCategories(
  db: Db,
  owner: Owner,
  id: string,
  wanted: { name: string; type: 'expense' | 'income' }[],
) {
  const offered = await unmatchedFileCategories(db, owner.id, id);
  const key = (n: { name: string; type: string }) => `${n.type}:${n.name.trim().toLowerCase()}`;
  const known = new Set(offered.map(key));
  const asked = [...new Map(wanted.map((w) => [key(w), w])).values()];
  if (!asked.every((w) => known.has(key(w)))) {
    throw validationError(IMPORT_MSG.notFileCategory, { createCategories: IMPORT_MSG.notFileCategory });
  }
  const have = (await categories.list(db, owner.id, undefined)).length;
  if (have + asked.length > PER_USER_LIMITS.categories) throw conflict(LIMIT_MESSAGES.categories);
  await db.transaction(async (tx) => {
    for (const w of asked) {
      const created = await categories.findOrCreate(tx, owner.id, w.name, w.type);
      await repo.assignFileCategory(tx, owner.id, id, w.name, w.type, created.id);
    }
  });
}

async function mustFind(db: Db, owner: Owner, id: string): Promise<repo.BatchRow> {
  const batch = await repo.findBatch(db, owner.id, id);
  if (!batch) throw notFound('Import');
  return batch;
}

/** POST /imports: reads the file and stores its preview; writes no transaction. */
export async function create(
  deps: ImportDeps,
  owner: Owner,
  file: { fileName: string; bytes: Buffer },
  rawOptions: unknown,
): Promise<ImportBatch> {
  const given = readOptions(rawOptions);
  // Refused before reading the file when the user is at the cap already (expired ones not counted).
  await repo.deleteStaleBatches(deps.db, IMPORT_LIMITS.previewHours, owner.id);
  if ((await repo.countOpenBatches(deps.db, owner.id)) >= PER_USER_LIMITS.openImports) {
    throw conflict(LIMIT_MESSAGES.openImports);
  }
  const { parsed, rows, accountId, needsReview, options, info } = await prepare(
    deps,
    owner,
    file.bytes,
    given,
    file.fileName,
  );
  const batch = await deps.db.transaction(async (tx) => {
    // Counted again where it counts: two uploads at once take turns here.
    if ((await repo.countOpenBatchesLocked(tx, owner.id)) >= PER_USER_LIMITS.openImports) {
      throw conflict(LIMIT_MESSAGES.openImports);
    }
    const created = await repo.insertBatch(tx, {
      userId: owner.id,
      fileName: file.fileName.slice(0, 255) || 'statement',
      format: parsed.format,
      options,
      needsReview,
      header: parsed.header ?? null,
      summary: {},
      fileData: file.bytes,
      accountId,
    });
    await repo.insertRows(tx, owner.id, created.id, rows);
    const summary = toSummary(await repo.sumRows(tx, owner.id, created.id), 0);
    return (await repo.updateBatch(tx, owner.id, created.id, { summary: { ...summary, statement: info } }))!;
  });
  return withRows(deps, owner, batch);
}

export async function list(deps: ImportDeps, owner: Owner): Promise<ImportBatch[]> {
  return (await repo.listBatches(deps.db, owner.id, 100)).map((b) => toBatch(deps, b));
}

export async function get(deps: ImportDeps, owner: Owner, id: string, query: ImportRowsQuery): Promise<ImportBatch> {
  return withRows(deps, owner, await mustFind(deps.db, owner, id), query);
}

/** PUT /imports/{id}: new options re-read the file; row choices set categories or skip rows. */
export async function update(deps: ImportDeps, owner: Owner, id: string, input: ImportUpdate): Promise<ImportBatch> {
  const batch = await mustFind(deps.db, owner, id);
  if (batch.status !== 'preview') throw conflict(IMPORT_MSG.notPreview);
  let statement = statementOf(batch.summary);
  if (input.options) {
    const bytes = await repo.findBatchFile(deps.db, owner.id, id);
    if (!bytes) throw conflict(IMPORT_MSG.notPreview);
    const { parsed, rows, accountId, needsReview, options, info } = await prepare(
      deps,
      owner,
      bytes,
      readOptions(input.options),
      batch.fileName,
    );
    statement = info;
    await deps.db.transaction(async (tx) => {
      await repo.deleteRows(tx, owner.id, id);
      await repo.insertRows(tx, owner.id, id, rows);
      await repo.updateBatch(tx, owner.id, id, {
        format: parsed.format,
        options,
        needsReview,
        header: parsed.header ?? null,
        accountId,
      });
    });
  }
  if (input.createCategories?.length) await createFileCategories(deps.db, owner, id, input.createCategories);
  if (input.rows?.length) await applyRowChoices(deps.db, owner, id, input.rows);
  const summary = toSummary(await repo.sumRows(deps.db, owner.id, id), 0);
  const updated = await repo.updateBatch(deps.db, owner.id, id, { summary: { ...summary, statement } }, ['preview']);
  if (!updated) throw conflict(IMPORT_MSG.notPreview);
  return withRows(deps, owner, updated);
}

async function applyRowChoices(
  db: Db,
  owner: Owner,
  id: string,
  changes: {
    index: number;
    categoryId?: string | undefined;
    skip?: boolean | undefined;
    samePayee?: boolean | undefined;
    sameAs?: boolean | undefined;
  }[],
) {
  const found = new Map(
    (
      await repo.findRowsByIndex(
        db,
        owner.id,
        id,
        changes.map((c) => c.index),
      )
    ).map((r) => [r.idx, r]),
  );
  const own = new Map((await categories.list(db, owner.id, undefined)).map((c) => [c.id, c.type] as const));
  for (const change of changes) {
    const row = found.get(change.index);
    if (!row) throw validationError(`There is no row ${change.index}`, { rows: `There is no row ${change.index}` });
    if (change.sameAs && (row.status !== 'possible-duplicate' || !row.matchId)) {
      throw validationError(IMPORT_MSG.noMatch, { rows: IMPORT_MSG.noMatch });
    }
    if (change.categoryId) {
      const type = own.get(change.categoryId);
      if (!type) throw validationError('Please select a category', { rows: 'Please select a category' });
      const rowType = row.amountCents !== null && row.amountCents > 0 ? 'income' : 'expense';
      if (row.amountCents === null || type !== rowType) {
        throw validationError(IMPORT_MSG.wrongCategory, { rows: IMPORT_MSG.wrongCategory });
      }
    }
  }
  await db.transaction(async (tx) => {
    await repo.applyRowChanges(tx, owner.id, id, changes);
    for (const change of changes) {
      const row = found.get(change.index)!;
      if (change.samePayee && change.categoryId) {
        await repo.setCategoryForPayee(tx, owner.id, id, row.text, row.amountCents! > 0, change.categoryId);
      }
    }
  });
}

/**
 * POST /imports/{id}/commit: imports exactly the previewed rows in one database transaction.
 * Claiming the batch (preview → importing) is atomic, so a retried or concurrent commit finds it
 * taken and imports nothing; each row's key is claimed too, so no posting is imported twice.
 */
export async function commit(deps: ImportDeps, owner: Owner, id: string): Promise<ImportBatch> {
  const batch = await mustFind(deps.db, owner, id);
  if (batch.status === 'reverted') throw conflict('This import was undone; upload the file again to import it');
  if (batch.status === 'importing' || batch.status === 'committed') return withCheck(deps, batch);
  // With two or more accounts the statement's account must be chosen (or recognised) first.
  if (batch.needsReview.includes('statementAccount')) throw conflict(MATCH_MSG.chooseStatementAccount);
  if (!batch.accountId && (await accountCount(deps.db, owner.id)) >= 2) throw conflict(MATCH_MSG.chooseAccount);
  if (batch.accountId) await accountForWrite(deps.db, owner.id, batch.accountId);
  // A statement in another currency than the account's is never imported at face value (§12).
  const currency = await checkCurrency(deps.db, owner.id, statementOf(batch.summary), batch.accountId);
  if (!currency.matches) throw conflict(currency.message ?? IMPORT_MSG.badOptions);
  const total = await repo.countImportable(deps.db, owner.id, id);
  // Marked before the claim is sent: this process's upkeep must never take it for interrupted.
  if (deps.jobs.claimed.has(id)) return toBatch(deps, await mustFind(deps.db, owner, id));
  deps.jobs.claimed.add(id);
  let claimed: repo.BatchRow | null;
  try {
    claimed = await repo.updateBatch(
      deps.db,
      owner.id,
      id,
      { status: 'importing', progressDone: 0, progressTotal: total, message: null },
      ['preview', 'failed'],
    );
  } catch (error) {
    deps.jobs.claimed.delete(id);
    throw error;
  }
  if (!claimed) {
    deps.jobs.claimed.delete(id);
    return toBatch(deps, await mustFind(deps.db, owner, id));
  }
  deps.jobs.progress.set(id, { done: 0, total });
  if (total > IMPORT_LIMITS.backgroundRows) deps.log.info({ importId: id, rows: total }, 'import commit started');
  const job = runCommit(deps, owner.id, claimed, total);
  if (total > IMPORT_LIMITS.backgroundRows) {
    deps.jobs.track(job);
    return toBatch(deps, claimed);
  }
  await job;
  return withCheck(deps, await mustFind(deps.db, owner, id));
}

async function runCommit(deps: ImportDeps, userId: string, batch: repo.BatchRow, total: number): Promise<void> {
  const id = batch.id;
  try {
    await deps.db.transaction(async (tx) => {
      // First the batch's row lock, held to the end: it tells every instance's upkeep that this
      // commit is alive (a killed process's transaction lets go of it, and writes nothing).
      if (!(await repo.lockImporting(tx, userId, id))) {
        deps.log.warn({ importId: id }, 'import commit not started: the batch is no longer importing');
        return;
      }
      const started = performance.now();
      const last = await repo.maxIndex(tx, userId, id);
      let done = 0;
      for (let from = 0; from <= last; from += COMMIT_STEP) {
        done += await repo.commitRange(tx, userId, id, from, from + COMMIT_STEP);
        deps.jobs.progress.set(id, { done, total });
      }
      const statement = statementOf(batch.summary);
      if (batch.accountId && statement) {
        const identities = statement.chosen ? [statement.chosen] : statement.accounts.map((a) => a.id);
        await repo.rememberStatement(tx, userId, batch.accountId, identities, statement.closing);
        if (statement.opening) {
          await insertOpeningRow(tx, userId, { accountId: batch.accountId, batchId: id, ...statement.opening });
        }
      }
      // Transfer matching of the imported rows, in the same database transaction, while they are
      // still staged: the rows it links go into the ledger as transfer legs at once (only their
      // partners are updated), then the rest go in (docs/accounts.md "Transfer matching").
      await analyzeStaged(tx);
      const matching = performance.now();
      // No row staged (a file whose only record was its opening balance): nothing to match.
      const transfers = done > 0 ? await matchTransfers(tx, userId, { staged: true }) : { linked: 0, suggested: 0 };
      const rest = performance.now();
      await insertStaged(tx);
      await repo.attachRuleLinesAndTags(tx, userId, id);
      if (total > IMPORT_LIMITS.backgroundRows) {
        // How long the rows and their matching took (docs/performance.md, "Accounts"): rowsMs is
        // staging plus the unlinked rows going in, matchingMs pairing and linking (with the
        // linked rows going in).
        const ms = (from: number, to: number) => Math.round(to - from);
        deps.log.info(
          {
            importId: id,
            rows: done,
            rowsMs: ms(started, matching) + ms(rest, performance.now()),
            matchingMs: ms(matching, rest),
            transfers,
          },
          'import rows in and matched',
        );
      }
      const summary = { ...batch.summary, imported: done, transfers };
      await repo.updateBatch(tx, userId, id, {
        status: 'committed',
        progressDone: done,
        progressTotal: done,
        fileData: null,
        summary: { ...summary },
      });
      // The settings this file was imported with, for the next file of its shape.
      await rememberShape(
        tx,
        userId,
        { format: batch.format, header: batch.header, account: await repo.firstAccount(tx, userId, id) },
        batch.fileName,
        batch.options,
      );
    });
  } catch (error) {
    deps.log.error({ err: error, importId: id }, 'import commit failed');
    await repo
      .updateBatch(
        deps.db,
        userId,
        id,
        { status: 'failed', message: 'The import failed and nothing was imported. Try again.' },
        ['importing'],
      )
      .catch((e: unknown) => deps.log.error({ err: e, importId: id }, 'could not mark the import failed'));
  } finally {
    deps.jobs.progress.delete(id);
    deps.jobs.claimed.delete(id);
  }
}

/**
 * Upkeep (jobs/import-upkeep.ts): `importing` batches whose commit is gone — the process was
 * killed or lost its database mid-commit, so its transaction was rolled back and nothing was
 * written — become `failed` with a message, so they can be committed again or discarded. A
 * commit running on any instance holds its batch's row lock and is left alone; `graceSeconds`
 * covers the moment between a claim and that lock (0 on PGlite, which one process holds).
 */
export async function recoverInterrupted(
  db: Db,
  log: FastifyBaseLogger,
  jobs: ImportJobs,
  graceSeconds: number,
): Promise<number> {
  const marked = await repo.failInterrupted(db, graceSeconds, [...jobs.claimed], IMPORT_MSG.interrupted);
  for (const batch of marked) log.warn({ importId: batch.id }, 'interrupted import commit marked failed');
  return marked.length;
}

/** Upkeep: previews and failed imports not changed for IMPORT_LIMITS.previewHours go, with their files. */
export function expireStale(db: Db): Promise<number> {
  return repo.deleteStaleBatches(db, IMPORT_LIMITS.previewHours);
}

/** POST /imports/{id}/revert: removes exactly the transactions this batch created. */
export async function revert(deps: ImportDeps, owner: Owner, id: string): Promise<ImportBatch> {
  const batch = await mustFind(deps.db, owner, id);
  if (batch.status === 'reverted') return toBatch(deps, batch);
  if (batch.status === 'importing') throw conflict(IMPORT_MSG.importing);
  if (batch.status !== 'committed') throw conflict(IMPORT_MSG.notCommitted);
  const updated = await deps.db.transaction(async (tx) => {
    const claimed = await repo.updateBatch(tx, owner.id, id, { status: 'reverted' }, ['committed']);
    if (!claimed) return null;
    await repo.revertBatch(tx, owner.id, id);
    return claimed;
  });
  return toBatch(deps, updated ?? (await mustFind(deps.db, owner, id)));
}

/** DELETE /imports/{id}: discards a preview (or a failed import); a finished import is undone instead. */
export async function discard(deps: ImportDeps, owner: Owner, id: string): Promise<void> {
  if (await repo.deleteBatch(deps.db, owner.id, id, ['preview', 'failed'])) return;
  await mustFind(deps.db, owner, id);
  throw conflict('Only a preview can be discarded; undo a finished import instead');
}

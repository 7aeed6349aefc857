import type { Account, AccountCreate, AccountUpdate, NetWorthPoint, RegisterPage } from '@ledgerly/shared';
import {
  ACCOUNT_API_MSG,
  ACCOUNT_MSG,
  LIMIT_MESSAGES,
  ON_BUDGET_KINDS,
  PER_USER_LIMITS,
  accountClassOf,
  daysInMonth,
  fromCents,
  isoDate,
  shiftMonth,
  todayIn,
} from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationError } from '../../errors.js';
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from '../../lib/pg-errors.js';
import type { ReceiptUrlSigner } from '../../receipts/receipt-urls.js';
import type { Viewer } from '../../lib/viewer.js';
import {
  type AccountRow,
  accountsWriter,
  balanceAsOf,
  balancesAsOf,
  currentBalances,
  decodeCursor,
  encodeCursor,
  findAccount,
  netWorthMonths,
  registerPage,
} from '../ledger/index.js';
import { moveImportBatches } from '../imports/index.js';
import { hasRecurringIn, moveRecurringAccount, recurringTransfersBetween } from '../recurring/index.js';
import { presentTransaction } from '../transactions/index.js';
import * as repo from './accounts.repository.js';

/** The signed-in user as the accounts rules need them: their zone (today) and currency (new accounts). */
export type AccountOwner = Viewer & { currency: string };

/** The last statement closing day on or before `today` for a card closing on `day` (clamped to short months). */
export function lastStatementDate(today: string, day: number): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const inMonth = (yy: number, mm: number) => isoDate(yy, mm, Math.min(day, daysInMonth(yy, mm)));
  const here = inMonth(y, m);
  if (here <= today) return here;
  return m === 1 ? inMonth(y - 1, 12) : inMonth(y, m - 1);
}

const nameTaken = () => conflict(ACCOUNT_MSG.nameTaken);

/** A unique index refused the write: the name index, or the one-default index (a concurrent default move). */
const uniqueRefusal = (error: unknown) =>
  violatedConstraint(error) === 'accounts_user_default_key' ? conflict(ACCOUNT_MSG.defaultMoved) : nameTaken();

async function ownAccount(db: Db, userId: string, id: string): Promise<AccountRow> {
  const row = await findAccount(db, userId, id);
  if (!row) throw notFound('Account');
  return row;
}

/** Every account of the user with its balances, in the list's order (sortOrder, then name). */
export async function list(db: Db, owner: AccountOwner): Promise<Account[]> {
  const [rows, balances, broken] = await Promise.all([
    repo.listAccounts(db, owner.id),
    currentBalances(db, owner.id),
    repo.brokenReconciliations(db, owner.id),
  ]);
  const today = todayIn(owner.timezone);
  // Statement balances (cards with a statement day) and balance checks, as of their dates, in one query.
  const asks: { accountId: string; date: string }[] = [];
  const statementAt = new Map<string, number>();
  const checkAt = new Map<string, number>();
  for (const row of rows) {
    if (row.kind === 'credit_card' && row.statementDay) {
      statementAt.set(row.id, asks.length);
      asks.push({ accountId: row.id, date: lastStatementDate(today, row.statementDay) });
    }
    if (row.checkDate && row.checkBalanceCents !== null) {
      checkAt.set(row.id, asks.length);
      asks.push({ accountId: row.id, date: row.checkDate });
    }
  }
  const asOf = await balancesAsOf(db, asks);
  return rows.map((row) => {
    const b = balances.get(row.id) ?? { balanceCents: 0, clearedCents: 0 };
    const s = statementAt.get(row.id);
    const c = checkAt.get(row.id);
    return toAccount(row, b.balanceCents, b.clearedCents, {
      statementCents: s === undefined ? null : (asOf[s] ?? 0),
      ledgerAtCheckCents: c === undefined ? null : (asOf[c] ?? 0),
      broken: broken.get(row.id) ?? null,
    });
  });
}

/** One account in the API's shape (the list's answer for it). */
export async function get(db: Db, owner: AccountOwner, id: string): Promise<Account> {
  const found = (await list(db, owner)).find((a) => a.id === id);
  if (!found) throw notFound('Account');
  return found;
}

function toAccount(
  row: AccountRow,
  balanceCents: number,
  clearedCents: number,
  extra: {
    statementCents: number | null;
    ledgerAtCheckCents: number | null;
    broken: { id: string; statementDate: string; differenceCents: number } | null;
  },
): Account {
  const liability = accountClassOf(row.kind) === 'liability';
  const owedCents = liability ? -balanceCents : 0;
  const check =
    row.checkDate && row.checkBalanceCents !== null && extra.ledgerAtCheckCents !== null
      ? {
          date: row.checkDate,
          statementBalance: fromCents(row.checkBalanceCents),
          ledgerBalance: fromCents(extra.ledgerAtCheckCents),
          matches: row.checkBalanceCents === extra.ledgerAtCheckCents,
        }
      : null;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    class: accountClassOf(row.kind),
    currency: row.currency,
    onBudget: row.onBudget,
    inNetWorth: row.inNetWorth,
    isDefault: row.isDefault,
    creditLimit: row.creditLimitCents === null ? null : fromCents(row.creditLimitCents),
    statementDay: row.statementDay,
    dueDay: row.dueDay,
    institution: row.institution,
    mask: row.mask,
    iban: row.iban,
    icon: row.icon,
    color: row.color,
    sortOrder: row.sortOrder,
    openingDate: row.openingDate,
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    balance: fromCents(balanceCents),
    clearedBalance: fromCents(clearedCents),
    // One currency per user until rates exist (DESIGN §12, issue 4/6).
    balanceInBase: fromCents(balanceCents),
    ...(liability
      ? {
          owed: fromCents(owedCents),
          availableCredit: row.creditLimitCents === null ? null : fromCents(row.creditLimitCents - owedCents),
        }
      : {}),
    ...(row.kind === 'credit_card'
      ? { statementBalance: extra.statementCents === null ? null : fromCents(extra.statementCents) }
      : {}),
    balanceCheck: check,
    brokenReconciliation: extra.broken
      ? {
          id: extra.broken.id,
          statementDate: extra.broken.statementDate,
          difference: fromCents(extra.broken.differenceCents),
        }
      : null,
  };
}

/** The columns a body's fields write (openingBalance, isDefault and closed are handled apart). */
function columnsOf(body: AccountUpdate): repo.AccountChanges {
  const c: repo.AccountChanges = {};
  if (body.name !== undefined) c.name = body.name;
  if (body.kind !== undefined) c.kind = body.kind;
  if (body.currency !== undefined) c.currency = body.currency;
  if (body.onBudget !== undefined) c.onBudget = body.onBudget;
  if (body.inNetWorth !== undefined) c.inNetWorth = body.inNetWorth;
  if (body.creditLimit !== undefined) c.creditLimitCents = body.creditLimit;
  if (body.statementDay !== undefined) c.statementDay = body.statementDay;
  if (body.dueDay !== undefined) c.dueDay = body.dueDay;
  if (body.institution !== undefined) c.institution = body.institution;
  if (body.mask !== undefined) c.mask = body.mask;
  if (body.iban !== undefined) c.iban = body.iban;
  if (body.icon !== undefined) c.icon = body.icon;
  if (body.color !== undefined) c.color = body.color;
  if (body.sortOrder !== undefined) c.sortOrder = body.sortOrder;
  if (body.openingDate !== undefined) c.openingDate = body.openingDate;
  return c;
}

export async function create(db: Db, owner: AccountOwner, body: AccountCreate): Promise<Account> {
  // Checked before the insert (as categories are): two creates racing at the cap may pass it by one.
  if ((await repo.countAccounts(db, owner.id)) >= PER_USER_LIMITS.accounts) throw conflict(LIMIT_MESSAGES.accounts);
  if (await repo.nameTaken(db, owner.id, body.name)) throw nameTaken();
  const openingDate = body.openingDate ?? todayIn(owner.timezone);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const { isDefault, openingBalance, ...fields } = body;
      const row = await repo.insertAccount(tx, {
        ...columnsOf({ ...fields, openingDate }),
        name: body.name,
        kind: body.kind,
        userId: owner.id,
        currency: body.currency ?? owner.currency,
        onBudget: body.onBudget ?? ON_BUDGET_KINDS.includes(body.kind),
      });
      if (isDefault) await repo.moveDefault(tx, owner.id, row.id);
      if (openingBalance) {
        await accountsWriter.setOpening(tx, owner.id, row.id, { cents: openingBalance, date: openingDate });
      }
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueRefusal(error);
    throw error;
  }
  return get(db, owner, id);
}

/**
 * Changes only the fields given (DESIGN §10). Closing and moving the default are checked in the
 * write's database transaction, against the user's accounts locked there (`lockAccounts`), so
 * two requests at once cannot both pass a check that only one may (the last open account, the
 * default closed while it moves).
 */
export async function update(db: Db, owner: AccountOwner, id: string, body: AccountUpdate): Promise<Account> {
  await ownAccount(db, owner.id, id);
  if (body.name !== undefined && (await repo.nameTaken(db, owner.id, body.name, id))) throw nameTaken();
  try {
    await db.transaction(async (tx) => {
      const all = await repo.lockAccounts(tx, owner.id);
      const current = all.find((a) => a.id === id);
      if (!current) throw notFound('Account');
      const closing = body.closed === true && !current.closedAt;
      const willBeClosed = body.closed ?? current.closedAt !== null;
      if (closing) assertMayGo(all, { ...current, isDefault: current.isDefault && !body.isDefault });
      if (body.isDefault && willBeClosed) throw conflict(ACCOUNT_MSG.closed);
      const openingChanges = body.openingBalance !== undefined || body.openingDate !== undefined;
      if (openingChanges && willBeClosed) throw conflict(ACCOUNT_MSG.closed);
      // Amounts are in the account's currency: relabelling them is what DESIGN §12 forbids.
      if (body.currency !== undefined && body.currency !== current.currency && (await repo.hasRows(tx, id)))
        throw conflict(ACCOUNT_MSG.currencyLocked);
      const changes = columnsOf(body);
      if (body.closed !== undefined) {
        if (body.closed && !current.closedAt) changes.closedAt = new Date();
        if (!body.closed) changes.closedAt = null;
      }
      await repo.updateAccount(tx, owner.id, id, changes);
      if (body.isDefault) await repo.moveDefault(tx, owner.id, id);
      if (openingChanges) {
        const date = body.openingDate ?? current.openingDate ?? todayIn(owner.timezone);
        if (body.openingDate === undefined && !current.openingDate)
          await repo.updateAccount(tx, owner.id, id, { openingDate: date });
        await accountsWriter.setOpening(tx, owner.id, id, { cents: body.openingBalance, date });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueRefusal(error);
    throw error;
  }
  return get(db, owner, id);
}

/**
 * 409 unless the account may be closed or deleted: not the default, not the last open one.
 * `all`: the user's accounts as locked by the caller's database transaction.
 */
function assertMayGo(all: AccountRow[], account: Pick<AccountRow, 'id' | 'isDefault' | 'closedAt'>): void {
  if (account.isDefault) throw conflict(ACCOUNT_MSG.isDefault);
  const othersOpen = all.filter((a) => a.id !== account.id && !a.closedAt).length;
  if (!account.closedAt && othersOpen === 0) throw conflict(ACCOUNT_MSG.lastOpen);
}

export const close = (db: Db, owner: AccountOwner, id: string) => update(db, owner, id, { closed: true });
export const reopen = (db: Db, owner: AccountOwner, id: string) => update(db, owner, id, { closed: false });

/**
 * Deletes an account. With rows (or recurring items) it needs `moveTo`: they move there first,
 * in the same database transaction, which checks the rules against the user's accounts locked
 * there (as `update` does). Answers how many transactions moved.
 */
export async function remove(db: Db, owner: AccountOwner, id: string, moveTo: string | undefined): Promise<number> {
  await ownAccount(db, owner.id, id);
  try {
    return await removeLocked(db, owner, id, moveTo);
  } catch (error) {
    // A row or recurring item written into it since the check holds on to it.
    if ((moveTo === undefined || moveTo === '') && isForeignKeyViolation(error)) throw conflict(ACCOUNT_MSG.hasRows);
    throw error;
  }
}

function removeLocked(db: Db, owner: AccountOwner, id: string, moveTo: string | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    const all = await repo.lockAccounts(tx, owner.id);
    const account = all.find((a) => a.id === id);
    if (!account) throw notFound('Account');
    assertMayGo(all, account);
    if (moveTo === undefined || moveTo === '') {
      if ((await repo.hasRows(tx, id)) || (await hasRecurringIn(tx, owner.id, id))) throw conflict(ACCOUNT_MSG.hasRows);
      // Import batches keep their history without an account.
      await moveImportBatches(tx, owner.id, id, null);
      await repo.deleteAccount(tx, owner.id, id);
      return 0;
    }
    if (moveTo === id) throw validationError(ACCOUNT_MSG.moveToSelf, { moveTo: ACCOUNT_MSG.moveToSelf });
    const target = all.find((a) => a.id === moveTo);
    if (!target) throw notFound('Account');
    if (target.closedAt) throw conflict(ACCOUNT_API_MSG.moveToClosed);
    const recurring = await recurringTransfersBetween(tx, owner.id, id, moveTo);
    if (recurring > 0) throw conflict(ACCOUNT_API_MSG.transfersBetween(recurring));
    const moved = await accountsWriter.moveAccountRows(tx, owner.id, id, moveTo);
    await moveRecurringAccount(tx, owner.id, id, moveTo);
    await moveImportBatches(tx, owner.id, id, moveTo);
    await repo.deleteAccount(tx, owner.id, id);
    return moved;
  });
}

export async function balance(
  db: Db,
  owner: AccountOwner,
  id: string,
  date: string | undefined,
): Promise<{ balance: number; clearedBalance: number; date: string }> {
  const day = date ?? todayIn(owner.timezone);
  const b = await balanceAsOf(db, owner.id, id, day);
  if (!b) throw notFound('Account');
  return { balance: fromCents(b.balanceCents), clearedBalance: fromCents(b.clearedCents), date: day };
}

export async function register(
  db: Db,
  sign: ReceiptUrlSigner,
  owner: AccountOwner,
  id: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<RegisterPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = await registerPage(db, owner.id, id, { limit: query.limit, after });
  if (!page) throw notFound('Account');
  const { rows, total } = page;
  const last = rows[rows.length - 1];
  return {
    data: rows.map((r) => ({
      ...presentTransaction(r, r.category, sign),
      runningBalance: fromCents(r.runningBalanceCents),
    })),
    meta: { total, nextCursor: rows.length === query.limit && last ? encodeCursor(last.cursor) : null },
  };
}

/** Exactly `months` month ends, the last being the current month as of today (the user's zone). */
export async function netWorth(
  db: Db,
  owner: AccountOwner,
  months: number,
): Promise<{ data: NetWorthPoint[]; meta: { unconverted: string[] } }> {
  const today = todayIn(owner.timezone);
  const first = shiftMonth(today.slice(0, 7), -(months - 1));
  const [points, unconverted] = await Promise.all([
    netWorthMonths(db, owner.id, owner.currency, first, today),
    repo.otherCurrencies(db, owner.id, owner.currency),
  ]);
  return {
    data: points.map((p) => ({
      month: p.month,
      assets: fromCents(p.assetsCents),
      liabilities: fromCents(p.liabilitiesCents),
      netWorth: fromCents(p.assetsCents - p.liabilitiesCents),
    })),
    meta: { unconverted },
  };
}

/** The settings currency moved from `from` to `to`: a lone empty account follows it (docs/currencies.md). */
export async function followSettingsCurrency(db: Db, userId: string, from: string, to: string): Promise<void> {
  if (from !== to) await repo.followSettingsCurrency(db, userId, from, to);
}

import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { lastDayOfMonth } from '@ledgerly/shared';
import { dailyTotals, monthlyTotals } from '../../db/schema.js';

/**
 * Reading the per-user totals kept by the triggers of migration 0003 (docs/performance.md).
 * Their cost grows with months × categories, not with transactions.
 */

/** An inclusive range of calendar dates (YYYY-MM-DD); a missing bound is open. */
export interface TotalsRange {
  start?: string | undefined;
  end?: string | undefined;
}

export interface TotalsFilter {
  type?: 'expense' | 'income' | undefined;
  categoryId?: string | undefined;
  accountId?: string | undefined;
  /** Only rows of on-budget accounts (budgets and alerts, DESIGN §10). */
  onBudget?: boolean | undefined;
}

/** Rollup rows (of `table`) of the user's on-budget accounts only. */
export const onBudgetAccounts = (accountColumn: SQL | AnyColumn, userId: string | Placeholder): SQL =>
  sql`${accountColumn} in (select a.id from accounts a where a.user_id = ${userId} and a.on_budget)`;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * First day of the month after the one of `date`; null after 9999-12, the last month a date can
 * have (isIsoDate): '10000-01-01' would sort before '9999-…' as text, and no row lies beyond it.
 */
function nextMonthStart(date: string): string | null {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  if (m === 12) return y >= 9999 ? null : `${y + 1}-01-01`;
  return `${y}-${pad(m + 1)}-01`;
}

/** Days from `from` (inclusive), to `to` (inclusive) or `before` (exclusive); null is open. */
interface DaySegment {
  from: string | null;
  to: string | null;
  before: string | null;
}

/**
 * Splits a range into whole months (read from the monthly totals) and the days before and after
 * them (read from the daily totals). `monthsFrom`/`monthsBefore` bound the months (null: open);
 * `months` false when no whole month lies inside.
 */
export function splitRange(range: TotalsRange): {
  months: boolean;
  monthsFrom: string | null;
  monthsBefore: string | null;
  days: DaySegment[];
} {
  const { start, end } = range;
  // First whole month: the start's month if it starts on the 1st, else the next one.
  const monthsFrom = start ? (start.endsWith('-01') ? start : nextMonthStart(start)) : null;
  // A start inside 9999-12 (not on the 1st): no whole month follows it, only days.
  if (start && monthsFrom === null) {
    return {
      months: false,
      monthsFrom: null,
      monthsBefore: null,
      days: [{ from: start, to: end ?? null, before: null }],
    };
  }
  // Whole months end before the end's month unless the end is its month's last day (then open
  // after 9999-12-31, beyond which no date exists).
  const monthsBefore = end ? (end === lastDayOfMonth(end) ? nextMonthStart(end) : `${end.slice(0, 7)}-01`) : null;
  if (monthsFrom && monthsBefore && monthsFrom >= monthsBefore) {
    return { months: false, monthsFrom, monthsBefore, days: [{ from: start ?? null, to: end ?? null, before: null }] };
  }
  const days: DaySegment[] = [];
  if (start && monthsFrom && start < monthsFrom) days.push({ from: start, to: null, before: monthsFrom });
  if (end && monthsBefore && monthsBefore <= end) days.push({ from: monthsBefore, to: end, before: null });
  return { months: true, monthsFrom, monthsBefore, days };
}

/**
 * The values of a totals read by name (`tu` the user, `tt`/`tc`/`ta` the filter, `tmf`/`tmb` the
 * months' bounds, `td0f`… the day segments' bounds); flags (`tm`, `tob`, `td0`) mark parts with no
 * value. Which names are present is the read's shape: `Object.keys` names its SQL (prepared reads).
 */
export type TotalsValues = Record<string, string | boolean>;

export function totalsValues(userId: string, range: TotalsRange, filter: TotalsFilter = {}): TotalsValues {
  const split = splitRange(range);
  const v: TotalsValues = { tu: userId };
  if (filter.type) v.tt = filter.type;
  if (filter.categoryId) v.tc = filter.categoryId;
  if (filter.accountId) v.ta = filter.accountId;
  if (filter.onBudget) v.tob = true;
  if (split.months) {
    v.tm = true;
    if (split.monthsFrom) v.tmf = split.monthsFrom;
    if (split.monthsBefore) v.tmb = split.monthsBefore;
  }
  split.days.forEach(({ from, to, before }, i) => {
    v[`td${i}`] = true;
    if (from) v[`td${i}f`] = from;
    if (to) v[`td${i}t`] = to;
    if (before) v[`td${i}b`] = before;
  });
  return v;
}

/** The shape of a read's values: the names present, in order (a prepared query's key). */
export const shapeOf = (values: Record<string, unknown>): string => Object.keys(values).join(',');

/**
 * The totals subquery of `values` (totalsValues), each value written as `bind(name)`: the value
 * itself (a parameter) or a placeholder of a prepared query.
 */
export function totalsSql(values: TotalsValues, bind: (name: string) => string | Placeholder): SQL {
  const parts: SQL[] = [];
  const common = (table: typeof dailyTotals | typeof monthlyTotals) => {
    const c: SQL[] = [sql`${table.userId} = ${bind('tu')}`];
    if (values.tt) c.push(sql`${table.type} = ${bind('tt')}`);
    if (values.tc) c.push(sql`${table.categoryId} = ${bind('tc')}`);
    if (values.ta) c.push(sql`${table.accountId} = ${bind('ta')}`);
    if (values.tob) c.push(onBudgetAccounts(table.accountId, bind('tu')));
    return c;
  };
  const select = (table: typeof dailyTotals | typeof monthlyTotals, where: SQL[]) =>
    sql`select ${table.type} as type, ${table.categoryId} as category_id, ${table.totalCents} as total_cents, ${table.count} as tx_count from ${table} where ${sql.join(where, sql` and `)}`;
  if (values.tm) {
    const where = common(monthlyTotals);
    if (values.tmf) where.push(sql`${monthlyTotals.month} >= ${bind('tmf')}`);
    if (values.tmb) where.push(sql`${monthlyTotals.month} < ${bind('tmb')}`);
    parts.push(select(monthlyTotals, where));
  }
  for (let i = 0; values[`td${i}`]; i++) {
    const where = common(dailyTotals);
    if (values[`td${i}f`]) where.push(sql`${dailyTotals.day} >= ${bind(`td${i}f`)}`);
    if (values[`td${i}t`]) where.push(sql`${dailyTotals.day} <= ${bind(`td${i}t`)}`);
    if (values[`td${i}b`]) where.push(sql`${dailyTotals.day} < ${bind(`td${i}b`)}`);
    parts.push(select(dailyTotals, where));
  }
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/**
 * A subquery (`type`, `category_id`, `total_cents`, `tx_count`) whose rows add up to exactly the
 * user's transactions in the range matching the filter: whole months from the monthly totals,
 * the days around them from the daily totals. Use as `from ${totalsIn(...)} as t`.
 */
export function totalsIn(userId: string, range: TotalsRange, filter: TotalsFilter = {}): SQL {
  const values = totalsValues(userId, range, filter);
  return totalsSql(values, (name) => String(values[name]));
}

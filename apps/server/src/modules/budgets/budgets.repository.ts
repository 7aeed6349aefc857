import { and, asc, eq, sql } from 'drizzle-orm';
import type { BudgetPeriod } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { budgets, categories, monthlyTotals } from '../../db/schema.js';
import { onBudgetAccounts, shapeOf, totalsSql, totalsValues } from '../ledger/index.js';
import { ph, runPrepared } from '../../db/prepared.js';

export type BudgetRow = typeof budgets.$inferSelect;

/** A budget with its category and the expense spending of its window, in cents. */
export interface BudgetStatusRow {
  id: string;
  period: BudgetPeriod;
  amountCents: number;
  spentCents: number;
  rollover: boolean;
  /** First day of the period the budget was created in (user's time zone). */
  createdPeriodStart: string;
  /** Rollover only: expenses from `createdPeriodStart` up to the current period (else 0). */
  pastSpentCents: number;
  category: { id: string; name: string; icon: string; color: string };
}

export interface SpendingWindow {
  /** First and last calendar day counted, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
  /** The user's IANA time zone (the period a budget was created in). */
  timeZone?: string;
}

/**
 * The user's budgets with their spending, in one query: each budget LEFT JOINs the expense
 * totals of its category inside the window, read from the per-day and per-month totals
 * (db/totals.ts) and summed in SQL on cents. `budgetId` narrows to one budget (the answer of a
 * create or update).
 */
export async function listBudgetStatus(
  db: Db,
  userId: string,
  period: BudgetPeriod,
  window: SpendingWindow,
  budgetId?: string,
): Promise<BudgetStatusRow[]> {
  // Prepared (db/prepared.ts): one query per shape of the window's totals and budget lookup.
  const values: Record<string, string | boolean> = {
    ...totalsValues(userId, { start: window.from, end: window.to }, { type: 'expense', onBudget: true }),
    period,
    tz: window.timeZone ?? 'UTC',
    from: window.from,
  };
  if (budgetId) values.bid = budgetId;
  return runPrepared(
    db,
    `budgets.status|${shapeOf(values)}`,
    () => {
      const spent = db
        .select({
          categoryId: sql<string>`t.category_id`.as('spent_category_id'),
          cents: sql<number>`sum(t.total_cents)`.as('spent_cents'),
        })
        .from(sql`${totalsSql(values, ph)} as t`)
        .groupBy(sql`t.category_id`)
        .as('spent');
      return db
        .select({
          id: budgets.id,
          period: budgets.period,
          amountCents: budgets.amountCents,
          spentCents: sql<number>`coalesce(${spent.cents}, 0)::bigint`.mapWith(Number),
          rollover: budgets.rollover,
          createdPeriodStart: sql<string>`(date_trunc(
            case when ${budgets.period} = 'yearly' then 'year' else 'month' end,
            ${budgets.createdAt} at time zone ${ph('tz')}
          ))::date::text`,
          // Past periods' expenses, read from the monthly totals (a year starts on a month's first day).
          pastSpentCents: sql<number>`case when ${budgets.rollover} then (
            select coalesce(sum(m.total_cents), 0) from ${monthlyTotals} as m
            where m.user_id = ${ph('tu')} and m.type = 'expense' and m.category_id = ${budgets.categoryId}
              and ${onBudgetAccounts(sql`m.account_id`, ph('tu'))}
              and m.month >= (date_trunc(
                case when ${budgets.period} = 'yearly' then 'year' else 'month' end,
                ${budgets.createdAt} at time zone ${ph('tz')}
              ))::date
              and m.month < ${ph('from')}::date
          ) else 0 end`.mapWith(Number),
          category: {
            id: categories.id,
            name: categories.name,
            icon: categories.icon,
            color: categories.color,
          },
        })
        .from(budgets)
        .innerJoin(categories, and(eq(categories.userId, budgets.userId), eq(categories.id, budgets.categoryId)))
        .leftJoin(spent, eq(spent.categoryId, budgets.categoryId))
        .where(
          budgetId
            ? and(eq(budgets.userId, ph('tu')), eq(budgets.period, ph('period')), eq(budgets.id, ph('bid')))
            : and(eq(budgets.userId, ph('tu')), eq(budgets.period, ph('period'))),
        )
        .orderBy(asc(sql`lower(${categories.name})`), asc(categories.name), asc(budgets.id));
    },
    values,
  );
}

export async function findBudget(db: Db, userId: string, id: string): Promise<BudgetRow | null> {
  const rows = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.userId, userId), eq(budgets.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertBudget(
  db: Db,
  values: Pick<BudgetRow, 'userId' | 'categoryId' | 'period' | 'amountCents' | 'rollover'>,
): Promise<BudgetRow> {
  const rows = await db.insert(budgets).values(values).returning();
  return rows[0]!;
}

export async function updateBudget(
  db: Db,
  userId: string,
  id: string,
  values: Pick<BudgetRow, 'period' | 'amountCents' | 'rollover'>,
): Promise<BudgetRow | null> {
  const rows = await db
    .update(budgets)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(budgets.userId, userId), eq(budgets.id, id)))
    .returning();
  return rows[0] ?? null;
}

/** True if a row was deleted. */
export async function deleteBudget(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(budgets)
    .where(and(eq(budgets.userId, userId), eq(budgets.id, id)))
    .returning({ id: budgets.id });
  return rows.length > 0;
}

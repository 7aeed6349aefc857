import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BudgetPeriod } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { budgetAlerts, budgets, categories, dailyTotals } from '../../db/schema.js';
import { onBudgetAccounts } from '../ledger/index.js';

/** A budget as the alert check needs it: its current period and the amount available in it. */
export interface AlertCheck {
  budgetId: string;
  categoryId: string;
  from: string;
  to: string;
  availableCents: number;
}

/**
 * Raises the alerts that are due and not raised yet, in one statement: for each budget, the
 * running total of its category's expenses per day of its current period (read from the per-day
 * totals kept by the triggers, so it covers every write path: forms, imports, recurring
 * generation, category moves, restores) gives the first day the spending reached 70 % and 100 %
 * of the amount available. The unique (user, budget, period start, threshold) index with
 * ON CONFLICT DO NOTHING makes it idempotent and safe against concurrent reads: each alert is
 * raised once per threshold and period. When one pass finds both thresholds due, only the 100 %
 * is shown (the 70 % is stored dismissed). Answers how many rows were stored.
 */
export async function raiseDueAlerts(db: Db, userId: string, checks: AlertCheck[]): Promise<number> {
  if (!checks.length) return 0;
  const result = await db.execute(sql`
    with b as (
      select * from json_to_recordset(${JSON.stringify(checks)}::json)
        as x("budgetId" uuid, "categoryId" uuid, "from" date, "to" date, "availableCents" bigint)
    ),
    d as (
      select b."budgetId" as id, t.day, sum(t.total_cents) over (partition by b."budgetId" order by t.day) as cum
      from b join ${dailyTotals} as t
        on t.user_id = ${userId} and t.type = 'expense' and t.category_id = b."categoryId"
        and t.day between b."from" and b."to"
        and ${onBudgetAccounts(sql`t.account_id`, userId)}
    ),
    due as (
      select b."budgetId", b."from", th.pct, x.cum, b."availableCents", x.day
      from b cross join (values (70), (100)) as th(pct)
      cross join lateral (
        select d.day, d.cum from d where d.id = b."budgetId" and d.cum * 100 >= b."availableCents" * th.pct
        order by d.day limit 1
      ) as x
      -- The budget belongs to the user (it may have been deleted since it was read: then nothing).
      where exists (select 1 from ${budgets} as own where own.id = b."budgetId" and own.user_id = ${userId})
    ),
    inserted as (
      -- A 70 % found together with the 100 % (a budget created already past it, one write that
      -- jumps over both) is recorded but born dismissed: the user is told once, by the 100 %.
      -- Recorded, so a later pass does not raise it after all.
      insert into ${budgetAlerts}
        (user_id, budget_id, period_start, threshold, spent_cents, budget_cents, crossed_on, read_at, dismissed_at)
      select ${userId}::uuid, due."budgetId", due."from", due.pct, due.cum, due."availableCents", due.day, s.at, s.at
      from due
      cross join lateral (
        select case when due.pct = 70 and exists (
          select 1 from due as over where over."budgetId" = due."budgetId" and over.pct = 100
        ) then now() end as at
      ) as s
      on conflict (user_id, budget_id, period_start, threshold) do nothing
      returning 1
    )
    select count(*)::int as n from inserted`);
  const rows = (result as { rows: { n: number | string }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}

export interface AlertRow {
  id: string;
  budgetId: string;
  period: BudgetPeriod;
  periodStart: string;
  threshold: 70 | 100;
  spentCents: number;
  budgetCents: number;
  crossedOn: string;
  readAt: Date | null;
  category: { id: string; name: string; icon: string; color: string };
}

const notDismissed = (userId: string) => and(eq(budgetAlerts.userId, userId), isNull(budgetAlerts.dismissedAt));

/** The user's alerts not dismissed, newest crossing first (100 % before 70 % on the same day). */
export function listAlerts(db: Db, userId: string, limit: number): Promise<AlertRow[]> {
  return db
    .select({
      id: budgetAlerts.id,
      budgetId: budgetAlerts.budgetId,
      period: budgets.period,
      periodStart: budgetAlerts.periodStart,
      threshold: budgetAlerts.threshold,
      spentCents: budgetAlerts.spentCents,
      budgetCents: budgetAlerts.budgetCents,
      crossedOn: budgetAlerts.crossedOn,
      readAt: budgetAlerts.readAt,
      category: { id: categories.id, name: categories.name, icon: categories.icon, color: categories.color },
    })
    .from(budgetAlerts)
    .innerJoin(budgets, and(eq(budgets.id, budgetAlerts.budgetId), eq(budgets.userId, budgetAlerts.userId)))
    .innerJoin(categories, and(eq(categories.id, budgets.categoryId), eq(categories.userId, budgets.userId)))
    .where(notDismissed(userId))
    .orderBy(
      desc(budgetAlerts.crossedOn),
      desc(budgetAlerts.threshold),
      desc(budgetAlerts.createdAt),
      desc(budgetAlerts.id),
    )
    .limit(limit);
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(budgetAlerts)
    .where(and(notDismissed(userId), isNull(budgetAlerts.readAt)));
  return row?.n ?? 0;
}

/** Marks one alert (or, without `id`, all of them) read; answers how many of the user's matched. */
export async function markRead(db: Db, userId: string, id?: string): Promise<number> {
  const rows = await db
    .update(budgetAlerts)
    .set({ readAt: sql`coalesce(${budgetAlerts.readAt}, now())` })
    .where(id ? and(notDismissed(userId), eq(budgetAlerts.id, id)) : notDismissed(userId))
    .returning({ id: budgetAlerts.id });
  return rows.length;
}

/** Dismisses one alert (it is read too); answers false when the user has no such alert. */
export async function dismiss(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(budgetAlerts)
    .set({
      dismissedAt: sql`coalesce(${budgetAlerts.dismissedAt}, now())`,
      readAt: sql`coalesce(${budgetAlerts.readAt}, now())`,
    })
    .where(and(eq(budgetAlerts.userId, userId), eq(budgetAlerts.id, id)))
    .returning({ id: budgetAlerts.id });
  return rows.length > 0;
}

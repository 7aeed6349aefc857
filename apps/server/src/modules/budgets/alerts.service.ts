import type { BudgetAlert, BudgetAlertList } from '@ledgerly/shared';
import { BUDGET_ALERTS_MAX, fromCents } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import * as repo from './alerts.repository.js';
import { type BudgetUser, listStatus, spendingWindow } from './budgets.service.js';

function toAlert(row: repo.AlertRow): BudgetAlert {
  return {
    id: row.id,
    budgetId: row.budgetId,
    category: row.category,
    period: row.period,
    periodStart: row.periodStart,
    threshold: row.threshold,
    spentAmount: fromCents(row.spentCents),
    budgetAmount: fromCents(row.budgetCents),
    date: row.crossedOn,
    read: row.readAt !== null,
  };
}

/**
 * The user's alerts. Crossings of the current month's and year's budgets are looked for first
 * and raised if new, so the list is true whatever wrote the spending (docs/budgets.md, "Alerts").
 */
export async function list(db: Db, user: BudgetUser): Promise<BudgetAlertList> {
  const checks: repo.AlertCheck[] = [];
  for (const period of ['monthly', 'yearly'] as const) {
    const { from, to } = spendingWindow(period, user.timezone);
    // Measured against what is available (with rollover, the carried amount included).
    for (const b of await listStatus(db, user, period)) {
      checks.push({
        budgetId: b.id,
        categoryId: b.category.id,
        from,
        to,
        availableCents: Math.round(b.availableAmount * 100),
      });
    }
  }
  await repo.raiseDueAlerts(db, user.id, checks);
  const rows = await repo.listAlerts(db, user.id, BUDGET_ALERTS_MAX);
  return { data: rows.map(toAlert), meta: { unread: await repo.countUnread(db, user.id) } };
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await repo.markRead(db, userId);
}

export async function markRead(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.markRead(db, userId, id))) throw notFound('Alert');
}

export async function dismiss(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.dismiss(db, userId, id))) throw notFound('Alert');
}

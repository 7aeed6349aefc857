import type { BudgetData, BudgetPeriod, BudgetStatusItem } from '@ledgerly/shared';
import { BUDGET_MSG, MSG, budgetUpdateSchema, firstOfMonth, lastDayOfMonth, todayIn } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import type { Viewer } from '../../lib/viewer.js';
import { conflict, notFound, validationError } from '../../errors.js';
import { objectBody, parse } from '../../lib/validate.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.js';
import { findCategory } from '../categories/index.js';
import { toBudgetStatusItem } from './budgets.mapper.js';
import * as repo from './budgets.repository.js';

/** The budget's owner as far as budgets care: who, and where "this month" is. */
export type BudgetUser = Viewer;

const selectCategory = () => validationError(MSG.selectCategory, { categoryId: MSG.selectCategory });
const duplicate = (period: BudgetPeriod) => conflict(BUDGET_MSG.duplicate(period), 'DUPLICATE');

/** The current calendar month or year, inclusive, in the user's time zone. */
export function spendingWindow(period: BudgetPeriod, timeZone: string, now: Date = new Date()): repo.SpendingWindow {
  const today = todayIn(timeZone, now);
  const year = today.slice(0, 4);
  if (period === 'yearly') return { from: `${year}-01-01`, to: `${year}-12-31` };
  return { from: firstOfMonth(today), to: lastDayOfMonth(today) };
}

export async function listStatus(db: Db, user: BudgetUser, period: BudgetPeriod): Promise<BudgetStatusItem[]> {
  const window = { ...spendingWindow(period, user.timezone), timeZone: user.timezone };
  const rows = await repo.listBudgetStatus(db, user.id, period, window);
  return rows.map((row) => toBudgetStatusItem(row, window.from));
}

async function statusOf(db: Db, user: BudgetUser, id: string, period: BudgetPeriod): Promise<BudgetStatusItem> {
  const window = { ...spendingWindow(period, user.timezone), timeZone: user.timezone };
  const [row] = await repo.listBudgetStatus(db, user.id, period, window, id);
  if (!row) throw notFound('Budget');
  return toBudgetStatusItem(row, window.from);
}

export async function create(db: Db, user: BudgetUser, data: BudgetData): Promise<BudgetStatusItem> {
  const category = await findCategory(db, user.id, data.categoryId);
  if (!category) throw selectCategory();
  if (category.type !== 'expense') {
    throw validationError(BUDGET_MSG.expenseOnly, { categoryId: BUDGET_MSG.expenseOnly });
  }
  let id: string;
  try {
    ({ id } = await repo.insertBudget(db, {
      userId: user.id,
      categoryId: category.id,
      period: data.period,
      amountCents: data.amount,
      rollover: data.rollover,
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(data.period);
    // The category was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw selectCategory();
    throw error;
  }
  return statusOf(db, user, id, data.period);
}

/** `input` is the raw body: an attempt to change the category is refused before the amount is checked. */
export async function update(db: Db, user: BudgetUser, id: string, input: unknown): Promise<BudgetStatusItem> {
  const existing = await repo.findBudget(db, user.id, id);
  if (!existing) throw notFound('Budget');
  // The category is checked first, as the form lists it first.
  const { categoryId } = objectBody(input);
  // Anything but the same id (including a non-string) is an attempt to change it.
  if (
    categoryId !== undefined &&
    (typeof categoryId !== 'string' || categoryId.toLowerCase() !== existing.categoryId)
  ) {
    throw validationError(BUDGET_MSG.categoryLocked, { categoryId: BUDGET_MSG.categoryLocked });
  }
  const data = parse(budgetUpdateSchema, input);
  const period = data.period ?? existing.period;
  try {
    const row = await repo.updateBudget(db, user.id, id, {
      period,
      amountCents: data.amount,
      rollover: data.rollover ?? existing.rollover,
    });
    if (!row) throw notFound('Budget');
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(period);
    throw error;
  }
  return statusOf(db, user, id, period);
}

export async function remove(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteBudget(db, userId, id))) throw notFound('Budget');
}

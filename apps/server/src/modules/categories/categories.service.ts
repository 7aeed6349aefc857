import type { Category, CategoryData, CategoryMoveResult, CategoryUsage, TransactionType } from '@ledgerly/shared';
import { DEFAULT_CATEGORIES, DEFAULT_ICON, LIMIT_MESSAGES, MSG, PER_USER_LIMITS } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound, readOnly, validationError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.js';
import { ledgerWriter } from '../ledger/index.js';
import { toCategory } from './categories.mapper.js';
import * as repo from './categories.repository.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function usageMessage(usage: { transactions: number; recurring: number; budgets?: number }, action: string): string {
  const parts = [];
  if (usage.transactions) parts.push(plural(usage.transactions, 'transaction'));
  if (usage.recurring) parts.push(plural(usage.recurring, 'recurring transaction'));
  if (usage.budgets) parts.push(plural(usage.budgets, 'budget'));
  return `This category is used by ${parts.join(' and ')}, so it cannot be ${action}. Move or delete them first.`;
}

const duplicateName = (name: string) => conflict(`A category named "${name}" already exists`, 'DUPLICATE');

/**
 * A split's lines checked against the user's categories (DESIGN §11), for the transaction form
 * and recurring items alike: each line's category is the user's (404 naming the line otherwise)
 * and of the line's type (400), both reported on the field `lines`.
 */
export async function checkLineCategories(
  db: Db,
  userId: string,
  lines: readonly { categoryId: string; type: TransactionType }[],
): Promise<void> {
  const mine = new Map((await list(db, userId, undefined)).map((c) => [c.id, c]));
  lines.forEach((line, i) => {
    const category = mine.get(line.categoryId);
    if (!category) {
      const message = `Line ${i + 1}: Category not found`;
      throw new AppError(404, 'NOT_FOUND', message, { lines: message });
    }
    if (category.type !== line.type) {
      const message = `Line ${i + 1}: ${MSG.categoryTypeMismatch(category.type, line.type)}`;
      throw validationError(message, { lines: message });
    }
  });
}

export async function list(db: Db, userId: string, type: TransactionType | undefined): Promise<Category[]> {
  return (await repo.listCategories(db, userId, type)).map(toCategory);
}

/** Creates the default categories the user lacks; a second call creates nothing. */
export async function initialize(db: Db, userId: string): Promise<{ created: number; categories: Category[] }> {
  const created = await repo.insertCategories(
    db,
    DEFAULT_CATEGORIES.map((c) => ({ ...c, userId, isDefault: true })),
  );
  return { created: created.length, categories: (await repo.listCategories(db, userId)).map(toCategory) };
}

export async function create(db: Db, userId: string, data: CategoryData): Promise<Category> {
  if ((await repo.countCategories(db, userId)) >= PER_USER_LIMITS.categories) throw conflict(LIMIT_MESSAGES.categories);
  try {
    return toCategory(await repo.insertCategory(db, { ...data, userId }));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(data.name);
    throw error;
  }
}

export async function update(db: Db, userId: string, id: string, data: CategoryData): Promise<Category> {
  const existing = await repo.findCategory(db, userId, id);
  if (!existing) throw notFound('Category');
  if (existing.isDefault) throw readOnly('Default categories cannot be changed');
  if (data.type !== existing.type) {
    // Budgets count here (they are for expense categories only) but not for a delete, which removes them.
    const usage = await repo.countUsage(db, userId, id);
    if (usage.transactions || usage.recurring || usage.budgets)
      throw conflict(usageMessage(usage, 'changed to another type'), 'CATEGORY_IN_USE');
  }
  try {
    const row = await repo.updateCategory(db, userId, id, data);
    if (!row) throw notFound('Category');
    return toCategory(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(data.name);
    // A transaction slipped in between the check and the update.
    if (isForeignKeyViolation(error))
      throw conflict('This category is in use, so its type cannot be changed', 'CATEGORY_IN_USE');
    throw error;
  }
}

/** What uses one of the user's categories (404 when it is not theirs). */
export async function usage(db: Db, userId: string, id: string): Promise<CategoryUsage> {
  if (!(await repo.findCategory(db, userId, id))) throw notFound('Category');
  return repo.countUsage(db, userId, id);
}

/**
 * Deletes a category. Without `moveTo`, one still used by transactions or recurring items is
 * refused (409, saying how many); with `moveTo` (a category of the same type of the user's),
 * everything that uses it moves there first, in one database transaction.
 */
export async function remove(db: Db, userId: string, id: string, moveTo?: string): Promise<CategoryMoveResult | null> {
  const existing = await repo.findCategory(db, userId, id);
  if (!existing) throw notFound('Category');
  if (existing.isDefault) throw readOnly('Default categories cannot be deleted');
  if (moveTo !== undefined) return moveAndRemove(db, userId, existing, moveTo);
  const { transactions, recurring } = await repo.countUsage(db, userId, id);
  if (transactions || recurring)
    throw conflict(usageMessage({ transactions, recurring }, 'deleted'), 'CATEGORY_IN_USE');
  try {
    await db.transaction(async (tx) => {
      await ledgerWriter.forgetPreviousCategory(tx, userId, id);
      await repo.deleteCategory(tx, userId, id);
    });
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw conflict('This category is in use, so it cannot be deleted', 'CATEGORY_IN_USE');
    throw error;
  }
  return null;
}

const targetNotFound = () => new AppError(404, 'NOT_FOUND', 'Category to move to not found');

async function moveAndRemove(
  db: Db,
  userId: string,
  source: repo.CategoryRow,
  moveTo: string,
): Promise<CategoryMoveResult> {
  if (moveTo === source.id)
    throw validationError('Choose another category to move them to', { moveTo: 'Choose another category' });
  if (!isUuid(moveTo)) throw targetNotFound();
  const checkTarget = (target: repo.CategoryRow | undefined | null) => {
    if (!target) throw targetNotFound();
    if (target.type !== source.type) {
      const message = `Choose ${source.type === 'expense' ? 'an expense' : 'an income'} category to move them to`;
      throw validationError(message, { moveTo: message });
    }
  };
  checkTarget(await repo.findCategory(db, userId, moveTo));
  return db.transaction(async (tx) => {
    // The ledger's lock before the categories' (as every writer of transactions takes it first).
    await ledgerWriter.lockUserLedger(tx, userId);
    // Checked again under the lock: a concurrent edit or delete of either may have landed since.
    const locked = await repo.lockCategories(tx, userId, [source.id, moveTo]);
    if (!locked.some((c) => c.id === source.id)) throw notFound('Category');
    checkTarget(locked.find((c) => c.id === moveTo));
    return repo.moveUsageAndDelete(tx, userId, source.id, moveTo);
  });
}

/** The user's category, or null: what other modules check a `categoryId` against. */
export async function findCategory(db: Db, userId: string, id: string): Promise<Category | null> {
  const row = await repo.findCategory(db, userId, id);
  return row ? toCategory(row) : null;
}

/** A category's reference as transactions, budgets and recurring items show it. */
export { toCategoryRef } from './categories.mapper.js';

/** The user's category of this type and name (any case), created with default looks if missing. */
export async function findOrCreate(
  db: Db,
  userId: string,
  name: string,
  type: 'expense' | 'income',
): Promise<Category> {
  await repo.insertCategories(db, [{ userId, name, type, color: '#64748b', icon: DEFAULT_ICON }]);
  const found = (await repo.listCategories(db, userId, type)).find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!found) throw new Error(`category ${name} vanished`);
  return toCategory(found);
}

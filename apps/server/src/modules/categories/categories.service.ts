import type { Category, CategoryData, TransactionType } from '@ledgerly/shared';
import { DEFAULT_CATEGORIES, DEFAULT_ICON, LIMIT_MESSAGES, PER_USER_LIMITS } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, readOnly } from '../../errors.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.js';
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

export async function remove(db: Db, userId: string, id: string): Promise<void> {
  const existing = await repo.findCategory(db, userId, id);
  if (!existing) throw notFound('Category');
  if (existing.isDefault) throw readOnly('Default categories cannot be deleted');
  const { transactions, recurring } = await repo.countUsage(db, userId, id);
  if (transactions || recurring)
    throw conflict(usageMessage({ transactions, recurring }, 'deleted'), 'CATEGORY_IN_USE');
  try {
    await repo.deleteCategory(db, userId, id);
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw conflict('This category is in use, so it cannot be deleted', 'CATEGORY_IN_USE');
    throw error;
  }
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

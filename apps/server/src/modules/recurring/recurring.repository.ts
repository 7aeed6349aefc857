import { and, asc, desc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { CategoryRef } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { categories, recurringTransactions, users } from '../../db/schema.js';
import type { RecurringRow } from './recurring.mapper.js';
import { ph, runPrepared } from '../../db/prepared.js';

export interface RecurringWithCategory {
  item: RecurringRow;
  /** Null on a recurring transfer (it has no category). */
  category: CategoryRef | null;
}

const categoryRef = { id: categories.id, name: categories.name, icon: categories.icon, color: categories.color };

function withCategory(db: Db) {
  return db
    .select({ item: recurringTransactions, category: categoryRef })
    .from(recurringTransactions)
    .leftJoin(
      categories,
      and(eq(categories.id, recurringTransactions.categoryId), eq(categories.userId, recurringTransactions.userId)),
    );
}

/** The user's items, soonest next date first (ended items last), then newest first. */
export function listRecurring(db: Db, userId: string): Promise<RecurringWithCategory[]> {
  return runPrepared(
    db,
    'recurring.list',
    () =>
      withCategory(db)
        .where(eq(recurringTransactions.userId, ph('u')))
        .orderBy(
          sql`${recurringTransactions.nextDate} asc nulls last`,
          desc(recurringTransactions.createdAt),
          asc(recurringTransactions.id),
        ),
    { u: userId },
  );
}

export async function findRecurring(db: Db, userId: string, id: string): Promise<RecurringWithCategory | null> {
  const rows = await withCategory(db)
    .where(and(eq(recurringTransactions.userId, userId), eq(recurringTransactions.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Active items with an occurrence due on or before `until`. */
export function listActiveDue(db: Db, userId: string, until: string): Promise<RecurringWithCategory[]> {
  return runPrepared(
    db,
    'recurring.due',
    () =>
      withCategory(db)
        .where(
          and(
            eq(recurringTransactions.userId, ph('u')),
            eq(recurringTransactions.isActive, true),
            isNotNull(recurringTransactions.nextDate),
            lte(recurringTransactions.nextDate, ph('until')),
          ),
        )
        .orderBy(asc(recurringTransactions.nextDate), asc(recurringTransactions.id)),
    { u: userId, until },
  );
}

/** Locks one of the user's items for the rest of the database transaction (`SELECT … FOR UPDATE`). */
export async function lockRecurring(tx: Db, userId: string, id: string): Promise<RecurringRow | null> {
  const rows = await tx
    .select()
    .from(recurringTransactions)
    .where(and(eq(recurringTransactions.userId, userId), eq(recurringTransactions.id, id)))
    .for('update');
  return rows[0] ?? null;
}

export async function insertRecurring(
  db: Db,
  values: typeof recurringTransactions.$inferInsert,
): Promise<RecurringRow> {
  const rows = await db.insert(recurringTransactions).values(values).returning();
  return rows[0]!;
}

export async function updateRecurring(
  db: Db,
  id: string,
  values: Partial<typeof recurringTransactions.$inferInsert>,
): Promise<RecurringRow> {
  const rows = await db
    .update(recurringTransactions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(recurringTransactions.id, id))
    .returning();
  return rows[0]!;
}

export async function deleteRecurring(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(recurringTransactions)
    .where(and(eq(recurringTransactions.userId, userId), eq(recurringTransactions.id, id)))
    .returning({ id: recurringTransactions.id });
  return rows.length > 0;
}

export interface DueItem {
  id: string;
  userId: string;
  nextDate: string;
  timezone: string;
}

/**
 * One page of active items of any user due on or before `until`, in id order after `afterId`
 * (the sweep pages through them so memory stays flat however many there are).
 */
export function listDueForSweep(db: Db, until: string, afterId: string | null, limit: number): Promise<DueItem[]> {
  const due = and(
    eq(recurringTransactions.isActive, true),
    isNotNull(recurringTransactions.nextDate),
    lte(recurringTransactions.nextDate, until),
  );
  return db
    .select({
      id: recurringTransactions.id,
      userId: recurringTransactions.userId,
      nextDate: sql<string>`${recurringTransactions.nextDate}`,
      timezone: users.timezone,
    })
    .from(recurringTransactions)
    .innerJoin(users, eq(users.id, recurringTransactions.userId))
    .where(afterId ? and(due, gt(recurringTransactions.id, afterId)) : due)
    .orderBy(asc(recurringTransactions.id))
    .limit(limit);
}

/** How many recurring items the user has (the per-user cap). */
export async function countRecurring(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recurringTransactions)
    .where(eq(recurringTransactions.userId, userId));
  return row?.n ?? 0;
}

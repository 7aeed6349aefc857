import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importRules } from '../../db/schema.js';

export type RuleRow = typeof importRules.$inferSelect;

const own = (userId: string, id: string) => and(eq(importRules.userId, userId), eq(importRules.id, id));

/** The user's rules in their order (then oldest first): the first that matches a posting wins. */
export function listRules(db: Db, userId: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(importRules)
    .where(eq(importRules.userId, userId))
    .orderBy(asc(importRules.position), asc(importRules.createdAt), asc(importRules.id));
}

export async function findRule(db: Db, userId: string, id: string): Promise<RuleRow | null> {
  const rows = await db.select().from(importRules).where(own(userId, id)).limit(1);
  return rows[0] ?? null;
}

/** A new rule goes last. */
export async function insertRule(db: Db, userId: string, contains: string, categoryId: string): Promise<RuleRow> {
  const [row] = await db
    .insert(importRules)
    .values({
      userId,
      contains,
      categoryId,
      position: sql`(select coalesce(max(${importRules.position}), 0) + 1 from ${importRules} where ${importRules.userId} = ${userId})`,
    })
    .returning();
  return row!;
}

/** Numbers the rules 1, 2, 3… in the order of `ids` (which the service checked are all of them). */
export async function setOrder(db: Db, userId: string, ids: string[]): Promise<void> {
  await db.execute(sql`
    update import_rules r set position = x.n, updated_at = now()
    from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as x(id, n)
    where r.user_id = ${userId} and r.id = x.id::uuid`);
}

export async function updateRule(
  db: Db,
  userId: string,
  id: string,
  contains: string,
  categoryId: string,
): Promise<RuleRow | null> {
  const rows = await db
    .update(importRules)
    .set({ contains, categoryId, updatedAt: new Date() })
    .where(own(userId, id))
    .returning();
  return rows[0] ?? null;
}

export async function deleteRule(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(importRules).where(own(userId, id)).returning({ id: importRules.id });
  return rows.length > 0;
}

export async function countRules(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(importRules).where(eq(importRules.userId, userId));
  return row?.n ?? 0;
}

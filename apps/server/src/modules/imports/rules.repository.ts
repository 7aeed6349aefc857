import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importRuleTags, importRules } from '../../db/schema.js';

export type RuleRow = typeof importRules.$inferSelect;
export type RuleSplit = NonNullable<RuleRow['split']>;

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
export async function insertRule(
  db: Db,
  userId: string,
  contains: string,
  categoryId: string,
  split: RuleSplit | null = null,
): Promise<RuleRow> {
  const [row] = await db
    .insert(importRules)
    .values({
      userId,
      contains,
      categoryId,
      split,
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
  split: RuleSplit | null = null,
): Promise<RuleRow | null> {
  const rows = await db
    .update(importRules)
    .set({ contains, categoryId, split, updatedAt: new Date() })
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

/** Gives the rule exactly `tagIds` (the caller checked they are the user's), in its database transaction. */
export async function setRuleTags(db: Db, userId: string, ruleId: string, tagIds: readonly string[]): Promise<void> {
  await db.delete(importRuleTags).where(and(eq(importRuleTags.userId, userId), eq(importRuleTags.ruleId, ruleId)));
  if (tagIds.length) await db.insert(importRuleTags).values(tagIds.map((tagId) => ({ ruleId, tagId, userId })));
}

/** The tag ids of the given rules, by rule. */
export async function tagIdsOfRules(
  db: Db,
  userId: string,
  ruleIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!ruleIds.length) return out;
  const rows = await db
    .select({ ruleId: importRuleTags.ruleId, tagId: importRuleTags.tagId })
    .from(importRuleTags)
    .where(and(eq(importRuleTags.userId, userId), inArray(importRuleTags.ruleId, [...ruleIds])));
  for (const r of rows) out.set(r.ruleId, [...(out.get(r.ruleId) ?? []), r.tagId]);
  for (const ids of out.values()) ids.sort();
  return out;
}

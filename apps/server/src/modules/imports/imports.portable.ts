import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importProfiles, importRuleTags, importRules } from '../../db/schema.js';

export type PortableRuleRow = typeof importRules.$inferSelect;
export type PortableProfileRow = typeof importProfiles.$inferSelect;

/** Every categorisation rule of the user in the order they are tried (oldest first). */
export function exportRules(db: Db, userId: string): Promise<PortableRuleRow[]> {
  return db
    .select()
    .from(importRules)
    .where(eq(importRules.userId, userId))
    .orderBy(asc(importRules.createdAt), asc(importRules.id));
}

/** Restores rules in order; answers their new ids in the same order. */
export async function restoreRules(db: Db, rows: Omit<typeof importRules.$inferInsert, 'id'>[]): Promise<string[]> {
  if (!rows.length) return [];
  return (await db.insert(importRules).values(rows).returning({ id: importRules.id })).map((r) => r.id);
}

/** Every rule's tag ids, by rule. */
export async function exportRuleTags(db: Db, userId: string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const rows = await db
    .select({ ruleId: importRuleTags.ruleId, tagId: importRuleTags.tagId })
    .from(importRuleTags)
    .where(eq(importRuleTags.userId, userId))
    .orderBy(asc(importRuleTags.ruleId), asc(importRuleTags.tagId));
  for (const r of rows) out.set(r.ruleId, [...(out.get(r.ruleId) ?? []), r.tagId]);
  return out;
}

/** Links restored rules to their restored tags. */
export async function restoreRuleTags(
  db: Db,
  userId: string,
  links: readonly { ruleId: string; tagId: string }[],
): Promise<void> {
  if (links.length) await db.insert(importRuleTags).values(links.map((l) => ({ ...l, userId })));
}

/** Every saved import profile of the user. */
export function exportProfiles(db: Db, userId: string): Promise<PortableProfileRow[]> {
  return db
    .select()
    .from(importProfiles)
    .where(eq(importProfiles.userId, userId))
    .orderBy(asc(importProfiles.createdAt), asc(importProfiles.name));
}

export async function restoreProfiles(db: Db, rows: Omit<typeof importProfiles.$inferInsert, 'id'>[]): Promise<void> {
  if (rows.length) await db.insert(importProfiles).values(rows);
}

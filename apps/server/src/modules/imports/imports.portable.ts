import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importProfiles, importRules } from '../../db/schema.js';

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

export async function restoreRules(db: Db, rows: Omit<typeof importRules.$inferInsert, 'id'>[]): Promise<void> {
  if (rows.length) await db.insert(importRules).values(rows);
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

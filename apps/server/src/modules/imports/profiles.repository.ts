import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importProfiles } from '../../db/schema.js';

export type ProfileRow = typeof importProfiles.$inferSelect;

const own = (userId: string, id: string) => and(eq(importProfiles.userId, userId), eq(importProfiles.id, id));

export function listProfiles(db: Db, userId: string): Promise<ProfileRow[]> {
  return db
    .select()
    .from(importProfiles)
    .where(eq(importProfiles.userId, userId))
    .orderBy(asc(importProfiles.name), asc(importProfiles.id));
}

export async function findProfile(db: Db, userId: string, id: string): Promise<ProfileRow | null> {
  const rows = await db.select().from(importProfiles).where(own(userId, id)).limit(1);
  return rows[0] ?? null;
}

/** The newest profile saved for this header row. */
export async function findProfileByHeader(db: Db, userId: string, headerKey: string): Promise<ProfileRow | null> {
  const rows = await db
    .select()
    .from(importProfiles)
    .where(and(eq(importProfiles.userId, userId), eq(importProfiles.headerKey, headerKey)))
    .orderBy(desc(importProfiles.updatedAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertProfile(
  db: Db,
  values: Pick<ProfileRow, 'userId' | 'name' | 'header' | 'headerKey' | 'options'>,
): Promise<ProfileRow> {
  const [row] = await db.insert(importProfiles).values(values).returning();
  return row!;
}

export async function deleteProfile(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(importProfiles).where(own(userId, id)).returning({ id: importProfiles.id });
  return rows.length > 0;
}

export async function countProfiles(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(importProfiles).where(eq(importProfiles.userId, userId));
  return row?.n ?? 0;
}

/** Replaces a profile's options (the settings remembered by the last import of its file's shape). */
export async function updateProfileOptions(
  db: Db,
  userId: string,
  id: string,
  options: ProfileRow['options'],
): Promise<void> {
  await db.update(importProfiles).set({ options, updatedAt: new Date() }).where(own(userId, id));
}

import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tags } from '../../db/schema.js';

/*
 * Export and restore (format 4) of the user's tags; a transaction's tags travel on its entry as
 * `tagIds` (security/export-format.ts, docs/tags.md).
 */

export type PortableTagRow = typeof tags.$inferSelect;

export function exportTags(db: Db, userId: string): Promise<PortableTagRow[]> {
  return db.select().from(tags).where(eq(tags.userId, userId)).orderBy(asc(tags.createdAt), asc(tags.id));
}

/**
 * Replaces the user's tags with the file's (a restore goes into an account without transactions,
 * so any tags there tag nothing); answers the new ids in the file's order.
 */
export async function restoreTags(
  db: Db,
  rows: { userId: string; name: string; color: string; archivedAt: Date | null; createdAt: Date; updatedAt: Date }[],
): Promise<string[]> {
  const userId = rows[0]?.userId;
  if (!userId) return [];
  await db.delete(tags).where(eq(tags.userId, userId));
  const inserted = await db
    .insert(tags)
    .values(rows.map((r) => ({ ...r, color: r.color.toLowerCase() })))
    .returning({ id: tags.id });
  return inserted.map((r) => r.id);
}

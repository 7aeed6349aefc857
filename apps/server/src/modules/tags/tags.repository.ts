import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tags, transactionTags } from '../../db/schema.js';

export type TagRow = typeof tags.$inferSelect;

/** The user's tags by name, each with how many transactions carry it. */
export async function listTags(db: Db, userId: string): Promise<(TagRow & { usage: number })[]> {
  const usage = db
    .select({ tagId: transactionTags.tagId, n: count().as('n') })
    .from(transactionTags)
    .where(eq(transactionTags.userId, userId))
    .groupBy(transactionTags.tagId)
    .as('usage');
  const rows = await db
    .select({ tag: tags, usage: sql<number>`coalesce(${usage.n}, 0)`.mapWith(Number) })
    .from(tags)
    .leftJoin(usage, eq(usage.tagId, tags.id))
    .where(eq(tags.userId, userId))
    .orderBy(sql`lower(${tags.name})`);
  return rows.map((r) => ({ ...r.tag, usage: r.usage }));
}

export async function findTag(db: Db, userId: string, id: string): Promise<TagRow | null> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.userId, userId), eq(tags.id, id)));
  return row ?? null;
}

export async function usageOf(db: Db, userId: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(transactionTags)
    .where(and(eq(transactionTags.userId, userId), eq(transactionTags.tagId, id)));
  return row?.n ?? 0;
}

export async function countTags(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tags).where(eq(tags.userId, userId));
  return row?.n ?? 0;
}

export async function insertTag(db: Db, values: { userId: string; name: string; color: string }): Promise<TagRow> {
  const [row] = await db.insert(tags).values(values).returning();
  return row!;
}

export async function updateTag(
  db: Db,
  userId: string,
  id: string,
  values: { name?: string; color?: string; archivedAt?: Date | null },
): Promise<TagRow | null> {
  const [row] = await db
    .update(tags)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tags.userId, userId), eq(tags.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the tag; its links to transactions, recurring items and rules go with it (cascade). */
export async function deleteTag(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(tags)
    .where(and(eq(tags.userId, userId), eq(tags.id, id)))
    .returning({ id: tags.id });
  return rows.length > 0;
}

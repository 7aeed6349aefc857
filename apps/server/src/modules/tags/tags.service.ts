import {
  TAG_LIMITS,
  TAG_MSG,
  type Tag,
  type TagTotal,
  fromCents,
  tagAnalyticsQuerySchema,
  tagCreateSchema,
  tagUpdateSchema,
} from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { parse } from '../../lib/validate.js';
import { tagTotals } from '../ledger/index.js';
import * as repo from './tags.repository.js';

const duplicate = (name: string) => conflict(TAG_MSG.duplicate(name), 'DUPLICATE');

const toTag = (row: repo.TagRow, usage: number): Tag => ({
  id: row.id,
  name: row.name,
  color: row.color,
  archived: row.archivedAt !== null,
  usage,
});

export async function list(db: Db, userId: string): Promise<Tag[]> {
  return (await repo.listTags(db, userId)).map((r) => toTag(r, r.usage));
}

export async function create(db: Db, userId: string, body: unknown): Promise<Tag> {
  const data = parse(tagCreateSchema, body);
  if ((await repo.countTags(db, userId)) >= TAG_LIMITS.perUser) throw conflict(TAG_MSG.perUser);
  try {
    return toTag(await repo.insertTag(db, { userId, ...data }), 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(data.name);
    throw error;
  }
}

export async function update(db: Db, userId: string, id: string, body: unknown): Promise<Tag> {
  const data = parse(tagUpdateSchema, body);
  const existing = await repo.findTag(db, userId, id);
  if (!existing) throw notFound('Tag');
  const archivedAt =
    data.archived === undefined ? undefined : data.archived ? (existing.archivedAt ?? new Date()) : null;
  try {
    const row = await repo.updateTag(db, userId, id, {
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.color !== undefined ? { color: data.color } : {}),
      ...(archivedAt !== undefined ? { archivedAt } : {}),
    });
    if (!row) throw notFound('Tag');
    return toTag(row, await repo.usageOf(db, userId, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(data.name ?? existing.name);
    throw error;
  }
}

/** Deletes the tag and removes it from its transactions (they stay). */
export async function remove(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteTag(db, userId, id))) throw notFound('Tag');
}

/** GET /analytics/tags: spending (or income) per tag over a period, summed in SQL. */
export async function totals(db: Db, userId: string, query: unknown): Promise<TagTotal[]> {
  const q = parse(tagAnalyticsQuerySchema, query);
  const rows = await tagTotals(db, userId, q);
  return rows.map((r) => ({
    tagId: r.tagId,
    name: r.name,
    color: r.color,
    total: fromCents(r.totalCents),
    count: r.count,
  }));
}

import type {
  Category,
  ImportProfile,
  ImportRule,
  ImportOptions,
  ProfileInput,
  RuleInput,
  RuleMatches,
} from '@ledgerly/shared';
import {
  LIMIT_MESSAGES,
  MSG,
  PER_USER_LIMITS,
  RULE_MSG,
  accountKey,
  fromCents,
  headerKey,
  shownCategory,
} from '@ledgerly/shared';
import { ledgerWriter, matchingDescription, requireTags } from '../ledger/index.js';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound, validationError } from '../../errors.js';
import * as categories from '../categories/index.js';
import * as profilesRepo from './profiles.repository.js';
import * as repo from './rules.repository.js';

const toRule = (r: repo.RuleRow, tagIds: string[] = []): ImportRule => ({
  id: r.id,
  contains: r.contains,
  categoryId: r.categoryId,
  split:
    r.split?.map((l) => ({
      categoryId: l.categoryId,
      amount: l.amountCents === null ? null : fromCents(l.amountCents),
      percent: l.basisPoints === null ? null : l.basisPoints / 100,
      note: l.note,
    })) ?? null,
  tagIds,
  position: r.position,
  createdAt: r.createdAt.toISOString(),
});

async function checkCategory(db: Db, userId: string, categoryId: string): Promise<Category> {
  const found = (await categories.list(db, userId, undefined)).find((c) => c.id === categoryId);
  if (!found) throw validationError('Please select a category', { categoryId: 'Please select a category' });
  return found;
}

/**
 * A rule's split checked against the user's categories: each line's category is the user's
 * (404 naming the line) and of the rule's type (400). Answers the stored form (cents, basis points).
 */
async function checkSplit(
  db: Db,
  userId: string,
  type: 'income' | 'expense',
  data: RuleInput,
): Promise<repo.RuleSplit | null> {
  if (!data.split?.length) return null;
  const mine = new Map((await categories.list(db, userId, undefined)).map((c) => [c.id, c]));
  return data.split.map((line, i) => {
    const category = mine.get(line.categoryId);
    if (!category) {
      const message = `Line ${i + 1}: Category not found`;
      throw new AppError(404, 'NOT_FOUND', message, { split: message });
    }
    if (category.type !== type) {
      const message = `Line ${i + 1}: ${MSG.categoryTypeMismatch(category.type, type)}`;
      throw validationError(message, { split: message });
    }
    return {
      categoryId: line.categoryId,
      amountCents: line.amount ?? null,
      basisPoints: line.percent === undefined ? null : Math.round(line.percent * 100),
      note: line.note,
    };
  });
}

async function withTags(db: Db, userId: string, row: repo.RuleRow): Promise<ImportRule> {
  return toRule(row, (await repo.tagIdsOfRules(db, userId, [row.id])).get(row.id) ?? []);
}

export async function listRules(db: Db, userId: string): Promise<ImportRule[]> {
  const rows = await repo.listRules(db, userId);
  const tags = await repo.tagIdsOfRules(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRule(r, tags.get(r.id)));
}

export async function createRule(db: Db, userId: string, data: RuleInput): Promise<ImportRule> {
  if ((await repo.countRules(db, userId)) >= PER_USER_LIMITS.importRules) throw conflict(LIMIT_MESSAGES.importRules);
  const category = await checkCategory(db, userId, data.categoryId);
  const split = await checkSplit(db, userId, category.type, data);
  await requireTags(db, userId, data.tagIds ?? []);
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertRule(tx, userId, data.contains, data.categoryId, split);
    if (data.tagIds?.length) await repo.setRuleTags(tx, userId, inserted.id, data.tagIds);
    return inserted;
  });
  return withTags(db, userId, row);
}

export async function updateRule(db: Db, userId: string, id: string, data: RuleInput): Promise<ImportRule> {
  if (!(await repo.findRule(db, userId, id))) throw notFound('Rule');
  const category = await checkCategory(db, userId, data.categoryId);
  const split = await checkSplit(db, userId, category.type, data);
  await requireTags(db, userId, data.tagIds ?? []);
  const row = await db.transaction(async (tx) => {
    const updated = await repo.updateRule(tx, userId, id, data.contains, data.categoryId, split);
    if (!updated) throw notFound('Rule');
    await repo.setRuleTags(tx, userId, id, data.tagIds ?? []);
    return updated;
  });
  return withTags(db, userId, row);
}

export async function deleteRule(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteRule(db, userId, id))) throw notFound('Rule');
}

/** PUT /rules/order: the rules in the order given, which must name each of the user's rules once. */
export async function orderRules(db: Db, userId: string, ids: string[]): Promise<ImportRule[]> {
  const current = await repo.listRules(db, userId);
  const known = new Set(current.map((r) => r.id));
  if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id))) {
    throw validationError(RULE_MSG.orderMismatch, { ids: RULE_MSG.orderMismatch });
  }
  await repo.setOrder(db, userId, ids);
  return listRules(db, userId);
}

/** Rows shown by a rule preview. */
const PREVIEW_ROWS = 20;

/** POST /rules/preview: the past transactions a rule (saved or not) would recategorise. */
export async function previewRule(db: Db, userId: string, data: RuleInput): Promise<RuleMatches> {
  const category = await checkCategory(db, userId, data.categoryId);
  const found = await matchingDescription(
    db,
    userId,
    { text: data.contains, type: category.type, categoryId: category.id },
    PREVIEW_ROWS,
  );
  return {
    total: found.total,
    rows: found.rows.map((r) => ({
      id: r.id,
      date: r.date,
      description: r.description,
      amount: fromCents(r.type === 'income' ? r.amountCents : -r.amountCents),
      type: r.type,
      category: shownCategory(r),
    })),
  };
}

/** POST /rules/{id}/apply: gives the rule's category to the past transactions it matches. */
export async function applyRule(db: Db, userId: string, id: string): Promise<{ updated: number }> {
  const rule = await repo.findRule(db, userId, id);
  if (!rule) throw notFound('Rule');
  const category = await checkCategory(db, userId, rule.categoryId);
  const updated = await ledgerWriter.recategorizeByDescription(db, userId, {
    text: rule.contains,
    type: category.type,
    categoryId: category.id,
  });
  return { updated };
}

/** What the first matching rule gives a posting: its category, and its split and tags if any. */
export interface RuleHit {
  categoryId: string;
  split: repo.RuleSplit | null;
  tagIds: string[];
}

/** The first matching rule's category (and split and tags) for a posting of this type, if any. */
export function ruleMatcher(
  rules: repo.RuleRow[],
  typeOf: Map<string, 'income' | 'expense'>,
  tagsOf: Map<string, string[]> = new Map(),
) {
  const prepared = rules.map((r) => ({
    needle: r.contains.toLowerCase(),
    hit: { categoryId: r.categoryId, split: r.split, tagIds: tagsOf.get(r.id) ?? [] },
  }));
  return (text: string, type: 'income' | 'expense'): RuleHit | null => {
    const hay = text.toLowerCase();
    for (const r of prepared) if (typeOf.get(r.hit.categoryId) === type && hay.includes(r.needle)) return r.hit;
    return null;
  };
}

const toProfile = (r: profilesRepo.ProfileRow): ImportProfile => ({
  id: r.id,
  name: r.name,
  header: r.header,
  options: r.options,
  createdAt: r.createdAt.toISOString(),
});

export async function listProfiles(db: Db, userId: string): Promise<ImportProfile[]> {
  return (await profilesRepo.listProfiles(db, userId)).map(toProfile);
}

export async function createProfile(db: Db, userId: string, data: ProfileInput): Promise<ImportProfile> {
  if ((await profilesRepo.countProfiles(db, userId)) >= PER_USER_LIMITS.importProfiles) {
    throw conflict(LIMIT_MESSAGES.importProfiles);
  }
  const { profileId: _ignored, ...options } = data.options;
  return toProfile(
    await profilesRepo.insertProfile(db, {
      userId,
      name: data.name,
      header: data.header,
      headerKey: headerKey(data.header),
      options,
    }),
  );
}

export async function deleteProfile(db: Db, userId: string, id: string): Promise<void> {
  if (!(await profilesRepo.deleteProfile(db, userId, id))) throw notFound('Profile');
}

/** The options of a profile chosen by id (404 when not the user's). */
export async function profileOptions(db: Db, userId: string, id: string): Promise<ImportOptions> {
  const row = await profilesRepo.findProfile(db, userId, id);
  if (!row) throw validationError('Unknown import profile', { profileId: 'Unknown import profile' });
  return row.options;
}

/** A file's shape: its header row for a CSV, else its format and statement account. */
export interface FileShape {
  format: string;
  header?: string[] | null | undefined;
  account?: string | null | undefined;
}

const shapeKey = (shape: FileShape) =>
  shape.format === 'csv'
    ? shape.header?.length
      ? headerKey(shape.header)
      : null
    : accountKey(shape.format, shape.account);

/** The settings remembered for this file shape (by the last import of it, or saved by hand), if any. */
export async function profileForShape(
  db: Db,
  userId: string,
  shape: FileShape,
): Promise<{ id: string; options: ImportOptions } | null> {
  const key = shapeKey(shape);
  if (key === null) return null;
  const row = await profilesRepo.findProfileByHeader(db, userId, key);
  return row ? { id: row.id, options: row.options } : null;
}

/**
 * Remembers the settings an import was committed with for its file shape, so the next file of
 * that shape is read the same way: the newest profile of that shape takes them, or a new one named
 * after the file. Past the per-user cap nothing new is saved (the import itself is not refused).
 */
export async function rememberShape(
  db: Db,
  userId: string,
  shape: FileShape,
  fileName: string,
  options: ImportOptions,
): Promise<void> {
  const key = shapeKey(shape);
  if (key === null) return;
  // The encoding is detected from each file's bytes (a UTF-8 file forced to windows-1252 would
  // read garbled), so it is not remembered.
  const { profileId: _profile, fresh: _fresh, encoding: _encoding, ...kept } = options;
  // Nor is the header row's line number: the profile is found by the header's text, which was
  // detected, and the lines above it (a statement date, a balance) may vary from month to month.
  if (kept.csv) {
    const { headerRow: _line, ...csv } = kept.csv;
    kept.csv = csv;
  }
  const existing = await profilesRepo.findProfileByHeader(db, userId, key);
  if (existing) return profilesRepo.updateProfileOptions(db, userId, existing.id, kept);
  if ((await profilesRepo.countProfiles(db, userId)) >= PER_USER_LIMITS.importProfiles) return;
  await profilesRepo.insertProfile(db, {
    userId,
    name: (fileName.trim() || 'statement').slice(0, 50),
    header: shape.format === 'csv' ? (shape.header ?? []) : [],
    headerKey: key,
    options: kept,
  });
}

/** The profile saved for this header row, if any. */
export async function profileForHeader(
  db: Db,
  userId: string,
  header: string[],
): Promise<{ id: string; options: ImportOptions } | null> {
  const row = await profilesRepo.findProfileByHeader(db, userId, headerKey(header));
  return row ? { id: row.id, options: row.options } : null;
}

import type { Category, ImportProfile, ImportRule, ImportOptions, ProfileInput, RuleInput } from '@ledgerly/shared';
import { LIMIT_MESSAGES, PER_USER_LIMITS, headerKey } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationError } from '../../errors.js';
import * as categories from '../categories/index.js';
import * as profilesRepo from './profiles.repository.js';
import * as repo from './rules.repository.js';

const toRule = (r: repo.RuleRow): ImportRule => ({
  id: r.id,
  contains: r.contains,
  categoryId: r.categoryId,
  createdAt: r.createdAt.toISOString(),
});

async function checkCategory(db: Db, userId: string, categoryId: string): Promise<Category> {
  const found = (await categories.list(db, userId, undefined)).find((c) => c.id === categoryId);
  if (!found) throw validationError('Please select a category', { categoryId: 'Please select a category' });
  return found;
}

export async function listRules(db: Db, userId: string): Promise<ImportRule[]> {
  return (await repo.listRules(db, userId)).map(toRule);
}

export async function createRule(db: Db, userId: string, data: RuleInput): Promise<ImportRule> {
  if ((await repo.countRules(db, userId)) >= PER_USER_LIMITS.importRules) throw conflict(LIMIT_MESSAGES.importRules);
  await checkCategory(db, userId, data.categoryId);
  return toRule(await repo.insertRule(db, userId, data.contains, data.categoryId));
}

export async function updateRule(db: Db, userId: string, id: string, data: RuleInput): Promise<ImportRule> {
  await checkCategory(db, userId, data.categoryId);
  const row = await repo.updateRule(db, userId, id, data.contains, data.categoryId);
  if (!row) throw notFound('Rule');
  return toRule(row);
}

export async function deleteRule(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteRule(db, userId, id))) throw notFound('Rule');
}

/** The category the first matching rule gives a posting of this type, if any. */
export function ruleMatcher(rules: repo.RuleRow[], typeOf: Map<string, 'income' | 'expense'>) {
  const prepared = rules.map((r) => ({ needle: r.contains.toLowerCase(), categoryId: r.categoryId }));
  return (text: string, type: 'income' | 'expense'): string | null => {
    const hay = text.toLowerCase();
    for (const r of prepared) if (typeOf.get(r.categoryId) === type && hay.includes(r.needle)) return r.categoryId;
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

/** The profile saved for this header row, if any. */
export async function profileForHeader(
  db: Db,
  userId: string,
  header: string[],
): Promise<{ id: string; options: ImportOptions } | null> {
  const row = await profilesRepo.findProfileByHeader(db, userId, headerKey(header));
  return row ? { id: row.id, options: row.options } : null;
}

import type { z } from 'zod';
import {
  PER_USER_LIMITS,
  accountCreateSchema,
  RECURRING_MAX_ITEMS,
  budgetInputSchema,
  categoryInputSchema,
  profileInputSchema,
  recurringInputSchema,
  ruleInputSchema,
  settingsInputSchema,
  splitProblem,
  toCents,
  todayIn,
  transactionInputSchema,
} from '@ledgerly/shared';
import { DocumentError, type ExportDocument, checkReferences, issuePath, readDocument } from './export-format.js';

/**
 * The most rows of a section one account may hold: the caps every create of the API enforces
 * (PER_USER_LIMITS, RECURRING_MAX_ITEMS), so a restore cannot make an account no API call could.
 */
export const RESTORE_SECTION_LIMITS = {
  accounts: PER_USER_LIMITS.accounts,
  categories: PER_USER_LIMITS.categories,
  recurring: RECURRING_MAX_ITEMS,
  rules: PER_USER_LIMITS.importRules,
  importProfiles: PER_USER_LIMITS.importProfiles,
} as const;

/**
 * Stands in for a category reference when a row goes through its API schema, which wants the
 * category's UUID: a file's ids are its own and become new ones on restore. That each reference
 * names a category of the file, of the right type, is checked by the format (checkReferences).
 */
const A_CATEGORY = '00000000-0000-4000-8000-000000000000';

/** The row through the API's schema; a DocumentError naming the row and field otherwise. */
function apiCheck<S extends z.ZodType>(schema: S, where: string, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DocumentError(`${where}${issuePath(issue)}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * Holds a restored document to the rules of the API (issue "Hardening first", item 2): each
 * section within its per-user cap, and every row through the very zod schema its create route
 * uses (shared with the browser's forms) — names, preset colours and icons, amounts, dates from
 * 1900 and not after today (in the file's time zone, the one the account takes), start dates at
 * most 50 years back. Answers the document with the values as the API would store them (trimmed
 * text, lower-case colours); throws DocumentError naming the section, row and field.
 */
export function applyApiRules(doc: ExportDocument, now: Date = new Date()): ExportDocument {
  for (const [section, max] of Object.entries(RESTORE_SECTION_LIMITS)) {
    const rows = doc[section as keyof typeof RESTORE_SECTION_LIMITS].length;
    if (rows > max) {
      throw new DocumentError(`${section}: at most ${max} in one account, and this file has ${rows}`);
    }
  }
  const today = todayIn(doc.settings.timezone, now);
  const transactionInput = transactionInputSchema(today);
  const names = apiCheck(settingsInputSchema, 'settings', doc.settings);
  return {
    ...doc,
    settings: { ...doc.settings, ...names },
    accounts: doc.accounts.map((a, i) => {
      const { name, institution, iban, icon } = apiCheck(accountCreateSchema, `accounts[${i}]`, {
        ...a,
        creditLimit: a.creditLimit,
        isDefault: undefined,
        openingDate: undefined,
      });
      return { ...a, name, institution, iban, icon };
    }),
    categories: doc.categories.map((c, i) => ({ ...c, ...apiCheck(categoryInputSchema, `categories[${i}]`, c) })),
    transactions: doc.transactions.map((t, i) => {
      // Ids are the file's own (checked by checkReferences); the API's schema wants UUIDs. A split
      // row's lines go through the API's rules too: each line, at least two, adding up to the row.
      const where = `transactions[${i}]`;
      const split = t.lines.length > 0;
      const parsed = apiCheck(transactionInput, where, {
        ...t,
        categoryId: split ? undefined : A_CATEGORY,
        lines: split ? t.lines.map((l) => ({ ...l, categoryId: A_CATEGORY })) : undefined,
        accountId: undefined,
      });
      if (split) {
        const problem = splitProblem(parsed);
        if (problem) throw new DocumentError(`${where}.${problem.field}: ${problem.message}`);
      }
      const lines = t.lines.map((l, j) => ({ ...l, note: parsed.lines?.[j]?.note ?? null }));
      return { ...t, description: parsed.description, lines };
    }),
    budgets: doc.budgets.map((b, i) => {
      apiCheck(budgetInputSchema, `budgets[${i}]`, { ...b, categoryId: A_CATEGORY });
      return b;
    }),
    recurring: doc.recurring.map((r, i) => {
      const where = `recurring[${i}]`;
      const { description } = apiCheck(recurringInputSchema, where, {
        ...r,
        categoryId: A_CATEGORY,
        accountId: undefined,
        toAccountId: undefined,
        tagIds: undefined,
        lines: undefined,
      });
      // A split item's lines as the API holds them: at least two, adding up to the item.
      if (r.lines.length) {
        const lines = r.lines.map((l, j) => {
          const cents = toCents(l.amount);
          if (cents === null || cents <= 0) throw new DocumentError(`${where}.lines[${j}].amount: not an amount`);
          return { type: l.type, amount: cents };
        });
        const amount = toCents(r.amount);
        const problem = splitProblem({ lines, type: r.type, amount: amount ?? 0 });
        if (problem) throw new DocumentError(`${where}.${problem.field}: ${problem.message}`);
      }
      // The schedule is the item's own state, not an input; the API keeps it on a date of the series.
      if (r.nextDate !== null && (r.nextDate < r.startDate || (r.endDate !== null && r.nextDate > r.endDate))) {
        throw new DocumentError(`${where}.nextDate: outside the item's start and end dates`);
      }
      return { ...r, description };
    }),
    rules: doc.rules.map((r, i) => {
      const { contains } = apiCheck(ruleInputSchema, `rules[${i}]`, {
        contains: r.contains,
        categoryId: A_CATEGORY,
        // The split as the API takes it (its categories and tags are the file's, checked by checkReferences).
        split: r.split?.map((l) => ({
          categoryId: A_CATEGORY,
          ...(l.amount !== null ? { amount: l.amount } : {}),
          ...(l.percent !== null ? { percent: l.percent } : {}),
          note: l.note,
        })),
      });
      return { ...r, contains };
    }),
    importProfiles: doc.importProfiles.map((p, i) => {
      const { name, header, options } = apiCheck(profileInputSchema, `importProfiles[${i}]`, p);
      // As POST /import-profiles stores them: a profile does not name a profile.
      const { profileId: _ignored, ...kept } = options;
      return { ...p, name, header, options: kept };
    }),
  };
}

/**
 * A restore's document: the format (any known version, upgraded), the API's rules, then the
 * references between rows (on the values as stored, so "Food" and "Food " are one name).
 */
export function readRestorable(raw: unknown, now: Date = new Date()): ExportDocument {
  const doc = applyApiRules(readDocument(raw), now);
  checkReferences(doc);
  return doc;
}

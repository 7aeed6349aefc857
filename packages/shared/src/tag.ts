import { z } from 'zod';
import { isIsoDate } from './dates.js';

/*
 * Tags (DESIGN §11, docs/tags.md): labels across categories ("wedding", "work, claim back").
 * A transaction has at most TAG_LIMITS.perTransaction of them; a user at most TAG_LIMITS.perUser.
 */

export const TAG_LIMITS = {
  perTransaction: 10,
  perUser: 500,
  nameMax: 40,
  /** Tags one filter may name. */
  filterMax: 50,
} as const;

export const TAG_MODES = ['any', 'all', 'none'] as const;
export type TagMode = (typeof TAG_MODES)[number];

/** The colour of a tag created without one. */
export const DEFAULT_TAG_COLOR = '#64748b';

export const TAG_MSG = {
  nameRequired: 'Tag name is required',
  nameMax: `Tag name must be at most ${TAG_LIMITS.nameMax} characters`,
  color: 'Colour must be a hex colour like #3b82f6',
  archived: 'Archived must be true or false',
  duplicate: (name: string) => `A tag named "${name}" already exists`,
  perUser: `You can have at most ${TAG_LIMITS.perUser} tags. Delete one you no longer need first.`,
  perTransaction: `A transaction can have at most ${TAG_LIMITS.perTransaction} tags`,
  tagIds: 'Tags must be a list of tag ids',
  unknownTag: 'Unknown tag',
  tagMode: 'Tag mode must be any, all or none',
  filterMax: `Filter by at most ${TAG_LIMITS.filterMax} tags`,
  tagNeeded: 'Please select a tag',
} as const;

const nameSchema = z
  .string({ error: TAG_MSG.nameRequired })
  .trim()
  .min(1, TAG_MSG.nameRequired)
  .max(TAG_LIMITS.nameMax, TAG_MSG.nameMax);
const colorSchema = z
  .string({ error: TAG_MSG.color })
  .regex(/^#[0-9a-fA-F]{6}$/, TAG_MSG.color)
  .transform((c) => c.toLowerCase());

export const tagCreateSchema = z.object({ name: nameSchema, color: colorSchema.default(DEFAULT_TAG_COLOR) });
export type TagCreateInput = z.input<typeof tagCreateSchema>;

export const tagUpdateSchema = z.object({
  name: nameSchema.optional(),
  color: colorSchema.optional(),
  archived: z.boolean({ error: TAG_MSG.archived }).optional(),
});
export type TagUpdateInput = z.input<typeof tagUpdateSchema>;

export const tagRefSchema = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type TagRef = z.output<typeof tagRefSchema>;

export const tagSchema = tagRefSchema.extend({
  archived: z.boolean(),
  /** How many transactions carry the tag. */
  usage: z.number().int(),
});
export type Tag = z.output<typeof tagSchema>;

/**
 * A transaction's or recurring item's `tagIds`: an array of ids (JSON), or that array as a JSON
 * string (multipart). At most TAG_LIMITS.perTransaction, duplicates dropped.
 */
export const tagIdsInputSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return [];
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z
    .array(z.uuid({ error: TAG_MSG.unknownTag }), { error: TAG_MSG.tagIds })
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length <= TAG_LIMITS.perTransaction, TAG_MSG.perTransaction),
);

/** The list's `tagIds=a,b` query parameter (or an array, in a JSON body's filter). */
export const tagIdsFilterSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.split(',').map((s) => s.trim())) : v),
  z
    .array(z.uuid({ error: TAG_MSG.unknownTag }), { error: TAG_MSG.tagIds })
    .max(TAG_LIMITS.filterMax, TAG_MSG.filterMax)
    .optional()
    .transform((ids) => (ids?.length ? [...new Set(ids)] : undefined)),
);

export const tagModeSchema = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(TAG_MODES, { error: TAG_MSG.tagMode }).optional(),
);

/** GET /analytics/tags: the spending (or income) per tag over a period. */
export const tagAnalyticsQuerySchema = z
  .object({
    startDate: z
      .string({ error: 'Dates must be YYYY-MM-DD' })
      .optional()
      .refine((d) => !d || isIsoDate(d), 'Dates must be YYYY-MM-DD')
      .transform((d) => d || undefined),
    endDate: z
      .string({ error: 'Dates must be YYYY-MM-DD' })
      .optional()
      .refine((d) => !d || isIsoDate(d), 'Dates must be YYYY-MM-DD')
      .transform((d) => d || undefined),
    type: z
      .preprocess(
        (v) => (v === '' ? undefined : v),
        z.enum(['expense', 'income'], { error: 'Type must be expense or income' }).optional(),
      )
      .transform((t) => t ?? 'expense'),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    path: ['startDate'],
    message: 'Start date cannot be after end date',
  });

export const tagTotalSchema = z.object({
  tagId: z.string(),
  name: z.string(),
  color: z.string(),
  total: z.number(),
  count: z.number().int(),
});
export type TagTotal = z.output<typeof tagTotalSchema>;

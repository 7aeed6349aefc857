import { z } from 'zod';
import { LIMITS, TRANSACTION_TYPES } from './constants.js';
import { MSG } from './messages.js';
import { COLOR_PRESETS, DEFAULT_COLOR, DEFAULT_ICON, ICON_PRESETS } from './presets.js';

export const categoryTypeSchema = z.enum(TRANSACTION_TYPES, { error: 'Type must be expense or income' });
/** Query of GET /categories: an optional type ('' counts as absent). */
export const categoryListQuerySchema = z.object({
  type: z.preprocess((v) => (v === '' ? undefined : v), categoryTypeSchema.optional()),
});

export const categoryInputSchema = z.object({
  name: z
    .string({ error: MSG.categoryNameRequired })
    .trim()
    .min(1, MSG.categoryNameRequired)
    .max(LIMITS.categoryNameMax, MSG.categoryNameMax),
  type: categoryTypeSchema,
  color: z
    .string()
    .refine((c) => (COLOR_PRESETS as readonly string[]).includes(c.toLowerCase()), 'Choose one of the preset colours')
    .transform((c) => c.toLowerCase())
    .default(DEFAULT_COLOR),
  icon: z
    .string()
    .refine((i) => (ICON_PRESETS as readonly string[]).includes(i), 'Choose one of the preset icons')
    .default(DEFAULT_ICON),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryData = z.output<typeof categoryInputSchema>;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  color: z.string(),
  icon: z.string(),
  isDefault: z.boolean(),
});
export type Category = z.output<typeof categorySchema>;

export const categoryRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  icon: z.string(),
});
export type CategoryRef = z.output<typeof categoryRefSchema>;

/**
 * Query of DELETE /categories/{id}: `moveTo` names a category of the same type that takes over
 * the deleted one's transactions, recurring items and budgets ('' counts as absent).
 */
export const categoryDeleteQuerySchema = z.object({
  moveTo: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
});

/** What a delete with `moveTo` moved; budgets that clashed with the target's own were dropped. */
export const categoryMoveResultSchema = z.object({
  transactions: z.number(),
  recurring: z.number(),
  budgets: z.number(),
  budgetsDropped: z.number(),
});
export type CategoryMoveResult = z.output<typeof categoryMoveResultSchema>;

/** GET /categories/{id}/usage: what uses a category, so a delete can say so before it is tried. */
export const categoryUsageSchema = z.object({
  transactions: z.number(),
  recurring: z.number(),
  budgets: z.number(),
});
export type CategoryUsage = z.output<typeof categoryUsageSchema>;

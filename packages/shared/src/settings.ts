import { z } from 'zod';
import { LIMITS } from './constants.js';
import { MSG } from './messages.js';
import { CURRENCY_CODES } from './currencies.js';

export const settingsInputSchema = z.object({
  firstName: z
    .string()
    .trim()
    .max(LIMITS.nameMax, MSG.nameMax)
    .nullish()
    .transform((v) => (v ? v : null)),
  lastName: z
    .string()
    .trim()
    .max(LIMITS.nameMax, MSG.nameMax)
    .nullish()
    .transform((v) => (v ? v : null)),
  currency: z.enum(CURRENCY_CODES, { error: 'Choose one of the supported currencies' }),
});
export type SettingsInput = z.input<typeof settingsInputSchema>;
/** Settings as checked by the schema. */
export type SettingsUpdate = z.output<typeof settingsInputSchema>;

export const settingsSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  currency: z.string(),
});
export type Settings = z.output<typeof settingsSchema>;

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

export interface Settings {
  firstName: string | null;
  lastName: string | null;
  currency: string;
}

import { z } from 'zod';
import { ERROR_CODES } from './constants.js';

// The schemas of the API's envelope and shared shapes. Kept apart from constants.ts and
// currencies.ts, which the web app's landing page uses: a module-level schema keeps zod in
// whatever bundle imports its module (docs/performance.md, "Bundles").

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  /** The first problem of each field, by field name (validation errors). */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.output<typeof apiErrorSchema>;

/** The `{data}` envelope of most answers (DESIGN.md §3). */
export const dataOf = <S extends z.ZodType>(schema: S) => z.object({ data: schema });

export const currencySchema = z.object({ code: z.string(), name: z.string(), symbol: z.string(), flag: z.string() });

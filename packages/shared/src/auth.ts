import { z } from 'zod';
import { LIMITS } from './constants.js';
import { MSG } from './messages.js';
import { isTimeZone } from './dates.js';

const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }));

const optionalName = z
  .string()
  .trim()
  .max(LIMITS.nameMax, MSG.nameMax)
  .optional()
  .transform((v) => (v ? v : null));

export const registerSchema = z.object({
  email,
  password: z
    .string({ error: MSG.passwordRequired })
    .min(LIMITS.passwordMin, MSG.passwordMin)
    .max(LIMITS.passwordMax, MSG.passwordMax),
  firstName: optionalName,
  lastName: optionalName,
  timezone: z.string().refine(isTimeZone, 'Unknown time zone').optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(1024),
});
export type LoginInput = z.input<typeof loginSchema>;

export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  currency: string;
  timezone: string;
}

export interface AuthResponse {
  token: string;
  user: User;
}

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
export type RegisterData = z.output<typeof registerSchema>;

export const loginSchema = z.object({
  email,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(1024),
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginData = z.output<typeof loginSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  currency: z.string(),
  timezone: z.string(),
});
export type User = z.output<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.output<typeof authResponseSchema>;

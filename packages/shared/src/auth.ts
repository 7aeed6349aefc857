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

/** How long a "Forgot password?" link works. */
export const PASSWORD_RESET_MINUTES = 60;

export const RESET_MSG = {
  /** The same answer whether or not an account has that email (no account enumeration). */
  sent: `If an account uses that email, a link to reset its password is on its way. It works once, within ${PASSWORD_RESET_MINUTES} minutes.`,
  unavailable:
    'This server does not send e-mail, so it cannot send a reset link. Ask the person who runs it to reset your password.',
  linkInvalid:
    'This reset link is not valid any more: it was used, it expired or a newer one was sent. Ask for a new one.',
  done: 'Your password has been reset and every device was signed out. Sign in with the new password.',
} as const;

/** POST /auth/password-reset/request */
export const passwordResetRequestSchema = z.object({ email });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** POST /auth/password-reset: the token from the link and the new password (the sign-up rules). */
export const passwordResetSchema = z.object({
  token: z.string({ error: RESET_MSG.linkInvalid }).min(1, RESET_MSG.linkInvalid).max(200, RESET_MSG.linkInvalid),
  password: z
    .string({ error: MSG.passwordRequired })
    .min(LIMITS.passwordMin, MSG.passwordMin)
    .max(LIMITS.passwordMax, MSG.passwordMax),
});
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** GET /auth/password-reset: whether this server can send reset links by e-mail. */
export const passwordResetOptionsSchema = z.object({ byEmail: z.boolean() });

import { z } from 'zod';
import { LIMITS } from './constants.js';
import { SECURITY_MSG, MSG } from './messages.js';
import type { User } from './auth.js';

// The "Account & security" area's sentences are SECURITY_MSG in messages.ts: the sign-in page
// uses them without loading these schemas (and zod with them).

const password = z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(1024);
const newPassword = z
  .string({ error: MSG.passwordRequired })
  .min(LIMITS.passwordMin, MSG.passwordMin)
  .max(LIMITS.passwordMax, MSG.passwordMax);

/** A TOTP code (6 digits, spaces allowed) or a recovery code (letters and digits, dashes allowed). */
const code = z
  .string({ error: SECURITY_MSG.codeRequired })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, SECURITY_MSG.codeRequired).max(32, SECURITY_MSG.codeInvalid));

export const totpCodeSchema = z
  .string({ error: SECURITY_MSG.codeRequired })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, SECURITY_MSG.codeRequired)
      .regex(/^\d{6}$/, SECURITY_MSG.codeInvalid),
  );

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: SECURITY_MSG.currentPasswordRequired })
      .min(1, SECURITY_MSG.currentPasswordRequired)
      .max(1024),
    newPassword,
    /** Revoke every personal API token with the other sessions (docs/security.md); on unless false. */
    revokeApiTokens: z.boolean({ error: SECURITY_MSG.revokeApiTokensChoice }).default(true),
  })
  .refine((v) => v.currentPassword !== v.newPassword, { message: SECURITY_MSG.samePassword, path: ['newPassword'] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordData = z.output<typeof changePasswordSchema>;

export const deleteUserAccountSchema = z.object({ password, code: code.optional() });
export type DeleteUserAccountInput = z.input<typeof deleteUserAccountSchema>;
export type DeleteUserAccountData = z.output<typeof deleteUserAccountSchema>;

export const enableTwoFactorSchema = z.object({ code: totpCodeSchema });
export const disableTwoFactorSchema = z.object({ password, code });
export type EnableTwoFactorData = z.output<typeof enableTwoFactorSchema>;
export type DisableTwoFactorData = z.output<typeof disableTwoFactorSchema>;
export const loginTwoFactorSchema = z.object({
  challenge: z.string({ error: SECURITY_MSG.challengeExpired }).min(20, SECURITY_MSG.challengeExpired).max(200),
  code,
});
export type LoginTwoFactorInput = z.input<typeof loginTwoFactorSchema>;

export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const createTokenSchema = z.object({
  name: z
    .string({ error: SECURITY_MSG.tokenNameRequired })
    .trim()
    .min(1, SECURITY_MSG.tokenNameRequired)
    .max(LIMITS.nameMax, SECURITY_MSG.tokenNameMax),
  scope: z.enum(TOKEN_SCOPES, { error: SECURITY_MSG.tokenScope }),
});
export type CreateTokenInput = z.input<typeof createTokenSchema>;
export type CreateTokenData = z.output<typeof createTokenSchema>;

/** The second step a sign-in needs when two-factor is on. */
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });
export type TwoFactorChallenge = z.output<typeof twoFactorChallengeSchema>;
export const sessionInfoSchema = z.object({
  id: z.string(),
  current: z.boolean().describe('True for the session making this request'),
  browser: z.string().nullable().describe('Browser and major version, from the User-Agent'),
  os: z.string().nullable(),
  device: z.string().nullable().describe('Vendor and model, else the kind (desktop, mobile, tablet)'),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
});
export type SessionInfo = z.output<typeof sessionInfoSchema>;

export const apiTokenInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenInfo = z.output<typeof apiTokenInfoSchema>;

export const createdApiTokenSchema = apiTokenInfoSchema.extend({
  /** Shown once: only its hash is kept. */
  token: z.string().describe('The token (lgy_…), shown this once: send it as `Authorization: Bearer lgy_…`'),
});
export type CreatedApiToken = z.output<typeof createdApiTokenSchema>;

export const twoFactorSetupSchema = z.object({
  secret: z.string().describe('The base32 secret, for typing into an authenticator app'),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code, rendered by the server (nothing leaves it). */
  qrSvg: z.string().describe('The otpauth URL as an SVG QR code, rendered by the server'),
});
export type TwoFactorSetup = z.output<typeof twoFactorSetupSchema>;

export const securityOverviewSchema = z.object({
  twoFactorEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type SecurityOverview = z.output<typeof securityOverviewSchema>;

export const restoreResultSchema = z.object({
  categories: z.number().int(),
  transactions: z.number().int(),
  budgets: z.number().int(),
  recurring: z.number().int(),
  rules: z.number().int(),
  importProfiles: z.number().int(),
  receipts: z.number().int(),
});
export type RestoreResult = z.output<typeof restoreResultSchema>;

export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).describe('10 one-time codes, shown this once'),
});

export type { User };

/**
 * "Forgot password?" (docs/security.md, "Password reset"): a one-time link, sent by e-mail when
 * SMTP_URL is set or made by an operator with `npm run user:reset-password`. The token is 32
 * random bytes; only its SHA-256 is stored. A link works once, for PASSWORD_RESET_MINUTES, and
 * only the newest one of a user; using it sets the password and signs the user out everywhere.
 */
import { randomBytes } from 'node:crypto';
import { PASSWORD_RESET_MINUTES, RESET_MSG, type PasswordResetInput } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Mail } from '../../lib/mailer.js';
import { findUserByEmail } from './auth.repository.js';
import { hashPassword, hashToken } from './auth.service.js';
import * as repo from './password-reset.repository.js';

export interface ResetLink {
  userId: string;
  email: string;
  /** The page of the app that takes the token, with the token in its fragment. */
  url: string;
}

/** The link's page: the token goes in the fragment, which browsers never send to any server. */
export const resetUrl = (appUrl: string, token: string) => `${appUrl}/reset-password#token=${token}`;

/** A new link for the account with this email (any case), or null when there is none. */
export async function createResetLink(db: Db, email: string, appUrl: string): Promise<ResetLink | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const token = randomBytes(32).toString('base64url');
  await repo.insertReset(db, user.id, hashToken(token), new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000));
  return { userId: user.id, email: user.email, url: resetUrl(appUrl, token) };
}

export function resetMail(link: ResetLink): Mail {
  return {
    to: link.email,
    subject: 'Reset your Ledgerly password',
    text: [
      'Someone (we hope you) asked to reset the password of your Ledgerly account.',
      '',
      `To choose a new password, open this link within ${PASSWORD_RESET_MINUTES} minutes. It works once:`,
      link.url,
      '',
      'Resetting signs you out on every device.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * Uses the link's token: sets the new password, signs out every session and ends every other
 * link, all in one transaction. Answers the user's id; a used, expired, superseded or unknown
 * token is refused (400) and changes nothing.
 */
export async function resetPassword(db: Db, data: PasswordResetInput): Promise<string> {
  const passwordHash = await hashPassword(data.password);
  return db.transaction(async (tx) => {
    const userId = await repo.consumeReset(tx, hashToken(data.token));
    if (!userId) {
      throw new AppError(400, 'INVALID_CREDENTIALS', RESET_MSG.linkInvalid, { token: RESET_MSG.linkInvalid });
    }
    await repo.setPasswordAndSignOut(tx, userId, passwordHash);
    return userId;
  });
}

export const deleteOldResets = (db: Db) => repo.deleteOldResets(db);

/**
 * Sets a password for the account with this email at once and signs it out everywhere (the
 * operator's `--temporary-password`); answers its email, or null when no account uses it.
 */
export async function resetPasswordNow(db: Db, email: string, password: string): Promise<string | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const passwordHash = await hashPassword(password);
  await db.transaction((tx) => repo.setPasswordAndSignOut(tx, user.id, passwordHash));
  return user.email;
}

/**
 * What `npm run user:reset-password` does, apart from opening the database (so tests run it on
 * theirs): for the account with `email`, either a one-time reset link to hand to its owner (the
 * same link "Forgot password?" e-mails), or — with `temporaryPassword` — a new random password
 * set at once. Either way the account's other reset links stop working; the temporary password
 * also signs it out everywhere (the link does that when it is used). docs/operations.md.
 */
import { randomBytes } from 'node:crypto';
import { PASSWORD_RESET_MINUTES } from '@ledgerly/shared';
import type { Db } from '../db/client.js';
import { createResetLink, resetPasswordNow } from '../modules/auth/index.js';

export interface ResetPasswordOptions {
  email: string;
  /** The app's public address (APP_URL), which the link starts with. */
  appUrl: string | undefined;
  temporaryPassword: boolean;
}

/** What to print, and the exit code. */
export interface CommandResult {
  code: number;
  out: string;
}

export async function resetPasswordCommand(db: Db, opts: ResetPasswordOptions): Promise<CommandResult> {
  if (opts.temporaryPassword) {
    // 18 random bytes: 24 characters of base64url, no look-alike issues worth a custom alphabet.
    const password = randomBytes(18).toString('base64url');
    const email = await resetPasswordNow(db, opts.email, password);
    if (!email) return { code: 1, out: `No account uses ${opts.email}.` };
    return {
      code: 0,
      out: `The password of ${email} is now:\n\n  ${password}\n\nEvery session of the account was signed out. Give the password to its owner over a channel you trust, and ask them to change it in Settings → Account & security.`,
    };
  }
  if (!opts.appUrl) {
    return {
      code: 2,
      out: 'Set APP_URL (the address users open the app at, e.g. https://money.example.com) or pass --app-url, so the link can point there; or use --temporary-password.',
    };
  }
  const link = await createResetLink(db, opts.email, opts.appUrl);
  if (!link) return { code: 1, out: `No account uses ${opts.email}.` };
  return {
    code: 0,
    out: `A reset link for ${link.email} (it works once, within ${PASSWORD_RESET_MINUTES} minutes; asking for another one ends it):\n\n  ${link.url}\n\nGive it to the account's owner over a channel you trust. Using it signs the account out everywhere.`,
  };
}

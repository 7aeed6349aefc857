import { randomBytes } from 'node:crypto';
import { SECURITY_MSG } from '@ledgerly/shared';
import type { TwoFactor } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { AppError, conflict, validationError } from '../../errors.js';
import { lazy } from '../../lib/lazy.js';
import { TWO_FACTOR_CODE_LIMIT, accountLimit, countedTry } from '../auth/index.js';
import * as repo from './security.repository.js';
import { deriveKey, hashCode, open, seal } from './secret-box.js';

const ISSUER = 'Ledgerly';
/** TOTP (and its crypto) and the QR code writer are loaded when 2FA is first used. */
const loadOtp = lazy(() => import('otplib'));
const loadQrCode = lazy(async () => (await import('qrcode')).default);
export const RECOVERY_CODE_COUNT = 10;
// Base32 without look-alikes (0/O, 1/I/L): recovery codes are read off paper.
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export type { TwoFactor };

export const codeInvalid = () => validationError(SECURITY_MSG.codeInvalid, { code: SECURITY_MSG.codeInvalid });

function makeRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

export function createTwoFactor(appSecret: string): TwoFactor {
  const secretKey = deriveKey(appSecret, 'totp-secret/v1');
  const codeKey = deriveKey(appSecret, 'recovery-code/v1');
  const codeTries = accountLimit(TWO_FACTOR_CODE_LIMIT);

  /** A TOTP code against the stored secret, at most once per time step. */
  async function checkTotp(db: Db, userId: string, sealed: string, lastStep: number | null, code: string) {
    const secret = open(secretKey, sealed);
    if (!secret) return false;
    const { verify } = await loadOtp();
    const result = await verify({
      secret,
      token: code,
      // One step either side: phone clocks drift.
      epochTolerance: 30,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    }).catch(() => ({ valid: false as const }));
    // The TOTP result carries its time step (the HOTP half of the union type does not).
    if (!result.valid || !('timeStep' in result)) return false;
    return repo.claimTimeStep(db, userId, result.timeStep);
  }

  return {
    async isEnabled(db, userId) {
      return Boolean((await repo.findTwoFactor(db, userId))?.enabledAt);
    },

    recoveryCodesLeft: (db, userId) => repo.countUnusedRecoveryCodes(db, userId),

    async setup(db, userId, email) {
      const existing = await repo.findTwoFactor(db, userId);
      if (existing?.enabledAt) throw conflict(SECURITY_MSG.twoFactorAlreadyOn);
      const { generateSecret, generateURI } = await loadOtp();
      const secret = generateSecret();
      await repo.upsertPendingSecret(db, userId, seal(secretKey, secret));
      const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
      const QRCode = await loadQrCode();
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, otpauthUrl, qrSvg };
    },

    async enable(db, userId, code) {
      const row = await repo.findTwoFactor(db, userId);
      if (row?.enabledAt) throw conflict(SECURITY_MSG.twoFactorAlreadyOn);
      if (!row) throw new AppError(409, 'CONFLICT', SECURITY_MSG.twoFactorNotSetUp);
      const ok = await countedTry(codeTries, db, userId, () =>
        checkTotp(db, userId, row.secret, row.lastTimeStep, code),
      );
      if (!ok) throw codeInvalid();
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, makeRecoveryCode);
      await db.transaction(async (tx) => {
        await repo.markEnabled(tx, userId);
        await repo.replaceRecoveryCodes(
          tx,
          userId,
          codes.map((c) => hashCode(codeKey, normalise(c))),
        );
      });
      return codes;
    },

    async disable(db, userId) {
      await db.transaction((tx) => repo.deleteTwoFactor(tx, userId));
    },

    async check(db, userId, code) {
      const row = await repo.findTwoFactor(db, userId);
      if (!row?.enabledAt) return false;
      const clean = normalise(code);
      return countedTry(codeTries, db, userId, () =>
        /^\d{6}$/.test(clean)
          ? checkTotp(db, userId, row.secret, row.lastTimeStep, clean)
          : repo.useRecoveryCode(db, userId, hashCode(codeKey, clean)),
      );
    },
  };
}

import { and, eq, sql } from 'drizzle-orm';
import { TRANSFER_MSG, impliedRate, showRate } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { userRates } from '../../db/schema.js';
import { validationError } from '../../errors.js';
import { type TransferWithLegs, findAccount } from '../ledger/index.js';
import { dayRates } from './rates.repository.js';

/*
 * Rates as cross-currency transfers need them (DESIGN §12): the day's rate between two
 * currencies, to refuse an absurd pair of amounts, and the rate a transfer implies, kept as the
 * user's own rate of that day when one leg is in the base currency and no rate is set yet.
 */

/** One unit of `currency` in `base` on `day`: the user's own rate, else the shared history; null when missing. */
async function inBase(db: Db, userId: string, currency: string, base: string, day: string): Promise<number | null> {
  if (currency === base) return 1;
  const [d] = await dayRates(db, userId, currency, base, day, day);
  const rate = d?.userRate ?? d?.crossRate ?? null;
  return rate === null ? null : Number(rate);
}

/**
 * The effective rate of `day` between two currencies (units of `to` per one `from`), through the
 * user's base currency; null when either side has none. Used to check a transfer, so a float is enough.
 */
async function pairRate(
  db: Db,
  userId: string,
  base: string,
  from: string,
  to: string,
  day: string,
): Promise<number | null> {
  const [f, t] = [await inBase(db, userId, from, base, day), await inBase(db, userId, to, base, day)];
  return f !== null && t !== null && t > 0 ? f / t : null;
}

/** Drops the user rate transfer `transferId` set, if any (before it is checked again or changed). */
async function dropTransferRate(db: Db, userId: string, transferId: string): Promise<void> {
  await db.delete(userRates).where(and(eq(userRates.userId, userId), eq(userRates.transferId, transferId)));
}

/**
 * Keeps the rate a transfer implies as the user's rate of that day (1 `currency` = `rate` `base`),
 * owned by the transfer (it follows its edits and goes with it), unless a rate is set already.
 */
async function keepTransferRate(
  db: Db,
  key: { userId: string; transferId: string; currency: string; base: string; day: string; rate: string },
): Promise<void> {
  await db.execute(sql`
    insert into user_rates (user_id, currency, base, day, rate, transfer_id)
    values (${key.userId}, ${key.currency}, ${key.base}, ${key.day}, ${key.rate}::numeric, ${key.transferId})
    on conflict (user_id, currency, base, day) do nothing`);
}

/** How many times away from the day's rate a transfer's rate may be (issue 23: "absurd"). */
const ABSURD_FACTOR = 10;

/**
 * After a transfer is written (inside its database transaction): between two currencies, 400
 * (naming `field`) when its rate is more than 10 times away from the day's rate, when there is
 * one; then its rate is kept as the user's rate of that day for the pair with the base currency.
 * Within one currency, or with neither leg in the base currency, nothing is kept.
 */
export async function settleTransferRate(
  db: Db,
  owner: { id: string; currency: string },
  t: TransferWithLegs,
  field: 'amount' | 'toAmount' | 'rate',
): Promise<void> {
  await dropTransferRate(db, owner.id, t.transfer.id);
  const rate = t.transfer.rate;
  if (!rate) return;
  const [fromAccount, toAccount] = [
    await findAccount(db, owner.id, t.out.accountId),
    await findAccount(db, owner.id, t.in.accountId),
  ];
  if (!fromAccount || !toAccount) return;
  const from = fromAccount.currency;
  const to = toAccount.currency;
  const day = t.out.date;
  const usual = await pairRate(db, owner.id, owner.currency, from, to, day);
  const given = Number(rate);
  if (usual !== null && (given > usual * ABSURD_FACTOR || given * ABSURD_FACTOR < usual)) {
    const message = TRANSFER_MSG.absurdRate(from, to, showRate(given), showRate(usual));
    throw validationError(message, { [field]: message });
  }
  const key = { userId: owner.id, transferId: t.transfer.id, day };
  if (to === owner.currency) await keepTransferRate(db, { ...key, currency: from, base: to, rate: trimmed(rate) });
  else if (from === owner.currency) {
    await keepTransferRate(db, {
      ...key,
      currency: to,
      base: from,
      rate: impliedRate(t.in.amountCents, t.out.amountCents),
    });
  }
}

/** A numeric as the database answers it ("1.085000000000") without its trailing zeros. */
export const trimmed = (rate: string) => (rate.includes('.') ? rate.replace(/\.?0+$/, '') : rate);

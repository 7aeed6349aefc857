import type { z } from 'zod';
import { LIMIT_MESSAGES, PER_USER_LIMITS, RATE_MSG, todayIn } from '@ledgerly/shared';
import type { Rate, RateSource, RatesQuery, rateInputSchema } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationError } from '../../errors.js';
import type { Viewer } from '../../lib/viewer.js';
import * as repo from './rates.repository.js';

/** The signed-in user as rates need them: their base currency and "today". */
export type RatesOwner = Viewer & { currency: string };

/**
 * The effective rate of every day of the period into the user's base currency (DESIGN §12):
 * `same` (1) for the base itself, else the user's own rate of that day, else the shared history
 * (nearest earlier day within 7 days of each side, crossed through the anchor), else `missing`.
 */
export async function list(db: Db, owner: RatesOwner, query: RatesQuery): Promise<Rate[]> {
  const { currency, start, end } = query;
  const base = owner.currency;
  const days = await repo.dayRates(db, owner.id, currency, base, start, end);
  return days.map((d): Rate => {
    if (currency === base) return { currency, day: d.day, rate: '1', source: 'same' };
    if (d.id && d.userRate) return { id: d.id, currency, day: d.day, rate: d.userRate, source: 'user' };
    if (d.crossRate) {
      const source: RateSource = d.sources?.includes('feed') ? 'feed' : 'dataset';
      return { currency, day: d.day, rate: d.crossRate, source };
    }
    return { currency, day: d.day, rate: null, source: 'missing' };
  });
}

/** Sets the user's own rate for a currency and day (replacing theirs), 1 `currency` = `rate` base units. */
export async function put(db: Db, owner: RatesOwner, input: z.output<typeof rateInputSchema>): Promise<Rate> {
  if (input.currency === owner.currency) throw validationError(RATE_MSG.sameAsBase, { currency: RATE_MSG.sameAsBase });
  if (input.day > todayIn(owner.timezone)) throw validationError(RATE_MSG.future, { day: RATE_MSG.future });
  const key = { userId: owner.id, currency: input.currency, base: owner.currency, day: input.day };
  // Checked before the write (as other caps are): two new rates racing at the cap may pass it by one.
  if (
    (await repo.countUserRates(db, owner.id)) >= PER_USER_LIMITS.userRates &&
    !(await repo.userRateExists(db, key.userId, key.currency, key.base, key.day))
  ) {
    throw conflict(LIMIT_MESSAGES.userRates);
  }
  const saved = await repo.upsertUserRate(db, { ...key, rate: input.rate });
  return { id: saved.id, currency: input.currency, day: input.day, rate: saved.rate, source: 'user' };
}

export async function remove(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteUserRate(db, userId, id))) throw notFound('Rate');
}

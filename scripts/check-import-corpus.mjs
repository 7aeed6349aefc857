#!/usr/bin/env node
// npm run check:import-corpus -- DIR
//
// Imports every file named in DIR/EXPECTED.json through the real HTTP API of the app (started
// here on a free port with a throwaway PGlite data folder), compares the preview's summary and
// effective options to the expectation, commits, re-imports and checks that nothing new comes
// in. Prints one line per file and a total; exits non-zero if any file is off.
// `--json FILE` also writes {passed, failed} there (scripts/test.mjs counts each file as a test).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : undefined;
const dir = args[0] ? resolve(args[0]) : undefined;
if (!dir || !existsSync(join(dir, 'EXPECTED.json'))) {
  console.error('Usage: npm run check:import-corpus -- DIR   (DIR must hold EXPECTED.json)');
  process.exit(2);
}
const expected = JSON.parse(readFileSync(join(dir, 'EXPECTED.json'), 'utf8')).files ?? {};

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function startApp() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-corpus-'));
  const compiled = join(root, 'apps/server/dist/main.js');
  const argv = existsSync(compiled) ? [compiled] : ['--import', 'tsx', join(root, 'apps/server/src/main.ts')];
  const child = spawn(process.execPath, argv, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      RECURRING_SWEEP: 'off',
      HOUSEKEEPING: 'off',
      AUTH_RATE_LIMIT_IP: '100000',
      AUTH_RATE_LIMIT_EMAIL: '100000',
    },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const base = `http://127.0.0.1:${port}/api`;
  // Wait for the health check to answer (start-up runs the migrations first).
  for (let i = 0; i < 600 && !exited; i += 1) {
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (exited) throw new Error('the app did not start');
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

async function call(base, token, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, json };
}

let users = 0;
async function register(base) {
  users += 1;
  const res = await call(base, null, 'POST', '/auth/register', {
    email: `corpus${users}-${Date.now()}@example.com`,
    password: 'corpus-check',
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.token;
}

async function uploadFile(base, token, file, options) {
  const form = new FormData();
  if (options) form.append('options', JSON.stringify(options));
  form.append('file', new Blob([readFileSync(join(dir, file))]), basename(file));
  return call(base, token, 'POST', '/imports', form);
}

async function waitCommitted(base, token, id) {
  let res = await call(base, token, 'POST', `/imports/${id}/commit`);
  while (res.status === 200 && res.json.data?.status === 'importing') {
    await new Promise((r) => setTimeout(r, 100));
    res = await call(base, token, 'GET', `/imports/${id}?limit=1`);
  }
  return res;
}

/** Cents from a decimal string or number. */
const cents = (v) => Math.round(Number(v) * 100);
const money = (c) => (c / 100).toFixed(2);

function encodingName(label) {
  // EXPECTED.json names encodings as Python does (latin-1, cp1250, utf-8-bom); the API speaks WHATWG labels.
  const l = String(label)
    .toLowerCase()
    .replace(/-bom$/, '')
    .replace(/^latin-1$/, 'latin1');
  try {
    return new TextDecoder(l).encoding;
  } catch {
    return l;
  }
}

/** Compares what the API read with the expectation; answers the differences. */
function compare(exp, batch) {
  const off = [];
  const s = batch.summary;
  const o = batch.options ?? {};
  const check = (what, want, got) => {
    if (String(want) !== String(got)) off.push(`${what}: expected ${want}, got ${got}`);
  };
  check('format', exp.format === 'qfx' ? 'ofx' : exp.format, batch.format);
  check('postings', exp.transactions, s.rows);
  // Amounts with more than two decimals are rounded per posting (DESIGN §7): within half a cent each.
  const decimals = (String(exp.sum).split('.')[1] ?? '').length;
  if (decimals > 2) {
    if (Math.abs(Number(exp.sum) * 100 - cents(s.total)) > 0.5 * exp.transactions) {
      off.push(`sum: expected ${exp.sum} (rounded per posting), got ${s.total}`);
    }
  } else check('sum', money(cents(exp.sum)), money(cents(s.total)));
  check('earliest', exp.earliest, s.earliest);
  check('latest', exp.latest, s.latest);
  check('income count', exp.income_count, s.incomeCount);
  check('expense count', exp.expense_count, s.expenseCount);
  if (decimals <= 2) {
    check('income', money(cents(exp.income_sum)), money(cents(s.income)));
    check('expense', money(-cents(exp.expense_sum)), money(cents(s.expense)));
  }
  if (exp.encoding) {
    const want = encodingName(exp.encoding);
    const got = encodingName(o.encoding ?? '');
    // Plain ASCII reads the same in UTF-8 and every single-byte Western code page.
    const asciiOk = exp.encoding === 'ascii' && /^(utf-8|windows-125\d|iso-8859-\d+)$/.test(got);
    if (!asciiOk && want !== got) off.push(`encoding: expected ${exp.encoding}, got ${o.encoding}`);
  }
  if (exp.delimiter) check('delimiter', JSON.stringify(exp.delimiter), JSON.stringify(o.csv?.delimiter));
  if (exp.date_format) check('date format', exp.date_format.replace('Mon', 'MMM'), o.dateFormat);
  if (exp.decimal) check('decimal mark', exp.decimal, o.csv?.decimalSeparator);
  // EXPECTED.json counts the header's line from 1 (SOURCES.md: "4 metadata lines above the header"
  // for header_row 5); the API's headerRow counts from 0 (DESIGN §7).
  if (exp.header_row !== undefined) check('header row (from 0)', exp.header_row - 1, o.csv?.headerRow);
  if (exp.sign_flipped) check('invert sign', true, o.invertSign);
  return off;
}

function check3(off, what, want, got) {
  if (String(want) !== String(got)) off.push(`${what}: expected ${want}, got ${got}`);
}

async function checkFile(base, file, exp) {
  if (!existsSync(join(dir, file))) return ['file missing'];
  const token = await register(base);
  const first = await uploadFile(base, token, file);
  if (first.status !== 201) return [`upload answered ${first.status}: ${first.json.message ?? ''}`];
  const off = compare(exp, first.json.data);
  const stated = first.json.data.currency?.statement ?? null;
  if (exp.currency) check3(off, 'currency', exp.currency, stated);
  // A statement in another currency than the default account's goes into an account of its own (DESIGN §12).
  let options;
  if (first.json.data.currency?.matches === false) {
    const created = await call(base, token, 'POST', '/accounts', {
      name: `${stated} account`,
      kind: 'checking',
      currency: stated,
    });
    if (created.status !== 201) return [...off, `account in ${stated} answered ${created.status}`];
    options = { accountId: created.json.data.id };
    const chosen = await call(base, token, 'PUT', `/imports/${first.json.data.id}`, { options });
    if (chosen.status !== 200 || chosen.json.data.currency?.matches !== true)
      off.push(`choosing the ${stated} account failed`);
  }
  const committed = await waitCommitted(base, token, first.json.data.id);
  if (committed.json.data?.status !== 'committed') off.push(`commit ended ${committed.json.data?.status}`);
  const again = await uploadFile(base, token, file, options);
  if (again.status !== 201) off.push(`re-import answered ${again.status}`);
  else {
    const s = again.json.data.summary;
    if (s.new + s.possibleDuplicates !== 0) off.push(`re-import would add ${s.new + s.possibleDuplicates} rows`);
  }
  return off;
}

const app = await startApp();
let passed = 0;
let failed = 0;
try {
  for (const [file, exp] of Object.entries(expected)) {
    let off;
    try {
      off = await checkFile(app.base, file, exp);
    } catch (error) {
      off = [`check failed: ${error instanceof Error ? error.message : error}`];
    }
    if (off.length) {
      failed += 1;
      console.log(`OFF  ${file}: ${off.join('; ')}`);
    } else {
      passed += 1;
      console.log(`ok   ${file}: ${exp.transactions} postings, sum ${exp.sum}`);
    }
  }
} finally {
  await app.stop();
}
console.log(`import corpus: ${passed + failed} files, ${passed} ok, ${failed} off`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ passed, failed }));
process.exit(failed > 0 ? 1 : 0);

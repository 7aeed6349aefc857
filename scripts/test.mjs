#!/usr/bin/env node
// Runs every test suite and ends with one line: "N passed, N failed".
// Server tests run on PGlite always and on PostgreSQL too when DATABASE_URL is set.
// With IMPORT_CORPUS_DIR set, the import corpus check runs last (scripts/check-import-corpus.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const only = process.argv.slice(2);

function run(cmd, args, opts) {
  console.log(`\n▶ ${opts.label}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
  return r.status ?? 1;
}

function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: j.numPassedTests ?? 0,
    failed: (j.numFailedTests ?? 0) + (j.numTodoTests ?? 0) + (j.numPendingTests ?? 0),
  };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: (s.unexpected ?? 0) + (s.skipped ?? 0) };
}

const suites = [];
const vitestSuite = (name, cwd, env = {}) => ({
  name,
  exec: () => {
    const file = join(out, `${name}.json`);
    const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
      cwd: join(root, cwd),
      label: name,
      env,
    });
    return { code, counts: vitestCounts(file) };
  },
});

suites.push(vitestSuite('shared', 'packages/shared'));
suites.push(vitestSuite('server (PGlite)', 'apps/server', { DATABASE_URL: '', TEST_DATABASE_URL: '' }));
if (pgUrl) suites.push(vitestSuite('server (PostgreSQL)', 'apps/server', { TEST_DATABASE_URL: pgUrl }));
suites.push(vitestSuite('web', 'apps/web'));
suites.push({
  name: 'e2e (Chromium)',
  exec: () => {
    const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    if (!existsSync(chromium) && process.getuid?.() === 0) {
      run('apt-get', ['install', '-y', '-qq', 'chromium'], {
        label: 'installing Debian chromium for the browser tests',
      });
    }
    if (!existsSync(chromium)) {
      console.error(
        `Chromium not found at ${chromium}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
      );
      return { code: 1, counts: { passed: 0, failed: 1 } };
    }
    const build = run('node', [join(root, 'scripts/build.mjs')], { cwd: root, label: 'build web app and server' });
    if (build !== 0) return { code: build, counts: { passed: 0, failed: 1 } };
    const file = join(out, 'e2e.json');
    const code = run('npx', ['playwright', 'test'], {
      cwd: join(root, 'apps/web'),
      label: 'e2e (Chromium)',
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    });
    return { code, counts: playwrightCounts(file) };
  },
});

// The real bank files of the import corpus (outside the repository): each file is one test.
const corpusDir = process.env.IMPORT_CORPUS_DIR;
if (corpusDir) {
  suites.push({
    name: 'import corpus',
    exec: () => {
      const file = join(out, 'import-corpus.json');
      const code = run('node', [join(root, 'scripts/check-import-corpus.mjs'), corpusDir, '--json', file], {
        cwd: root,
        label: `import corpus (${corpusDir})`,
      });
      return { code, counts: existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null };
    },
  });
}

let passed = 0;
let failed = 0;
const summary = [];
for (const suite of suites) {
  if (only.length && !only.some((o) => suite.name.startsWith(o))) continue;
  const { code, counts } = suite.exec();
  const c = counts ?? { passed: 0, failed: 0 };
  // A suite that crashed, failed or ran nothing counts as a failure.
  if (code !== 0 && c.failed === 0) c.failed = 1;
  if (c.passed + c.failed === 0) c.failed = 1;
  passed += c.passed;
  failed += c.failed;
  summary.push(`  ${suite.name}: ${c.passed} passed, ${c.failed} failed`);
}
console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

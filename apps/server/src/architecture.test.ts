import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries of docs/architecture.md, checked on the source: no import cycle among
 * the server's files, not even through type-only imports (which vanish when compiled but still
 * tie two files' designs together), no module reaching into another module's repository or
 * mapper, every import of a module from outside it going through the module's `index.ts`, and no
 * write to `transactions` outside the ledger's writer. A plain scan: the rules are
 * about our own relative imports and statements, which a regular expression reads reliably in
 * this code base.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Relative imports, resolved to .ts files: those that stay at run time (not `import type`), or
 * with `types` every one.
 */
function relativeImports(file: string, { types = false } = {}): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const pattern = /^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm;
  for (const m of text.matchAll(pattern)) {
    if (m[1] && !types) continue;
    const spec = m[2] ?? m[3];
    if (spec) found.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
  }
  return found;
}

const files = sourceFiles(SRC);
const TEST_HELPERS = join(SRC, '../test');
const graph = new Map(files.map((f) => [f, relativeImports(f)]));
const typeGraph = new Map(files.map((f) => [f, relativeImports(f, { types: true })]));
const moduleOf = (file: string) => /modules\/([^/]+)\//.exec(relative(SRC, file))?.[1];

/** Every .ts file under `dir`, test files included. */
function allTsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return allTsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import (type-only ones too) of the server's files, its tests and test helpers. */
const boundaryScan = new Map(
  [...allTsFiles(SRC), ...allTsFiles(TEST_HELPERS)].map((f) => [f, relativeImports(f, { types: true })]),
);

/** Imports, as "from → to", of a module's file other than its index.ts from outside the module. */
function deepImports(imports: Map<string, string[]>): string[] {
  return [...imports].flatMap(([file, targets]) =>
    targets
      .filter((target) => {
        const module = moduleOf(target);
        return module !== undefined && module !== moduleOf(file) && target !== join(SRC, 'modules', module, 'index.ts');
      })
      .map((target) => `${relative(SRC, file)} → ${relative(SRC, target)}`),
  );
}

/** Every cycle found by a depth-first walk of `imports`, as "a.ts → b.ts → a.ts". */
function cyclesOf(imports: Map<string, string[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of files) visit(file, []);
  return cycles;
}

describe('module boundaries', () => {
  it('has no import cycle', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('has no cycle through type-only imports either (shared types live in files of their own)', () => {
    expect(cyclesOf(typeGraph)).toEqual([]);
  });

  it("no module imports another module's repository or mapper", () => {
    const crossings = files.flatMap((file) =>
      (graph.get(file) ?? [])
        .filter((target) => /\.(repository|mapper)\.ts$/.test(target) && moduleOf(target) !== moduleOf(file))
        .map((target) => `${relative(SRC, file)} → ${relative(SRC, target)}`),
    );
    expect(crossings).toEqual([]);
  });

  it("imports a module from outside only through its index.ts (tests too, but a module's own)", () => {
    expect(deepImports(boundaryScan)).toEqual([]);
  });

  it('the scan sees the imports (it would notice a cycle or a crossing)', () => {
    const routes = join(SRC, 'modules/transactions/transactions.routes.ts');
    expect(graph.get(routes)).toContain(join(SRC, 'modules/transactions/transactions.service.ts'));
    // A type-only import is seen by the stricter scan alone.
    const authCache = join(SRC, 'plugins/auth-cache.ts');
    expect(graph.get(authCache)).not.toContain(join(SRC, 'auth-user.ts'));
    expect(typeGraph.get(authCache)).toContain(join(SRC, 'auth-user.ts'));
    // Were auth-user.ts to import app-context.ts, the type-only cycle would be found.
    const withCycle = new Map([...typeGraph, [join(SRC, 'auth-user.ts'), [join(SRC, 'app-context.ts')]]]);
    expect(cyclesOf(withCycle)).toHaveLength(1);
    expect(files.length).toBeGreaterThan(50);
  });

  it('the boundary scan would report a planted deep import, and not an import through index.ts', () => {
    const app = join(SRC, 'app.ts');
    const security = join(SRC, 'modules/security/index.ts');
    expect(boundaryScan.get(app)).toContain(security);
    // The same import aimed past the index, from app.ts and from another module's test file.
    const deep = join(SRC, 'modules/security/security.service.ts');
    const exportTest = join(SRC, 'modules/export/export.test.ts');
    const planted = new Map([
      ...boundaryScan,
      [app, [...(boundaryScan.get(app) ?? []), deep]],
      [exportTest, [...(boundaryScan.get(exportTest) ?? []), deep]],
    ]);
    expect(deepImports(planted)).toEqual([
      'app.ts → modules/security/security.service.ts',
      'modules/export/export.test.ts → modules/security/security.service.ts',
    ]);
    // A module's own test files, and the test helpers through an index, are fine.
    const ownTest = join(SRC, 'modules/security/security.test.ts');
    expect(deepImports(new Map([[ownTest, [deep]]]))).toEqual([]);
    expect(boundaryScan.get(join(TEST_HELPERS, 'factories.ts'))).toContain(join(SRC, 'modules/ledger/index.ts'));
    // Test files are in this scan, unlike the cycle scans.
    expect(boundaryScan.has(exportTest)).toBe(true);
  });
});

/*
 * One writer of the ledger (DESIGN §13): an insert, update or delete of `transactions` appears
 * only in modules/ledger — not in another module, a job, the test helpers, the benches or the
 * scripts, nor the tests (which seed rows through the writer too); drizzle calls (also through an
 * alias of the table) and raw SQL alike. Left out, by name: this file (it plants writes to test the
 * scan), the rollup triggers' property test, which must write with arbitrary statements behind
 * the app's back to prove the triggers keep every total whatever writes the table (and, for the
 * same reason, the monthly balances' test, whose many-row moves between months and accounts are
 * single statements no app path writes), the accounts migration's test, which writes rows as
 * the schema before accounts had them, and the split lines' test, which writes rows and lines
 * behind the app's back to prove the database refuses lines that do not add up.
 */
const REPO = resolve(SRC, '../../..');
const LEDGER = join(SRC, 'modules/ledger');

const EXEMPT = [
  fileURLToPath(import.meta.url),
  join(SRC, 'db/totals.test.ts'),
  join(SRC, 'modules/accounts/net-worth.test.ts'),
  join(SRC, 'db/accounts-migration.test.ts'),
  join(SRC, 'modules/transactions/transactions-splits.test.ts'),
];

function scriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : scriptFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Comments out: prose may say "insert into transactions" without doing it. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The writes to `transactions` in a source text, as the matched statements. */
function transactionWrites(source: string): string[] {
  const text = withoutComments(source);
  // The table's names in this file: itself, `schema.transactions`, and any `transactions as x` alias.
  const names = ['transactions', ...[...text.matchAll(/\btransactions\s+as\s+(\w+)/g)].map((m) => m[1]!)];
  const table = `(?:schema\\.)?(?:${names.join('|')})`;
  const drizzle = new RegExp(`\\.(?:insert|update|delete)\\(\\s*${table}\\s*\\)`, 'g');
  // Raw SQL: the table by name (quoted or not) or interpolated as ${transactions}; `transactions_…` is another table.
  const target = `(?:only\\s+)?(?:"?(?:public"?\\.)?"?transactions"?|\\$\\{\\s*${table}\\s*\\})(?![\\w])`;
  const raw = new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+${target}`, 'gi');
  return [...text.matchAll(drizzle), ...text.matchAll(raw)].map((m) => m[0].replace(/\s+/g, ' '));
}

describe('one writer of transactions', () => {
  const scanned = [
    ...scriptFiles(SRC),
    ...scriptFiles(join(SRC, '../test')),
    ...scriptFiles(join(REPO, 'bench')),
    ...scriptFiles(join(REPO, 'scripts')),
  ].filter((file) => !file.startsWith(`${LEDGER}/`) && !EXEMPT.includes(file));

  it('no file outside modules/ledger writes transactions', () => {
    const writes = scanned.flatMap((file) =>
      transactionWrites(readFileSync(file, 'utf8')).map((w) => `${relative(REPO, file)}: ${w}`),
    );
    expect(writes).toEqual([]);
  });

  it('the scan would notice a planted write, in any of its forms', () => {
    const planted = [
      'await db.insert(transactions).values(rows);',
      'await tx.update(schema.transactions).set({ amountCents: 1 });',
      "import { transactions as t } from './schema.js';\nawait db.delete( t ).where(x);",
      'await db.execute(sql`INSERT INTO transactions (user_id) values (1)`);',
      'sql`insert\n   into "transactions" select 1`',
      'sql`update  Transactions set amount_cents = 1`',
      'sql`update only public.transactions set amount_cents = 1`',
      'sql`delete from ${transactions} where id = ${id}`',
      'sql`DELETE\tFROM transactions`',
    ];
    for (const text of planted) expect(transactionWrites(text), text).toHaveLength(1);
    // Reads, other tables and prose are not writes.
    const innocent = [
      'db.select().from(transactions)',
      'sql`insert into transaction_daily_totals select 1`',
      'sql`update transactions_tmp set x = 1`',
      '// every insert into transactions goes through the writer',
      '/* delete from transactions */',
    ];
    for (const text of innocent) expect(transactionWrites(text), text).toEqual([]);
    // …and the scan reads the files that used to write it.
    const names = scanned.map((f) => relative(REPO, f));
    for (const f of [
      'bench/seed.ts',
      'apps/server/test/factories.ts',
      'apps/server/src/modules/imports/imports.repository.ts',
      'apps/server/src/modules/transactions/transactions-list.test.ts',
    ]) {
      expect(names).toContain(f);
    }
    expect(transactionWrites(readFileSync(join(LEDGER, 'ledger.writer.ts'), 'utf8')).length).toBeGreaterThan(5);
  });
});

/*
 * Each module owns its tables (DESIGN §13): deleting an account moves its recurring items and
 * import batches through functions of the recurring and imports modules (called in the same
 * database transaction), so the accounts module names neither module's tables, in drizzle or SQL.
 */
describe("the accounts module and other modules' tables", () => {
  const foreign =
    /\b(?:recurringTransactions|importBatches|importRows|recurring_transactions|import_batches|import_rows)\b/g;
  const tablesNamed = (text: string) => [...withoutComments(text).matchAll(foreign)].map((m) => m[0]);

  it('names no table of the recurring or imports modules', () => {
    const found = sourceFiles(join(SRC, 'modules/accounts')).flatMap((file) =>
      tablesNamed(readFileSync(file, 'utf8')).map((name) => `${relative(SRC, file)}: ${name}`),
    );
    expect(found).toEqual([]);
    // The scan sees a use, and the moves are where they belong now.
    expect(tablesNamed('await db.update(importBatches).set({ accountId: to })')).toEqual(['importBatches']);
    expect(
      tablesNamed(readFileSync(join(SRC, 'modules/recurring/recurring.accounts.ts'), 'utf8')).length,
    ).toBeGreaterThan(0);
    expect(tablesNamed(readFileSync(join(SRC, 'modules/imports/imports.accounts.ts'), 'utf8')).length).toBeGreaterThan(
      0,
    );
  });
});

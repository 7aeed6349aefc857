import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries of docs/architecture.md, checked on the source: no import cycle among
 * the server's files, not even through type-only imports (which vanish when compiled but still
 * tie two files' designs together), and no module reaching into another module's repository or
 * mapper. A plain scan: the rules are about our own relative
 * imports, which a regular expression reads reliably in this code base.
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
const graph = new Map(files.map((f) => [f, relativeImports(f)]));
const typeGraph = new Map(files.map((f) => [f, relativeImports(f, { types: true })]));
const moduleOf = (file: string) => /modules\/([^/]+)\//.exec(relative(SRC, file))?.[1];

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
});

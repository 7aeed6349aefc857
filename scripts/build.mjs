#!/usr/bin/env node
// Builds what is out of date: the web app (Vite, apps/web/dist) and the server (esbuild,
// apps/server/dist). Each output folder holds a stamp with a hash of the files it was built
// from; when the hash is the same and the output is there, that part is skipped, so a second
// `npm start` goes straight to the server. `npm start` (scripts/start.mjs) calls buildOutOfDate
// in its own process.
//
//   node scripts/build.mjs [web] [server] [--force]     (no name: both)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const SKIP_DIRS = new Set(['node_modules', 'dist', 'e2e', 'coverage', '.tmp']);
const isTest = (name) => /\.test\.(ts|tsx|mts|js)$/.test(name);

/** Hash of the files' paths and contents (tests left out: they do not change the output). */
function hashInputs(paths, extra = '') {
  const hash = createHash('sha256');
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(extra);
  const add = (path) => {
    if (!existsSync(path)) return;
    const entries = readdirSync(path, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const full = join(path, e.name);
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) add(full);
      } else if (e.isFile() && !isTest(e.name)) {
        hash.update(`\0${relative(root, full)}\0`);
        hash.update(readFileSync(full));
      }
    }
  };
  for (const p of paths) {
    const full = join(root, p);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) add(full);
    else {
      hash.update(`\0${p}\0`);
      hash.update(readFileSync(full));
    }
  }
  return hash.digest('hex');
}

const shared = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json', 'tsconfig.base.json'];

const targets = {
  web: {
    out: 'apps/web/dist',
    marker: 'index.html',
    inputs: () =>
      hashInputs(
        [
          'apps/web/src',
          'apps/web/public',
          'apps/web/index.html',
          'apps/web/vite.config.ts',
          'apps/web/tsconfig.json',
          'apps/web/package.json',
          ...shared,
        ],
        // Vite bakes VITE_* variables into the bundle.
        JSON.stringify(
          Object.entries(process.env)
            .filter(([k]) => k.startsWith('VITE_'))
            .sort(),
        ),
      ),
    build: async () => {
      const r = spawnSync('npm', ['run', 'build', '-w', '@ledgerly/web'], { cwd: root, stdio: 'inherit' });
      if (r.status !== 0) throw new Error('The web build failed');
    },
  },
  server: {
    out: 'apps/server/dist',
    marker: 'main.js',
    inputs: () => hashInputs(['apps/server/src', 'apps/server/package.json', ...shared]),
    build: buildServer,
  },
};

/**
 * Packages left to Node at run time, resolved from node_modules: native addons, WebAssembly and
 * packages that read files beside their own code (fonts, the API explorer's page, the log
 * transports' worker), the pretty log printer, and the database drivers (pg's optional native
 * binding).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'sharp',
  'argon2',
  'pdfkit',
  '@aws-sdk',
  '@fastify/swagger-ui',
  '@fastify/static',
  'pino-pretty',
  // pino's worker threads for log transports start from files beside their own code (pino
  // itself is bundled: the app configures no transport).
  'thread-stream',
  'pg',
  'pg-native',
];

/**
 * The server and its command-line tools as plain ES modules: our code, @ledgerly/shared and the
 * pure JavaScript packages are bundled, so start-up reads a few files instead of walking
 * node_modules for hundreds (docs/performance.md, "Start-up and memory"); EXTERNAL stays as it is.
 * Code split: a module imported lazily (`await import(...)`) becomes a chunk of its own.
 */
async function buildServer() {
  const esbuild = await import('esbuild');
  const outdir = join(root, 'apps/server/dist');
  rmSync(outdir, { recursive: true, force: true });
  const started = Date.now();
  const result = await esbuild.build({
    absWorkingDir: join(root, 'apps/server'),
    // parse-worker: the statement reader's thread, started by src/modules/imports/parse/pool.ts
    // from beside the chunk that holds it (all output is flat in dist/).
    entryPoints: {
      main: 'src/main.ts',
      'db-copy': 'src/cli/db-copy.ts',
      'user-reset-password': 'src/cli/user-reset-password.ts',
      'parse-worker': 'src/modules/imports/parse/worker.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    // Flat, beside main.js: src/paths.ts relies on being one folder below apps/server.
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    metafile: true,
    // Bundled CommonJS packages call require() (for Node's own modules, mostly).
    banner: {
      js: "import { createRequire as __ledgerlyRequire } from 'node:module'; const require = __ledgerlyRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          // Node's own modules and the EXTERNAL packages are left to Node; the rest is bundled.
          b.onResolve({ filter: /^[^./]/ }, (a) =>
            a.path.startsWith('node:') || EXTERNAL.some((p) => a.path === p || a.path.startsWith(`${p}/`))
              ? { path: a.path, external: true }
              : undefined,
          );
        },
      },
    ],
  });
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .reduce((sum, [, o]) => sum + o.bytes, 0);
  console.log(
    `server built in ${Date.now() - started} ms: apps/server/dist (${(bytes / 1024).toFixed(0)} KB of JavaScript)`,
  );
}

/**
 * Builds each named part (none named: both) whose inputs changed since its last build. Exits the
 * process with a message if a name is unknown or a build fails.
 */
export async function buildOutOfDate(names = [], { force = false } = {}) {
  const chosen = names.length ? names : Object.keys(targets);
  for (const name of chosen) {
    const target = targets[name];
    if (!target) {
      console.error(`Unknown build target "${name}" (web, server)`);
      process.exit(2);
    }
    const stampFile = join(root, target.out, '.build-stamp');
    const hash = target.inputs();
    const upToDate =
      !force &&
      existsSync(join(root, target.out, target.marker)) &&
      existsSync(stampFile) &&
      readFileSync(stampFile, 'utf8').trim() === hash;
    if (upToDate) {
      console.log(`${name}: up to date (${target.out})`);
      continue;
    }
    try {
      await target.build();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
    writeFileSync(stampFile, `${hash}\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  await buildOutOfDate(
    args.filter((a) => !a.startsWith('--')),
    { force: args.includes('--force') },
  );
}

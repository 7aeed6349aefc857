import { readFileSync } from 'node:fs';

/**
 * The Node options `npm start` gives the server (package.json, `node <options> scripts/start.mjs`),
 * so that a benchmark starting `dist/main.js` itself measures the same process.
 */
export function serverNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const match = /\bnode((?:\s+--\S+)*)\s+scripts\/start\.mjs/.exec(pkg.scripts.start);
  if (!match) throw new Error('package.json "start" does not run node … scripts/start.mjs');
  return match[1]!.trim().split(/\s+/).filter(Boolean);
}

import { readFileSync } from 'node:fs';

/**
 * The Node options `npm start` gives the server (package.json, `node <options> apps/server/dist/main.js`),
 * so that a benchmark starting `dist/main.js` itself measures the same process.
 */
export function serverNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const match = /\bnode((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.js/.exec(pkg.scripts.start);
  if (!match) throw new Error('package.json "start" does not run node … apps/server/dist/main.js');
  return match[1]!.trim().split(/\s+/).filter(Boolean);
}

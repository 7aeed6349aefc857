import { fileURLToPath } from 'node:url';

/**
 * apps/server, found from this file: it is src/paths.ts when run as TypeScript (tests, `npm run
 * dev`) and part of dist/main.js (or a chunk beside it) when compiled — both one folder below
 * apps/server, so '..' is right either way. Runtime files (migrations, the built web app) are
 * found from here, never relative to the module that uses them.
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

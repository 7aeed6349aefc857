#!/usr/bin/env node
// `npm start`: builds what is out of date (scripts/build.mjs), then runs the compiled server in
// this same process, so starting costs one Node start-up, not two (docs/performance.md,
// "Start-up and memory"). The Node options in package.json's "start" apply to the server.
import { buildOutOfDate } from './build.mjs';

await buildOutOfDate();
await import('../apps/server/dist/main.js');

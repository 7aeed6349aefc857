import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/*
 * The app's logger in a process of its own, stdout a pipe as under a supervisor: two lines logged
 * back to back, then the thread is held (as a PGlite statement holds it) until the process is
 * killed. Both lines must be in the pipe before the thread is let go. With pino's default
 * asynchronous writer the second line waited in memory for the first one's write to be
 * acknowledged on the event loop, which never turned: it was lost with the process.
 */
const script = `
  import Fastify from 'fastify';
  import { loggerOptions } from './src/plugins/logging.ts';
  const app = Fastify({ logger: loggerOptions({ logLevel: 'info' }) });
  app.log.info('first line');
  app.log.info('second line');
  const until = Date.now() + 60_000;
  while (Date.now() < until) {}
`;

describe('the log on stdout', () => {
  it('has every line in the pipe when it is logged, though the event loop never turns again', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d) => (output += String(d)));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      const seen = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 30_000);
        child.stdout.on('data', (d) => {
          output += String(d);
          if (output.includes('second line')) {
            clearTimeout(timer);
            resolve(true);
          }
        });
      });
      expect(seen, output).toBe(true);
      const lines = output
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { msg: string });
      expect(lines.map((l) => l.msg)).toEqual(['first line', 'second line']);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  });
});

import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ThrowawayCluster {
  url: string;
  port: number;
  /** The postmaster and every process it forked (backends, checkpointer, walwriter…). */
  pids(): number[];
  stop(): void;
}

/** Why a throwaway cluster cannot be made here, or null when initdb is available. */
export function clusterUnavailable(): string | null {
  return existsSync(join(PG_BIN, 'initdb')) ? null : `initdb not found in ${PG_BIN} (set PG_BIN)`;
}

/** initdb refuses root: run the PostgreSQL binaries as the postgres user then. */
function run(cmd: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, cmd), ...args]]
    : [join(PG_BIN, cmd), args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * A new PostgreSQL cluster in a temporary folder on the first free port of `ports`, trusting
 * local connections; `stop()` stops it and removes the folder.
 */
export function startThrowawayCluster(ports: number[]): ThrowawayCluster {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerly-pg-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  } catch (error) {
    remove();
    throw error;
  }
  for (const port of ports) {
    try {
      run('pg_ctl', [
        'start',
        '-D',
        data,
        '-w',
        '-l',
        join(dir, 'log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      ]);
    } catch {
      continue; // port taken: the next one
    }
    const postmaster = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      pids: () => {
        const root = postmaster();
        const children = readdirSync('/proc')
          .filter((n) => /^\d+$/.test(n))
          .filter((n) => {
            try {
              const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
              return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === root;
            } catch {
              return false;
            }
          })
          .map(Number);
        return [root, ...children];
      },
      stop: () => {
        try {
          run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
        } finally {
          remove();
        }
      },
    };
  }
  remove();
  throw new Error(`no free port for a throwaway PostgreSQL among ${ports.join(', ')}`);
}

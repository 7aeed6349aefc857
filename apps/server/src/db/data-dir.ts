import {
  chmodSync,
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** What start-up found and changed in DATA_DIR. */
export interface PreparedDataDir {
  /** Files and folders whose modes let group or others in, now owner-only. */
  tightened: { files: number; folders: number };
}

/**
 * Makes DATA_DIR owner-only: sets the process umask to 077 (so what the receipt store, the
 * secret writer and PostgreSQL-in-PGlite create from now on is 0600 / 0700), creates the folder
 * 0700 and takes group/other bits off whatever is already inside. The umask is process-wide on
 * purpose: nothing this server writes is meant for other users.
 */
export function prepareDataDir(dir: string): PreparedDataDir {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return { tightened: tightenModes(dir) };
}

/**
 * Takes group/other bits off everything under `dir` (symbolic links are not followed). PGlite
 * chmods the files of a new database to 0666 itself (the umask does not stop an explicit
 * chmod), so start-up runs this again once the database is open.
 */
export function tightenModes(dir: string): { files: number; folders: number } {
  const tightened = { files: 0, folders: 0 };
  const walk = (path: string) => {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o077) !== 0) {
      chmodSync(path, st.mode & 0o700);
      if (st.isDirectory()) tightened.folders += 1;
      else tightened.files += 1;
    }
    if (st.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return tightened;
}

/** Thrown when another live process holds the PGlite data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly host: string,
  ) {
    super(
      `Another Ledgerly process is using DATA_DIR (pid ${pid}${host === hostname() ? '' : ` on ${host}`}); ` +
        'PGlite is one process’s database — stop it first, or use PostgreSQL (DATABASE_URL) for several instances',
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Set when the lock was taken over from a process that is gone (crash, kill -9). */
  readonly tookOverFrom: number | null;
  release(): void;
}

interface LockInfo {
  pid: number;
  host: string;
  /** Kernel start time of the process (Linux /proc), so a reused pid is not mistaken for it. */
  started: string | null;
}

const LOCK_NAME = 'ledgerly.lock';

/** The process's start time in clock ticks since boot (field 22 of /proc/PID/stat), if known. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(info: LockInfo): boolean {
  if (info.host !== hostname()) return true; // cannot look at another machine's processes: assume alive
  if (info.pid === process.pid) return false; // a lock left with our own pid (container restart) is stale
  try {
    process.kill(info.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: alive, owned by another user
  }
  const started = processStart(info.pid);
  return !(info.started && started && started !== info.started);
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockInfo>;
    if (typeof info.pid === 'number' && typeof info.host === 'string')
      return { pid: info.pid, host: info.host, started: info.started ?? null };
  } catch {
    // unreadable or half written (a crash between create and write): treated as stale below
  }
  return null;
}

/** Creates the lock file only if there is none (O_EXCL); false if one exists. */
function createExclusive(file: string, info: LockInfo): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(info) + '\n');
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes DATA_DIR/ledgerly.lock for this process, or throws DataDirLockedError naming the pid
 * that holds it.
 *
 * Why a pid file created with O_EXCL and not `proper-lockfile`: that library decides staleness
 * by the lock's age (it refreshes an mtime on a timer), so after a crash the next start has to
 * wait out the stale period, a long event-loop stall (a big PGlite query) can make it declare
 * its own lock compromised, and it records no pid for the message. The pid file plus a liveness
 * check (kill 0, and the process start time against pid reuse) takes a crashed process's lock
 * over at once. A takeover is serialised by a second, atomic `mkdir` lock, so two processes
 * starting together after a crash cannot both remove the stale file and both win.
 */
export function lockDataDir(dir: string): DataDirLock {
  const file = join(dir, LOCK_NAME);
  const takeover = `${file}.takeover`;
  const me: LockInfo = { pid: process.pid, host: hostname(), started: processStart(process.pid) };
  let tookOverFrom: number | null = null;

  for (let attempt = 0; ; attempt++) {
    if (createExclusive(file, me)) break;
    const holder = readLock(file);
    if (holder && isAlive(holder)) throw new DataDirLockedError(holder.pid, holder.host);
    if (attempt >= 5) throw new Error(`Could not take the lock ${file}; remove it if no Ledgerly process is running`);
    // Stale: take it over under the takeover lock.
    try {
      mkdirSync(takeover, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Someone else is taking over; a takeover lock older than 30 s was left by a crash.
      try {
        if (Date.now() - statSync(takeover).mtimeMs > 30_000) rmSync(takeover, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
      continue;
    }
    try {
      const again = readLock(file);
      // Still the same stale holder (or still unreadable): remove it; the loop creates ours.
      if (
        (again === null && holder === null) ||
        (again && holder && again.pid === holder.pid && again.started === holder.started && !isAlive(again))
      ) {
        unlinkSync(file);
        tookOverFrom = holder?.pid ?? 0;
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    } finally {
      rmSync(takeover, { recursive: true, force: true });
    }
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never remove one another process took over.
    if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, tookOverFrom, release };
}

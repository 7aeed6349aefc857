import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * An uploaded export waits in `DATA_DIR/tmp/restore-<uuid>.zip` while it is checked and restored
 * (a zip is read from its end, so it cannot be restored while streaming). The request removes it
 * when done; a process killed mid-restore cannot, so housekeeping removes what such a process
 * left (removeStaleRestoreFiles).
 */
export const TEMP_FOLDER = 'tmp';
const RESTORE_FILE = /^restore-[0-9a-f-]{36}\.zip$/;

/** A new path for one upload; the folder is made owner-only if it is missing. */
export async function newRestoreFile(dataDir: string): Promise<string> {
  const dir = join(dataDir, TEMP_FOLDER);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return join(dir, `restore-${randomUUID()}.zip`);
}

/**
 * Removes restore uploads last written before `before`: left by a restore whose process died
 * (kill -9, a crash, power loss). Only files named like ours are touched. Answers how many went.
 * A restore still reading its file is unharmed on the systems we run on: its zip is open, and an
 * open file lives on until it is closed.
 */
export async function removeStaleRestoreFiles(dataDir: string, before: Date): Promise<number> {
  const dir = join(dataDir, TEMP_FOLDER);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!RESTORE_FILE.test(name)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile() || info.mtimeMs >= before.getTime()) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}

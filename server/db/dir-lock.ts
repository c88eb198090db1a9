/**
 * One process per PGlite data directory. PGlite is a single-user PostgreSQL: a second server on
 * the same directory would write the same files and corrupt them. A lock file beside the
 * directory holds the owner's pid; a lock whose process is gone (a crash, a kill -9) is taken
 * over, so a stale lock never blocks a start.
 */
import { readFile, unlink, writeFile } from 'node:fs/promises';

/** Thrown when another live process holds the directory. */
export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `${dir} is in use by another running server (process ${pid}). Stop that one first, ` +
        `or give this one its own DATA_DIR. (If no such server runs, delete ${dir}.lock.)`,
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of `dir` for this process; resolves to its release. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = `${dir}.lock`;
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, mine, { flag: 'wx' });
      return async () => {
        const owner = await readFile(file, 'utf8').catch(() => '');
        if (owner === mine) await unlink(file).catch(() => {});
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw new DataDirInUseError(dir, owner);
    }
    // Stale (its process is gone) or unreadable: remove it and try once more.
    await unlink(file).catch(() => {});
  }
  throw new Error(`Could not take the lock ${file}`);
}

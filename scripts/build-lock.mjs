// One build of a folder at a time: the browser tests start several servers at once (one set per
// Playwright worker) that would otherwise build the same DIST_DIR together and overwrite each
// other's files. The lock is a directory beside the folder (mkdir is atomic) holding the
// owner's pid; a lock whose owner is gone is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const WAIT_MS = 250;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Whether the process that wrote `lockDir` still runs. */
function ownerAlive(lockDir) {
  let pid;
  try {
    pid = Number(readFileSync(`${lockDir}/pid`, 'utf8'));
  } catch {
    // Between the mkdir and the pid file, or a lock left half-made: count it as alive once.
    return true;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Runs `fn` while holding the build lock of `dir`, waiting for another holder to finish first.
 * `fn` should check again whether a build is needed: the other holder may have just made it.
 * @template T
 * @param {string} dir
 * @param {() => T} fn
 * @returns {T}
 */
export function withBuildLock(dir, fn) {
  const lockDir = `${dir}.build-lock`;
  let unknownOwner = 0;
  // The build folder's parent may not exist yet (DIST_DIR=.tmp/dist on a fresh clone).
  mkdirSync(dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir, { recursive: false });
      writeFileSync(`${lockDir}/pid`, String(process.pid));
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      // A pid file that never appears (its writer died at once) is given a few seconds.
      const alive = ownerAlive(lockDir) && unknownOwner < 40;
      if (!alive) rmSync(lockDir, { recursive: true, force: true });
      else {
        try {
          readFileSync(`${lockDir}/pid`);
          unknownOwner = 0;
        } catch {
          unknownOwner++;
        }
        Atomics.wait(pause, 0, 0, WAIT_MS);
      }
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

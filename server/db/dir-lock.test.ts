import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './dir-lock';

const freshDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'dir-lock-')), 'pglite');

describe('lockDataDir', () => {
  it('takes the lock with this pid and gives it back', async () => {
    const dir = freshDir();
    const release = await lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    await release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    await (await lockDataDir(dir))();
  });

  it('refuses a directory another live process holds, naming it', async () => {
    const dir = freshDir();
    // The parent process (the test runner) is alive and is not us.
    writeFileSync(`${dir}.lock`, String(process.ppid));
    const taking = lockDataDir(dir);
    await expect(taking).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(taking).rejects.toThrow(
      `in use by another running server (process ${process.ppid})`,
    );
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over the lock of a process that is gone', async () => {
    const dir = freshDir();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${dir}.lock`, String(gone));
    const release = await lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('does not remove a lock another process took after ours was taken over', async () => {
    const dir = freshDir();
    const release = await lockDataDir(dir);
    writeFileSync(`${dir}.lock`, String(process.ppid));
    await release();
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.ppid));
  });
});

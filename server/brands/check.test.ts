import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkBrandDir, formatProblem } from './loader';

const run = promisify(execFile);
const FIXTURES = 'server/brands/fixtures';

describe('checkBrandDir (npm run brand:check)', () => {
  it('finds nothing wrong in a valid brand folder', async () => {
    expect(await checkBrandDir(`${FIXTURES}/valid/first-brand`)).toEqual([]);
    expect(await checkBrandDir('brands/museu-aurora')).toEqual([]);
    expect(await checkBrandDir('brands/aquario-marinho')).toEqual([]);
    // The repository's brands together: one default, each host claimed once.
    expect(await checkBrandDir('brands')).toEqual([]);
  });

  it('reports each problem of one folder with file, JSON path and reason', async () => {
    const problems = await checkBrandDir(`${FIXTURES}/missing-field/broken-brand`);
    expect(problems.map(formatProblem)).toContain(
      `${FIXTURES}/missing-field/broken-brand/brand.json at /theme/colors/primay: is not an allowed property (did you mean "primary"?)`,
    );
    expect(problems.every((p) => p.file.endsWith('.json') && p.pointer.startsWith('/'))).toBe(true);
  });

  it('checks the rules across brands when given a folder of brands', async () => {
    const problems = (await checkBrandDir(`${FIXTURES}/two-defaults`)).map(formatProblem);
    expect(problems.join('\n')).toMatch(/default/);
  });

  it('prints the problems and exits 1 (0 when fine, 2 without a folder)', async () => {
    const cli = (dir?: string) =>
      run(process.execPath, ['--import', 'tsx', 'scripts/brand-check.ts', ...(dir ? [dir] : [])]);
    const bad = await cli(`${FIXTURES}/missing-field/broken-brand`).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect('code' in bad && bad.code).toBe(1);
    expect(bad.stderr).toContain(
      `${FIXTURES}/missing-field/broken-brand/brand.json at /support/email: is required`,
    );
    expect(bad.stderr).toMatch(/\d+ problems found/);
    const good = await cli(`${FIXTURES}/valid/first-brand`);
    expect(good.stdout).toContain('ok');
    const usage = await cli().catch((e: { code: number }) => e);
    expect('code' in usage && usage.code).toBe(2);
  }, 30_000);
});

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { loadBrands } from './loader';
import { type BrandWatcher, watchBrands } from './watch';

const FIXTURE = path.resolve('server/brands/fixtures/valid/first-brand');

let root: string;
let brandJson: string;
let watcher: BrandWatcher | null = null;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'brand-watch-'));
  await cp(FIXTURE, path.join(root, 'first-brand'), { recursive: true });
  brandJson = path.join(root, 'first-brand', 'brand.json');
});

afterEach(async () => {
  watcher?.close();
  watcher = null;
  await rm(root, { recursive: true, force: true });
});

function recorder() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) => lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

async function editBrand(change: (b: Record<string, unknown>) => void) {
  const b = JSON.parse(await readFile(brandJson, 'utf8')) as Record<string, unknown>;
  change(b);
  await writeFile(brandJson, JSON.stringify(b, null, 2));
}

const title = (brands: LoadedBrand[]) => brands[0]!.brand.title['en-US'];

describe('watchBrands', () => {
  it('swaps a valid change in whole, after the burst of writes settles', async () => {
    const brands = await loadBrands(root);
    const before = brands[0]!;
    const { lines, log } = recorder();
    const prepared: string[] = [];
    const swaps: string[] = [];
    watcher = watchBrands({
      dir: root,
      brands,
      log,
      debounceMs: 50,
      prepare: async (next) => {
        prepared.push(title([...next]));
        // The live list still answers with the old version while the database catches up.
        expect(title(brands)).toBe('Fixture title (en)');
      },
      onSwap: (next, previous) => swaps.push(`${title([...previous])} -> ${title([...next])}`),
    });

    // Three writes in a row: one reload.
    for (const n of [1, 2, 3]) {
      await editBrand((b) => {
        (b.title as Record<string, string>)['en-US'] = `Edited ${n}`;
      });
    }
    await vi.waitFor(() => expect(title(brands)).toBe('Edited 3'), { timeout: 5000 });
    expect(brands).toHaveLength(1);
    expect(brands[0]).not.toBe(before);
    expect(prepared).toEqual(['Edited 3']);
    expect(swaps).toEqual(['Fixture title (en) -> Edited 3']);
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual(['info brands reloaded']);
  });

  it('keeps the last good version when a change is invalid, and says why', async () => {
    const brands = await loadBrands(root);
    const good = brands[0]!;
    const { lines, log } = recorder();
    const prepare = vi.fn(async () => {});
    watcher = watchBrands({ dir: root, brands, log, debounceMs: 50, prepare });

    await editBrand((b) => {
      (b.theme as { colors: Record<string, unknown> }).colors.primary = 'red';
    });
    await vi.waitFor(() => expect(lines.some((l) => l.level === 'warn')).toBe(true), {
      timeout: 5000,
    });
    expect(brands[0]).toBe(good);
    expect(prepare).not.toHaveBeenCalled();
    const warn = lines.find((l) => l.level === 'warn')!;
    expect(warn.msg).toMatch(/brand change refused, the last good version stays/);
    expect(warn.msg).toMatch(/first-brand\/brand\.json at \/theme\/colors\/primary: /);

    // Broken JSON too.
    lines.length = 0;
    await writeFile(brandJson, '{ "title": ');
    await vi.waitFor(() => expect(lines.some((l) => l.level === 'warn')).toBe(true), {
      timeout: 5000,
    });
    expect(lines[0]!.msg).toMatch(/brand\.json/);
    expect(brands[0]).toBe(good);

    // The fix goes live.
    lines.length = 0;
    await cp(path.join(FIXTURE, 'brand.json'), brandJson);
    await editBrand((b) => {
      (b.title as Record<string, string>)['en-US'] = 'Fixed';
    });
    await vi.waitFor(() => expect(title(brands)).toBe('Fixed'), { timeout: 5000 });
  });

  it('keeps the old version when preparing the new one fails', async () => {
    const brands = await loadBrands(root);
    const good = brands[0]!;
    const { lines, log } = recorder();
    watcher = watchBrands({
      dir: root,
      brands,
      log,
      debounceMs: 10_000,
      prepare: async () => {
        throw new Error('database down');
      },
    });
    await editBrand((b) => {
      (b.title as Record<string, string>)['en-US'] = 'Never';
    });
    expect(await watcher.reload()).toBe('failed');
    expect(brands[0]).toBe(good);
    expect(lines.map((l) => l.level)).toEqual(['error']);
  });
});

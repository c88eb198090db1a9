import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrandFile } from '#schemas/brand.types.ts';
import type { BrandConfig } from '#schemas/contract.ts';
import { syncCatalog } from '#server/catalog/sync.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { loadBrands } from './loader';
import { type BrandWatcher, watchBrands } from './watch';

let root: string;
let s: TestServer;
let watcher: BrandWatcher;
const warnings: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'brand-live-'));
  await cp('server/brands/fixtures/valid/first-brand', path.join(root, 'first-brand'), {
    recursive: true,
  });
  s = await startTestServer({ brands: await loadBrands(root) });
  watcher = watchBrands({
    dir: root,
    brands: s.brands,
    debounceMs: 50,
    log: { info: () => {}, warn: (_o, msg) => warnings.push(msg), error: () => {} },
    prepare: async (next) => {
      await syncCatalog(s.db, next);
    },
  });
});

afterAll(async () => {
  watcher?.close();
  await s?.close();
  await rm(root, { recursive: true, force: true });
});

const config = async () =>
  (
    (
      await s.app.inject({
        method: 'POST',
        url: '/CustomUserApps/Configs',
        headers: { host: 'localhost' },
      })
    ).json() as { result: BrandConfig }
  ).result;

async function edit(change: (b: BrandFile) => void) {
  const file = path.join(root, 'first-brand', 'brand.json');
  const b = JSON.parse(await readFile(file, 'utf8')) as BrandFile;
  change(b);
  await writeFile(file, JSON.stringify(b, null, 2));
}

describe('a running server and its brands folder', () => {
  it('serves a valid change without a restart and keeps the last good one on an invalid change', async () => {
    expect((await config()).title['en-US']).toBe('Fixture title (en)');
    await edit((b) => {
      b.title['en-US'] = 'Live title';
    });
    await vi.waitFor(async () => expect((await config()).title['en-US']).toBe('Live title'), {
      timeout: 10_000,
    });

    await edit((b) => {
      b.title['en-US'] = 'Broken';
      b.holdMinutes = 0;
    });
    await vi.waitFor(() => expect(warnings.join('\n')).toMatch(/at \/holdMinutes: must be >= 1/), {
      timeout: 10_000,
    });
    expect((await config()).title['en-US']).toBe('Live title');
  });
});

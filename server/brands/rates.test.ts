import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfig } from './config';
import { BrandLoadError, loadBrands, ratesProblems } from './loader';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const FILE = 'brands/x/rates.json';
const usd = { moeda: 'USD', reais: 5.32, data: '2026-01-02' };

describe('rates.json (ratesProblems)', () => {
  it('accepts rates with a code, reais per unit and a past date', () => {
    expect(
      ratesProblems({ $schema: '../../schemas/brand.schema.json', cotacoes: [usd] }, FILE),
    ).toEqual([]);
    expect(ratesProblems({ cotacoes: [] }, FILE)).toEqual([]);
  });

  it('names the file, the JSON path and the reason of each problem', () => {
    expect(ratesProblems({ cotacoes: [{ ...usd, moeda: 'BRL' }] }, FILE)).toEqual([
      {
        file: FILE,
        pointer: '/cotacoes/0/moeda',
        reason:
          'must be an ISO 4217 currency code in capitals other than BRL (USD, EUR, ARS) (got "BRL")',
      },
    ]);
    expect(ratesProblems({ cotacoes: [{ ...usd, reais: 0 }] }, FILE)[0]).toMatchObject({
      pointer: '/cotacoes/0/reais',
    });
    expect(ratesProblems({ cotacoes: [{ ...usd, data: '2026-13-01' }] }, FILE)[0]).toMatchObject({
      pointer: '/cotacoes/0/data',
    });
    expect(
      ratesProblems({ cotacoes: [{ moeda: 'usd', reais: 5 }] }, FILE).map((p) => p.pointer),
    ).toEqual(expect.arrayContaining(['/cotacoes/0/moeda', '/cotacoes/0/data']));
    expect(ratesProblems({ rates: [] }, FILE)[0]).toMatchObject({ pointer: '/cotacoes' });
  });

  it('refuses a currency twice and a date in the future', () => {
    expect(ratesProblems({ cotacoes: [usd, { ...usd, reais: 5.4 }] }, FILE)).toEqual([
      { file: FILE, pointer: '/cotacoes/1/moeda', reason: 'USD is listed twice' },
    ]);
    const [future] = ratesProblems({ cotacoes: [{ ...usd, data: '2999-01-01' }] }, FILE);
    expect(future).toMatchObject({ pointer: '/cotacoes/0/data' });
    expect(future!.reason).toMatch(/^2999-01-01 is in the future \(today is \d{4}-\d\d-\d\d\)$/);
  });
});

describe('a brand folder with rates.json', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rates-'));
    await cp(path.join(fixtures, 'valid'), dir, { recursive: true });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the rates in the public config (config state cotacao)', async () => {
    const [first] = await loadBrands(dir);
    expect(publicConfig(first!, '1').cotacao).toBeUndefined();
    const file = path.join(dir, first!.id, 'rates.json');
    await writeFile(file, JSON.stringify({ cotacoes: [usd] }));
    const [again] = await loadBrands(dir);
    expect(publicConfig(again!, '1').cotacao).toEqual([usd]);
  });

  it('stops the load with the file and the reason when invalid', async () => {
    const [first] = await loadBrands(dir);
    await writeFile(
      path.join(first!.dir, 'rates.json'),
      JSON.stringify({ cotacoes: [{ ...usd, reais: -1 }] }),
    );
    const err = await loadBrands(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BrandLoadError);
    expect((err as BrandLoadError).message).toMatch(
      new RegExp(`${first!.id}/rates\\.json at /cotacoes/0/reais: must be > 0`),
    );
  });
});

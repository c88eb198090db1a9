import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALES } from '#schemas/contract.ts';
import { publicConfig } from './config';
import { BrandLoadError, loadBrands } from './loader';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoBrands = path.resolve(here, '../../brands');
const made: string[] = [];

function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return (rel.startsWith('..') || path.isAbsolute(rel) ? file : rel).split(path.sep).join('/');
}

async function brandWith(payments: Record<string, unknown>): Promise<[string, string]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'brands-installments-'));
  made.push(dir);
  await cp(path.join(here, 'fixtures/valid/first-brand'), path.join(dir, 'b'), { recursive: true });
  const file = path.join(dir, 'b/brand.json');
  const json = JSON.parse(await readFile(file, 'utf8'));
  Object.assign(json.payments, payments);
  await writeFile(file, JSON.stringify(json, null, 2));
  return [dir, shown(file)];
}

async function problems(dir: string): Promise<string[]> {
  const err = await loadBrands(dir).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof BrandLoadError)) throw new Error(`expected a BrandLoadError, got ${err}`);
  return err.message.split('\n').sort();
}

describe('brand.json payments: the interest table', () => {
  afterAll(() => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));

  it('loads interestFreeInstallments and monthlyInterestRate', async () => {
    const [dir] = await brandWith({ interestFreeInstallments: 3, monthlyInterestRate: 1.99 });
    const [brand] = await loadBrands(dir);
    expect(brand!.brand.payments).toMatchObject({
      interestFreeInstallments: 3,
      monthlyInterestRate: 1.99,
    });
  });

  it('names the file and the JSON path of a wrong rate or interest-free count', async () => {
    const [dir, file] = await brandWith({
      interestFreeInstallments: 7,
      monthlyInterestRate: 1.999,
    });
    expect(await problems(dir)).toEqual(
      [
        `${file} at /payments/interestFreeInstallments: must be <= maxInstallments (6)`,
        `${file} at /payments/monthlyInterestRate: must have at most two decimals`,
      ].sort(),
    );
    const [dir2, file2] = await brandWith({ interestFreeInstallments: 2 });
    expect(await problems(dir2)).toEqual([
      `${file2} at /payments/interestFreeInstallments: needs monthlyInterestRate (without it all are free)`,
    ]);
    const [dir3, file3] = await brandWith({ monthlyInterestRate: 0 });
    expect(await problems(dir3)).toEqual([
      expect.stringContaining(`${file3} at /payments/monthlyInterestRate: must be > 0`),
    ]);
  });
});

describe('the instalment promise states its rule', () => {
  it('museu-aurora: the public config carries the maximum, the minimum instalment and the interest-free count', async () => {
    const brand = (await loadBrands(repoBrands)).find((b) => b.id === 'museu-aurora')!;
    const p = brand.brand.payments;
    expect(publicConfig(brand, '1').installments).toEqual({
      max: p.maxInstallments,
      minValue: p.minInstallmentValue,
      interestFree: p.interestFreeInstallments ?? 1,
    });
    // The brand's own texts do not promise a number of instalments without its rule.
    for (const text of Object.values(brand.brand.description)) {
      expect(text).not.toMatch(/\b\d+ (vezes|cuotas|instalments)\b/);
    }
  });

  it('the home page message says all three, in every language', () => {
    for (const locale of LOCALES) {
      const messages = JSON.parse(
        readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8'),
      ) as Record<string, string>;
      for (const id of ['home.installmentsFree', 'home.installments']) {
        expect(messages[id]).toContain('{max}');
        expect(messages[id]).toContain('{minimo}');
      }
      expect(messages['home.installmentsFree']).toContain('{semJuros}');
    }
  });
});

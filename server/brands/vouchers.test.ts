/**
 * The voucher batches of a brand folder (vouchers/<batch>.json): loaded with the brand, and
 * refused with file, JSON path and reason when wrong.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BrandLoadError, loadBrands } from './loader';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, 'fixtures');
const repoBrands = path.resolve(here, '../../brands');

function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return (rel.startsWith('..') || path.isAbsolute(rel) ? file : rel).split(path.sep).join('/');
}

const made: string[] = [];
afterAll(() => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));

/** A brands folder with the valid fixture brand and these voucher files. */
async function withVouchers(files: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'brands-vouchers-'));
  made.push(dir);
  await cp(path.join(fixtures, 'valid/first-brand'), path.join(dir, 'shop'), { recursive: true });
  await mkdir(path.join(dir, 'shop/vouchers'));
  for (const [name, content] of Object.entries(files)) {
    await writeFile(
      path.join(dir, 'shop/vouchers', name),
      typeof content === 'string' ? content : JSON.stringify(content, null, 2),
    );
  }
  return dir;
}

describe('voucher batches', () => {
  it('the demo brands load theirs, every locator 16 digits and unique', async () => {
    for (const b of await loadBrands(repoBrands)) {
      const locators = (b.vouchers ?? []).flatMap((batch) =>
        batch.vouchers.map((v) => v.localizador),
      );
      for (const l of locators) expect(l).toMatch(/^\d{16}$/);
      expect(new Set(locators).size).toBe(locators.length);
    }
  });

  it('loads a batch with its partner and file name', async () => {
    const dir = await withVouchers({
      'agencia.json': {
        parceiro: 'Agência',
        vouchers: [
          { localizador: '1234567890123456', idevento: 1, idproduto: 2, qtd: 2 },
          {
            localizador: '1234567890123464',
            idevento: 2,
            idproduto: 4,
            sessao: { data: '2030-01-02', hora: '10:00' },
          },
        ],
      },
    });
    const [b] = await loadBrands(dir);
    expect(b!.vouchers).toEqual([
      expect.objectContaining({ lote: 'agencia', parceiro: 'Agência' }),
    ]);
    expect(b!.vouchers![0]!.vouchers).toHaveLength(2);
  });

  it('names the file, the JSON path and the reason of every problem', async () => {
    const dir = await withVouchers({
      'a.json': {
        parceiro: 'Parceiro A',
        vouchers: [{ localizador: '123', idevento: 1, idproduto: 2 }],
      },
      'b.json': {
        parceiro: 'Parceiro B',
        vouchers: [
          { localizador: '1111222233334444', idevento: 1, idproduto: 2 },
          {
            localizador: '1111222233334444',
            idevento: 1,
            idproduto: 1,
            sessao: { data: '2030-01-02', hora: '10:00' },
            validoAte: '2030-02-01',
          },
          {
            localizador: '1111222233336666',
            idevento: 1,
            idproduto: 1,
            validoDe: '2030-02-01',
            validoAte: '2030-01-01',
          },
        ],
      },
      'c.txt': 'x',
    });
    const err = await loadBrands(dir).then(
      () => null,
      (e: unknown) => e,
    );
    if (!(err instanceof BrandLoadError)) throw new Error(`expected a BrandLoadError, got ${err}`);
    const a = shown(path.join(dir, 'shop/vouchers/a.json'));
    const b = shown(path.join(dir, 'shop/vouchers/b.json'));
    const c = shown(path.join(dir, 'shop/vouchers/c.txt'));
    expect(err.message.split('\n').sort()).toEqual(
      [
        `${a} at /vouchers/0/localizador: must be 16 digits, unique in the brand (got "123")`,
        `${b} at /vouchers/1/localizador: duplicate localizador 1111222233334444 (also in ${b} at /vouchers/0)`,
        `${b} at /vouchers/1/sessao: a dated voucher (sessao) has no validoDe/validoAte: leave out one or the other`,
        `${b} at /vouchers/2/validoAte: must be >= validoDe (2030-02-01)`,
        `${c}: not a voucher batch: name it <batch>.json`,
      ].sort(),
    );
  });

  it('checks event and product against the catalogue', async () => {
    const dir = await withVouchers({
      'a.json': {
        parceiro: 'Parceiro A',
        vouchers: [
          { localizador: '1111222233334444', idevento: 9, idproduto: 2 },
          { localizador: '1111222233335555', idevento: 1, idproduto: 4 },
        ],
      },
    });
    const err = await loadBrands(dir).then(
      () => null,
      (e: unknown) => e as Error,
    );
    const a = shown(path.join(dir, 'shop/vouchers/a.json'));
    expect(err?.message.split('\n').sort()).toEqual([
      `${a} at /vouchers/0/idevento: no event 9 in catalog.json`,
      `${a} at /vouchers/1/idproduto: no product 4 in event 1 of catalog.json`,
    ]);
  });
});

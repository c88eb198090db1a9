import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import brandSchema from '#schemas/brand.schema.json' with { type: 'json' };
import type {
  BrandFile,
  CatalogBlock,
  CatalogCombo,
  CatalogCoupon,
  CatalogEvent,
  CatalogFile,
  CatalogProduct,
  CatalogProductType,
  CatalogSlots,
} from '#schemas/brand.types.ts';

const repoBrands = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../brands');

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type OptionalKeys<T> = Exclude<keyof T, RequiredKeys<T>>;
/** Every key of T, split by whether it is required; the compiler checks both lists are exact. */
type KeySplit<T> = {
  required: Record<RequiredKeys<T>, true>;
  optional: Record<OptionalKeys<T>, true>;
};

const brandFile: KeySplit<BrandFile> = {
  required: {
    title: true,
    description: true,
    keywords: true,
    favicon: true,
    logos: true,
    theme: true,
    multiLanguage: true,
    locales: true,
    defaultLocale: true,
    captcha: true,
    analytics: true,
    regrasDoNegocio: true,
    carrinhoLocal: true,
    editarEndereco: true,
    editarEnderecoCadastro: true,
    support: true,
    hosts: true,
    holdMinutes: true,
    maxItemsPerOrder: true,
    payments: true,
  },
  optional: {
    $schema: true,
    default: true,
    publicOrigin: true,
    publicOriginEnv: true,
    identityProviders: true,
    holdExtensions: true,
    holderChangeHours: true,
    delivery: true,
    checkin: true,
    cancellation: true,
  },
};
const catalogFile: KeySplit<CatalogFile> = {
  required: { events: true },
  optional: { $schema: true, cupons: true, combos: true },
};
const catalogCoupon: KeySplit<CatalogCoupon> = {
  required: { codigo: true, tipo: true, valor: true },
  optional: {
    idevento: true,
    sessao: true,
    idprodutos: true,
    validoDe: true,
    validoAte: true,
    limiteTotal: true,
    limitePorPessoa: true,
    qtdMinima: true,
  },
};
const catalogCombo: KeySplit<CatalogCombo> = {
  required: { idcombo: true, nome: true, idevento: true, itens: true, preco: true },
  optional: {},
};
const catalogEvent: KeySplit<CatalogEvent> = {
  required: {
    idevento: true,
    tipo: true,
    nome: true,
    descricao: true,
    local: true,
    imagem: true,
    dscapre: true,
    schedule: true,
    tipo_produtos: true,
  },
  optional: { limitePorPessoa: true, portador: true, blocos: true, mapa: true },
};
const catalogBlock: KeySplit<CatalogBlock> = {
  required: { idbloco: true, nome: true },
  optional: { produtos: true },
};
const catalogProductType: KeySplit<CatalogProductType> = {
  required: { idtipo: true, nome: true, produtos: true },
  optional: {},
};
const catalogProduct: KeySplit<CatalogProduct> = {
  required: {
    idproduto: true,
    nome: true,
    preco: true,
    taxa: true,
    capacidade: true,
    block_qtd: true,
  },
  optional: {
    somenteAgencia: true,
    info: true,
    entrega: true,
    campanhaCartao: true,
    agendamento: true,
  },
};
const catalogSlots: KeySplit<CatalogSlots> = {
  required: { nome: true, horarios: true, vagas: true, antecedenciaDias: true },
  optional: {
    local: true,
    diasSemana: true,
    datas: true,
    fechado: true,
    antecedenciaMinimaHoras: true,
    alteracaoAteHoras: true,
  },
};

interface ObjectDef {
  properties: Record<string, unknown>;
  required: string[];
}
const defs = brandSchema.$defs as unknown as Record<string, ObjectDef>;

describe('schemas/brand.schema.json', () => {
  it.each([
    ['BrandFile', brandFile],
    ['CatalogFile', catalogFile],
    ['CatalogEvent', catalogEvent],
    ['CatalogProductType', catalogProductType],
    ['CatalogProduct', catalogProduct],
    ['CatalogSlots', catalogSlots],
    ['CatalogCoupon', catalogCoupon],
    ['CatalogCombo', catalogCombo],
    ['CatalogBlock', catalogBlock],
  ] as const)('$defs/%s has the fields of schemas/brand.types.ts', (name, keys) => {
    const def = defs[name]!;
    expect(Object.keys(def.properties).sort()).toEqual(
      [...Object.keys(keys.required), ...Object.keys(keys.optional)].sort(),
    );
    expect([...def.required].sort()).toEqual(Object.keys(keys.required).sort());
  });

  it('validates both files of every brand at its root, so "$schema" can point at it', async () => {
    const ajv = new Ajv2020({ strict: true, discriminator: true });
    addFormats(ajv, ['email', 'date-time']);
    const validate = ajv.compile(brandSchema);
    const ids = (await readdir(repoBrands, { withFileTypes: true })).filter((e) => e.isDirectory());
    expect(ids.length).toBeGreaterThan(0);
    for (const { name } of ids) {
      for (const file of ['brand.json', 'catalog.json']) {
        const json = JSON.parse(await readFile(path.join(repoBrands, name, file), 'utf8'));
        expect(json.$schema, `${name}/${file}`).toBe('../../schemas/brand.schema.json');
        expect(validate(json), `${name}/${file}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
    // The root tells the two shapes apart: a catalog is not accepted as a brand, nor the reverse.
    expect(validate({ events: [] })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/events');
    expect(validate({ hosts: ['x.test'] })).toBe(false);
  });
});

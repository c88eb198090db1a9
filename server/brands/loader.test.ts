import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BrandLoadError, loadBrands } from './loader';
import { expandSchedule, todayInSaoPaulo } from './schedule';

const L = { 'pt-BR': 'Combo', 'es-ES': 'Combo', 'en-US': 'Combo' };

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, 'fixtures');
const repoBrands = path.resolve(here, '../../brands');

/** How the loader names a file: relative to the working directory when inside it. */
function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return (rel.startsWith('..') || path.isAbsolute(rel) ? file : rel).split(path.sep).join('/');
}

async function loadError(dir: string): Promise<BrandLoadError> {
  const err = await loadBrands(dir).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof BrandLoadError)) throw new Error(`expected a BrandLoadError, got ${err}`);
  return err;
}

const lines = (err: Error) => err.message.split('\n');

describe('the brands in brands/', () => {
  it('load, with kebab-case ids and at most one default', async () => {
    const brands = await loadBrands(repoBrands);
    expect(brands.length).toBeGreaterThanOrEqual(1);
    for (const b of brands) {
      expect(b.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(b.dir).toBe(path.join(repoBrands, b.id));
    }
    expect(brands.filter((b) => b.brand.default).length).toBeLessThanOrEqual(1);
  });

  // A match takes a holder on every ticket (spec §5); a museum visit takes none.
  it('take a holder on every ticket of a match, and none on a museum visit', async () => {
    for (const b of await loadBrands(repoBrands)) {
      for (const e of b.catalog.events) {
        if (e.tipo === 'match')
          expect(e.portador, `${b.id} event ${e.idevento}`).toBe('obrigatorio');
        if (e.tipo === 'visit') expect(e.portador, `${b.id} event ${e.idevento}`).toBeUndefined();
      }
    }
  });

  it('have a primary colour readable as text on white (WCAG AA, 4.5:1)', async () => {
    for (const b of await loadBrands(repoBrands)) {
      expect(contrastOnWhite(b.brand.theme.colors.primary), b.id).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('have events with sessions from today and products a visitor can buy', async () => {
    const today = todayInSaoPaulo();
    for (const b of await loadBrands(repoBrands)) {
      for (const e of b.catalog.events) {
        expect(
          expandSchedule(e.schedule, today).length,
          `${b.id} event ${e.idevento}`,
        ).toBeGreaterThan(0);
        const forVisitors = e.tipo_produtos
          .flatMap((t) => t.produtos)
          .filter((p) => !p.somenteAgencia);
        expect(forVisitors.length, `${b.id} event ${e.idevento}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('loadBrands on valid folders', () => {
  it('loads every folder with a brand.json, sorted by id, skipping other folders', async () => {
    const brands = await loadBrands(path.join(fixtures, 'valid'));
    expect(brands.map((b) => b.id)).toEqual(['first-brand', 'second-brand']);
    expect(brands[1]!.brand.default).toBe(true);
    expect(brands[0]!.catalog.events[0]!.tipo_produtos[0]!.produtos[1]!.taxa).toBe(0.5);
  });
});

describe('loadBrands on broken fixtures', () => {
  it('names the file, the JSON path and the reason of a missing field and a misspelt one', async () => {
    const file = shown(path.join(fixtures, 'missing-field/broken-brand/brand.json'));
    const err = await loadError(path.join(fixtures, 'missing-field'));
    expect(err.name).toBe('BrandLoadError');
    expect(lines(err)).toEqual([
      `${file} at /theme/colors/primary: is required`,
      `${file} at /theme/colors/primay: is not an allowed property (did you mean "primary"?)`,
      `${file} at /support/email: is required`,
    ]);
    expect(err.problems[2]).toEqual({ file, pointer: '/support/email', reason: 'is required' });
  });

  it('lists every wrong type or value deep in a catalog, one per line', async () => {
    const file = shown(path.join(fixtures, 'deep-type/broken-catalog/catalog.json'));
    const err = await loadError(path.join(fixtures, 'deep-type'));
    expect(lines(err)).toHaveLength(4);
    expect(lines(err)).toContain(
      `${file} at /events/0/tipo_produtos/1/produtos/0/preco: must be number (got "12,50")`,
    );
    expect(lines(err)).toContain(
      `${file} at /events/0/tipo_produtos/0/produtos/1/taxa: must be >= 0 (got -1)`,
    );
    expect(lines(err)).toContain(
      `${file} at /events/0/schedule/times/1: must be a time HH:MM between 00:00 and 23:59 (got "9:00")`,
    );
    expect(lines(err)).toContain(
      `${file} at /events/1/schedule/sessions/0/title/en-US: is required`,
    );
  });

  it('finds repeated ids, missing images, fractions of a cent and limits over capacity or over each other', async () => {
    const dir = path.join(fixtures, 'duplicate-ids/broken-ids');
    const file = shown(path.join(dir, 'catalog.json'));
    const err = await loadError(path.join(fixtures, 'duplicate-ids'));
    expect(lines(err).sort()).toEqual(
      [
        `${file} at /events/1/tipo_produtos/0/produtos/0/idproduto: duplicate idproduto 2 (also at /events/0/tipo_produtos/0/produtos/1)`,
        `${file} at /events/1/tipo_produtos/0/idtipo: duplicate idtipo 1 (also at /events/0/tipo_produtos/0)`,
        `${file} at /events/1/imagem: file not found: ${shown(path.join(dir, 'assets/events/missing.svg'))}`,
        `${file} at /events/0/tipo_produtos/0/produtos/0/preco: must have at most two decimals`,
        `${file} at /events/0/tipo_produtos/0/produtos/0/block_qtd: must be <= capacidade (10)`,
        `${file} at /events/0/limitePorPessoa/porSessao: must be <= porEvento (3)`,
        `${file} at /events/0/blocos/1/idbloco: duplicate idbloco 1 (also at /events/0/blocos/0)`,
        `${file} at /events/0/blocos/0/produtos/1: no product 9 in this event`,
        `${file} at /events/0/tipo_produtos/0/produtos/1/idproduto: product 2 is in no block`,
      ].sort(),
    );
  });

  it('refuses two default brands and a host claimed by two brands, whatever its case', async () => {
    const alpha = shown(path.join(fixtures, 'two-defaults/alpha/brand.json'));
    const beta = shown(path.join(fixtures, 'two-defaults/beta/brand.json'));
    const err = await loadError(path.join(fixtures, 'two-defaults'));
    expect(lines(err)).toEqual([
      `${alpha} at /default: only one brand may be the default; also default: ${beta}`,
      `${beta} at /default: only one brand may be the default; also default: ${alpha}`,
      `${beta} at /hosts/1: host "LOCALHOST" is already claimed by ${alpha}`,
    ]);
  });
});

describe('loadBrands on folders made for the test', () => {
  const made: string[] = [];
  afterAll(() => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));

  /** A brands folder holding copies of fixture brands (`case/brand` → `as`). */
  async function brandsDir(...copies: [from: string, as: string][]): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'brands-test-'));
    made.push(dir);
    for (const [from, as] of copies)
      await cp(path.join(fixtures, from), path.join(dir, as), { recursive: true });
    return dir;
  }

  async function edit(
    file: string,
    change: (json: Record<string, unknown>) => void,
  ): Promise<void> {
    const json = JSON.parse(await readFile(file, 'utf8'));
    change(json);
    await writeFile(file, JSON.stringify(json, null, 2));
  }

  it('lists the problems of every brand, not only the first', async () => {
    const dir = await brandsDir(
      ['missing-field/broken-brand', 'one'],
      ['deep-type/broken-catalog', 'two'],
    );
    const err = await loadError(dir);
    expect(err.problems.map((p) => p.file)).toContain(shown(path.join(dir, 'one/brand.json')));
    expect(err.problems.map((p) => p.file)).toContain(shown(path.join(dir, 'two/catalog.json')));
    expect(err.problems).toHaveLength(7);
  });

  it('checks coupons and combos against the events and products of the catalogue', async () => {
    const dir = await brandsDir(['valid/first-brand', 'offers']);
    const file = path.join(dir, 'offers/catalog.json');
    await edit(file, (c) => {
      c.cupons = [
        { codigo: 'DEZ', tipo: 'percentual', valor: 110, idevento: 9 },
        { codigo: 'dez', tipo: 'valor', valor: 1.234, idevento: 1, idprodutos: [4] },
        {
          codigo: 'OK',
          tipo: 'valor',
          valor: 5,
          validoDe: '2026-02-01T00:00:00-03:00',
          validoAte: '2026-01-01T00:00:00-03:00',
        },
      ];
      c.combos = [
        { idcombo: 1, nome: L, idevento: 1, itens: [{ idproduto: 1, qtd: 2 }], preco: 20 },
        { idcombo: 1, nome: L, idevento: 2, itens: [{ idproduto: 1, qtd: 1 }], preco: 1 },
      ];
    });
    const shownFile = shown(file);
    expect(lines(await loadError(dir)).sort()).toEqual(
      [
        `${shownFile} at /cupons/0/idevento: no event 9 in events`,
        `${shownFile} at /cupons/0/valor: must be <= 100 (%)`,
        `${shownFile} at /cupons/1/codigo: duplicate codigo (also at /cupons/0)`,
        `${shownFile} at /cupons/1/idprodutos/0: no product 4 in that event`,
        `${shownFile} at /cupons/1/valor: must have at most two decimals`,
        `${shownFile} at /cupons/2/validoAte: must be after validoDe`,
        `${shownFile} at /combos/0/preco: must be less than the products' own prices together (20)`,
        `${shownFile} at /combos/1/idcombo: duplicate idcombo (also at /combos/0)`,
        `${shownFile} at /combos/1/itens/0/idproduto: no product 1 in that event`,
      ].sort(),
    );
  });

  it('checks the holder rule of an event (portador): obrigatorio, opcional or absent', async () => {
    const dir = await brandsDir(['valid/first-brand', 'holders']);
    const file = path.join(dir, 'holders/catalog.json');
    await edit(file, (c) => {
      const [first] = c.events as Record<string, unknown>[];
      first!.portador = 'sim';
    });
    expect(lines(await loadError(dir))).toEqual([
      expect.stringMatching(/at \/events\/0\/portador: must be (one of|equal to one of)/),
    ]);
    await edit(file, (c) => {
      const [first] = c.events as Record<string, unknown>[];
      first!.portador = 'opcional';
    });
    const [loaded] = await loadBrands(dir);
    expect(loaded!.catalog.events[0]!.portador).toBe('opcional');
  });

  it("checks delivery: a product with entrega needs the brand's carrier rules, fees in cents", async () => {
    const dir = await brandsDir(['valid/first-brand', 'delivery']);
    const catalog = path.join(dir, 'delivery/catalog.json');
    const brand = path.join(dir, 'delivery/brand.json');
    await edit(catalog, (c) => {
      const [first] = c.events as { tipo_produtos: { produtos: Record<string, unknown>[] }[] }[];
      first!.tipo_produtos[0]!.produtos[0]!.entrega = 'sim';
    });
    expect(lines(await loadError(dir))).toEqual([
      expect.stringMatching(
        /at \/events\/0\/tipo_produtos\/0\/produtos\/0\/entrega: must be boolean/,
      ),
    ]);
    await edit(catalog, (c) => {
      const [first] = c.events as { tipo_produtos: { produtos: Record<string, unknown>[] }[] }[];
      first!.tipo_produtos[0]!.produtos[0]!.entrega = true;
    });
    expect(lines(await loadError(dir))).toEqual([
      `${shown(catalog)} at /events/0/tipo_produtos/0/produtos/0/entrega: needs "delivery" in brand.json (${shown(brand)})`,
    ]);
    await edit(brand, (b) => {
      b.delivery = {
        countries: ['BR'],
        fee: 9.999,
        days: 5,
        regions: [
          { states: ['SP'], fee: 5, days: 2 },
          { states: ['RJ', 'SP'], fee: 7.5, days: 4 },
        ],
      };
    });
    expect(lines(await loadError(dir)).sort()).toEqual(
      [
        `${shown(brand)} at /delivery/fee: must have at most two decimals`,
        `${shown(brand)} at /delivery/regions/1/states/1: state SP is also at /delivery/regions/0/states/0`,
      ].sort(),
    );
    await edit(brand, (b) => {
      b.delivery = { countries: ['BR'], fee: 9.99, days: 5 };
    });
    const [loaded] = await loadBrands(dir);
    expect(loaded!.catalog.events[0]!.tipo_produtos[0]!.produtos[0]!.entrega).toBe(true);
  });

  it('checks agencies: a brand without them may not sell agency-only products', async () => {
    const dir = await brandsDir(['valid/first-brand', 'no-agencies']);
    const catalog = path.join(dir, 'no-agencies/catalog.json');
    const brand = path.join(dir, 'no-agencies/brand.json');
    await edit(brand, (b) => {
      (b.regrasDoNegocio as Record<string, unknown>).agencias = 'no';
    });
    expect(lines(await loadError(dir))).toEqual([
      expect.stringMatching(/brand\.json at \/regrasDoNegocio\/agencias: must be boolean/),
    ]);
    // The fixture's first event sells an agency-only product (its second group).
    await edit(brand, (b) => {
      (b.regrasDoNegocio as Record<string, unknown>).agencias = false;
    });
    expect(lines(await loadError(dir))).toEqual([
      `${shown(catalog)} at /events/0/tipo_produtos/1/produtos/0/somenteAgencia: the brand takes no agencies (regrasDoNegocio.agencias is false in ${shown(brand)})`,
    ]);
    await edit(catalog, (c) => {
      const [first] = c.events as { tipo_produtos: { produtos: Record<string, unknown>[] }[] }[];
      delete first!.tipo_produtos[1]!.produtos[0]!.somenteAgencia;
    });
    const [loaded] = await loadBrands(dir);
    expect(loaded!.brand.regrasDoNegocio.agencias).toBe(false);
  });

  it('checks the support panel: opening hours and a third-party chat from its own hosts', async () => {
    const dir = await brandsDir(['valid/first-brand', 'support']);
    const brand = path.join(dir, 'support/brand.json');
    const support = (b: Record<string, unknown>) => b.support as Record<string, unknown>;
    await edit(brand, (b) => {
      support(b).openingHours = {
        weekly: [
          { days: ['mon'], open: '18:00', close: '09:00' },
          { days: ['sun'], open: '9:00', close: '18:00' },
        ],
      };
      support(b).chatWidget = {
        provider: 'Chat Co',
        scriptUrl: 'https://elsewhere.example/widget.js',
        hosts: ['chat.example'],
      };
    });
    expect(lines(await loadError(dir))).toEqual([
      `${shown(brand)} at /support/openingHours/weekly/1/open: must be a time HH:MM between 00:00 and 23:59 (got "9:00")`,
    ]);
    await edit(brand, (b) => {
      (support(b).openingHours as { weekly: { open: string }[] }).weekly[1]!.open = '09:00';
    });
    expect(lines(await loadError(dir)).sort()).toEqual(
      [
        `${shown(brand)} at /support/openingHours/weekly/0/close: must be later than open (18:00)`,
        `${shown(brand)} at /support/chatWidget/scriptUrl: its host "elsewhere.example" must be one of hosts (chat.example)`,
      ].sort(),
    );
    await edit(brand, (b) => {
      support(b).chatWidget = {
        provider: 'Chat Co',
        scriptUrl: 'http://chat.example/widget.js',
        hosts: ['chat.example'],
      };
    });
    expect(lines(await loadError(dir))).toEqual([
      `${shown(brand)} at /support/chatWidget/scriptUrl: must be an https:// address of the widget's script, on one of \`hosts\` (got "http://chat.example/widget.js")`,
    ]);
    await edit(brand, (b) => {
      support(b).openingHours = { weekly: [{ days: ['mon'], open: '09:00', close: '18:00' }] };
      support(b).chatWidget = {
        provider: 'Chat Co',
        scriptUrl: 'https://chat.example/widget.js',
        hosts: ['chat.example'],
      };
    });
    const [loaded] = await loadBrands(dir);
    expect(loaded!.brand.support.chatWidget?.hosts).toEqual(['chat.example']);
  });

  it('reports invalid JSON with its line and column', async () => {
    const dir = await brandsDir(['valid/first-brand', 'broken']);
    await writeFile(path.join(dir, 'broken/catalog.json'), '{\n  "events": [\n    1,,\n  ]\n}\n');
    const err = await loadError(dir);
    expect(lines(err)).toHaveLength(1);
    expect(lines(err)).toEqual([
      `${shown(path.join(dir, 'broken/catalog.json'))}: invalid JSON: unexpected "," at line 3, column 7`,
    ]);
  });

  it('reports a JSON file cut short', async () => {
    const dir = await brandsDir(['valid/first-brand', 'broken']);
    await writeFile(path.join(dir, 'broken/brand.json'), '{ "title": {\n');
    expect(lines(await loadError(dir))).toEqual([
      `${shown(path.join(dir, 'broken/brand.json'))}: invalid JSON: unexpected end of file at line 2, column 1`,
    ]);
  });

  it('reports a missing catalog.json and an id that is not kebab-case', async () => {
    const dir = await brandsDir(['valid/first-brand', 'Bad_Name']);
    await rm(path.join(dir, 'Bad_Name/catalog.json'));
    expect(lines(await loadError(dir))).toEqual([
      `${shown(path.join(dir, 'Bad_Name'))}: folder name (the brand id) must be kebab-case: lower-case letters, digits and -`,
      `${shown(path.join(dir, 'Bad_Name/catalog.json'))}: file or folder not found`,
    ]);
  });

  it('reports a content file that breaks a rule, with the file and the reason', async () => {
    const dir = await brandsDir(['valid/first-brand', 'texts']);
    const pages = path.join(dir, 'texts/content/pages');
    await mkdir(pages, { recursive: true });
    const good =
      '---\ntitle: P\nslug: p\ndescription: d\nsections: [politicas]\nupdated: 2026-01-01\n---\nText\n';
    await writeFile(path.join(pages, 'privacy.en-US.md'), good);
    await writeFile(path.join(pages, 'privacy.es-ES.md'), good);
    await writeFile(path.join(pages, 'privacy.pt-BR.md'), '# no front matter\n');
    expect(lines(await loadError(dir))).toEqual([
      `${shown(path.join(pages, 'privacy.pt-BR.md'))}: starts with a front matter block between --- lines`,
    ]);
  });

  it('refuses a folder without brands, and a folder that is not there', async () => {
    const empty = await brandsDir();
    expect(lines(await loadError(empty))).toEqual([
      `${shown(empty)}: no brand found (a brand is a folder with a brand.json)`,
    ]);
    expect(lines(await loadError(path.join(empty, 'nope')))).toEqual([
      `${shown(path.join(empty, 'nope'))}: file or folder not found`,
    ]);
  });

  it('checks locales, captcha key, agency types, asset paths and schedule kinds', async () => {
    const dir = await brandsDir(['valid/first-brand', 'x']);
    const brand = path.join(dir, 'x/brand.json');
    const catalog = path.join(dir, 'x/catalog.json');
    await edit(brand, (b) => {
      b.locales = ['es-ES', 'en-US'];
      b.captcha = {
        login: true,
        register: false,
        contact: false,
        payment: false,
        siteKey: ' ',
        provider: 'recaptcha',
      };
      b.regrasDoNegocio = { idagencia: 3, idagenciaaguardando: 3, idLoginSI: 1 };
      b.hosts = ['x.test', 'X.Test'];
      b.favicon = '/brand-assets/../brand.json';
    });
    await edit(catalog, (c) => {
      const [visit, match] = c.events as Record<string, unknown>[];
      visit!.schedule = { kind: 'weekly', fromDay: 0, days: 1, times: ['10:00'] };
      visit!.imagem = '../brand.json';
      match!.schedule = {
        kind: 'dates',
        sessions: [
          { offsetDays: 3, time: '16:00' },
          { offsetDays: 3, time: '16:00' },
        ],
      };
    });
    const b = shown(brand);
    const c = shown(catalog);
    expect(lines(await loadError(dir)).sort()).toEqual(
      [
        `${b} at /favicon: must be a URL path such as /brand-assets/logo.svg, naming a file in the brand's assets/ folder (got "/brand-assets/../brand.json")`,
        `${c} at /events/0/imagem: must be a path inside the brand's assets/ folder such as events/visit.svg (got "../brand.json")`,
        `${c} at /events/0/schedule/kind: must be one of "daily", "dates" (got "weekly")`,
      ].sort(),
    );

    await edit(brand, (b) => {
      b.favicon = '/brand-assets/icon.svg';
    });
    await edit(catalog, (c) => {
      const [visit] = c.events as Record<string, unknown>[];
      visit!.schedule = { kind: 'daily', fromDay: 0, days: 1, times: ['10:00'] };
      visit!.imagem = 'event.svg';
    });
    expect(lines(await loadError(dir)).sort()).toEqual(
      [
        `${b} at /defaultLocale: must be one of locales (es-ES, en-US)`,
        `${b} at /captcha/siteKey: must not be empty when the provider is recaptcha`,
        `${b} at /regrasDoNegocio/idagenciaaguardando: must differ from idagencia`,
        `${b} at /hosts/1: duplicate host "X.Test" (also at /hosts/0)`,
        `${c} at /events/1/schedule/sessions/1: duplicate session (same day and time as /sessions/0)`,
      ].sort(),
    );
  });

  it('checks the payment methods: one on at least, a real Pix key, a name and city a BR Code can carry', async () => {
    const dir = await brandsDir(['valid/first-brand', 'x']);
    const brand = path.join(dir, 'x/brand.json');
    const b = shown(brand);
    const pix = { enabled: true, key: 'not a key', merchantName: '***', merchantCity: 'Recife' };
    await edit(brand, (j) => {
      (j.payments as Record<string, unknown>).methods = {
        card: { enabled: false },
        boleto: { enabled: false, dueDays: 3, banco: '001' },
        pix: { ...pix, enabled: false, expiryMinutes: 30 },
      };
    });
    expect(lines(await loadError(dir)).sort()).toEqual(
      [
        `${b} at /payments/methods: at least one payment method must be enabled`,
        `${b} at /payments/methods/pix/key: not a Pix key (CPF or CNPJ digits, lower-case e-mail, +55 mobile or random key)`,
        `${b} at /payments/methods/pix/merchantName: has no letter or digit a Pix code can carry`,
      ].sort(),
    );
    await edit(brand, (j) => {
      (j.payments as Record<string, unknown>).methods = {
        boleto: { enabled: true, dueDays: 0, banco: '1' },
      };
    });
    const schema = lines(await loadError(dir));
    expect(schema.some((l) => l.startsWith(`${b} at /payments/methods/boleto/dueDays`))).toBe(true);
    expect(schema.some((l) => l.startsWith(`${b} at /payments/methods/boleto/banco`))).toBe(true);
    await edit(brand, (j) => {
      (j.payments as Record<string, unknown>).methods = {
        card: { enabled: true },
        pix: { ...pix, key: '+5511987654321', merchantName: 'Loja', expiryMinutes: 30 },
      };
    });
    const [loaded] = await loadBrands(dir);
    expect(loaded?.brand.payments.methods?.pix?.key).toBe('+5511987654321');
  });
});

/** WCAG 2 contrast ratio of a #RRGGBB colour against white. */
function contrastOnWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

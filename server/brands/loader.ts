import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import brandSchema from '#schemas/brand.schema.json' with { type: 'json' };
import type {
  BrandFile,
  CatalogEvent,
  CatalogFile,
  CatalogSchedule,
  LoadedBrand,
  RatesFile,
  VoucherBatch,
  VoucherBatchFile,
} from '#schemas/brand.types.ts';
import { chatWidgetProblems } from '#schemas/chat-widget.ts';
import { closestName as closest } from '#schemas/closest-name.ts';
import formOverrideSchema from '#schemas/form-override.schema.json' with { type: 'json' };
import { FORM_IDS, type FormId, type FormOverride, isFormId } from '#schemas/forms/index.ts';
import { openingHoursProblems } from '#schemas/opening-hours.ts';
import { shopWallClock } from '#schemas/shop-time.ts';
import { contentLanguages } from '#server/content/languages.ts';
import { scanContent } from '#server/content/pages.ts';
import { ContentFileError, scanTerms } from '#server/content/terms.ts';
import { checkFormOverride } from '#server/forms/overrides.ts';
import { isValidPixKey, sanitizePixText } from '#server/payments/methods/pix.ts';
import { brandAssetFile } from './assets';

/** One thing wrong in a brand folder. */
export interface BrandProblem {
  /** The file, relative to the working directory when inside it, with `/` separators. */
  file: string;
  /** JSON pointer into the file (RFC 6901); empty for the whole file or folder. */
  pointer: string;
  reason: string;
}

/**
 * Thrown by {@link loadBrands} when any brand folder is invalid. The message lists every
 * problem, one per line: `<file> at <JSON pointer>: <reason>` (or `<file>: <reason>`).
 */
export class BrandLoadError extends Error {
  override readonly name = 'BrandLoadError';
  readonly problems: readonly BrandProblem[];

  constructor(problems: readonly BrandProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.problems = problems;
  }
}

export function formatProblem(p: BrandProblem): string {
  return p.pointer === '' ? `${p.file}: ${p.reason}` : `${p.file} at ${p.pointer}: ${p.reason}`;
}

const BRAND_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Loads every brand under `brandsDir`: each subfolder with a `brand.json` is a brand whose id is
 * the folder name. Validates `brand.json` and `catalog.json` against `schemas/brand.schema.json`
 * and checks what a schema cannot: unique ids, referenced assets, at most one default brand,
 * hosts claimed once, the default locale offered, money in cents.
 * @returns the brands sorted by id (at least one).
 * @throws BrandLoadError listing every problem found.
 */
export async function loadBrands(brandsDir: string): Promise<LoadedBrand[]> {
  const root = path.resolve(brandsDir);
  let names: string[];
  try {
    const entries = await readdir(root, { withFileTypes: true });
    names = entries
      // A symlinked brand folder counts; loadFolder skips whatever has no brand.json.
      .filter((e) => (e.isDirectory() || e.isSymbolicLink()) && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
  } catch (err) {
    throw new BrandLoadError([{ file: display(root), pointer: '', reason: fsReason(err) }]);
  }

  const folders = (await Promise.all(names.map((name) => loadFolder(root, name)))).filter(
    (f): f is FolderResult => f !== null,
  );
  const problems = folders.flatMap((f) => f.problems);
  if (folders.length === 0) {
    problems.push({
      file: display(root),
      pointer: '',
      reason: 'no brand found (a brand is a folder with a brand.json)',
    });
  }
  problems.push(...crossBrandProblems(folders));
  for (const f of folders) problems.push(...(await contentProblems(f.dir, f.brand)));
  if (problems.length > 0) throw new BrandLoadError(problems);

  return folders.map((f) => ({
    id: f.id,
    dir: f.dir,
    brand: f.brand!,
    catalog: f.catalog!,
    ...(Object.keys(f.forms).length > 0 ? { forms: f.forms } : {}),
    ...(f.vouchers && f.vouchers.length > 0 ? { vouchers: f.vouchers } : {}),
    ...(f.rates ? { rates: f.rates } : {}),
  }));
}

/**
 * Every problem of a brand folder, as the server's start would find them (`npm run
 * brand:check <dir>`): `brand.json`, `catalog.json`, `forms/`, `vouchers/`, `rates.json` and `content/`. A
 * folder without a `brand.json` is taken as a brands folder: every brand in it is checked, and
 * the rules across brands (one default, hosts claimed once) too.
 * @returns the problems, empty when the folder would load.
 */
export async function checkBrandDir(dir: string): Promise<BrandProblem[]> {
  const resolved = path.resolve(dir);
  if (await isFile(path.join(resolved, 'brand.json'))) {
    const f = await loadFolder(path.dirname(resolved), path.basename(resolved));
    return f ? [...f.problems, ...(await contentProblems(f.dir, f.brand))] : [];
  }
  try {
    await loadBrands(resolved);
    return [];
  } catch (err) {
    if (err instanceof BrandLoadError) return [...err.problems];
    throw err;
  }
}

/**
 * The problems of a brand's `content/` (terms, pages, FAQ, pop-ups), in the languages its
 * brand.json offers (every language when brand.json itself is broken).
 */
async function contentProblems(dir: string, brand: BrandFile | undefined): Promise<BrandProblem[]> {
  const problems: BrandProblem[] = [];
  const languages = contentLanguages(brand);
  for (const scan of [scanTerms, scanContent]) {
    try {
      await scan(dir, languages);
    } catch (err) {
      if (!(err instanceof ContentFileError)) throw err;
      problems.push({ file: display(err.file), pointer: '', reason: err.reason });
    }
  }
  return problems;
}

interface FolderResult {
  id: string;
  dir: string;
  brandFile: string;
  /** Set when brand.json is valid. */
  brand?: BrandFile;
  /** Set when catalog.json is valid. */
  catalog?: CatalogFile;
  /** The valid form overrides of forms/. */
  forms: Partial<Record<FormId, FormOverride>>;
  /** The valid voucher batches of vouchers/. */
  vouchers?: VoucherBatch[];
  /** Set when rates.json exists and is valid. */
  rates?: RatesFile;
  problems: BrandProblem[];
}

async function loadFolder(root: string, id: string): Promise<FolderResult | null> {
  const dir = path.join(root, id);
  const brandPath = path.join(dir, 'brand.json');
  if (!(await isFile(brandPath))) return null;
  const result: FolderResult = {
    id,
    dir,
    brandFile: display(brandPath),
    forms: {},
    problems: [],
  };
  const problems = result.problems;

  if (!BRAND_ID.test(id)) {
    problems.push({
      file: display(dir),
      pointer: '',
      reason: 'folder name (the brand id) must be kebab-case: lower-case letters, digits and -',
    });
  }

  const v = validators();
  const brand = await readJson(brandPath, problems);
  if (brand !== undefined && validate(v.brand, brand, result.brandFile, problems)) {
    result.brand = brand;
    problems.push(...(await brandProblems(brand, dir, result.brandFile)));
  }

  const catalogPath = path.join(dir, 'catalog.json');
  const catalogFile = display(catalogPath);
  const catalog = await readJson(catalogPath, problems);
  if (catalog !== undefined && validate(v.catalog, catalog, catalogFile, problems)) {
    result.catalog = catalog;
    problems.push(...(await catalogProblems(catalog, dir, catalogFile)));
    // A product delivered to an address needs the carrier's rules of the brand; one sold only
    // to agencies needs a brand that takes agencies.
    const noDelivery = result.brand !== undefined && !result.brand.delivery;
    const noAgencies = result.brand?.regrasDoNegocio.agencias === false;
    for (const [e, event] of catalog.events.entries()) {
      for (const [t, tipo] of event.tipo_produtos.entries()) {
        for (const [p, produto] of tipo.produtos.entries()) {
          const at = `/events/${e}/tipo_produtos/${t}/produtos/${p}`;
          if (noDelivery && produto.entrega) {
            problems.push({
              file: catalogFile,
              pointer: `${at}/entrega`,
              reason: `needs "delivery" in brand.json (${result.brandFile})`,
            });
          }
          if (noAgencies && produto.somenteAgencia) {
            problems.push({
              file: catalogFile,
              pointer: `${at}/somenteAgencia`,
              reason: `the brand takes no agencies (regrasDoNegocio.agencias is false in ${result.brandFile})`,
            });
          }
        }
      }
    }
  }
  result.forms = await loadFormOverrides(dir, problems);
  result.vouchers = await loadVoucherBatches(dir, result.catalog, problems);
  const rates = await loadRates(dir, problems);
  if (rates) result.rates = rates;
  return result;
}

/**
 * The form overrides of a brand: each `forms/<form>.json` must name a form, match
 * `schemas/form-override.schema.json`, use the form's fields, and merge into a form that compiles.
 */
async function loadFormOverrides(
  dir: string,
  problems: BrandProblem[],
): Promise<Partial<Record<FormId, FormOverride>>> {
  const formsDir = path.join(dir, 'forms');
  let names: string[];
  try {
    names = (await readdir(formsDir, { withFileTypes: true }))
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    problems.push({ file: display(formsDir), pointer: '', reason: fsReason(err) });
    return {};
  }
  const forms: Partial<Record<FormId, FormOverride>> = {};
  for (const name of names) {
    const filePath = path.join(formsDir, name);
    const file = display(filePath);
    const id = name.replace(/\.json$/, '');
    if (!name.endsWith('.json') || !isFormId(id)) {
      problems.push({
        file,
        pointer: '',
        reason: `not a form override: name it <form>.json with <form> one of ${FORM_IDS.join(', ')}`,
      });
      continue;
    }
    const data = await readJson(filePath, problems);
    if (data === undefined || !validate(validators().formOverride, data, file, problems)) continue;
    const found = checkFormOverride(id, data);
    for (const p of found) problems.push({ file, ...p });
    if (found.length === 0) forms[id] = data;
  }
  return forms;
}

/**
 * The brand's exchange rates (`rates.json`, optional), when the file exists and is valid
 * ({@link ratesProblems}); its problems go to `problems`.
 */
async function loadRates(dir: string, problems: BrandProblem[]): Promise<RatesFile | undefined> {
  const filePath = path.join(dir, 'rates.json');
  if (!(await isFile(filePath))) return undefined;
  const file = display(filePath);
  const data = await readJson(filePath, problems);
  if (data === undefined) return undefined;
  const found = ratesProblems(data, file);
  problems.push(...found);
  return found.length === 0 ? (data as RatesFile) : undefined;
}

/**
 * Every problem of a rates file's content (`file` names it in the problems): `$defs/RatesFile`,
 * one rate per currency, no date in the future (Sao Paulo calendar). `npm run rates` checks what
 * it would write with this before writing.
 */
export function ratesProblems(data: unknown, file: string): BrandProblem[] {
  const problems: BrandProblem[] = [];
  if (!validate(validators().rates, data, file, problems)) return problems;
  const today = shopWallClock(new Date()).date;
  const seen = new Set<string>();
  for (const [i, r] of data.cotacoes.entries()) {
    if (seen.has(r.moeda)) {
      problems.push({
        file,
        pointer: `/cotacoes/${i}/moeda`,
        reason: `${r.moeda} is listed twice`,
      });
    }
    seen.add(r.moeda);
    if (r.data > today) {
      problems.push({
        file,
        pointer: `/cotacoes/${i}/data`,
        reason: `${r.data} is in the future (today is ${today})`,
      });
    }
  }
  return problems;
}

/**
 * The voucher batches of a brand (`vouchers/<batch>.json`, an external partner's each): each
 * must match `$defs/VoucherBatchFile`; a locator is unique across the brand's batches, its
 * event and product are the catalogue's, and a dated voucher has no validity range.
 */
async function loadVoucherBatches(
  dir: string,
  catalog: CatalogFile | undefined,
  problems: BrandProblem[],
): Promise<VoucherBatch[]> {
  const vouchersDir = path.join(dir, 'vouchers');
  let names: string[];
  try {
    names = (await readdir(vouchersDir, { withFileTypes: true }))
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    problems.push({ file: display(vouchersDir), pointer: '', reason: fsReason(err) });
    return [];
  }
  const batches: VoucherBatch[] = [];
  const seen = new Map<string, string>();
  for (const name of names) {
    const filePath = path.join(vouchersDir, name);
    const file = display(filePath);
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*\.json$/.test(name)) {
      problems.push({ file, pointer: '', reason: 'not a voucher batch: name it <batch>.json' });
      continue;
    }
    const data = await readJson(filePath, problems);
    if (data === undefined || !validate(validators().voucherBatch, data, file, problems)) continue;
    const before = problems.length;
    for (const [i, v] of data.vouchers.entries()) {
      const vp = `/vouchers/${i}`;
      const first = seen.get(v.localizador);
      if (first !== undefined) {
        problems.push({
          file,
          pointer: `${vp}/localizador`,
          reason: `duplicate localizador ${v.localizador} (also in ${first})`,
        });
      } else seen.set(v.localizador, `${file} at ${vp}`);
      if (v.sessao && (v.validoDe || v.validoAte)) {
        problems.push({
          file,
          pointer: `${vp}/sessao`,
          reason: 'a dated voucher (sessao) has no validoDe/validoAte: leave out one or the other',
        });
      }
      if (v.validoDe && v.validoAte && v.validoDe > v.validoAte) {
        problems.push({
          file,
          pointer: `${vp}/validoAte`,
          reason: `must be >= validoDe (${v.validoDe})`,
        });
      }
      if (!catalog) continue;
      const event = catalog.events.find((e) => e.idevento === v.idevento);
      if (!event) {
        problems.push({
          file,
          pointer: `${vp}/idevento`,
          reason: `no event ${v.idevento} in catalog.json`,
        });
      } else if (
        !event.tipo_produtos.some((t) => t.produtos.some((p) => p.idproduto === v.idproduto))
      ) {
        problems.push({
          file,
          pointer: `${vp}/idproduto`,
          reason: `no product ${v.idproduto} in event ${v.idevento} of catalog.json`,
        });
      }
    }
    if (problems.length === before) batches.push({ ...data, lote: name.replace(/\.json$/, '') });
  }
  return batches;
}

// ---------------------------------------------------------------------------------------------
// Checks a JSON Schema cannot express

async function brandProblems(b: BrandFile, dir: string, file: string): Promise<BrandProblem[]> {
  const problems: BrandProblem[] = [];
  const at = (pointer: string, reason: string) => problems.push({ file, pointer, reason });

  if (!b.locales.includes(b.defaultLocale)) {
    at('/defaultLocale', `must be one of locales (${b.locales.join(', ')})`);
  }
  // ALTCHA needs no key; reCAPTCHA cannot work without its public site key.
  if (b.captcha.provider === 'recaptcha' && b.captcha.siteKey.trim() === '') {
    at('/captcha/siteKey', 'must not be empty when the provider is recaptcha');
  }
  if (b.regrasDoNegocio.idagencia === b.regrasDoNegocio.idagenciaaguardando) {
    at('/regrasDoNegocio/idagenciaaguardando', 'must differ from idagencia');
  }
  const seen = new Map<string, number>();
  b.hosts.forEach((h, i) => {
    const first = seen.get(h.toLowerCase());
    if (first === undefined) seen.set(h.toLowerCase(), i);
    else at(`/hosts/${i}`, `duplicate host "${h}" (also at /hosts/${first})`);
  });
  if (!isCents(b.payments.minInstallmentValue)) {
    at('/payments/minInstallmentValue', 'must have at most two decimals');
  }
  const { interestFreeInstallments: free, monthlyInterestRate: rate } = b.payments;
  if (rate !== undefined && !isCents(rate)) {
    at('/payments/monthlyInterestRate', 'must have at most two decimals');
  }
  if (free !== undefined && rate === undefined) {
    at('/payments/interestFreeInstallments', 'needs monthlyInterestRate (without it all are free)');
  }
  if (free !== undefined && free > b.payments.maxInstallments) {
    at(
      '/payments/interestFreeInstallments',
      `must be <= maxInstallments (${b.payments.maxInstallments})`,
    );
  }
  if (b.delivery) {
    if (!isCents(b.delivery.fee)) at('/delivery/fee', 'must have at most two decimals');
    const stateAt = new Map<string, string>();
    b.delivery.regions?.forEach((r, i) => {
      if (!isCents(r.fee)) at(`/delivery/regions/${i}/fee`, 'must have at most two decimals');
      r.states.forEach((uf, j) => {
        const first = stateAt.get(uf);
        if (first) at(`/delivery/regions/${i}/states/${j}`, `state ${uf} is also at ${first}`);
        else stateAt.set(uf, `/delivery/regions/${i}/states/${j}`);
      });
    });
  }
  const methods = b.payments.methods;
  if (methods && !methods.card?.enabled && !methods.boleto?.enabled && !methods.pix?.enabled) {
    at('/payments/methods', 'at least one payment method must be enabled');
  }
  if (methods?.pix) {
    if (!isValidPixKey(methods.pix.key)) {
      at(
        '/payments/methods/pix/key',
        'not a Pix key (CPF or CNPJ digits, lower-case e-mail, +55 mobile or random key)',
      );
    }
    if (sanitizePixText(methods.pix.merchantName, 25) === '') {
      at('/payments/methods/pix/merchantName', 'has no letter or digit a Pix code can carry');
    }
    if (sanitizePixText(methods.pix.merchantCity, 15) === '') {
      at('/payments/methods/pix/merchantCity', 'has no letter or digit a Pix code can carry');
    }
  }
  if (b.support.openingHours) {
    for (const [pointer, reason] of openingHoursProblems(b.support.openingHours)) {
      at(`/support/openingHours${pointer}`, reason);
    }
  }
  if (b.support.chatWidget) {
    for (const [pointer, reason] of chatWidgetProblems(b.support.chatWidget)) {
      at(`/support/chatWidget${pointer}`, reason);
    }
  }
  const assets: [string, string][] = [
    ['/favicon', b.favicon],
    ['/logos/header', b.logos.header],
    ['/logos/footer', b.logos.footer],
  ];
  for (const [pointer, url] of assets) {
    const reason = await missingAsset(dir, url);
    if (reason) at(pointer, reason);
  }
  return problems;
}

async function catalogProblems(c: CatalogFile, dir: string, file: string): Promise<BrandProblem[]> {
  const problems: BrandProblem[] = [];
  const at = (pointer: string, reason: string) => problems.push({ file, pointer, reason });
  const ids = {
    idevento: new Map<number, string>(),
    idtipo: new Map<number, string>(),
    idproduto: new Map<number, string>(),
  };
  const unique = (kind: keyof typeof ids, id: number, pointer: string) => {
    const first = ids[kind].get(id);
    if (first === undefined) ids[kind].set(id, pointer);
    else at(`${pointer}/${kind}`, `duplicate ${kind} ${id} (also at ${first})`);
  };

  for (const [e, event] of c.events.entries()) {
    const ep = `/events/${e}`;
    unique('idevento', event.idevento, ep);
    const reason = await missingAsset(dir, event.imagem);
    if (reason) at(`${ep}/imagem`, reason);
    for (const [pointer, r] of scheduleProblems(event.schedule)) at(`${ep}/schedule${pointer}`, r);
    const limite = event.limitePorPessoa;
    if (limite?.porSessao && limite.porEvento && limite.porSessao > limite.porEvento) {
      at(`${ep}/limitePorPessoa/porSessao`, `must be <= porEvento (${limite.porEvento})`);
    }

    for (const [t, tipo] of event.tipo_produtos.entries()) {
      const tp = `${ep}/tipo_produtos/${t}`;
      unique('idtipo', tipo.idtipo, tp);
      for (const [p, produto] of tipo.produtos.entries()) {
        const pp = `${tp}/produtos/${p}`;
        unique('idproduto', produto.idproduto, pp);
        if (!isCents(produto.preco)) at(`${pp}/preco`, 'must have at most two decimals');
        if (!isCents(produto.taxa)) at(`${pp}/taxa`, 'must have at most two decimals');
        if (produto.block_qtd > produto.capacidade) {
          at(`${pp}/block_qtd`, `must be <= capacidade (${produto.capacidade})`);
        }
      }
    }
    if (event.blocos) for (const [p, r] of blockProblems(event, ep)) at(`${ep}${p}`, r);
  }
  problems.push(...offerProblems(c, file));
  return problems;
}

/** An event's blocks: ids unique, each block's products the event's, every product in a block. */
function blockProblems(event: CatalogEvent, ep: string): [string, string][] {
  const problems: [string, string][] = [];
  const products = new Map(
    event.tipo_produtos.flatMap((tipo, t) =>
      tipo.produtos.map((p, i) => [p.idproduto, `/tipo_produtos/${t}/produtos/${i}`] as const),
    ),
  );
  const seen = new Map<number, number>();
  const sold = new Set<number>();
  for (const [b, bloco] of (event.blocos ?? []).entries()) {
    const first = seen.get(bloco.idbloco);
    if (first !== undefined) {
      problems.push([
        `/blocos/${b}/idbloco`,
        `duplicate idbloco ${bloco.idbloco} (also at ${ep}/blocos/${first})`,
      ]);
    } else seen.set(bloco.idbloco, b);
    for (const [i, id] of (bloco.produtos ?? [...products.keys()]).entries()) {
      if (products.has(id)) sold.add(id);
      else problems.push([`/blocos/${b}/produtos/${i}`, `no product ${id} in this event`]);
    }
  }
  for (const [id, pointer] of products) {
    if (!sold.has(id)) problems.push([`${pointer}/idproduto`, `product ${id} is in no block`]);
  }
  return problems;
}

/** Coupons and combos must name events and products of the catalogue and make sense. */
function offerProblems(c: CatalogFile, file: string): BrandProblem[] {
  const problems: BrandProblem[] = [];
  const at = (pointer: string, reason: string) => problems.push({ file, pointer, reason });
  const events = new Map(c.events.map((e) => [e.idevento, e]));
  const productsOf = (idevento: number | undefined) =>
    new Map(
      c.events
        .filter((e) => idevento === undefined || e.idevento === idevento)
        .flatMap((e) => e.tipo_produtos.flatMap((t) => t.produtos.map((p) => [p.idproduto, p]))),
    );
  const codes = new Map<string, number>();
  for (const [i, cupom] of (c.cupons ?? []).entries()) {
    const cp = `/cupons/${i}`;
    const key = cupom.codigo.toUpperCase();
    const first = codes.get(key);
    if (first !== undefined) at(`${cp}/codigo`, `duplicate codigo (also at /cupons/${first})`);
    else codes.set(key, i);
    if (cupom.idevento !== undefined && !events.has(cupom.idevento)) {
      at(`${cp}/idevento`, `no event ${cupom.idevento} in events`);
    }
    const products = productsOf(cupom.idevento);
    for (const [j, id] of (cupom.idprodutos ?? []).entries()) {
      if (!products.has(id)) at(`${cp}/idprodutos/${j}`, `no product ${id} in that event`);
    }
    if (cupom.tipo === 'percentual' && cupom.valor > 100) at(`${cp}/valor`, 'must be <= 100 (%)');
    if (cupom.tipo === 'valor' && !isCents(cupom.valor)) {
      at(`${cp}/valor`, 'must have at most two decimals');
    }
    if (
      cupom.validoDe &&
      cupom.validoAte &&
      Date.parse(cupom.validoDe) >= Date.parse(cupom.validoAte)
    ) {
      at(`${cp}/validoAte`, 'must be after validoDe');
    }
  }
  const combos = new Map<number, number>();
  for (const [i, combo] of (c.combos ?? []).entries()) {
    const cp = `/combos/${i}`;
    const first = combos.get(combo.idcombo);
    if (first !== undefined) at(`${cp}/idcombo`, `duplicate idcombo (also at /combos/${first})`);
    else combos.set(combo.idcombo, i);
    if (!events.has(combo.idevento)) {
      at(`${cp}/idevento`, `no event ${combo.idevento} in events`);
      continue;
    }
    const products = productsOf(combo.idevento);
    let full = 0;
    let known = true;
    for (const [j, item] of combo.itens.entries()) {
      const product = products.get(item.idproduto);
      if (product) full += Math.round(product.preco * 100) * item.qtd;
      else {
        known = false;
        at(`${cp}/itens/${j}/idproduto`, `no product ${item.idproduto} in that event`);
      }
    }
    if (!isCents(combo.preco)) at(`${cp}/preco`, 'must have at most two decimals');
    else if (known && Math.round(combo.preco * 100) >= full) {
      at(`${cp}/preco`, `must be less than the products' own prices together (${full / 100})`);
    }
  }
  return problems;
}

function scheduleProblems(s: CatalogSchedule): [string, string][] {
  if (s.kind === 'daily') return [];
  const seen = new Map<string, number>();
  const problems: [string, string][] = [];
  s.sessions.forEach((session, i) => {
    const key = `${session.offsetDays} ${session.time}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push([
        `/sessions/${i}`,
        `duplicate session (same day and time as /sessions/${first})`,
      ]);
    }
    seen.set(key, first ?? i);
  });
  return problems;
}

function crossBrandProblems(folders: FolderResult[]): BrandProblem[] {
  const problems: BrandProblem[] = [];
  const valid = folders.filter((f) => f.brand !== undefined);
  const defaults = valid.filter((f) => f.brand!.default === true);
  if (defaults.length > 1) {
    for (const f of defaults) {
      const others = defaults.filter((o) => o !== f).map((o) => o.brandFile);
      problems.push({
        file: f.brandFile,
        pointer: '/default',
        reason: `only one brand may be the default; also default: ${others.join(', ')}`,
      });
    }
  }
  const owner = new Map<string, string>();
  for (const f of valid) {
    f.brand!.hosts.forEach((h, i) => {
      const key = h.toLowerCase();
      const first = owner.get(key);
      if (first === undefined) owner.set(key, f.brandFile);
      else if (first !== f.brandFile) {
        problems.push({
          file: f.brandFile,
          pointer: `/hosts/${i}`,
          reason: `host "${h}" is already claimed by ${first}`,
        });
      }
    });
  }
  return problems;
}

/** Money is reais with cents: at most two decimals. */
function isCents(n: number): boolean {
  return Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
}

async function missingAsset(dir: string, urlOrPath: string): Promise<string | null> {
  const file = brandAssetFile({ dir }, urlOrPath);
  if (file === null) return 'must name a file inside the assets/ folder';
  return (await isFile(file)) ? null : `file not found: ${display(file)}`;
}

// ---------------------------------------------------------------------------------------------
// Files and JSON

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function readJson(file: string, problems: BrandProblem[]): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    problems.push({ file: display(file), pointer: '', reason: fsReason(err) });
    return undefined;
  }
  text = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(text);
  } catch (err) {
    problems.push({ file: display(file), pointer: '', reason: jsonReason(err, text) });
    return undefined;
  }
}

function fsReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'file or folder not found';
  if (code === 'ENOTDIR') return 'not a folder';
  return `cannot be read (${code ?? String(err)})`;
}

function jsonReason(err: unknown, text: string): string {
  const at = syntaxErrorOffset(text);
  if (at === null) {
    return `invalid JSON: ${String(err instanceof Error ? err.message : err).split('\n')[0]}`;
  }
  const what = at >= text.length ? 'end of file' : JSON.stringify(text[at]);
  const before = text.slice(0, at).split('\n');
  return `invalid JSON: unexpected ${what} at line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

const JSON_SPACE = /[ \t\n\r]*/y;
// \p{Cc} is a little stricter than JSON (it also refuses U+007F-U+009F): only an error is located.
const JSON_STRING = /"(?:[^"\\\p{Cc}]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/uy;
const JSON_LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/**
 * Offset of the first JSON syntax error (JSON.parse does not give one on every Node version),
 * or null when the text scans as JSON.
 */
function syntaxErrorOffset(text: string): number | null {
  let i = 0;
  const token = (re: RegExp) => {
    re.lastIndex = i;
    const m = re.exec(text);
    if (m) i += m[0].length;
    return m !== null;
  };
  const punct = (ch: string) => {
    token(JSON_SPACE);
    if (text[i] !== ch) return false;
    i++;
    return true;
  };
  const value = (): boolean => {
    token(JSON_SPACE);
    if (punct('{')) {
      if (punct('}')) return true;
      do {
        token(JSON_SPACE);
        if (!token(JSON_STRING) || !punct(':') || !value()) return false;
      } while (punct(','));
      return punct('}');
    }
    if (punct('[')) {
      if (punct(']')) return true;
      do {
        if (!value()) return false;
      } while (punct(','));
      return punct(']');
    }
    return token(JSON_STRING) || token(JSON_LITERAL);
  };
  if (!value()) return i;
  token(JSON_SPACE);
  return i < text.length ? i : null;
}

/** Relative to the working directory when inside it (what an operator typed), else absolute. */
export function display(file: string): string {
  const rel = path.relative(process.cwd(), file);
  const shown = rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
  return shown.split(path.sep).join('/');
}

// ---------------------------------------------------------------------------------------------
// Schema validation with readable errors

interface Validators {
  brand: ValidateFunction<BrandFile>;
  catalog: ValidateFunction<CatalogFile>;
  formOverride: ValidateFunction<FormOverride>;
  voucherBatch: ValidateFunction<VoucherBatchFile>;
  rates: ValidateFunction<RatesFile>;
}
let compiled: Validators | undefined;

function validators(): Validators {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true, discriminator: true });
  addFormats(ajv, ['email', 'regex', 'date-time']);
  ajv.addSchema(brandSchema);
  const def = <T>(name: string) => {
    const fn = ajv.getSchema<T>(`${brandSchema.$id}#/$defs/${name}`);
    if (!fn) throw new Error(`brand schema has no $defs/${name}`);
    return fn as ValidateFunction<T>;
  };
  compiled = {
    brand: def<BrandFile>('BrandFile'),
    catalog: def<CatalogFile>('CatalogFile'),
    formOverride: ajv.compile<FormOverride>(formOverrideSchema),
    voucherBatch: def<VoucherBatchFile>('VoucherBatchFile'),
    rates: def<RatesFile>('RatesFile'),
  };
  return compiled;
}

function validate<T>(
  fn: ValidateFunction<T>,
  data: unknown,
  file: string,
  problems: BrandProblem[],
): data is T {
  if (fn(data)) return true;
  for (const e of fn.errors ?? []) {
    // The tag's own enum already reports an unknown tag value.
    if (e.keyword === 'discriminator' && (e.params as { error?: string }).error === 'mapping')
      continue;
    problems.push({ file, ...explain(e) });
  }
  return false;
}

function explain(e: ErrorObject): { pointer: string; reason: string } {
  const params = e.params as Record<string, unknown>;
  const got = ` (got ${show(e.data)})`;
  switch (e.keyword) {
    case 'required':
      return { pointer: child(e.instancePath, params.missingProperty), reason: 'is required' };
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const known = Object.keys((e.parentSchema?.properties as object | undefined) ?? {});
      const near = closest(name, known);
      return {
        pointer: child(e.instancePath, name),
        reason: `is not an allowed property${near ? ` (did you mean "${near}"?)` : ''}`,
      };
    }
    case 'enum':
      return {
        pointer: e.instancePath,
        reason: `must be one of ${(params.allowedValues as unknown[]).map(show).join(', ')}${got}`,
      };
    case 'const':
      return { pointer: e.instancePath, reason: `must be ${show(params.allowedValue)}${got}` };
    case 'pattern': {
      const what = e.parentSchema?.description;
      return {
        pointer: e.instancePath,
        reason: `${typeof what === 'string' ? `must be ${what}` : e.message}${got}`,
      };
    }
    default:
      return { pointer: e.instancePath, reason: `${e.message}${isScalar(e.data) ? got : ''}` };
  }
}

function child(pointer: string, name: unknown): string {
  return `${pointer}/${String(name).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

function isScalar(v: unknown): boolean {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v);
}

function show(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  if (v !== null && typeof v === 'object') return 'an object';
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  return String(v);
}

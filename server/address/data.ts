/**
 * The bundled data of the address lookups, loaded on first use and then kept in memory:
 * countries (ISO 3166-1 codes from i18n-iso-countries; names from the runtime's CLDR data,
 * which has Brazilian Portuguese, else the package's own) and Brazil's states and
 * municipalities with their IBGE codes (@brazilian-utils/brazilian-utils, offline IBGE data).
 * Nothing is fetched from the network.
 */
import { createRequire } from 'node:module';
import type { EnderecoCidade, EnderecoEstado, EnderecoPais, Locale } from '#schemas/contract.ts';
import { LOCALES } from '#schemas/contract.ts';

const require = createRequire(import.meta.url);

/** The language of the package's name files for each locale. */
const PACKAGE_LANG: Record<Locale, string> = { 'pt-BR': 'pt', 'es-ES': 'es', 'en-US': 'en' };

/** The subset of i18n-iso-countries this module uses (its CommonJS core, no locale bundled). */
interface IsoCountries {
  registerLocale(data: { locale: string; countries: Record<string, string | string[]> }): void;
  getAlpha2Codes(): Record<string, string>;
  getName(code: string, lang: string, opts?: { select: 'official' }): string | undefined;
  toAlpha2(code: string | number): string | undefined;
}

/** Countries, each locale's list sorted by name in that locale. */
export interface CountryData {
  byLocale: ReadonlyMap<Locale, readonly EnderecoPais[]>;
  /** An alpha-2, alpha-3 or numeric code → its alpha-2 code, or undefined. */
  toAlpha2(code: string): string | undefined;
}

/** Brazil's states and municipalities. */
export interface BrazilData {
  /** The 27 UFs, sorted by name. */
  states: readonly EnderecoEstado[];
  /** A state by its sigla (upper case) or its IBGE code as a string. */
  stateByKey: ReadonlyMap<string, EnderecoEstado & { regiao: string }>;
  /** A UF's municipalities, sorted by name. */
  citiesByUf: ReadonlyMap<string, readonly EnderecoCidade[]>;
  /** A municipality by its IBGE code. */
  cityByIbge: ReadonlyMap<number, { nome: string; uf: string }>;
}

/** Time and memory the first load of a data set took (reported in the log and the README). */
export interface LoadStats {
  ms: number;
  heapBytes: number;
}

/** Calls `load` once; a failed load is retried on the next call instead of being cached. */
function lazy<T>(name: string, load: () => Promise<T>) {
  let pending: Promise<T> | null = null;
  const stats: { value: LoadStats | null } = { value: null };
  const get = (): Promise<T> => {
    if (!pending) {
      const started = performance.now();
      const heapBefore = process.memoryUsage().heapUsed;
      pending = load().then(
        (value) => {
          stats.value = {
            ms: Math.round(performance.now() - started),
            heapBytes: process.memoryUsage().heapUsed - heapBefore,
          };
          return value;
        },
        (err: unknown) => {
          pending = null;
          throw new Error(`loading ${name} failed`, { cause: err });
        },
      );
    }
    return pending;
  };
  return { get, stats: () => stats.value };
}

function runtimeNames(locale: Locale): Intl.DisplayNames | null {
  // A Node built with small-icu has only English: its pt and es names would be English ones.
  if (Intl.DisplayNames.supportedLocalesOf([locale]).length === 0) return null;
  return new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
}

async function loadCountries(): Promise<CountryData> {
  const iso = require('i18n-iso-countries/index.js') as IsoCountries;
  for (const locale of LOCALES) {
    iso.registerLocale(require(`i18n-iso-countries/langs/${PACKAGE_LANG[locale]}.json`));
  }
  const codes = Object.keys(iso.getAlpha2Codes());
  const byLocale = new Map<Locale, EnderecoPais[]>();
  for (const locale of LOCALES) {
    const cldr = runtimeNames(locale);
    const collator = new Intl.Collator(locale);
    const list = codes.map((sigla) => ({
      sigla,
      // CLDR's names are the ones people use ("Irã", "Vietnã" in Brazil; "Irão" is Portugal's).
      nome:
        cldr?.of(sigla) ??
        iso.getName(sigla, PACKAGE_LANG[locale], { select: 'official' }) ??
        sigla,
    }));
    list.sort((a, b) => collator.compare(a.nome, b.nome));
    byLocale.set(locale, list);
  }
  const known = new Set(codes);
  return {
    byLocale,
    toAlpha2: (code) => {
      // The package upper-cases any two letters, known or not ('XX').
      const a2 = iso.toAlpha2(code);
      return a2 && known.has(a2) ? a2 : undefined;
    },
  };
}

async function loadBrazil(): Promise<BrazilData> {
  const [{ getStates }, { getMunicipalities }] = await Promise.all([
    import('@brazilian-utils/brazilian-utils/get-states'),
    import('@brazilian-utils/brazilian-utils/get-municipalities'),
  ]);
  const collator = new Intl.Collator('pt-BR');
  const byName = (a: { nome: string }, b: { nome: string }) => collator.compare(a.nome, b.nome);

  const stateByKey = new Map<string, EnderecoEstado & { regiao: string }>();
  const states: EnderecoEstado[] = [];
  for (const s of getStates()) {
    const state = { sigla: s.code, nome: s.name, ibge: s.ibgeCode };
    states.push(state);
    const withRegion = { ...state, regiao: s.regionName };
    stateByKey.set(s.code, withRegion);
    stateByKey.set(String(s.ibgeCode), withRegion);
  }
  states.sort(byName);

  const citiesByUf = new Map<string, EnderecoCidade[]>(states.map((s) => [s.sigla, []]));
  const cityByIbge = new Map<number, { nome: string; uf: string }>();
  for (const m of getMunicipalities()) {
    const ibge = Number(m.code);
    citiesByUf.get(m.stateCode)?.push({ nome: m.name, ibge });
    cityByIbge.set(ibge, { nome: m.name, uf: m.stateCode });
  }
  for (const list of citiesByUf.values()) list.sort(byName);
  return { states, stateByKey, citiesByUf, cityByIbge };
}

const countries = lazy('countries', loadCountries);
const brazil = lazy('Brazilian states and municipalities', loadBrazil);

/** The countries (loaded on first call). */
export const countryData = (): Promise<CountryData> => countries.get();
/** Brazil's states and municipalities (loaded on first call). */
export const brazilData = (): Promise<BrazilData> => brazil.get();

/** How long each data set's first load took and the heap it added (null until loaded). */
export function addressLoadStats(): { countries: LoadStats | null; brazil: LoadStats | null } {
  return { countries: countries.stats(), brazil: brazil.stats() };
}

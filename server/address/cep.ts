/**
 * Postal-code (CEP) lookups in ViaCEP's shape: a configured ViaCEP-compatible service when there
 * is one, the bundled addresses of data/ceps.json otherwise, and when the service fails or does
 * not know the CEP. The service's answer is reduced to ViaCEP's string fields, so whatever it
 * sends, the storefront gets the contract's shape.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { CepEndereco, CepResult } from '#schemas/contract.ts';
import { brazilData } from './data';

/** The fields of a ViaCEP address, in its order. */
const FIELDS = [
  'cep',
  'logradouro',
  'complemento',
  'unidade',
  'bairro',
  'localidade',
  'uf',
  'estado',
  'regiao',
  'ibge',
  'gia',
  'ddd',
  'siafi',
] as const satisfies readonly (keyof CepEndereco)[];

/** A service answer larger than this is not an address. */
const MAX_SERVICE_BODY = 64 * 1024;

/** Where a CEP's answer came from. */
export type CepSource = 'service' | 'bundled';

/** The eight digits of a CEP written `01310-100` or `01310100`, or null when it is not one. */
export function cepDigits(raw: string): string | null {
  const digits = raw.replaceAll('-', '');
  return /^\d{8}$/.test(digits) ? digits : null;
}

/** `01310100` → `01310-100`. */
export const formatCep = (digits: string): string => `${digits.slice(0, 5)}-${digits.slice(5)}`;

/** An object's ViaCEP fields as strings (missing or non-text ones empty). */
function toEndereco(src: Record<string, unknown>, digits: string): CepEndereco {
  const out = {} as CepEndereco;
  for (const f of FIELDS) {
    const v = src[f];
    out[f] = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
  }
  out.cep = formatCep(digits);
  return out;
}

let bundled: Promise<ReadonlyMap<string, CepEndereco>> | null = null;

async function loadBundled(): Promise<ReadonlyMap<string, CepEndereco>> {
  const file = new URL('./data/ceps.json', import.meta.url);
  const json = JSON.parse(await readFile(file, 'utf8')) as { enderecos: Record<string, string>[] };
  const { stateByKey } = await brazilData();
  const map = new Map<string, CepEndereco>();
  for (const e of json.enderecos) {
    const digits = cepDigits(e.cep ?? '');
    if (!digits) throw new Error(`server/address/data/ceps.json: bad cep ${JSON.stringify(e.cep)}`);
    const state = stateByKey.get(e.uf ?? '');
    map.set(
      digits,
      toEndereco({ ...e, estado: state?.nome ?? '', regiao: state?.regiao ?? '' }, digits),
    );
  }
  return map;
}

/** The bundled addresses by their eight digits (read once). */
export function bundledCeps(): Promise<ReadonlyMap<string, CepEndereco>> {
  if (!bundled) {
    bundled = loadBundled().catch((err: unknown) => {
      bundled = null;
      throw err;
    });
  }
  return bundled;
}

/** How CEPs are looked up. */
export interface CepLookupOptions {
  /** Base URL of a ViaCEP-compatible service (`${url}/ws/{cep}/json/`); none: bundled data only. */
  serviceUrl: string | undefined;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/** The service's answer: an address, a miss (`erro`), or null when it failed. */
async function askService(
  digits: string,
  url: string,
  timeoutMs: number,
  log: FastifyBaseLogger,
): Promise<CepResult | null> {
  try {
    const res = await fetch(`${url.replace(/\/+$/, '')}/ws/${digits}/json/`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    if (text.length > MAX_SERVICE_BODY) throw new Error('answer too large');
    const body = JSON.parse(text) as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
    const obj = body as Record<string, unknown>;
    // ViaCEP has answered both `true` and `"true"` for an unknown CEP.
    if (obj.erro === true || obj.erro === 'true') return { erro: true };
    if (typeof obj.cep !== 'string' || cepDigits(obj.cep) !== digits) {
      throw new Error('answer is not this CEP');
    }
    return toEndereco(obj, digits);
  } catch (err) {
    log.warn({ err, cep: digits }, 'CEP service failed; answering from bundled data');
    return null;
  }
}

/** Looks a CEP up (eight digits): the service first when one is set, then the bundled data. */
export async function lookupCep(
  digits: string,
  opts: CepLookupOptions,
): Promise<{ result: CepResult; source: CepSource }> {
  if (opts.serviceUrl) {
    const answer = await askService(digits, opts.serviceUrl, opts.timeoutMs, opts.log);
    if (answer && !('erro' in answer)) return { result: answer, source: 'service' };
  }
  // A miss of the service may still be one of the demo's own addresses.
  const hit = (await bundledCeps()).get(digits);
  return { result: hit ? { ...hit } : { erro: true }, source: 'bundled' };
}

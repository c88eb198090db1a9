/**
 * The address lookups of spec §7, served by this server so they work offline:
 * `GET /BuscaEnderecos/paises`, `/BuscaEnderecos/estados/{pais}`,
 * `/BuscaEnderecos/cidades/{estado}` and `GET /ws/{cep}/json/`, each with `lang`. Every answer is
 * the envelope (`{ result }`, the CEP's result in ViaCEP's shape), so the storefront's client
 * reads them like any other call. Public data: the answers may be cached for a day.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CepResult, EnderecoCidade, EnderecoEstado, EnderecoPais } from '#schemas/contract.ts';
import { badParams, generic } from '#server/errors.ts';
import { cepDigits, lookupCep } from './cep';
import { brazilData, countryData } from './data';

/** Options of the address routes (defaults from the environment). */
export interface AddressOptions {
  /** A ViaCEP-compatible service's base URL; default `CEP_SERVICE_URL`; none: bundled data. */
  cepServiceUrl?: string | undefined;
  /** How long to wait for that service; default `CEP_SERVICE_TIMEOUT_MS` or 3000. */
  cepTimeoutMs?: number | undefined;
}

const DAY = 86_400;
/** An unknown CEP may become known: its miss is kept for an hour only. */
const HOUR = 3_600;

/** The service URL, checked at start so a typo stops the server instead of every lookup. */
function serviceUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`CEP_SERVICE_URL is not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`CEP_SERVICE_URL must be http(s): ${JSON.stringify(value)}`);
  }
  return value;
}

function timeout(value: number | string | undefined): number {
  if (value === undefined || value === '') return 3_000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 60_000) {
    throw new Error(`CEP_SERVICE_TIMEOUT_MS must be 1..60000 ms: ${JSON.stringify(value)}`);
  }
  return n;
}

/**
 * Opts in to caching (the API's default is not to). An answer to a request that carried a token
 * echoes that token (plugins/context.ts): no shared cache may keep it, and the browser's cache
 * must not give it to a request with another token or none, whose session it would end or
 * revive; hence `private` then, and `Vary: Authorization` always.
 */
function cacheFor(req: FastifyRequest, reply: FastifyReply, seconds: number): void {
  const scope = req.headers.authorization ? 'private' : 'public';
  reply.header('Cache-Control', `${scope}, max-age=${seconds}`);
  reply.header('Vary', 'Authorization');
}

const notFound = () => generic('error.notFound');

/** The address lookup routes. */
export const addressRoutes: FastifyPluginAsync<AddressOptions> = async (app, opts) => {
  const cepService = serviceUrl(
    'cepServiceUrl' in opts ? opts.cepServiceUrl : process.env.CEP_SERVICE_URL,
  );
  const timeoutMs = timeout(opts.cepTimeoutMs ?? process.env.CEP_SERVICE_TIMEOUT_MS);

  app.get('/BuscaEnderecos/paises', async (req, reply) => {
    const { byLocale } = await countryData();
    const result: readonly EnderecoPais[] = byLocale.get(req.locale) ?? [];
    cacheFor(req, reply, DAY);
    return { result };
  });

  app.get<{ Params: { pais: string } }>('/BuscaEnderecos/estados/:pais', async (req, reply) => {
    const { pais } = req.params;
    if (!/^(?:[A-Za-z]{2,3}|\d{1,3})$/.test(pais)) throw badParams();
    const sigla = (await countryData()).toAlpha2(pais);
    if (!sigla) throw notFound();
    // Only Brazil's states are bundled; elsewhere the form takes the state as free text.
    const result: readonly EnderecoEstado[] = sigla === 'BR' ? (await brazilData()).states : [];
    cacheFor(req, reply, DAY);
    return { result };
  });

  app.get<{ Params: { estado: string } }>('/BuscaEnderecos/cidades/:estado', async (req, reply) => {
    const { estado } = req.params;
    if (!/^(?:[A-Za-z]{2}|\d{2})$/.test(estado)) throw badParams();
    const data = await brazilData();
    const state = data.stateByKey.get(estado.toUpperCase());
    if (!state) throw notFound();
    const result: readonly EnderecoCidade[] = data.citiesByUf.get(state.sigla) ?? [];
    cacheFor(req, reply, DAY);
    return { result };
  });

  app.get<{ Params: { cep: string } }>('/ws/:cep/json', async (req, reply) => {
    const digits = cepDigits(req.params.cep);
    if (!digits) throw badParams();
    const { result } = await lookupCep(digits, {
      serviceUrl: cepService,
      timeoutMs,
      log: req.log,
    });
    cacheFor(req, reply, 'erro' in result ? HOUR : DAY);
    const body: { result: CepResult } = { result };
    return body;
  });
};

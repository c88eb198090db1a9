/**
 * The edge: rules every request meets before any route sees it, so a whole class of bad input is
 * refused in one place for every route, present and future, without knowing them.
 *
 * - Text: a string with U+0000 (PostgreSQL refuses NUL in text, which surfaced as a 500) or an
 *   unpaired UTF-16 surrogate (not text at all; the drivers would store it silently as U+FFFD),
 *   anywhere in the query, the path parameters or the JSON body (keys included), is bad input:
 *   code 0 'error.badParams'. So are a body nested deeper than {@link MAX_BODY_DEPTH} and
 *   any key that is one of Object.prototype's own names (`__proto__`, `constructor`, `toString`,
 *   `valueOf`, ...: prototype-keys.ts), in a body, query or path: such a key poisons a prototype
 *   or shadows a method a deep equality calls (a 500 in the forms' confirmation checks). A page a
 *   browser navigates to may take over the check of its query and path ({@link EdgeRouteConfig}).
 * - Repeated query parameters: the LAST value wins, for every route (`?status=PA&status=RE` reads
 *   `status=RE`). That is what the PHP API this one mirrors did (`$_GET` keeps the last value), so
 *   an old client keeps working, and no route ever sees an array where it reads a string. The
 *   parser never throws: a malformed escape in the query decodes to U+FFFD.
 * - Bad URLs: a path the router cannot percent-decode, or a path parameter over the router's
 *   length limit, answers the error envelope (HTTP 200, code 0 'error.badParams', like any bad
 *   input) with the security headers, instead of Fastify's own 400/414 body.
 * - Requests Node's HTTP parser refuses (headers over 16 KiB, a malformed request line) never
 *   reach Fastify: {@link EdgeServerOptions.clientErrorHandler} writes the envelope with the
 *   security headers on the socket itself, with the real status (431, 400, 408), since the request
 *   was never read and the connection closes after it.
 * - Caching: an answer is `Cache-Control: no-store` unless its route set a Cache-Control of its
 *   own (static files, the brand's assets, index.html opt in that way), and always when the
 *   request carried an `Authorization` header, since that answer may carry a person's data.
 */
import type { Socket } from 'node:net';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import { brandForHost } from '#server/brands/select.ts';
import { badParams } from '#server/errors.ts';
import { parseLang, requestLocale, t } from '#server/i18n.ts';
import { errorBody } from './envelope';
import { shadowsPrototype } from './prototype-keys';
import { installSecurity } from './security';

/** What a route may tell the edge (`app.get(url, { config: { edge: {...} } }, handler)`). */
export interface EdgeRouteConfig {
  /**
   * `false`: the route checks the text of its query and path parameters itself, because an
   * envelope is the wrong answer there (a page a browser navigates to, such as an identity
   * provider's callback, answers bad input with a redirect). Such a route must then never hand
   * that text to the database unchecked. JSON bodies are checked all the same.
   */
  text?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See {@link EdgeRouteConfig}. */
    edge?: EdgeRouteConfig;
  }
}

/** How deep a JSON body may nest (the deepest contract payload is 3 levels). */
export const MAX_BODY_DEPTH = 32;

/** A lone high or low surrogate (a pair is fine). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string is text PostgreSQL can store as it is. */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/**
 * Whether a parsed JSON value (or a query/params object) is acceptable at the edge: every string
 * and key storable text, no key of Object.prototype's, nesting at most `maxDepth`. Iterative, so a
 * hostile depth cannot overflow the stack.
 */
export function isCleanInput(value: unknown, maxDepth = MAX_BODY_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return false;
    } else if (v !== null && typeof v === 'object') {
      if (depth >= maxDepth) return false;
      if (Array.isArray(v)) {
        for (const item of v) stack.push([item, depth + 1]);
      } else {
        for (const key of Object.keys(v)) {
          if (shadowsPrototype(key) || !isStorableText(key)) return false;
          stack.push([(v as Record<string, unknown>)[key], depth + 1]);
        }
      }
    }
  }
  return true;
}

/**
 * The query string parser of every route: `application/x-www-form-urlencoded` rules (`+` is a
 * space), the last of repeated names wins, never throws, no prototype.
 */
export function parseQuery(query: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(query)) out[name] = value;
  return out;
}

/** A route the app serves, as the edge saw it registered. */
export interface EdgeRoute {
  method: string;
  url: string;
}

const routesByApp = new WeakMap<FastifyInstance, EdgeRoute[]>();

/** Every route registered after {@link installEdge}, one entry per method. */
export function edgeRoutes(app: FastifyInstance): readonly EdgeRoute[] {
  return routesByApp.get(app) ?? [];
}

let headersOnce: Promise<Readonly<Record<string, string>>> | null = null;
/** The resolved {@link securityHeaders}, once {@link installEdge} has run. */
let knownHeaders: Readonly<Record<string, string>> = {};

/**
 * The security headers (helmet's and the CORS ones) an answer gets from the app's hooks, for
 * answers written where no hook runs. Taken from a throwaway instance set up by the same
 * {@link installSecurity}, so they cannot drift from the real ones.
 */
export function securityHeaders(): Promise<Readonly<Record<string, string>>> {
  headersOnce ??= (async () => {
    const probe = Fastify({ logger: false });
    await installSecurity(probe);
    probe.get('/', async () => ({}));
    const res = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (typeof value === 'string' && !PROBE_OWN_HEADERS.has(name)) out[name] = value;
    }
    knownHeaders = out;
    return out;
  })();
  return headersOnce;
}

/** Headers of the probe's own answer, which are not security headers. */
const PROBE_OWN_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'cache-control',
]);

/** The Fastify constructor options of the edge. */
export type EdgeServerOptions = Required<
  Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>
> & { routerOptions: { querystringParser: (query: string) => Record<string, string> } };

/**
 * The Fastify constructor options of the edge (spread them into `Fastify({...})`, merging
 * `routerOptions`), for the requests that fail before any hook runs; `brands` picks the language
 * of those answers. {@link installEdge} must run on the app too.
 */
export function edgeServerOptions(brands: readonly LoadedBrand[]): EdgeServerOptions {
  return {
    routerOptions: { querystringParser: parseQuery },

    // Fastify answers these itself, before any hook (so without helmet's headers): a path it
    // cannot percent-decode, a path parameter over maxParamLength, a failed async constraint.
    frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
      const url = req.raw.url ?? '/';
      const q = url.indexOf('?');
      const lang = q === -1 ? undefined : parseQuery(url.slice(q + 1)).lang;
      req.locale = requestLocale(brandForHost(brands, req.headers.host), lang);
      const badInput =
        error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      if (badInput) req.log.info({ err: error }, 'bad url');
      else req.log.error({ err: error }, 'framework error');
      reply
        .headers(knownHeaders)
        .header('cache-control', 'no-store')
        .code(badInput ? 200 : 500)
        .send(errorBody(req, 0, badInput ? 'error.badParams' : 'error.internal'));
    },

    clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
      // A reset connection, or one already answering a request, is left to Node.
      const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })
        ._httpMessage;
      if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) return;
      this.log.info({ err }, 'client error');
      const raw = (err as { rawPacket?: Buffer }).rawPacket?.toString('latin1') ?? '';
      const status =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? 408
            : 400;
      socket.end(rawEnvelope(status, localeOfRaw(brands, raw)));
    },
  };
}

/** Best effort: the language of a request Node could not parse, from its raw start. */
function localeOfRaw(brands: readonly LoadedBrand[], raw: string): Locale {
  const requestLine = raw.split('\r\n', 1)[0] ?? '';
  const query = /^[A-Z]+ [^ ?]*\?([^ ]*)/.exec(requestLine)?.[1];
  const lang = query === undefined ? null : parseLang(parseQuery(query).lang);
  if (lang) return lang;
  const host = /\r\nhost:[ \t]*([^\r\n]*)/i.exec(raw)?.[1];
  return brandForHost(brands, host).brand.defaultLocale;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** A whole HTTP/1.1 answer carrying the error envelope, for a socket without a response. */
function rawEnvelope(status: number, locale: Locale): string {
  const body = JSON.stringify({ error: { code: 0, message: t(locale, 'error.badParams') } });
  const headers: Record<string, string> = {
    ...knownHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${REASONS[status] ?? 'Bad Request'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Installs the edge's hooks on `app` (after the request context, so errors are in the request's
 * language; before the routes, so it sees them all): clean text in query, params and body, and
 * the caching rule. Also completes the security headers {@link edgeServerOptions} uses.
 */
export async function installEdge(app: FastifyInstance): Promise<void> {
  await securityHeaders();

  const routes: EdgeRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config?.edge?.text === false) return;
    if (!isCleanInput(req.query, 2) || !isCleanInput(req.params, 2)) throw badParams();
  });
  app.addHook('preValidation', async (req) => {
    if (req.body !== undefined && !isCleanInput(req.body)) throw badParams();
  });

  app.addHook('onSend', async (req, reply) => {
    if (req.headers.authorization !== undefined || !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

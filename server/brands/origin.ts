/**
 * The public origin of a brand (`https://shop.example`): where every link and absolute URL the
 * server writes points (mails, PDFs, wallet passes, payment return addresses, sitemaps,
 * canonical links, provider returns), never the request's Host or X-Forwarded-Host. A forged
 * Host on a mail-sending call therefore cannot change a link: the links come from here.
 *
 * Where it comes from, first found wins:
 * 1. the environment variable brand.json `publicOriginEnv` names (e.g. `AQUARIO_PUBLIC_ORIGIN`);
 * 2. `PUBLIC_ORIGIN`, for the default brand only (the one marked `default`, else the first);
 * 3. brand.json `publicOrigin`;
 * 4. outside production only: `http://<first host>:<PORT>` (no port when it is 80).
 *
 * In production (NODE_ENV=production) a brand without one, or with one that is not https,
 * stops the start ({@link originProblems}).
 */
import path from 'node:path';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { type BrandProblem, display } from './loader';

/** What the origins are worked out from (set once at start). */
export interface OriginSettings {
  /** The environment (PUBLIC_ORIGIN and the brands' `publicOriginEnv` variables). */
  env: Record<string, string | undefined>;
  /** The port the server listens on (the development default's port). */
  port: number;
  /** NODE_ENV=production: an origin must be configured and https. */
  production: boolean;
  /** The id of the default brand, whose origin PUBLIC_ORIGIN sets. */
  defaultBrandId: string;
}

let settings: OriginSettings = { env: {}, port: 80, production: false, defaultBrandId: '' };

/** Sets what {@link publicOrigin} reads (main.ts at start, the test harness per app). */
export function configureOrigins(s: OriginSettings): void {
  settings = s;
}

/** The id of the brand served when no host matches (as server/brands/select.ts picks it). */
export function defaultBrandIdOf(brands: readonly LoadedBrand[]): string {
  return (brands.find((b) => b.brand.default === true) ?? brands[0])?.id ?? '';
}

interface Resolved {
  /** The origin, without a trailing slash; absent when none is configured in production. */
  origin?: string;
  /** Where it came from, for the error message. */
  source: string;
  /** JSON pointer of brand.json that the problem is about. */
  pointer: string;
}

/** An http(s) origin with nothing after the host and port, or null. */
function parseOrigin(text: string): string | null {
  try {
    const u = new URL(text.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    if (u.username || u.password || u.search || u.hash || u.pathname !== '/') return null;
    return u.origin;
  } catch {
    return null;
  }
}

function resolve(brand: LoadedBrand, s: OriginSettings): Resolved {
  const f = brand.brand;
  const fromEnv = (name: string) => {
    const v = s.env[name]?.trim();
    return v === '' ? undefined : v;
  };
  if (f.publicOriginEnv && fromEnv(f.publicOriginEnv)) {
    return {
      origin: fromEnv(f.publicOriginEnv),
      source: f.publicOriginEnv,
      pointer: '/publicOriginEnv',
    };
  }
  if (brand.id === s.defaultBrandId && fromEnv('PUBLIC_ORIGIN')) {
    return { origin: fromEnv('PUBLIC_ORIGIN'), source: 'PUBLIC_ORIGIN', pointer: '' };
  }
  if (f.publicOrigin)
    return { origin: f.publicOrigin, source: 'publicOrigin', pointer: '/publicOrigin' };
  if (s.production) return { source: 'publicOrigin', pointer: '/publicOrigin' };
  const host = f.hosts[0] ?? 'localhost';
  const name = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `http://${name}${s.port === 80 ? '' : `:${s.port}`}`,
    source: 'the first host',
    pointer: '/hosts/0',
  };
}

/**
 * What is wrong with the brands' public origins under `s`: one problem per brand (file, JSON
 * path, reason). An empty list: every brand has a usable origin.
 */
export function originProblems(brands: readonly LoadedBrand[], s: OriginSettings): BrandProblem[] {
  const problems: BrandProblem[] = [];
  for (const b of brands) {
    const r = resolve(b, s);
    const file = display(path.join(b.dir, 'brand.json'));
    const via = r.pointer === '/publicOrigin' ? '' : ` (from ${r.source})`;
    if (r.origin === undefined) {
      problems.push({
        file,
        pointer: r.pointer,
        reason: `no public origin: in production set ${[
          ...(b.brand.publicOriginEnv ? [b.brand.publicOriginEnv] : []),
          ...(b.id === s.defaultBrandId ? ['PUBLIC_ORIGIN'] : []),
          'brand.json "publicOrigin"',
        ].join(' or ')} to its https:// origin`,
      });
      continue;
    }
    const origin = parseOrigin(r.origin);
    if (origin === null) {
      problems.push({
        file,
        pointer: r.pointer,
        reason: `${JSON.stringify(r.origin)}${via} is not an origin: scheme, host and optional port only, e.g. https://shop.example`,
      });
    } else if (s.production && !origin.startsWith('https://')) {
      problems.push({
        file,
        pointer: r.pointer,
        reason: `${JSON.stringify(r.origin)}${via} must be https:// in production (NODE_ENV=production)`,
      });
    }
  }
  return problems;
}

/**
 * The public origin of `brand` (`https://shop.example`, no trailing slash), the base of every
 * link the server writes for it.
 */
export function publicOrigin(brand: LoadedBrand): string {
  const r = resolve(brand, settings);
  return (r.origin && parseOrigin(r.origin)) ?? `https://${brand.brand.hosts[0] ?? 'localhost'}`;
}

/** The origins a browser may call this brand's API from (CORS): its public origin and hosts. */
export function isBrandOrigin(brand: LoadedBrand, origin: string): boolean {
  const o = parseOrigin(origin);
  if (o === null) return false;
  if (o === publicOrigin(brand)) return true;
  const host = new URL(o).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return brand.brand.hosts.some((h) => h.toLowerCase() === host);
}

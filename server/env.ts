/**
 * The server's environment, validated at start with a readable list of what is wrong.
 */
import path from 'node:path';

/** The validated environment. */
export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  holdSeconds: number | undefined;
  brandsDir: string;
  distDir: string;
  logLevel: string;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Environment variables the server reads, with their meaning (README and error output). */
export const ENV_DOC: Record<string, string> = {
  PORT: 'port to listen on (default 8080)',
  HOST: 'interface to bind (default 0.0.0.0)',
  DATA_DIR: 'where the embedded database lives, as <DATA_DIR>/pglite (default .data)',
  DATABASE_URL: 'PostgreSQL URL; when set, PostgreSQL is used instead of the embedded database',
  HOLD_SECONDS:
    "seconds a reservation holds its units, for every brand (default: the brand's holdMinutes)",
  BRANDS_DIR: 'folder of brand folders (default brands)',
  DIST_DIR: 'the built storefront (default dist)',
  LOG_LEVEL: `${LEVELS.join(' | ')} (default info)`,
};

/**
 * Reads and validates the environment.
 * @returns the env, or the list of problems (one line each).
 */
export function readEnv(
  source: Record<string, string | undefined>,
): { ok: true; env: Env } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const get = (k: string) => {
    const v = source[k]?.trim();
    return v === '' ? undefined : v;
  };
  const int = (k: string, fallback: number | undefined, min: number, max: number) => {
    const v = get(k);
    if (v === undefined) return fallback;
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      problems.push(`${k}=${JSON.stringify(v)}: must be an integer from ${min} to ${max}`);
      return fallback;
    }
    return Number(v);
  };
  const port = int('PORT', 8080, 1, 65535)!;
  const holdSeconds = int('HOLD_SECONDS', undefined, 1, 7 * 24 * 3600);
  const databaseUrl = get('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: must start with postgres:// or postgresql://');
  }
  const logLevel = (get('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL=${JSON.stringify(logLevel)}: must be one of ${LEVELS.join(', ')}`);
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    env: {
      port,
      host: get('HOST') ?? '0.0.0.0',
      dataDir: path.resolve(get('DATA_DIR') ?? '.data'),
      databaseUrl,
      holdSeconds,
      brandsDir: path.resolve(get('BRANDS_DIR') ?? 'brands'),
      distDir: path.resolve(get('DIST_DIR') ?? 'dist'),
      logLevel,
    },
  };
}

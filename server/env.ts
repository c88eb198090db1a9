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
  /** SMTP server mail is delivered through; absent = mail is kept for /dev/mailbox. */
  smtpUrl: string | undefined;
  /** From address of every mail; absent = the brand's support e-mail. */
  mailFrom: string | undefined;
  /** Serve the development pages (/dev/mailbox). */
  devPages: boolean;
  /** Serve the sandbox identity provider (/sandbox-idp) and offer the brands' sandbox logins. */
  sandboxIdp: boolean;
  /** Sign-ups one address may make per hour. */
  signupsPerHour: number;
  /** NODE_ENV=production: every brand needs an https public origin (server/brands/origin.ts). */
  production: boolean;
  /**
   * The proxies whose X-Forwarded-For/-Proto/-Host are believed (Fastify's `trustProxy`):
   * addresses or CIDRs; absent: none (the headers are ignored).
   */
  trustProxy: string[] | undefined;
  /** The secret gateway notifications (webhooks) are signed with; absent: random per start. */
  webhookSecret: string | undefined;
  /** The sandbox pays each Pix charge this many seconds after issuing it; 0: never. */
  sandboxPixAutoPaySeconds: number;
  /** The sandbox confirms each refund this many milliseconds after it is asked; 0: never. */
  sandboxRefundDelayMs: number;
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
  SMTP_URL:
    'smtp://user:pass@host:587 or smtps://…:465; mail is sent through it (default: kept in the outbox, shown at /dev/mailbox)',
  MAIL_FROM: "From address of every mail (default: the brand's support e-mail)",
  STOREFRONT_DEV_PAGES: '1 serves the development pages, such as /dev/mailbox (default 0)',
  SANDBOX_IDP:
    '1 serves the sandbox identity provider at /sandbox-idp for logins with issuer "sandbox" (default 0; npm run dev and the browser tests set 1)',
  PAYMENT_WEBHOOK_SECRET:
    'secret (at least 32 characters) the payment gateway signs its notifications with: HMAC-SHA256 of the raw body, header x-sandbox-signature: sha256=<hex> for the sandbox. Give every server the same one (default: random per start, enough for the sandbox, which notifies the server it runs in)',
  SANDBOX_REFUND_DELAY_MS:
    'the sandbox gateway confirms each refund (a cancellation from My orders) this many milliseconds after it is asked (default 5000; 0: never, confirm with npm run sandbox -- refund <localizador>)',
  SANDBOX_PIX_AUTOPAY_SECONDS:
    'the sandbox gateway pays each Pix charge this many seconds after issuing it (default 0: never; pay it with npm run sandbox -- pay <localizador>)',
  NODE_ENV:
    'production makes every brand need an https public origin (brand.json publicOrigin, PUBLIC_ORIGIN or the variable publicOriginEnv names; the start stops otherwise)',
  PUBLIC_ORIGIN:
    "public origin of the default brand, e.g. https://shop.example: every link in mails, PDFs, wallet passes, sitemaps and canonical links starts with it (default: brand.json publicOrigin, else outside production http://<the brand's first host>:<PORT>)",
  TRUST_PROXY:
    'addresses or CIDRs of the reverse proxies in front of the server, comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8): their X-Forwarded-For, X-Forwarded-Proto and X-Forwarded-Host are believed, so HSTS is sent when the proxy says https (default: none; links never use X-Forwarded-Host either way)',
  SIGNUPS_PER_HOUR:
    'sign-ups one address may make per hour (default 10; more behind a proxy that hides the visitors, and in the browser tests)',
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
  const signupsPerHour = int('SIGNUPS_PER_HOUR', 10, 1, 1_000_000)!;
  const sandboxPixAutoPaySeconds = int('SANDBOX_PIX_AUTOPAY_SECONDS', 0, 0, 24 * 3600)!;
  const sandboxRefundDelayMs = int('SANDBOX_REFUND_DELAY_MS', 5000, 0, 24 * 3600 * 1000)!;
  const webhookSecret = get('PAYMENT_WEBHOOK_SECRET');
  // The secret itself is never echoed.
  if (webhookSecret !== undefined && webhookSecret.length < 32) {
    problems.push('PAYMENT_WEBHOOK_SECRET: must have at least 32 characters');
  }
  const databaseUrl = get('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: must start with postgres:// or postgresql://');
  }
  const logLevel = (get('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL=${JSON.stringify(logLevel)}: must be one of ${LEVELS.join(', ')}`);
  }
  const smtpUrl = get('SMTP_URL');
  if (smtpUrl !== undefined) {
    let valid = false;
    try {
      const u = new URL(smtpUrl);
      valid = (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
    } catch {
      valid = false;
    }
    // The URL may carry a password: never echo it.
    if (!valid) problems.push('SMTP_URL: must be smtp://[user:pass@]host[:port] or smtps://…');
  }
  const mailFrom = get('MAIL_FROM');
  if (mailFrom !== undefined && !/^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(mailFrom)) {
    problems.push(`MAIL_FROM=${JSON.stringify(mailFrom)}: must be an e-mail address`);
  }
  const devPagesText = get('STOREFRONT_DEV_PAGES') ?? '0';
  if (devPagesText !== '0' && devPagesText !== '1') {
    problems.push(`STOREFRONT_DEV_PAGES=${JSON.stringify(devPagesText)}: must be 0 or 1`);
  }
  const sandboxIdpText = get('SANDBOX_IDP') ?? '0';
  if (sandboxIdpText !== '0' && sandboxIdpText !== '1') {
    problems.push(`SANDBOX_IDP=${JSON.stringify(sandboxIdpText)}: must be 0 or 1`);
  }
  const nodeEnv = get('NODE_ENV');
  const trustProxyText = get('TRUST_PROXY');
  const trustProxy =
    trustProxyText === undefined || trustProxyText === '0'
      ? undefined
      : trustProxyText.split(',').map((a) => a.trim());
  if (
    trustProxy?.some(
      (a) => !/^(loopback|linklocal|uniquelocal|[0-9A-Fa-f.:]+(\/\d{1,3})?)$/.test(a),
    )
  ) {
    problems.push(
      `TRUST_PROXY=${JSON.stringify(trustProxyText)}: must be addresses or CIDRs, comma-separated (e.g. 127.0.0.1,10.0.0.0/8)`,
    );
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
      smtpUrl,
      mailFrom,
      devPages: devPagesText === '1',
      sandboxIdp: sandboxIdpText === '1',
      signupsPerHour,
      production: nodeEnv === 'production',
      trustProxy,
      webhookSecret,
      sandboxPixAutoPaySeconds,
      sandboxRefundDelayMs,
    },
  };
}

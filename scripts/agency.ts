/**
 * Operator command: `npm run agency -- approve <email> --brand <id>`.
 *
 * Gives an agency awaiting approval the agency type and mails it. An agency whose e-mail is
 * still unconfirmed is approved too, with a warning: it cannot buy until it opens the
 * confirmation link it was mailed (exit code 0 all the same). With DATABASE_URL it works on
 * PostgreSQL directly. With the embedded database: when a server holds DATA_DIR it asks that
 * server (loopback endpoint, secret in DATA_DIR/operator.json); otherwise it opens the data
 * directory itself.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { approveAgency } from '../server/accounts/agency';
import { loadBrands } from '../server/brands/loader';
import { configureOrigins, defaultBrandIdOf } from '../server/brands/origin';
import { openDb } from '../server/db/client';
import { readEnv } from '../server/env';

const USAGE = [
  'usage: npm run agency -- approve <email> --brand <brand-id>',
  'An agency buys once its e-mail is confirmed and it is approved. One whose e-mail is still',
  'unconfirmed is approved all the same, with a warning: buying stays blocked until it opens',
  'the confirmation link it was mailed.',
].join('\n');

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const args = process.argv.slice(2);
const [command, email] = args;
const brandAt = args.indexOf('--brand');
const brandId = brandAt >= 0 ? args[brandAt + 1] : undefined;
if (command !== 'approve' || !email || email.startsWith('--')) fail(USAGE);

const parsed = readEnv(process.env);
if (!parsed.ok) fail(parsed.problems.join('\n'));
const env = parsed.env;
const brands = await loadBrands(env.brandsDir);
const brand = brandId ? brands.find((b) => b.id === brandId) : brands.find((b) => b.brand.default);
if (!brand) fail(`No brand ${brandId ?? '(default)'} in ${env.brandsDir}. ${USAGE}`);
// The mail's link starts with the brand's public origin, as the server's would.
configureOrigins({
  env: process.env,
  port: env.port,
  production: env.production,
  defaultBrandId: defaultBrandIdOf(brands),
});

const UNCONFIRMED =
  '\nWarning: its e-mail is not confirmed yet, so it cannot buy until it opens the confirmation link it was mailed.';
const MESSAGES = {
  approved: `Approved: ${email} (${brand.id}) is now an agency; an e-mail tells them.`,
  'approved-unconfirmed': `Approved: ${email} (${brand.id}) is now an agency; an e-mail tells them.${UNCONFIRMED}`,
  'not-found': `No account ${email} in brand ${brand.id}.`,
  'already-approved': `${email} (${brand.id}) is already an approved agency.`,
  'already-approved-unconfirmed': `${email} (${brand.id}) is already an approved agency.${UNCONFIRMED}`,
  'not-an-agency': `${email} (${brand.id}) did not sign up as an agency.`,
} as const;

async function viaServer(): Promise<keyof typeof MESSAGES | null> {
  let info: { token: string; port: number };
  try {
    info = JSON.parse(await readFile(path.join(env.dataDir, 'operator.json'), 'utf8'));
  } catch {
    return null;
  }
  try {
    const res = await fetch(`http://127.0.0.1:${info.port}/operator/agency/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-token': info.token },
      body: JSON.stringify({ email, brand: brand?.id }),
    });
    const body = (await res.json()) as { result?: { outcome: keyof typeof MESSAGES } };
    return body.result?.outcome ?? null;
  } catch {
    return null; // no server running: open the database here
  }
}

let outcome = env.databaseUrl ? null : await viaServer();
if (!outcome) {
  const handle = await openDb(
    env.databaseUrl
      ? { databaseUrl: env.databaseUrl }
      : { pgliteDir: path.join(env.dataDir, 'pglite') },
  );
  try {
    await handle.migrate();
    outcome = await approveAgency(handle.db, brand, email);
  } finally {
    await handle.close();
  }
}
console.log(MESSAGES[outcome]);
const done: readonly string[] = [
  'approved',
  'approved-unconfirmed',
  'already-approved',
  'already-approved-unconfirmed',
];
process.exit(done.includes(outcome) ? 0 : 1);

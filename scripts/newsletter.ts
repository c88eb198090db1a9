/**
 * Operator command: `npm run newsletter -- export [--brand <id>]`.
 *
 * Prints the confirmed newsletter subscribers as CSV (RFC 4180: a header line, CRLF, fields
 * with a comma, quote or line break quoted) on standard output: brand, e-mail, language, when
 * confirmed, and the consent (time, address, text version, text). Without --brand: every brand.
 * With DATABASE_URL it reads PostgreSQL directly. With the embedded database it asks the running
 * server (loopback endpoint, secret in DATA_DIR/operator.json); with no server running it opens
 * the data directory itself.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadBrands } from '../server/brands/loader';
import { openDb } from '../server/db/client';
import { readEnv } from '../server/env';
import { exportConfirmed } from '../server/newsletter/newsletter';

const USAGE = 'usage: npm run newsletter -- export [--brand <brand-id>]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const args = process.argv.slice(2);
const brandAt = args.indexOf('--brand');
const brandId = brandAt >= 0 ? args[brandAt + 1] : undefined;
if (args[0] !== 'export' || (brandAt >= 0 && (!brandId || brandId.startsWith('--')))) fail(USAGE);

const parsed = readEnv(process.env);
if (!parsed.ok) fail(parsed.problems.join('\n'));
const env = parsed.env;
if (brandId !== undefined) {
  const brands = await loadBrands(env.brandsDir);
  if (!brands.some((b) => b.id === brandId)) {
    fail(`No brand ${brandId} in ${env.brandsDir} (${brands.map((b) => b.id).join(', ')}).`);
  }
}

async function viaServer(): Promise<string | null> {
  let info: { token: string; port: number };
  try {
    info = JSON.parse(await readFile(path.join(env.dataDir, 'operator.json'), 'utf8'));
  } catch {
    return null;
  }
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${info.port}/operator/newsletter/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-token': info.token },
      body: JSON.stringify(brandId === undefined ? {} : { brand: brandId }),
    });
  } catch {
    return null; // no server running: open the database here
  }
  if (!res.ok || !res.headers.get('content-type')?.startsWith('text/csv')) {
    fail(`The server refused the export: ${await res.text()}`);
  }
  return res.text();
}

let csv = env.databaseUrl ? null : await viaServer();
if (csv === null) {
  const handle = await openDb(
    env.databaseUrl
      ? { databaseUrl: env.databaseUrl }
      : { pgliteDir: path.join(env.dataDir, 'pglite') },
  );
  try {
    await handle.migrate();
    csv = await exportConfirmed(handle.db, brandId);
  } finally {
    await handle.close();
  }
}
process.stdout.write(csv);

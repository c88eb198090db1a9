/**
 * Each brand's Ed25519 key pair, which signs its ticket codes (codes.ts) and short tokens.
 *
 * - The operator's own key: `TICKET_SIGNING_KEY_<BRAND>` (the brand id upper-cased, every other
 *   character `_`: `TICKET_SIGNING_KEY_MY_BRAND` for `my-brand`) holding a PKCS#8 PEM private key, or the
 *   path of a file holding one. It is never written to the database.
 * - Otherwise a key made at first start and kept in `ticket_chave` (one row per brand; many
 *   servers starting at once agree through `ON CONFLICT DO NOTHING` and read the winner).
 *
 * Changing a brand's key makes every ticket code signed before invalid.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { firstRow } from '#server/db/sql.ts';

/** A brand's signing keys. */
export interface BrandKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as SPKI DER, base64url: what a gate device verifies codes with. */
  publicKeySpki: string;
  /** The public key as PEM. */
  publicKeyPem: string;
  /** Where it came from. */
  source: 'env' | 'database';
}

/** The environment variable that may hold a brand's signing key. */
export function signingKeyEnv(brandId: string): string {
  return `TICKET_SIGNING_KEY_${brandId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

function keysOf(privateKey: KeyObject, source: BrandKeys['source']): BrandKeys {
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error('a ticket signing key must be an Ed25519 key');
  }
  const publicKey = createPublicKey(privateKey);
  return {
    privateKey,
    publicKey,
    publicKeySpki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64url'),
    publicKeyPem: String(publicKey.export({ type: 'spki', format: 'pem' })),
    source,
  };
}

function fromEnv(brandId: string, env: NodeJS.ProcessEnv): BrandKeys | null {
  const name = signingKeyEnv(brandId);
  const value = env[name]?.trim();
  if (!value) return null;
  const pem = value.startsWith('-----') ? value : readFileSync(value, 'utf8');
  try {
    return keysOf(createPrivateKey(pem), 'env');
  } catch (err) {
    throw new Error(`${name}: not an Ed25519 PKCS#8 PEM private key (${(err as Error).message})`);
  }
}

async function fromDatabase(db: Db, brandId: string): Promise<BrandKeys> {
  const read = () =>
    firstRow<{ private_key: string }>(
      db,
      sql`SELECT private_key FROM ticket_chave WHERE brand = ${brandId}`,
    );
  let row = await read();
  if (!row) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    await db.execute(
      sql`INSERT INTO ticket_chave (brand, public_key, private_key)
          VALUES (${brandId},
            ${publicKey.export({ type: 'spki', format: 'der' }).toString('base64url')},
            ${privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64url')})
          ON CONFLICT (brand) DO NOTHING`,
    );
    row = await read();
    if (!row) throw new Error(`ticket_chave: no key for ${brandId} after insert`);
  }
  const der = Buffer.from(row.private_key, 'base64url');
  return keysOf(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }), 'database');
}

const cache = new WeakMap<Db, Map<string, Promise<BrandKeys>>>();

/**
 * The signing keys of a brand (made and stored on first use when none is configured), cached
 * per database.
 */
export function brandKeys(db: Db, brandId: string, env = process.env): Promise<BrandKeys> {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  const hit = perDb.get(brandId);
  if (hit) return hit;
  const made = (async () => fromEnv(brandId, env) ?? (await fromDatabase(db, brandId)))();
  perDb.set(brandId, made);
  made.catch(() => perDb.delete(brandId));
  return made;
}

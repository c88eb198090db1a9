/**
 * What wallet passes are signed with: the operator's Apple pass type certificate (with Apple's
 * WWDR intermediate) and Google service account, from the environment; or, for whichever is not
 * configured, development credentials made at first start and kept under the data directory
 * (`<DATA_DIR>/wallet/development-keys.json`, never committed). A development Apple pass is
 * well-formed and correctly signed, but by a certificate Apple did not issue, so real iPhones
 * refuse it; a development Google link carries a JWT Google does not know the key of.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';

/** Environment variables of the wallets, with their meaning (README, start-up errors). */
export const WALLET_ENV_DOC: Record<string, string> = {
  WALLET_APPLE_CERT:
    'Apple Wallet: the Pass Type ID certificate (PEM, or the path of a PEM file). With WALLET_APPLE_KEY, WALLET_APPLE_WWDR, WALLET_APPLE_PASS_TYPE_ID and WALLET_APPLE_TEAM_ID; unset, passes are signed with a development certificate made under DATA_DIR/wallet (not accepted by real iPhones)',
  WALLET_APPLE_KEY: "Apple Wallet: the certificate's RSA private key (PEM, or a path)",
  WALLET_APPLE_KEY_PASSPHRASE: 'Apple Wallet: the passphrase of WALLET_APPLE_KEY, when encrypted',
  WALLET_APPLE_WWDR:
    "Apple Wallet: Apple's WWDR intermediate certificate (G4) that issued the pass certificate (PEM, or a path)",
  WALLET_APPLE_PASS_TYPE_ID: 'Apple Wallet: the Pass Type ID (pass.com.example.tickets)',
  WALLET_APPLE_TEAM_ID: 'Apple Wallet: the Apple developer Team ID (10 characters)',
  WALLET_GOOGLE_ISSUER_ID:
    'Google Wallet: the issuer id of the Google Wallet console. With WALLET_GOOGLE_SERVICE_ACCOUNT; unset, links are signed with a development key made under DATA_DIR/wallet (Google refuses them)',
  WALLET_GOOGLE_SERVICE_ACCOUNT:
    "Google Wallet: the service account's JSON key file (its path, or the JSON itself), a service account the issuer granted access",
};

/** The raw wallet settings of the environment (values are PEM text or file paths). */
export interface WalletEnv {
  apple?: {
    cert: string;
    key: string;
    keyPassphrase?: string;
    wwdr: string;
    passTypeId: string;
    teamId: string;
  };
  google?: { issuerId: string; serviceAccount: string };
}

const APPLE_VARS = [
  'WALLET_APPLE_CERT',
  'WALLET_APPLE_KEY',
  'WALLET_APPLE_WWDR',
  'WALLET_APPLE_PASS_TYPE_ID',
  'WALLET_APPLE_TEAM_ID',
] as const;
const GOOGLE_VARS = ['WALLET_GOOGLE_ISSUER_ID', 'WALLET_GOOGLE_SERVICE_ACCOUNT'] as const;

/** Reads and checks the wallet variables: each wallet is configured whole or not at all. */
export function readWalletEnv(
  source: Record<string, string | undefined>,
): { ok: true; env: WalletEnv } | { ok: false; problems: string[] } {
  const get = (k: string) => {
    const v = source[k]?.trim();
    return v === '' ? undefined : v;
  };
  const problems: string[] = [];
  const env: WalletEnv = {};
  const group = (vars: readonly string[]) => {
    const set = vars.filter((k) => get(k) !== undefined);
    if (set.length > 0 && set.length < vars.length) {
      const missing = vars.filter((k) => get(k) === undefined);
      problems.push(`${missing.join(', ')}: must be set as well as ${set.join(', ')}`);
    }
    return set.length === vars.length;
  };
  if (group(APPLE_VARS)) {
    const passTypeId = get('WALLET_APPLE_PASS_TYPE_ID')!;
    const teamId = get('WALLET_APPLE_TEAM_ID')!;
    if (!/^pass\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(passTypeId)) {
      problems.push(
        `WALLET_APPLE_PASS_TYPE_ID=${JSON.stringify(passTypeId)}: must look like pass.com.example.tickets`,
      );
    }
    if (!/^[A-Z0-9]{10}$/.test(teamId)) {
      problems.push(
        `WALLET_APPLE_TEAM_ID=${JSON.stringify(teamId)}: must be 10 capital letters or digits`,
      );
    }
    const keyPassphrase = get('WALLET_APPLE_KEY_PASSPHRASE');
    env.apple = {
      cert: get('WALLET_APPLE_CERT')!,
      key: get('WALLET_APPLE_KEY')!,
      wwdr: get('WALLET_APPLE_WWDR')!,
      passTypeId,
      teamId,
      ...(keyPassphrase ? { keyPassphrase } : {}),
    };
  }
  if (group(GOOGLE_VARS)) {
    const issuerId = get('WALLET_GOOGLE_ISSUER_ID')!;
    if (!/^\d{6,30}$/.test(issuerId)) {
      problems.push(`WALLET_GOOGLE_ISSUER_ID=${JSON.stringify(issuerId)}: must be digits`);
    }
    env.google = { issuerId, serviceAccount: get('WALLET_GOOGLE_SERVICE_ACCOUNT')! };
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, env };
}

/** What Apple passes are signed with (PEM texts, as passkit-generator takes them). */
export interface AppleSigner {
  wwdr: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  passTypeIdentifier: string;
  teamIdentifier: string;
  /** A development certificate: real iPhones refuse the passes. */
  development: boolean;
}

/** What Google Wallet links are signed with. */
export interface GoogleSigner {
  issuerId: string;
  /** The service account's e-mail: the JWT's `iss`. */
  clientEmail: string;
  /** Its RSA key (RS256); `privateKeyId` is the JWT's `kid` when known. */
  privateKey: KeyObject;
  privateKeyId?: string;
  /** A development key: Google refuses the links. */
  development: boolean;
}

/** The signers of both wallets. */
export interface WalletCredentials {
  apple: AppleSigner;
  google: GoogleSigner;
}

/** The development pass type, team and issuer: obviously not real ones. */
export const DEV_PASS_TYPE_ID = 'pass.invalid.storefront.development';
export const DEV_TEAM_ID = 'DEV0000000';
export const DEV_ISSUER_ID = '3388000000000000000';
const DEV_CLIENT_EMAIL = 'wallet-development@storefront.invalid';

/** The development keys as kept in `<DATA_DIR>/wallet/development-keys.json`. */
interface DevKeysFile {
  note: string;
  apple: { wwdr: string; signerCert: string; signerKey: string };
  google: { client_email: string; private_key: string; private_key_id: string };
}

function rsaPem(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return String(privateKey.export({ type: 'pkcs1', format: 'pem' }));
}

/**
 * A certificate's random serial, as hex for node-forge: 16 bytes whose first is 0x40–0x7f, so
 * the DER integer is always positive and minimal. (Random bytes after a "0" gave a negative
 * serial when the first was 0x80 or more, and a leading zero byte, which OpenSSL refuses as
 * "illegal padding", when it was 0x00 and the next below 0x80: about one fresh set of
 * development keys in 256 could not be read.)
 */
export function certificateSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x3f) | 0x40;
  return bytes.toString('hex');
}

function certificate(opts: {
  subject: forge.pki.CertificateField[];
  issuer: forge.pki.CertificateField[];
  publicKeyPem: string;
  signingKeyPem: string;
  ca: boolean;
}): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(opts.publicKeyPem);
  cert.serialNumber = certificateSerial();
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  cert.setSubject(opts.subject);
  cert.setIssuer(opts.issuer);
  cert.setExtensions(
    opts.ca
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, critical: true },
        ],
  );
  cert.sign(forge.pki.privateKeyFromPem(opts.signingKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

const publicPemOf = (privatePem: string) =>
  String(createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }));

/** Makes a development CA ("WWDR"), a pass certificate it issued, and a Google key. */
export function makeDevelopmentKeys(): DevKeysFile {
  const caKey = rsaPem();
  const caName: forge.pki.CertificateField[] = [
    { name: 'commonName', value: 'Storefront Development Wallet CA (not Apple WWDR)' },
    { name: 'organizationName', value: 'Development only' },
  ];
  const wwdr = certificate({
    subject: caName,
    issuer: caName,
    publicKeyPem: publicPemOf(caKey),
    signingKeyPem: caKey,
    ca: true,
  });
  const signerKey = rsaPem();
  const signerCert = certificate({
    subject: [
      { type: '0.9.2342.19200300.100.1.1', value: DEV_PASS_TYPE_ID },
      {
        name: 'commonName',
        value: `Pass Type ID: ${DEV_PASS_TYPE_ID} (development, not accepted by iPhones)`,
      },
      { name: 'organizationalUnitName', value: DEV_TEAM_ID },
      { name: 'organizationName', value: 'Development only' },
    ],
    issuer: caName,
    publicKeyPem: publicPemOf(signerKey),
    signingKeyPem: caKey,
    ca: false,
  });
  const googleKey = createPrivateKey(rsaPem());
  return {
    note: 'Development wallet keys made by the storefront server. Passes signed with them are NOT accepted by real iPhones or by Google Wallet. Configure WALLET_APPLE_* and WALLET_GOOGLE_* for real wallets (docs/features.md, "Wallet passes").',
    apple: { wwdr, signerCert, signerKey },
    google: {
      client_email: DEV_CLIENT_EMAIL,
      private_key: String(googleKey.export({ type: 'pkcs8', format: 'pem' })),
      private_key_id: randomBytes(20).toString('hex'),
    },
  };
}

/** The operator's signers from `env`, development ones from `dev()` for a wallet not set. */
function credentialsOf(env: WalletEnv, dev: () => DevKeysFile): WalletCredentials {
  return {
    apple: env.apple ? appleFromEnv(env.apple) : devApple(dev()),
    google: env.google ? googleFromEnv(env.google) : devGoogle(dev()),
  };
}

function devApple(dev: DevKeysFile): AppleSigner {
  return {
    ...dev.apple,
    passTypeIdentifier: DEV_PASS_TYPE_ID,
    teamIdentifier: DEV_TEAM_ID,
    development: true,
  };
}

function devGoogle(dev: DevKeysFile): GoogleSigner {
  return {
    issuerId: DEV_ISSUER_ID,
    clientEmail: dev.google.client_email,
    privateKey: createPrivateKey(dev.google.private_key),
    privateKeyId: dev.google.private_key_id,
    development: true,
  };
}

/** PEM text as given, or the text of the file it names. */
function pemOrFile(name: string, value: string): string {
  if (value.startsWith('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return readFileSync(value, 'utf8');
  } catch (err) {
    throw new Error(`${name}: neither PEM text nor a readable file (${(err as Error).message})`);
  }
}

function appleFromEnv(a: NonNullable<WalletEnv['apple']>): AppleSigner {
  const signerCert = pemOrFile('WALLET_APPLE_CERT', a.cert);
  const signerKey = pemOrFile('WALLET_APPLE_KEY', a.key);
  const wwdr = pemOrFile('WALLET_APPLE_WWDR', a.wwdr);
  for (const [name, pem] of [
    ['WALLET_APPLE_CERT', signerCert],
    ['WALLET_APPLE_WWDR', wwdr],
  ] as const) {
    try {
      forge.pki.certificateFromPem(pem);
    } catch (err) {
      throw new Error(`${name}: not a PEM certificate (${(err as Error).message})`);
    }
  }
  let key: forge.pki.rsa.PrivateKey | null = null;
  try {
    key = forge.pki.decryptRsaPrivateKey(signerKey, a.keyPassphrase);
  } catch {
    key = null;
  }
  if (!key) {
    throw new Error(
      'WALLET_APPLE_KEY: not an RSA private key in PEM (or WALLET_APPLE_KEY_PASSPHRASE is wrong)',
    );
  }
  return {
    wwdr,
    signerCert,
    signerKey,
    ...(a.keyPassphrase ? { signerKeyPassphrase: a.keyPassphrase } : {}),
    passTypeIdentifier: a.passTypeId,
    teamIdentifier: a.teamId,
    development: false,
  };
}

function googleFromEnv(g: NonNullable<WalletEnv['google']>): GoogleSigner {
  let text = g.serviceAccount;
  if (!text.startsWith('{')) {
    try {
      text = readFileSync(text, 'utf8');
    } catch (err) {
      throw new Error(
        `WALLET_GOOGLE_SERVICE_ACCOUNT: neither JSON nor a readable file (${(err as Error).message})`,
      );
    }
  }
  let account: { client_email?: unknown; private_key?: unknown; private_key_id?: unknown };
  try {
    account = JSON.parse(text) as typeof account;
  } catch {
    throw new Error('WALLET_GOOGLE_SERVICE_ACCOUNT: not a JSON key file');
  }
  if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string') {
    throw new Error(
      'WALLET_GOOGLE_SERVICE_ACCOUNT: a service account key has client_email and private_key',
    );
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(account.private_key);
  } catch {
    throw new Error('WALLET_GOOGLE_SERVICE_ACCOUNT: private_key is not a PEM private key');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new Error('WALLET_GOOGLE_SERVICE_ACCOUNT: private_key must be an RSA key (RS256)');
  }
  return {
    issuerId: g.issuerId,
    clientEmail: account.client_email,
    privateKey,
    ...(typeof account.private_key_id === 'string' ? { privateKeyId: account.private_key_id } : {}),
    development: false,
  };
}

/** Where the development keys live under a data directory. */
export function devKeysFile(dataDir: string): string {
  return path.join(dataDir, 'wallet', 'development-keys.json');
}

/**
 * The wallet credentials of a server: the operator's from `env`, development ones (read from
 * `<dataDir>/wallet/`, made and written there at first start) for a wallet not configured.
 * Throws with the variable's name when a configured one cannot be used.
 */
export async function loadWalletCredentials(
  env: WalletEnv,
  dataDir: string,
): Promise<WalletCredentials> {
  if (env.apple && env.google) {
    return credentialsOf(env, () => {
      throw new Error('unreachable: both wallets are configured');
    });
  }
  const file = devKeysFile(dataDir);
  let dev: DevKeysFile;
  try {
    dev = JSON.parse(await readFile(file, 'utf8')) as DevKeysFile;
  } catch {
    dev = makeDevelopmentKeys();
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // Written whole then renamed, so a crash never leaves half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, `${JSON.stringify(dev, null, 2)}\n`, { mode: 0o600 });
    await rename(tmp, file);
  }
  return credentialsOf(env, () => dev);
}

let inMemory: WalletCredentials | null = null;

/**
 * Development credentials kept in memory for this process (an app built without wallet
 * credentials: tests). The same on every call.
 */
export function devWalletCredentials(): WalletCredentials {
  if (!inMemory) {
    const dev = makeDevelopmentKeys();
    inMemory = credentialsOf({}, () => dev);
  }
  return inMemory;
}

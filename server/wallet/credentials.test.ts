import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificateSerial,
  DEV_PASS_TYPE_ID,
  devKeysFile,
  loadWalletCredentials,
  makeDevelopmentKeys,
  readWalletEnv,
} from './credentials';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sf-wallet-keys-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const apple = {
  WALLET_APPLE_CERT: '/etc/wallet/pass.pem',
  WALLET_APPLE_KEY: '/etc/wallet/pass.key',
  WALLET_APPLE_WWDR: '/etc/wallet/wwdr.pem',
  WALLET_APPLE_PASS_TYPE_ID: 'pass.com.example.tickets',
  WALLET_APPLE_TEAM_ID: 'ABCDE12345',
};

describe('readWalletEnv', () => {
  it('configures nothing by default, and each wallet whole', () => {
    expect(readWalletEnv({})).toEqual({ ok: true, env: {} });
    const r = readWalletEnv({
      ...apple,
      WALLET_GOOGLE_ISSUER_ID: '3388000000012345678',
      WALLET_GOOGLE_SERVICE_ACCOUNT: '/etc/wallet/sa.json',
    });
    expect(r.ok && r.env).toEqual({
      apple: {
        cert: apple.WALLET_APPLE_CERT,
        key: apple.WALLET_APPLE_KEY,
        wwdr: apple.WALLET_APPLE_WWDR,
        passTypeId: 'pass.com.example.tickets',
        teamId: 'ABCDE12345',
      },
      google: { issuerId: '3388000000012345678', serviceAccount: '/etc/wallet/sa.json' },
    });
  });

  it('names what is missing or malformed', () => {
    const r = readWalletEnv({
      WALLET_APPLE_CERT: '/x.pem',
      WALLET_GOOGLE_ISSUER_ID: 'abc',
      WALLET_GOOGLE_SERVICE_ACCOUNT: '/sa.json',
    });
    expect(r.ok).toBe(false);
    const text = r.ok ? '' : r.problems.join('\n');
    expect(text).toContain('WALLET_APPLE_KEY');
    expect(text).toContain('WALLET_APPLE_TEAM_ID');
    expect(text).toContain('WALLET_GOOGLE_ISSUER_ID="abc"');
    const bad = readWalletEnv({
      ...apple,
      WALLET_APPLE_TEAM_ID: 'x',
      WALLET_APPLE_PASS_TYPE_ID: 'y',
    });
    expect(bad.ok ? [] : bad.problems).toHaveLength(2);
  });
});

describe('loadWalletCredentials', () => {
  it('makes development keys once under the data directory and reads them back', async () => {
    const first = await loadWalletCredentials({}, dir);
    expect(first.apple.development).toBe(true);
    expect(first.google.development).toBe(true);
    expect(first.apple.passTypeIdentifier).toBe(DEV_PASS_TYPE_ID);
    const cert = new X509Certificate(first.apple.signerCert);
    expect(cert.subject).toContain('not accepted by iPhones');
    expect(cert.checkIssued(new X509Certificate(first.apple.wwdr))).toBe(true);
    expect(((await stat(devKeysFile(dir))).mode & 0o777).toString(8)).toBe('600');
    const again = await loadWalletCredentials({}, dir);
    expect(again.apple.signerCert).toBe(first.apple.signerCert);
    expect(again.google.privateKey.equals(first.google.privateKey)).toBe(true);
  });

  it("uses the operator's certificate, key and service account (PEM text or files)", async () => {
    const keys = makeDevelopmentKeys();
    const keyFile = path.join(dir, 'pass.key');
    await writeFile(keyFile, keys.apple.signerKey);
    const saFile = path.join(dir, 'sa.json');
    await writeFile(
      saFile,
      JSON.stringify({ type: 'service_account', ...keys.google, client_email: 'w@p.iam.example' }),
    );
    const c = await loadWalletCredentials(
      {
        apple: {
          cert: keys.apple.signerCert,
          key: keyFile,
          wwdr: keys.apple.wwdr,
          passTypeId: 'pass.com.example.tickets',
          teamId: 'ABCDE12345',
        },
        google: { issuerId: '3388000000012345678', serviceAccount: saFile },
      },
      path.join(dir, 'unused'),
    );
    expect(c.apple).toMatchObject({ development: false, teamIdentifier: 'ABCDE12345' });
    expect(c.apple.signerKey).toBe(await readFile(keyFile, 'utf8'));
    expect(c.google).toMatchObject({ development: false, clientEmail: 'w@p.iam.example' });
    await expect(
      loadWalletCredentials(
        {
          apple: {
            cert: 'not a pem',
            key: keyFile,
            wwdr: keys.apple.wwdr,
            passTypeId: 'pass.com.example.tickets',
            teamId: 'ABCDE12345',
          },
        },
        dir,
      ),
    ).rejects.toThrow(/WALLET_APPLE_CERT/);
    await expect(
      loadWalletCredentials(
        { google: { issuerId: '3388000000012345678', serviceAccount: '{"client_email":1}' } },
        dir,
      ),
    ).rejects.toThrow(/WALLET_GOOGLE_SERVICE_ACCOUNT/);
  });
});

describe('certificateSerial', () => {
  it('is always a positive, minimally encoded DER integer of 16 bytes', () => {
    for (let i = 0; i < 2000; i++) {
      const serial = certificateSerial();
      expect(serial).toMatch(/^[0-9a-f]{32}$/);
      // First byte 0x40–0x7f: no sign bit (positive) and no leading zero byte (minimal).
      const first = Number.parseInt(serial.slice(0, 2), 16);
      expect(first).toBeGreaterThanOrEqual(0x40);
      expect(first).toBeLessThan(0x80);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { IdentityProviderConfig } from '#schemas/brand.types.ts';
import type { Db } from '#server/db/client.ts';
import { testBrand } from '#server/test/test-brand.ts';
import {
  allowedReturnOrigin,
  attachOidcRuntime,
  identityProviderProblems,
  listIdentityProviders,
  type OidcRuntime,
} from './providers';

const SANDBOX: IdentityProviderConfig = {
  id: 2,
  nome: { 'pt-BR': 'Conta de teste', 'es-ES': 'Cuenta de prueba', 'en-US': 'Test account' },
  issuer: 'sandbox',
  clientId: 'c',
};
const GOV: IdentityProviderConfig = {
  id: 5,
  nome: 'gov.br',
  issuer: 'https://sso.acesso.gov.br',
  clientId: 'loja',
  clientSecretEnv: 'GOVBR_SECRET',
};
const PUBLIC: IdentityProviderConfig = {
  id: 6,
  nome: 'Public',
  issuer: 'https://id.example',
  clientId: 'pub',
};

const runtime = (over: Partial<OidcRuntime>): OidcRuntime => ({
  db: null as unknown as Db,
  sandboxIdp: false,
  env: {},
  sandboxFetch: null,
  discoveries: new Map(),
  ...over,
});

describe('allowedReturnOrigin', () => {
  const brand = testBrand('b', { hosts: ['shop.example', 'localhost', '::1'] });
  const here = 'http://api.example:8080';

  it.each([
    ['https://shop.example', 'https://shop.example'],
    ['https://SHOP.example/', 'https://shop.example'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://[::1]:8080/', 'http://[::1]:8080'],
    ['http://api.example:8080', 'http://api.example:8080'],
  ])('accepts %s', (url, origin) => {
    expect(allowedReturnOrigin(brand, url, here)).toBe(origin);
  });

  it.each([
    'https://evil.example',
    'https://shop.example.evil.example',
    'https://evil.example#shop.example',
    'https://shop.example/path',
    'https://shop.example/?next=x',
    'https://a:b@shop.example',
    'ftp://shop.example',
    'javascript://shop.example/%0aalert(1)',
    'http://api.example:9090',
    'shop.example',
    '',
    42,
    ['https://shop.example'],
    `https://shop.example/${'x'.repeat(400)}`,
  ])('refuses %j', (url) => {
    expect(allowedReturnOrigin(brand, url, here)).toBeNull();
  });
});

describe('listIdentityProviders', () => {
  it('lists nothing for a brand no app serves', () => {
    expect(
      listIdentityProviders(testBrand('x', { identityProviders: [PUBLIC] }), 'a', 'b/'),
    ).toEqual([]);
  });

  it('offers the sandbox only when it is on, and a secret provider only when its secret is set', () => {
    const brand = testBrand('l', { identityProviders: [SANDBOX, GOV, PUBLIC] });
    attachOidcRuntime(brand, runtime({}));
    expect(listIdentityProviders(brand, 'http://x', 'http://api/').map((p) => p.id)).toEqual([6]);
    attachOidcRuntime(brand, runtime({ sandboxIdp: true, env: { GOVBR_SECRET: 's3cret' } }));
    expect(listIdentityProviders(brand, 'http://x', 'http://api/').map((p) => p.id)).toEqual([
      2, 5, 6,
    ]);
  });

  it('names each provider in the language and builds its start URL', () => {
    const brand = testBrand('n', { identityProviders: [SANDBOX, PUBLIC] });
    attachOidcRuntime(brand, runtime({ sandboxIdp: true }));
    const list = listIdentityProviders(
      brand,
      'https://shop.example',
      'https://api.example',
      'es-ES',
    );
    expect(list).toEqual([
      {
        id: 2,
        nome: 'Cuenta de prueba',
        tipo: 'oauth',
        url: 'https://api.example/oidc/2/start?url=https%3A%2F%2Fshop.example&lang=es_ES',
      },
      {
        id: 6,
        nome: 'Public',
        tipo: 'oauth',
        url: 'https://api.example/oidc/6/start?url=https%3A%2F%2Fshop.example&lang=es_ES',
      },
    ]);
  });
});

describe('identityProviderProblems', () => {
  it('names the local id and repeated ids with file and path', () => {
    const brand = testBrand('p', {
      identityProviders: [{ ...PUBLIC, id: 1 }, SANDBOX, { ...GOV, id: 2 }],
    });
    expect(identityProviderProblems(brand)).toEqual([
      "brands/p/brand.json at /identityProviders/0/id: 1 is the local login's id (idLoginSI)",
      'brands/p/brand.json at /identityProviders/2/id: 2 is used by another provider',
    ]);
    expect(identityProviderProblems(testBrand('q', { identityProviders: [SANDBOX, GOV] }))).toEqual(
      [],
    );
  });
});

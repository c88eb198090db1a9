import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CepEndereco,
  CepResult,
  EnderecoCidade,
  EnderecoEstado,
  EnderecoPais,
  Envelope,
  Locale,
} from '#schemas/contract.ts';
import { buildApp } from '#server/app.ts';
import { t } from '#server/i18n.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';

let s: TestServer;
const savedEnv = {
  url: process.env.CEP_SERVICE_URL,
  timeout: process.env.CEP_SERVICE_TIMEOUT_MS,
};

function restoreEnv(): void {
  for (const [key, value] of [
    ['CEP_SERVICE_URL', savedEnv.url],
    ['CEP_SERVICE_TIMEOUT_MS', savedEnv.timeout],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

beforeAll(async () => {
  // The bundled data must answer: no service configured, whatever the shell has.
  delete process.env.CEP_SERVICE_URL;
  s = await startTestServer();
});
afterAll(async () => {
  restoreEnv();
  await s?.close();
});

const get = (url: string, headers: Record<string, string> = {}, app?: FastifyInstance) =>
  (app ?? s.app).inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

function resultOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Envelope<T>;
  if (!('result' in body)) throw new Error(`expected a result, got ${res.body}`);
  return body.result;
}

function expectError(
  res: LightMyRequestResponse,
  locale: Locale,
  id: 'error.badParams' | 'error.notFound',
) {
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(res.json(), res.body).toEqual({ error: { code: 0, message: t(locale, id) } });
}

/** The package's ISO 3166-1 table: [alpha-2, alpha-3, numeric, …] rows. */
const isoCodes = (
  JSON.parse(
    readFileSync(path.join(process.cwd(), 'node_modules/i18n-iso-countries/codes.json'), 'utf8'),
  ) as string[][]
).map((row) => row[0]);

describe('GET BuscaEnderecos/paises', () => {
  it('lists every ISO 3166-1 country, named and sorted in the request language', async () => {
    const byLang = new Map<string, EnderecoPais[]>();
    for (const [lang, locale] of [
      ['pt_BR', 'pt-BR'],
      ['es_ES', 'es-ES'],
      ['en_US', 'en-US'],
    ] as const) {
      const res = await get(`/BuscaEnderecos/paises?lang=${lang}`);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const list = resultOf<EnderecoPais[]>(res);
      expect(new Set(list.map((c) => c.sigla))).toEqual(new Set(isoCodes));
      expect(list).toHaveLength(isoCodes.length);
      for (const c of list) {
        expect(c.sigla).toMatch(/^[A-Z]{2}$/);
        expect(c.nome.length).toBeGreaterThan(1);
        expect(c.nome).not.toBe(c.sigla);
      }
      const collator = new Intl.Collator(locale);
      const names = list.map((c) => c.nome);
      expect(names).toEqual([...names].sort(collator.compare));
      byLang.set(lang, list);
    }
    const name = (lang: string, sigla: string) =>
      byLang.get(lang)?.find((c) => c.sigla === sigla)?.nome;
    expect([name('pt_BR', 'DE'), name('es_ES', 'DE'), name('en_US', 'DE')]).toEqual([
      'Alemanha',
      'Alemania',
      'Germany',
    ]);
    expect(name('pt_BR', 'BR')).toBe('Brasil');
    expect(name('en_US', 'BR')).toBe('Brazil');
    // Brazilian, not European, Portuguese.
    expect(name('pt_BR', 'IR')).toBe('Irã');
  });

  it('falls back to the brand default language for a missing or unknown lang', async () => {
    const pt = resultOf<EnderecoPais[]>(await get('/BuscaEnderecos/paises?lang=pt_BR'));
    for (const q of ['', '?lang=xx_YY']) {
      expect(resultOf<EnderecoPais[]>(await get(`/BuscaEnderecos/paises${q}`)), q).toEqual(pt);
    }
  });

  it('takes the last of a repeated lang, as every query parameter (server/plugins/edge.ts)', async () => {
    const es = resultOf<EnderecoPais[]>(await get('/BuscaEnderecos/paises?lang=es_ES'));
    const repeated = await get('/BuscaEnderecos/paises?lang=en_US&lang=es_ES');
    expect(resultOf<EnderecoPais[]>(repeated)).toEqual(es);
  });
});

describe('GET BuscaEnderecos/estados/{pais}', () => {
  it("lists Brazil's 27 states with their IBGE codes, sorted by name", async () => {
    const res = await get('/BuscaEnderecos/estados/BR?lang=pt_BR');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const states = resultOf<EnderecoEstado[]>(res);
    expect(states).toHaveLength(27);
    expect(new Set(states.map((e) => e.sigla)).size).toBe(27);
    expect(new Set(states.map((e) => e.ibge)).size).toBe(27);
    expect(states).toContainEqual({ sigla: 'SP', nome: 'São Paulo', ibge: 35 });
    expect(states).toContainEqual({ sigla: 'DF', nome: 'Distrito Federal', ibge: 53 });
    expect(states).toContainEqual({ sigla: 'RJ', nome: 'Rio de Janeiro', ibge: 33 });
    for (const e of states) expect(e.ibge).toBeGreaterThanOrEqual(11);
    const names = states.map((e) => e.nome);
    expect(names).toEqual([...names].sort(new Intl.Collator('pt-BR').compare));
  });

  it('takes the country as alpha-2 in any case, alpha-3 or numeric', async () => {
    const br = resultOf<EnderecoEstado[]>(await get('/BuscaEnderecos/estados/BR'));
    for (const code of ['br', 'BRA', 'bra', '076', '76']) {
      expect(resultOf(await get(`/BuscaEnderecos/estados/${code}`)), code).toEqual(br);
    }
  });

  it('answers an empty list for another country (the form takes free text)', async () => {
    for (const code of ['AR', 'PT', 'US', 'DEU']) {
      expect(resultOf(await get(`/BuscaEnderecos/estados/${code}?lang=en_US`)), code).toEqual([]);
    }
  });

  it('answers an unknown country with not found and a malformed one with bad params', async () => {
    expectError(await get('/BuscaEnderecos/estados/XX?lang=en_US'), 'en-US', 'error.notFound');
    expectError(await get('/BuscaEnderecos/estados/ZZZ?lang=es_ES'), 'es-ES', 'error.notFound');
    expectError(await get('/BuscaEnderecos/estados/999'), 'pt-BR', 'error.notFound');
    for (const bad of ['B', 'BRAS', 'B1', '%00', 'B%20', '1234', "BR'", 'BR%2F..']) {
      const res = await get(`/BuscaEnderecos/estados/${bad}?lang=en_US`);
      expectError(res, 'en-US', 'error.badParams');
      expect(res.headers['cache-control'] ?? '', bad).not.toMatch(/public/);
    }
  });
});

describe('GET BuscaEnderecos/cidades/{estado}', () => {
  it("lists São Paulo's 645 municipalities with 7-digit IBGE codes, sorted", async () => {
    const res = await get('/BuscaEnderecos/cidades/SP?lang=pt_BR');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const cities = resultOf<EnderecoCidade[]>(res);
    expect(cities).toHaveLength(645);
    expect(cities).toContainEqual({ nome: 'São Paulo', ibge: 3550308 });
    expect(cities).toContainEqual({ nome: 'Campinas', ibge: 3509502 });
    for (const c of cities) expect(String(c.ibge)).toMatch(/^35\d{5}$/);
    expect(new Set(cities.map((c) => c.ibge)).size).toBe(645);
    const names = cities.map((c) => c.nome);
    expect(names).toEqual([...names].sort(new Intl.Collator('pt-BR').compare));
  });

  it('takes the state as its sigla in any case or its IBGE code', async () => {
    const sp = resultOf<EnderecoCidade[]>(await get('/BuscaEnderecos/cidades/SP'));
    expect(resultOf(await get('/BuscaEnderecos/cidades/sp'))).toEqual(sp);
    expect(resultOf(await get('/BuscaEnderecos/cidades/35'))).toEqual(sp);
    expect(resultOf<EnderecoCidade[]>(await get('/BuscaEnderecos/cidades/53'))).toEqual([
      { nome: 'Brasília', ibge: 5300108 },
    ]);
  });

  it('has every Brazilian municipality once, each in its own state', async () => {
    const states = resultOf<EnderecoEstado[]>(await get('/BuscaEnderecos/estados/BR'));
    const all: number[] = [];
    for (const e of states) {
      const cities = resultOf<EnderecoCidade[]>(await get(`/BuscaEnderecos/cidades/${e.sigla}`));
      expect(cities.length, e.sigla).toBeGreaterThan(0);
      for (const c of cities) expect(Math.floor(c.ibge / 100_000), c.nome).toBe(e.ibge);
      all.push(...cities.map((c) => c.ibge));
    }
    // 5,570 until IBGE's 2025 list added Boa Esperança do Norte (MT), installed in 2025.
    expect(all).toHaveLength(5571);
    expect(new Set(all).size).toBe(5571);
    const mt = resultOf<EnderecoCidade[]>(await get('/BuscaEnderecos/cidades/MT'));
    expect(mt).toContainEqual({ nome: 'Boa Esperança do Norte', ibge: 5101837 });
  });

  it('answers an unknown state with not found and a malformed one with bad params', async () => {
    expectError(await get('/BuscaEnderecos/cidades/XX?lang=en_US'), 'en-US', 'error.notFound');
    expectError(await get('/BuscaEnderecos/cidades/99?lang=es_ES'), 'es-ES', 'error.notFound');
    for (const bad of ['S', 'SPX', '355', '3', 'S%00', 'S%C3%A3o']) {
      const res = await get(`/BuscaEnderecos/cidades/${bad}?lang=en_US`);
      expect(res.statusCode, bad).toBeLessThan(500);
      expect(res.json().error?.code, bad).toBe(0);
    }
    expectError(await get('/BuscaEnderecos/cidades/S?lang=en_US'), 'en-US', 'error.badParams');
  });
});

describe('GET ws/{cep}/json/ from the bundled data', () => {
  it('answers a known CEP in ViaCEP shape, written with or without the dash', async () => {
    for (const url of ['/ws/01310-100/json/', '/ws/01310100/json', '/WS/01310100/JSON/']) {
      const res = await get(url);
      expect(res.headers['cache-control'], url).toBe('public, max-age=86400');
      expect(resultOf<CepResult>(res), url).toEqual({
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        complemento: 'de 612 a 1510 - lado par',
        unidade: '',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
        estado: 'São Paulo',
        regiao: 'Sudeste',
        ibge: '3550308',
        gia: '1004',
        ddd: '11',
        siafi: '7107',
      });
    }
  });

  it('bundles the well-known addresses, each in the municipality its IBGE code names', async () => {
    const bundled = JSON.parse(
      readFileSync(new URL('./data/ceps.json', import.meta.url), 'utf8'),
    ) as { enderecos: CepEndereco[] };
    const ceps = bundled.enderecos.map((e) => e.cep);
    expect(ceps).toEqual(
      expect.arrayContaining(['01001-000', '01310-100', '20040-020', '70040-010']),
    );
    for (const cep of ceps) {
      const a = resultOf<CepEndereco>(await get(`/ws/${cep}/json/`));
      expect(a.cep).toBe(cep);
      const cities = resultOf<EnderecoCidade[]>(await get(`/BuscaEnderecos/cidades/${a.uf}`));
      expect(cities, cep).toContainEqual({ nome: a.localidade, ibge: Number(a.ibge) });
      expect(a.estado, cep).not.toBe('');
    }
    const se = resultOf<CepEndereco>(await get('/ws/01001000/json/'));
    expect([se.logradouro, se.bairro]).toEqual(['Praça da Sé', 'Sé']);
    const rio = resultOf<CepEndereco>(await get('/ws/20040020/json/'));
    expect([rio.localidade, rio.uf]).toEqual(['Rio de Janeiro', 'RJ']);
    const df = resultOf<CepEndereco>(await get('/ws/70040-010/json/'));
    expect([df.localidade, df.uf, df.regiao]).toEqual(['Brasília', 'DF', 'Centro-Oeste']);
  });

  it('answers a well-formed unknown CEP with { erro: true }, cached for an hour', async () => {
    const res = await get('/ws/99999-999/json/');
    expect(resultOf(res)).toEqual({ erro: true });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a malformed CEP with the bad params envelope, never a 5xx', async () => {
    for (const bad of [
      '0131010',
      '013101000',
      '01310-10',
      'abcdefgh',
      '01310_100',
      '01310.100',
      '%2001310100',
      '01310100%00',
      '-',
    ]) {
      const res = await get(`/ws/${bad}/json/?lang=es_ES`);
      expect(res.statusCode, bad).toBeLessThan(500);
      expect(res.json().error?.code, bad).toBe(0);
      expect(res.headers['cache-control'] ?? '', bad).not.toMatch(/public/);
    }
    expectError(await get('/ws/0131010/json/?lang=es_ES'), 'es-ES', 'error.badParams');
    expectError(await get('/ws/abcdefgh/json/?lang=en_US'), 'en-US', 'error.badParams');
  });

  it('keeps an answer to a logged-in request out of every cache (it echoes the token)', async () => {
    const token = await s.login();
    const res = await get('/ws/01310100/json/', { authorization: `Bearer ${token}` });
    expect(resultOf<CepEndereco>(res).logradouro).toBe('Avenida Paulista');
    expect(res.headers.authorization).toBe(`Bearer ${token}`);
    expect(res.headers['cache-control']).toBe('no-store');
    const guest = await get('/BuscaEnderecos/estados/BR');
    expect(String(guest.headers.vary)).toMatch(/authorization/i);
  });
});

describe('GET ws/{cep}/json/ through a configured CEP service', () => {
  let upstream: Server;
  let app: FastifyInstance;
  const asked: string[] = [];

  beforeAll(async () => {
    // A stand-in for ViaCEP on the loopback: the external service is not ours to run.
    upstream = createServer((req, res) => {
      asked.push(req.url ?? '');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      switch (req.url) {
        case '/ws/88015100/json/':
          return send(200, {
            cep: '88015-100',
            logradouro: 'Rua Felipe Schmidt',
            complemento: '',
            bairro: 'Centro',
            localidade: 'Florianópolis',
            uf: 'SC',
            estado: 'Santa Catarina',
            regiao: 'Sul',
            ibge: 4205407,
            ddd: '48',
            injected: '<script>',
          });
        case '/ws/20040020/json/':
          return send(500, { error: 'upstream down' });
        case '/ws/70040010/json/':
          return; // never answers: the timeout must fall back
        case '/ws/01001000/json/':
          return send(200, { cep: '99999-999', logradouro: 'Another CEP' });
        case '/ws/11111111/json/':
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('not json');
        default:
          return send(200, { erro: 'true' });
      }
    });
    upstream.listen(0, '127.0.0.1');
    await once(upstream, 'listening');
    const { port } = upstream.address() as AddressInfo;
    process.env.CEP_SERVICE_URL = `http://127.0.0.1:${port}/`;
    process.env.CEP_SERVICE_TIMEOUT_MS = '300';
    app = await buildApp({
      db: s.db,
      brands: s.brands,
      version: '0.0.0-test',
      distDir: path.join(os.tmpdir(), 'sf-no-dist'),
    });
    await app.ready();
    restoreEnv();
  });
  afterAll(async () => {
    await app?.close();
    upstream?.closeAllConnections();
    upstream?.close();
  });

  it("answers the service's address, reduced to ViaCEP's fields", async () => {
    const a = resultOf<CepEndereco>(await get('/ws/88015-100/json/', {}, app));
    expect(asked).toContain('/ws/88015100/json/');
    expect(a).toMatchObject({
      cep: '88015-100',
      logradouro: 'Rua Felipe Schmidt',
      localidade: 'Florianópolis',
      uf: 'SC',
      ibge: '4205407',
      gia: '',
    });
    expect(Object.keys(a)).not.toContain('injected');
  });

  it('falls back to the bundled data when the service fails, is slow, or answers nonsense', async () => {
    const started = Date.now();
    for (const [cep, logradouro] of [
      ['20040-020', 'Praça Floriano'],
      ['70040-010', 'Esplanada dos Ministérios'],
      ['01001-000', 'Praça da Sé'],
    ] as const) {
      const res = await get(`/ws/${cep}/json/`, {}, app);
      expect(resultOf<CepEndereco>(res).logradouro, cep).toBe(logradouro);
    }
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(resultOf(await get('/ws/11111111/json/', {}, app))).toEqual({ erro: true });
  });

  it('answers a CEP the service does not know from the bundled data, or { erro: true }', async () => {
    const a = resultOf<CepEndereco>(await get('/ws/01310100/json/', {}, app));
    expect(a.logradouro).toBe('Avenida Paulista');
    expect(resultOf(await get('/ws/99999999/json/', {}, app))).toEqual({ erro: true });
    expect(asked).toContain('/ws/99999999/json/');
  });

  it('does not ask the service about a malformed CEP', async () => {
    const before = asked.length;
    expectError(await get('/ws/123/json/', {}, app), 'pt-BR', 'error.badParams');
    expect(asked.length).toBe(before);
  });
});

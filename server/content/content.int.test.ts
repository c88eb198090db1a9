import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conteudo, ConteudoResumo, Faq } from '#schemas/contract.ts';
import { makeDist } from '#server/test/dist.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';

// The content calls over HTTP, on the test brand's content (server/test/fixtures/content).

let s: TestServer;
let dist: string;
beforeAll(async () => {
  dist = await makeDist();
  s = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  await s?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = async <T>(url: string) => {
  const res = await s.app.inject({ method: 'GET', url });
  return {
    status: res.statusCode,
    body: res.json() as { result?: T; error?: { message: string } },
  };
};

describe('content calls', () => {
  it('GET cms/conteudos lists the pages with their slug in every language', async () => {
    const { status, body } = await get<ConteudoResumo[]>('/cms/conteudos?lang=en_US');
    expect(status).toBe(200);
    expect(body.result).toEqual([
      {
        id: 'privacy',
        tipo: 'pagina',
        titulo: 'Privacy',
        secoes: ['informacoes', 'politicas'],
        slugs: { 'pt-BR': 'privacidade', 'es-ES': 'privacidad', 'en-US': 'privacy' },
        link: null,
      },
    ]);
  });

  it('GET cms/conteudo/{id} answers the page as sanitised HTML in the language asked', async () => {
    const { body } = await get<Conteudo>('/cms/conteudo/privacy?lang=es_ES');
    expect(body.result).toMatchObject({
      titulo: 'Privacidad',
      descricao: 'Cómo tratamos sus datos.',
    });
    expect(body.result!.html).toContain('<h2>LGPD</h2>');
    expect(body.result!.html).not.toContain('<script');
    const missing = await get('/cms/conteudo/nothing?lang=pt_BR');
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBeTruthy();
  });

  it('GET SAC/perguntas-frequentes answers the FAQ by category', async () => {
    const { body } = await get<Faq>('/SAC/perguntas-frequentes?lang=pt_BR');
    expect(body.result).toEqual({
      titulo: 'Perguntas frequentes',
      descricao: 'Perguntas frequentes.',
      atualizado: '2026-11-01',
      categorias: [
        {
          titulo: 'Compra',
          perguntas: [{ pergunta: 'Como compro?', resposta: '<p>Escolha o dia.</p>' }],
        },
      ],
    });
  });

  it('answers a content page of the storefront with 200, an unknown slug with 404', async () => {
    const status = async (url: string) => (await s.app.inject({ method: 'GET', url })).statusCode;
    expect(await status('/pt/politicas/privacidade')).toBe(200);
    expect(await status('/en/information/privacy')).toBe(200);
    expect(await status('/es/informacion/preguntas-frecuentes')).toBe(200);
    // Another language's slug is not this language's page.
    expect(await status('/en/policies/privacidade')).toBe(404);
    expect(await status('/pt/politicas/nada')).toBe(404);
  });

  it('redirects the translated paths of spec §2 and malformed cookie-policy addresses', async () => {
    const to = async (url: string) => {
      const res = await s.app.inject({ method: 'GET', url });
      return [res.statusCode, res.headers.location];
    };
    expect(await to('/pt/jogos')).toEqual([301, '/pt']);
    expect(await to('/en/matches-presale?utm_source=x')).toEqual([301, '/en?utm_source=x']);
    expect(await to('/es/etapas')).toEqual([301, '/es/checkout']);
    expect(await to('/en/record')).toEqual([301, '/en/profile']);
    // The contact form is a page; the Spanish word leads to it.
    expect(await to('/pt/contato')).toEqual([200, undefined]);
    expect(await to('/es/contacto')).toEqual([301, '/es/contato']);
    // It has no cookies page either: a cookie address stays not found.
    expect(await to('/pt/politicas/cookie')).toEqual([404, undefined]);
    // A real page is never redirected.
    expect(await to('/pt/politicas/privacidade')).toEqual([200, undefined]);
  });
});

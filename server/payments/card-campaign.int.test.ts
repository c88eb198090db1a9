import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardCampaign, CatalogFile, LoadedBrand } from '#schemas/brand.types.ts';
import type { CartaoToken, Envelope, LoginResult } from '#schemas/contract.ts';
import { firstRow } from '#server/db/sql.ts';
import { formText } from '#server/forms/messages.ts';
import { t } from '#server/i18n.ts';
import {
  errorOf,
  SANDBOX_CARDS,
  sandboxCard,
  startTestServer,
  type TestServer,
} from '#server/test/harness.ts';
import { E, P, testBrand, testCatalog } from '#server/test/test-brand.ts';

/**
 * Issue 12 item 4: the card-brand campaign. While the brand runs one, a campaign product is sold
 * only to a person who gave (at login or sign-up) the first six digits of a participating card,
 * and its order is paid by card with exactly that card; other products and people are as usual.
 */
const CAMPAIGN: CardCampaign = {
  name: { 'pt-BR': 'cartões Teste', 'es-ES': 'tarjetas Teste', 'en-US': 'Teste cards' },
  bins: ['555555'],
};
const CAMPAIGN_CARD = '5555 5555 5555 4444';
const PASSWORD = 'Teste@1234';

/** The test catalogue with the half-price ticket (`P.meia`) sold only in the campaign. */
function campaignCatalog(): CatalogFile {
  const catalog = testCatalog();
  for (const ev of catalog.events) {
    for (const tipo of ev.tipo_produtos) {
      for (const p of tipo.produtos) if (p.idproduto === P.meia) p.campanhaCartao = true;
    }
  }
  return catalog;
}

function withCampaign(campaign: CardCampaign): LoadedBrand {
  const base = testBrand('test-a', {}, campaignCatalog());
  return {
    ...base,
    brand: { ...base.brand, payments: { ...base.brand.payments, cardCampaign: campaign } },
  };
}

let s: TestServer;
let ended: TestServer;
let visita: number;

beforeAll(async () => {
  s = await startTestServer({ brands: [withCampaign(CAMPAIGN)] });
  ended = await startTestServer({
    brands: [withCampaign({ ...CAMPAIGN, until: '2020-01-01T00:00:00-03:00' })],
  });
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
});
afterAll(async () => {
  await s?.close();
  await ended?.close();
});

async function login(server: TestServer, email: string, bin?: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/login/1',
    headers: { host: 'localhost', 'content-type': 'application/json' },
    payload: { _username: email, _password: PASSWORD, ...(bin === undefined ? {} : { _bin: bin }) },
  });
  return res.json() as Envelope<LoginResult>;
}

/** A person with a complete profile, logged in (with the card digits given, if any). */
async function person(server: TestServer, email: string, bin?: string): Promise<string> {
  await server.personToken(email);
  const answer = await login(server, email, bin);
  if (!('result' in answer)) throw new Error(JSON.stringify(answer));
  return answer.result.access_token;
}

const holdMeia = (server: TestServer, token: string) =>
  server.rpc('SuperIngresso', 'iniciarReserva', [[{ idproduto: P.meia, qtd: 2 }], visita, []], {
    token,
  });

async function pay(
  token: string,
  idmovimentacao: number,
  idformapag: number,
  cartao: CartaoToken | null,
) {
  return s.rpc(
    'SuperIngresso',
    'iniciarPagamento',
    [
      idmovimentacao,
      idformapag,
      '',
      cartao,
      { parcelas: 1, idempotencyKey: `key-${randomUUID()}` },
    ],
    { token },
  );
}

describe('the card-brand campaign', () => {
  it('marks its products in the catalogue, and lists them only while it runs', async () => {
    const produtos = (await s.ok('SuperIngresso', 'getProdutos', [visita])).tipo_produtos.flatMap(
      (tp) => tp.produtos,
    );
    expect(produtos.find((p) => p.idproduto === P.meia)?.campanha).toBe(true);
    expect(produtos.find((p) => p.idproduto === P.inteira)?.campanha).toBeUndefined();

    const after = (await ended.ok('SuperIngresso', 'getProdutos', [visita])).tipo_produtos.flatMap(
      (tp) => tp.produtos,
    );
    expect(after.map((p) => p.idproduto)).toContain(P.inteira);
    expect(after.map((p) => p.idproduto)).not.toContain(P.meia);
    const token = await person(ended, 'ended@example.com', '555555');
    expect(errorOf(await holdMeia(ended, token)).message).toBe(
      t('pt-BR', 'error.ticketsUnavailable'),
    );
    // The login of an ended campaign keeps no card digits.
    const kept = await firstRow<{ bin: string | null }>(
      ended.db,
      sql`SELECT bin FROM pessoa WHERE email = 'ended@example.com'`,
    );
    expect(kept?.bin).toBeNull();
  });

  it('sells its products only to a person who gave a participating card at login', async () => {
    const none = await person(s, 'sem-cartao@example.com');
    const refused = errorOf(await holdMeia(s, none));
    expect(refused.message).toBe(
      t('pt-BR', 'error.cardCampaignOnly', { campanha: CAMPAIGN.name['pt-BR'] }),
    );
    // The other products are as usual.
    await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 1 }], visita, []],
      {
        token: none,
      },
    );

    const other = await person(s, 'outro-cartao@example.com', '411111');
    expect(errorOf(await holdMeia(s, other)).message).toBe(refused.message);

    const bad = await login(s, 'outro-cartao@example.com', '5555');
    expect('error' in bad && bad.error.message).toBe(formText('pt-BR', 'form.error.bin'));

    const good = await person(s, 'com-cartao@example.com', '555555');
    const held = await holdMeia(s, good);
    expect('result' in held.body).toBe(true);
    const stored = await firstRow<{ bin: string | null }>(
      s.db,
      sql`SELECT bin FROM pessoa WHERE email = 'com-cartao@example.com'`,
    );
    expect(stored?.bin).toBe('555555');
  });

  it('has its orders paid by card, with the very card whose digits were given', async () => {
    const token = await person(s, 'paga-campanha@example.com', '555555');
    const held = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.meia, qtd: 1 }], visita, []],
      { token },
    );
    const gateway = await s.ok('SuperIngresso', 'getGatewayPagamento', [held.idmovimentacao], {
      token,
    });
    expect(gateway.formas.map((f) => f.forma)).toEqual(['cartao']);

    const message = t('pt-BR', 'error.cardCampaignCard', {
      campanha: CAMPAIGN.name['pt-BR'],
      bin: '555555',
    });
    // Pix (turned on for the brand) is refused for this order, as is another card.
    const pix = await pay(token, held.idmovimentacao, 3, null);
    expect(errorOf(pix).message).toBe(message);
    const visa = await pay(
      token,
      held.idmovimentacao,
      1,
      await sandboxCard(s, SANDBOX_CARDS.approved),
    );
    expect(errorOf(visa).message).toBe(message);
    // Refused before anything was charged or recorded.
    const attempts = await firstRow<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM pagamento WHERE idmovimentacao = ${held.idmovimentacao}`,
    );
    expect(attempts?.n).toBe(0);

    const paid = await pay(token, held.idmovimentacao, 1, await sandboxCard(s, CAMPAIGN_CARD));
    expect('result' in paid.body && paid.body.result.status).toBe('approved');
  });

  it('leaves orders without its products payable by any method', async () => {
    const token = await person(s, 'sem-campanha@example.com');
    const held = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 1 }], visita, []],
      { token },
    );
    const gateway = await s.ok('SuperIngresso', 'getGatewayPagamento', [held.idmovimentacao], {
      token,
    });
    expect(gateway.formas.map((f) => f.forma)).toEqual(['cartao', 'boleto', 'pix']);
    const paid = await pay(
      token,
      held.idmovimentacao,
      1,
      await sandboxCard(s, SANDBOX_CARDS.approved),
    );
    expect('result' in paid.body && paid.body.result.status).toBe('approved');
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogFile, DeliveryRules, LoadedBrand } from '#schemas/brand.types.ts';
import type { EnderecoEntregaDados, TicketsCartResult } from '#schemas/contract.ts';
import { firstRow } from '#server/db/sql.ts';
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
 * Issue 12 item 2, delivery: a product delivered to an address (catalogue `entrega`) needs a
 * delivery address before payment; the carrier's fee (brand.json `delivery`) is in every total
 * and charged; the person's addresses are listed (the profile's first) and reused; with
 * `editarEndereco` off only the profile's address may be used; removing the last delivered
 * product clears the fee.
 */
const RULES: DeliveryRules = {
  countries: ['BR'],
  fee: 20,
  days: 8,
  regions: [{ states: ['SP'], fee: 12.5, days: 3 }],
};

/** The test catalogue with the half-price ticket delivered to an address. */
function deliveryCatalog(): CatalogFile {
  const c = testCatalog();
  const meia = c.events[0]!.tipo_produtos[0]!.produtos.find((p) => p.idproduto === P.meia)!;
  meia.entrega = true;
  return c;
}

const brand = (editarEndereco: boolean): LoadedBrand =>
  testBrand('test-a', { editarEndereco, delivery: RULES }, deliveryCatalog());

const PAULISTA: EnderecoEntregaDados = {
  end_pais: 'BR',
  end_cep: '01310-100',
  end_estado: 'SP',
  end_cidade: 'São Paulo',
  end_bairro: 'Bela Vista',
  end_logradouro: 'Av. Paulista',
  end_numero: '1000',
};
const RECIFE: EnderecoEntregaDados = {
  end_pais: 'BR',
  end_cep: '50030-230',
  end_estado: 'PE',
  end_cidade: 'Recife',
  end_logradouro: 'Rua da Aurora',
  end_numero: '12',
  end_complemento: 'apto 3',
};

let s: TestServer;
let locked: TestServer;
let visita: number;
let visitaLocked: number;

beforeAll(async () => {
  s = await startTestServer({ brands: [brand(true)] });
  locked = await startTestServer({ brands: [brand(false)] });
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
  visitaLocked = (await locked.ok('SuperIngresso', 'getApresentacoes', [E.visita]))
    .apresentacoes[0]!.idapresentacao;
});
afterAll(async () => {
  await s?.close();
  await locked?.close();
});

async function hold(server: TestServer, email: string, inteiras: number, meias: number) {
  const { token, pessoa } = await server.personToken(email);
  const produtos: { idproduto: number; qtd: number }[] = [];
  if (inteiras > 0) produtos.push({ idproduto: P.inteira, qtd: inteiras });
  if (meias > 0) produtos.push({ idproduto: P.meia, qtd: meias });
  const session = server === s ? visita : visitaLocked;
  const r = await server.ok('SuperIngresso', 'iniciarReserva', [produtos, session, []], { token });
  return { token, idpessoa: pessoa.id, idmovimentacao: r.idmovimentacao };
}

type Held = Awaited<ReturnType<typeof hold>>;

const items = (server: TestServer, h: Held) =>
  server.ok('SuperIngresso', 'getCarrinhoPageItens', [h.idmovimentacao, null, { api: true }], {
    token: h.token,
  });

async function pay(server: TestServer, h: Held) {
  const cartao = await sandboxCard(server, SANDBOX_CARDS.approved);
  return server.rpc(
    'SuperIngresso',
    'iniciarPagamento',
    [h.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: `key-${randomUUID()}` }],
    { token: h.token },
  );
}

async function paymentsOf(server: TestServer, idmovimentacao: number) {
  const row = await firstRow<{ n: number }>(
    server.db,
    sql`SELECT count(*)::int AS n FROM pagamento WHERE idmovimentacao = ${idmovimentacao}`,
  );
  return row?.n;
}

async function giveProfileAddress(server: TestServer, idpessoa: number, d: EnderecoEntregaDados) {
  await server.db.execute(
    sql`UPDATE pessoa SET end_pais = ${d.end_pais}, end_cep = ${d.end_cep},
          end_estado = ${d.end_estado}, end_cidade = ${d.end_cidade},
          end_bairro = ${d.end_bairro ?? null}, end_logradouro = ${d.end_logradouro},
          end_numero = ${d.end_numero}, end_complemento = ${d.end_complemento ?? null}
        WHERE id = ${idpessoa}`,
  );
}

describe('TransportadoraValidaEnderecoEntrega/', () => {
  const post = (payload: unknown) =>
    s.app.inject({
      method: 'POST',
      url: '/TransportadoraValidaEnderecoEntrega/',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('answers the fee and days of a deliverable address, by state or the default', async () => {
    expect((await post(PAULISTA)).json()).toEqual({
      result: { entregavel: true, valor: 12.5, dias: 3 },
    });
    expect((await post(RECIFE)).json()).toEqual({
      result: { entregavel: true, valor: 20, dias: 8 },
    });
  });

  it('says why an address is not deliverable, and rejects a malformed one by field', async () => {
    const abroad = { ...PAULISTA, end_pais: 'AR', end_cep: 'C1002' };
    expect((await post(abroad)).json()).toEqual({
      result: {
        entregavel: false,
        valor: 0,
        dias: null,
        mensagem: t('pt-BR', 'error.deliveryCountry'),
      },
    });
    const bad = (await post({ ...PAULISTA, end_cep: '123', end_numero: '' })).json();
    expect(bad.error.code).toBe(0);
    expect(bad.error.fields.map((f: { field: string }) => f.field)).toEqual([
      '.end_cep',
      '.end_numero',
    ]);
  });
});

describe('the delivery of an order', () => {
  it('is absent from a cart of tickets only, which takes no address', async () => {
    const h = await hold(s, 'entrega-none@example.com', 1, 0);
    const cart = await items(s, h);
    expect(cart.entrega).toBeUndefined();
    expect(cart.itens[0]!.entrega).toBe(false);
    expect(cart.resumo.entrega_valor).toBe(0);
    const refused = await s.rpc(
      'BasePessoaEnderecoEntregaClass',
      'setEnderecoEntrega',
      [h.idmovimentacao, PAULISTA],
      { token: h.token },
    );
    expect(errorOf(refused)).toEqual({ code: 0, message: t('pt-BR', 'error.deliveryNotNeeded') });
  });

  it('refuses the payment without an address, then charges the fee with the tickets', async () => {
    const h = await hold(s, 'entrega-pay@example.com', 1, 1);
    const before = await items(s, h);
    // Inteira R$ 50 + R$ 5 fee, meia R$ 25 + R$ 2,50 fee.
    expect(before.resumo.valor).toBe(82.5);
    expect(before.entrega).toEqual({ endereco: null, valor: 0, dias: null });
    expect(before.itens.map((i) => i.entrega).sort()).toEqual([false, true]);

    const refused = await pay(s, h);
    expect(errorOf(refused)).toEqual({
      code: 0,
      message: t('pt-BR', 'error.deliveryAddressMissing'),
    });
    expect(await paymentsOf(s, h.idmovimentacao)).toBe(0);

    // A malformed address is refused by the address form; one abroad by the carrier.
    const bad = await s.rpc(
      'BasePessoaEnderecoEntregaClass',
      'setEnderecoEntrega',
      [h.idmovimentacao, { ...PAULISTA, end_cep: '1' }],
      { token: h.token },
    );
    expect(errorOf(bad).code).toBe(0);
    expect((bad.body as { error: { fields: { field: string }[] } }).error.fields[0]!.field).toBe(
      '.end_cep',
    );
    const abroad = await s.rpc(
      'BasePessoaEnderecoEntregaClass',
      'setEnderecoEntrega',
      [h.idmovimentacao, { ...PAULISTA, end_pais: 'AR', end_cep: 'C1002' }],
      { token: h.token },
    );
    expect(errorOf(abroad)).toEqual({ code: 0, message: t('pt-BR', 'error.deliveryCountry') });

    const set = await s.ok(
      'BasePessoaEnderecoEntregaClass',
      'setEnderecoEntrega',
      [h.idmovimentacao, PAULISTA],
      { token: h.token },
    );
    expect(set.entrega).toMatchObject({
      valor: 12.5,
      dias: 3,
      endereco: { end_cidade: 'São Paulo', end_numero: '1000', entregavel: true },
    });
    expect(set.resumo).toMatchObject({ entrega_valor: 12.5, valor: 95, total: 95 });
    expect(set.movimentacao).toMatchObject({
      entrega_end: set.entrega!.endereco!.idendereco,
      entrega_valor: 12.5,
      total: 95,
    });
    const offer = await s.ok('SuperIngresso', 'getGatewayPagamento', [h.idmovimentacao], {
      token: h.token,
    });
    expect(offer.parcelas[0]).toMatchObject({ parcela: 1, total: 95 });

    const paid = await pay(s, h);
    expect(paid.body).toMatchObject({ result: { status: 'approved' } });
    const charged = await firstRow<{ valor_cents: number }>(
      s.db,
      sql`SELECT valor_cents FROM pagamento WHERE idmovimentacao = ${h.idmovimentacao}`,
    );
    expect(charged?.valor_cents).toBe(9500);
    await s.ok('SuperIngresso', 'concluirPagamento', [{ idmovimentacao: h.idmovimentacao }], {
      token: h.token,
    });
    const orders = await s.app.inject({
      method: 'GET',
      url: '/tickets/cart?status=PA&fetch_items=true',
      headers: { host: 'localhost', authorization: `Bearer ${h.token}` },
    });
    const [order] = (orders.json() as { result: TicketsCartResult }).result.tickets;
    expect(order).toMatchObject({ status: 'PA', total: 95, entrega_valor: 12.5 });
    expect(order?.entrega_endereco?.end_logradouro).toBe('Av. Paulista');
    const view = await items(s, h);
    expect(view.entrega?.endereco?.end_logradouro).toBe('Av. Paulista');
    expect(view.resumo.valor).toBe(95);
  });

  it('lists the profile address first, then the saved ones, each with its fee', async () => {
    const h = await hold(s, 'entrega-list@example.com', 0, 1);
    const empty = await s.ok('BasePessoaEnderecoEntregaClass', 'getEnderecosEntrega', [], {
      token: h.token,
    });
    expect(empty).toEqual({ enderecos: [], editavel: true });

    await s.ok('BasePessoaEnderecoEntregaClass', 'setEnderecoEntrega', [h.idmovimentacao, RECIFE], {
      token: h.token,
    });
    await giveProfileAddress(s, h.idpessoa, PAULISTA);
    const listed = await s.ok('BasePessoaEnderecoEntregaClass', 'getEnderecosEntrega', [], {
      token: h.token,
    });
    expect(
      listed.enderecos.map((e) => [e.origem, e.idendereco > 0, e.end_cidade, e.valor]),
    ).toEqual([
      ['cadastro', false, 'São Paulo', 12.5],
      ['salvo', true, 'Recife', 20],
    ]);

    // The profile's address (0) is saved once when chosen, and then listed by that id.
    const chosen = await s.ok(
      'BasePessoaEnderecoEntregaClass',
      'setEnderecoEntrega',
      [h.idmovimentacao, { idendereco: 0 }],
      { token: h.token },
    );
    expect(chosen.resumo.entrega_valor).toBe(12.5);
    const again = await s.ok('BasePessoaEnderecoEntregaClass', 'getEnderecosEntrega', [], {
      token: h.token,
    });
    expect(again.enderecos).toHaveLength(2);
    expect(again.enderecos[0]).toMatchObject({
      origem: 'cadastro',
      idendereco: chosen.entrega!.endereco!.idendereco,
    });
    // The same address typed again reuses its row.
    const retyped = await s.ok(
      'BasePessoaEnderecoEntregaClass',
      'setEnderecoEntrega',
      [h.idmovimentacao, { ...RECIFE, end_cidade: ' recife ' }],
      { token: h.token },
    );
    expect(retyped.entrega!.endereco!.idendereco).toBe(again.enderecos[1]!.idendereco);
    expect(retyped.resumo.entrega_valor).toBe(20);

    // Someone else's address is not found.
    const other = await hold(s, 'entrega-other@example.com', 0, 1);
    const stolen = await s.rpc(
      'BasePessoaEnderecoEntregaClass',
      'setEnderecoEntrega',
      [other.idmovimentacao, { idendereco: again.enderecos[1]!.idendereco }],
      { token: other.token },
    );
    expect(errorOf(stolen)).toEqual({
      code: 0,
      message: t('pt-BR', 'error.deliveryAddressNotFound'),
    });
  });

  it('clears the address and the fee when the last delivered product is removed', async () => {
    const h = await hold(s, 'entrega-remove@example.com', 1, 1);
    const set = await s.ok(
      'BasePessoaEnderecoEntregaClass',
      'setEnderecoEntrega',
      [h.idmovimentacao, RECIFE],
      { token: h.token },
    );
    expect(set.resumo.valor).toBe(102.5);
    const meia = set.itens.find((i) => i.entrega)!;
    await s.ok(
      'SuperIngresso',
      'removeProdutoCarrinho',
      [h.idmovimentacao, [meia.iditem], false, false],
      {
        token: h.token,
      },
    );
    const after = await items(s, h);
    expect(after.entrega).toBeUndefined();
    expect(after.resumo).toMatchObject({ entrega_valor: 0, valor: 55 });
    expect(after.movimentacao).toMatchObject({ entrega_end: null, entrega_valor: 0, total: 55 });
  });

  it('with editarEndereco off, takes only the profile address', async () => {
    const h = await hold(locked, 'entrega-locked@example.com', 0, 1);
    const typed = await locked.rpc(
      'BasePessoaEnderecoEntregaClass',
      'setEnderecoEntrega',
      [h.idmovimentacao, PAULISTA],
      { token: h.token },
    );
    expect(errorOf(typed)).toEqual({
      code: 0,
      message: t('pt-BR', 'error.deliveryAddressLocked'),
    });
    const none = await locked.rpc(
      'BasePessoaEnderecoEntregaClass',
      'setEnderecoEntrega',
      [h.idmovimentacao, { idendereco: 0 }],
      { token: h.token },
    );
    expect(errorOf(none)).toEqual({
      code: 0,
      message: t('pt-BR', 'error.deliveryAddressNotFound'),
    });
    await giveProfileAddress(locked, h.idpessoa, RECIFE);
    const listed = await locked.ok('BasePessoaEnderecoEntregaClass', 'getEnderecosEntrega', [], {
      token: h.token,
    });
    expect(listed.editavel).toBe(false);
    expect(listed.enderecos.map((e) => [e.origem, e.idendereco])).toEqual([['cadastro', 0]]);
    const set = await locked.ok(
      'BasePessoaEnderecoEntregaClass',
      'setEnderecoEntrega',
      [h.idmovimentacao, { idendereco: 0 }],
      { token: h.token },
    );
    expect(set.resumo.entrega_valor).toBe(20);
  });
});

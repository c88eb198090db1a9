// Every mail the shop sends links only to the brand's configured public origin, whatever Host or
// X-Forwarded-Host the call that sent it carried (issue 39: a forged Host went into reset links).
import { desc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_VERSION } from '#schemas/contract.ts';
import { outbox } from '#server/db/schema.ts';
import {
  makeBuyers,
  SANDBOX_CARDS,
  sandboxCard,
  startTestServer,
  type TestServer,
} from '#server/test/harness.ts';
import { E, P } from '#server/test/test-brand.ts';

const ORIGIN = 'https://shop.example';
const OPERATOR = 'operator-secret-for-tests';
const PASSWORD = 'Segura@123';

let s: TestServer;
beforeAll(async () => {
  // The proxy on this machine is trusted, so X-Forwarded-Host would reach req.host if anything
  // still built links from the request.
  s = await startTestServer({
    originEnv: { PUBLIC_ORIGIN: ORIGIN },
    operatorToken: OPERATOR,
    trustProxy: ['127.0.0.1'],
  });
});
afterAll(async () => {
  await s?.close();
});

/** The two forgeries: a foreign Host, and a foreign X-Forwarded-Host behind the trusted proxy. */
const FORGED: Record<string, Record<string, string>> = {
  Host: { host: 'evil.example' },
  'X-Forwarded-Host': {
    host: 'localhost',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'http',
  },
};

let ip = 0;
async function post(url: string, body: unknown, forged: Record<string, string>, token?: string) {
  ip += 1;
  const res = await s.app.inject({
    method: 'POST',
    url,
    remoteAddress: '127.0.0.1',
    headers: {
      ...forged,
      'x-forwarded-for': `198.51.100.${ip}`,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode).toBe(200);
  const answer = res.json() as { result?: unknown; error?: unknown };
  expect(answer.error, url).toBeUndefined();
  return answer.result as Record<string, unknown>;
}

/** The mails written since `sinceId`, with every absolute URL in their text and HTML. */
async function mailsSince(sinceId: number) {
  const mails = await s.db.select().from(outbox).where(gt(outbox.id, sinceId));
  return mails.map((m) => ({
    kind: m.kind,
    to: m.toAddress,
    text: m.text,
    urls: [...`${m.text}\n${m.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)]
      .map((x) => x[0])
      // The HTML's doctype and namespaces are not links.
      .filter((u) => !u.startsWith('http://www.w3.org/')),
  }));
}

async function lastId(): Promise<number> {
  const [m] = await s.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
  return m?.id ?? 0;
}

/** Every mail since `sinceId` links to the configured origin and nowhere else. */
async function expectOnlyConfiguredLinks(sinceId: number, kinds: string[]) {
  const mails = await mailsSince(sinceId);
  expect(mails.map((m) => m.kind).sort()).toEqual([...kinds].sort());
  for (const m of mails) {
    expect(m.urls.length, `${m.kind} has links`).toBeGreaterThan(0);
    for (const u of m.urls) expect(u.startsWith(`${ORIGIN}/`), `${m.kind}: ${u}`).toBe(true);
    expect(`${m.text}`).not.toContain('evil.example');
  }
  return mails;
}

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  _nome: 'Ana',
  _sobrenome: 'Souza',
  _email: email,
  _email2: email,
  _senha: PASSWORD,
  _senha2: PASSWORD,
  _celularComCodigoPais: '+55 11 91234-5678',
  _dt_nascimento: '1990-05-17',
  _cpf: '529.982.247-25',
  _nacionalidade: 'BR',
  _termos: true,
  ...extra,
});

describe.each(Object.keys(FORGED))('a forged %s', (name) => {
  const forged = FORGED[name]!;
  const tag = name === 'Host' ? 'h' : 'x';

  it('sign-up confirmation, password reset and password changed link to the configured origin', async () => {
    const email = `ana.${tag}@example.com`;
    let since = await lastId();
    const r = await post('/cadastro/1', signUpBody(email), forged);
    const [confirm] = await expectOnlyConfiguredLinks(since, ['confirm_email']);
    expect(confirm!.urls).toContainEqual(expect.stringMatching(`^${ORIGIN}/validatemail\\?token=`));

    since = await lastId();
    await post('/pessoa/cadastro/recuperar/senha', { username: email }, forged);
    const [reset] = await expectOnlyConfiguredLinks(since, ['reset_password']);
    expect(reset!.urls).toContainEqual(expect.stringMatching(`^${ORIGIN}/redefinirsenha\\?token=`));

    since = await lastId();
    await post(
      '/pessoa/cadastro/trocar/senha',
      { oldpassword: PASSWORD, password: 'Outra@789' },
      forged,
      r.access_token as string,
    );
    await expectOnlyConfiguredLinks(since, ['password_changed']);
  });

  it('an agency awaiting approval and its approval link to the configured origin', async () => {
    const rules = s.brands[0]!.brand.regrasDoNegocio;
    const email = `agencia.${tag}@example.com`;
    let since = await lastId();
    await post(
      '/cadastro/1',
      {
        _nome: 'Viagens',
        _email: email,
        _email2: email,
        _senha: PASSWORD,
        _senha2: PASSWORD,
        _celularComCodigoPais: '+55 11 3333-4444',
        _empresa_cnpj: '11.222.333/0001-81',
        _empresa_razao: 'Viagens Ltda',
        _termos: true,
        _idpessoa_tipo: rules.idagenciaaguardando,
      },
      forged,
    );
    await expectOnlyConfiguredLinks(since, ['confirm_email', 'agency_awaiting']);

    since = await lastId();
    const res = await s.app.inject({
      method: 'POST',
      url: '/operator/agency/approve',
      remoteAddress: '127.0.0.1',
      headers: { ...forged, 'content-type': 'application/json', 'x-operator-token': OPERATOR },
      payload: JSON.stringify({ email, brand: s.brands[0]!.id }),
    });
    expect(res.json()).toEqual({ result: { outcome: 'approved-unconfirmed' } });
    const [approved] = await expectOnlyConfiguredLinks(since, ['agency_approved']);
    expect(approved!.urls).toContain(`${ORIGIN}/`);
  });

  it('the contact form’s two mails link to the configured origin', async () => {
    const since = await lastId();
    await post(
      '/CustomUserApps/Contato',
      {
        email: `contato.${tag}@example.com`,
        nome: 'Ana Souza',
        assunto: 'Visita em grupo',
        mensagem: 'Somos 30 alunos.',
      },
      forged,
    );
    await expectOnlyConfiguredLinks(since, ['contact_received', 'contact_ack']);
  });

  it('the newsletter’s confirmation and welcome (with its unsubscribe link) link to the configured origin', async () => {
    const email = `news.${tag}@example.com`;
    let since = await lastId();
    await post(
      '/CustomUserApps/Newsletter',
      { email, consentimento: true, versao: NEWSLETTER_CONSENT_VERSION },
      forged,
    );
    const [confirm] = await expectOnlyConfiguredLinks(since, ['newsletter_confirm']);
    const link = confirm!.urls.find((u) => u.includes('acao=confirmar'));
    expect(link).toBeDefined();

    since = await lastId();
    const token = new URL(link!).searchParams.get('token');
    await post('/CustomUserApps/Newsletter', { acao: 'confirmar', token }, forged);
    const [welcome] = await expectOnlyConfiguredLinks(since, ['newsletter_welcome']);
    expect(welcome!.urls).toContainEqual(expect.stringMatching(`^${ORIGIN}/.*acao=cancelar`));
  });

  it('the paid order’s mail (with the tickets) links to the configured origin', async () => {
    const [token] = await makeBuyers(s.db, s.brands[0]!, 1);
    const rpc = (method: string, params: unknown[]) =>
      post(
        `/router.php?method=${method}&class=SuperIngresso`,
        { class: 'SuperIngresso', method, params },
        forged,
        token,
      );
    const visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
      .idapresentacao;
    const since = await lastId();
    const hold = await rpc('iniciarReserva', [[{ idproduto: P.inteira, qtd: 1 }], visita, []]);
    const id = hold.idmovimentacao as number;
    const card = await sandboxCard(s, SANDBOX_CARDS.approved);
    const pay = await rpc('iniciarPagamento', [
      id,
      1,
      '',
      card,
      { parcelas: 1, idempotencyKey: `key-links-${tag}` },
    ]);
    expect(pay.status).toBe('approved');
    await rpc('concluirPagamento', [{ idmovimentacao: id }]);
    await expectOnlyConfiguredLinks(since, ['payment_confirmed']);
  });
});

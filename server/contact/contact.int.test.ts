import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { ApiErrorBody, ContatoResult } from '#schemas/contract.ts';
import { contatoMensagem, outbox } from '#server/db/schema.ts';
import { rows } from '#server/db/sql.ts';
import { solvedCaptcha } from '#server/test/captcha.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { testBrand } from '#server/test/test-brand.ts';

let s: TestServer;
let plain: LoadedBrand;

const captchaOff = { login: false, register: false, contact: false, payment: false, siteKey: '' };

beforeAll(async () => {
  plain = {
    ...testBrand('test-a', {
      support: {
        email: 'sac@example.com',
        contactInbox: 'inbox@example.com',
        phone: '+55 11 0000-0000',
        whatsapp: '+55 11 90000-0000',
        chat: false,
        hours: { 'pt-BR': '9h às 18h', 'es-ES': '9 a 18', 'en-US': '9 am to 6 pm' },
      },
    }),
    // The brand's own field, as brands/<id>/forms/contact.json adds it.
    forms: {
      contact: {
        fields: {
          clube_socio: {
            type: 'string',
            title: 'form.field.memberNumber',
            pattern: '^[0-9]{4,10}$',
            'x-messages': { pattern: 'form.error.memberNumber' },
          },
        },
      },
    },
  };
  const withCaptcha = testBrand('test-c', {
    hosts: ['captcha.test'],
    default: false,
    captcha: { ...captchaOff, contact: true },
  });
  // An inbox the outbox refuses: the second write of the transaction fails.
  const broken = testBrand('test-x', {
    hosts: ['broken.test'],
    default: false,
    support: { ...plain.brand.support, contactInbox: 'not an address' },
  });
  s = await startTestServer({ brands: [plain, withCaptcha, broken] });
});

afterAll(async () => {
  await s?.close();
});

let ipSeq = 0;
/** POST CustomUserApps/Contato from its own address unless `ip` is given. */
async function contato(
  body: unknown,
  opts: { lang?: string; host?: string; ip?: string } = {},
): Promise<{ result?: ContatoResult; error?: ApiErrorBody & { fields?: { field: string }[] } }> {
  ipSeq += 1;
  const res = await s.app.inject({
    method: 'POST',
    url: `/CustomUserApps/Contato${opts.lang ? `?lang=${opts.lang}` : ''}`,
    headers: { host: opts.host ?? 'localhost', 'content-type': 'application/json' },
    remoteAddress: opts.ip ?? `198.51.100.${ipSeq}`,
    payload: JSON.stringify(body),
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

const message = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  nome: 'Ana Souza',
  assunto: 'Visita em grupo',
  mensagem: 'Olá!\nSomos 30 alunos.\nHá desconto?',
  ...extra,
});

const mailsTo = (to: string) =>
  s.db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(outbox.id);

const countMessages = async () =>
  (await rows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM contato_mensagem`))[0]!.n;

describe('CustomUserApps/Contato', () => {
  it('stores the message, mails the support inbox and acknowledges in the sender’s language', async () => {
    const answer = await contato(message('Ana@Example.com', { clube_socio: '12345' }), {
      lang: 'en_US',
    });
    expect(answer.error).toBeUndefined();
    const { protocolo, mensagem } = answer.result!;
    expect(mensagem).toBe(
      `Message sent! Reference ${protocolo}. We sent a confirmation to ana@example.com.`,
    );
    const [row] = await s.db
      .select()
      .from(contatoMensagem)
      .where(eq(contatoMensagem.id, protocolo));
    expect(row).toMatchObject({
      brand: 'test-a',
      email: 'ana@example.com',
      nome: 'Ana Souza',
      assunto: 'Visita em grupo',
      mensagem: 'Olá!\nSomos 30 alunos.\nHá desconto?',
      campos: { clube_socio: '12345' },
      locale: 'en-US',
    });

    // To the team, in the brand's language, with the sender's address, message and own fields.
    const [team] = await mailsTo('inbox@example.com');
    expect(team).toMatchObject({ kind: 'contact_received', locale: 'pt-BR' });
    expect(team!.subject).toContain(`Contato nº ${protocolo}: Visita em grupo`);
    expect(team!.text).toContain('Ana Souza (ana@example.com)');
    expect(team!.text).toContain('> Olá!\n> Somos 30 alunos.\n> Há desconto?');
    expect(team!.text).toContain('- Número de sócio: 12345');
    expect(team!.html).toContain('Olá!<br>Somos 30 alunos.<br>Há desconto?');
    // Not to the public support address.
    expect(await mailsTo('sac@example.com')).toEqual([]);

    // To the sender, in English.
    const [ack] = await mailsTo('ana@example.com');
    expect(ack).toMatchObject({ kind: 'contact_ack', locale: 'en-US' });
    expect(ack!.subject).toContain(`We received your message (reference ${protocolo})`);
    expect(ack!.text).toContain('> Somos 30 alunos.');
  });

  it('answers bad input with the form’s localized errors and stores nothing', async () => {
    const before = await countMessages();
    const outboxBefore = (await s.db.select().from(outbox)).length;
    const answer = await contato(
      { nome: 'J', email: 'joao @example.com', assunto: '', clube_socio: '12' },
      { lang: 'pt_BR' },
    );
    expect(answer.result).toBeUndefined();
    expect(answer.error?.code).toBe(0);
    expect(answer.error?.fields?.map((f) => f.field)).toEqual([
      '.nome',
      '.email',
      '.assunto',
      '.mensagem',
      '.clube_socio',
    ]);
    expect(answer.error?.message).toBe('Use no mínimo 2 caracteres');

    const es = await contato(
      { ...message('x@example.com'), mensagem: undefined },
      { lang: 'es_ES' },
    );
    expect(es.error?.fields).toEqual([
      { field: '.mensagem', id: 'form.error.required', message: 'Campo obligatorio' },
    ]);
    expect(await countMessages()).toBe(before);
    expect((await s.db.select().from(outbox)).length).toBe(outboxBefore);
  });

  it('asks for the captcha when the brand’s contact flag is on', async () => {
    const host = 'captcha.test';
    const missing = await contato(message('bia@example.com'), { host, lang: 'pt_BR' });
    expect(missing.error?.message).toBe('Verificação de segurança inválida. Tente novamente.');
    expect(missing.error?.fields?.map((f) => f.field)).toEqual(['._recaptcha']);
    const wrong = await contato(message('bia@example.com', { _recaptcha: 'forged' }), { host });
    expect(wrong.error?.message).toBe('Verificação de segurança inválida. Tente novamente.');
    expect(await mailsTo('bia@example.com')).toEqual([]);

    const _recaptcha = await solvedCaptcha(s, host);
    const ok = await contato(message('bia@example.com', { _recaptcha }), { host });
    expect(ok.result?.protocolo).toBeGreaterThan(0);
    // A solution serves once.
    const replay = await contato(message('bia@example.com', { _recaptcha }), { host });
    expect(replay.error?.message).toBe('Verificação de segurança inválida. Tente novamente.');
    expect((await mailsTo('bia@example.com')).length).toBe(1);
  });

  it('limits the messages per address and per e-mail', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 5; i++) {
      const a = await contato(message(`c${i}@example.com`), { ip });
      expect(a.result).toBeDefined();
    }
    const sixth = await contato(message('c5@example.com'), { ip, lang: 'en_US' });
    expect(sixth.error?.message).toMatch(/Too many/);
    expect(await mailsTo('c5@example.com')).toEqual([]);

    // One e-mail from many addresses: three acknowledgements an hour, no more.
    for (let i = 0; i < 3; i++) {
      expect((await contato(message('target@example.com'))).result).toBeDefined();
    }
    const fourth = await contato(message('target@example.com'));
    expect(fourth.error?.message).toMatch(/Muitas tentativas/);
    expect((await mailsTo('target@example.com')).length).toBe(3);
  });

  it('stores nothing when a mail cannot be queued (one transaction)', async () => {
    const before = await countMessages();
    const res = await s.app.inject({
      method: 'POST',
      url: '/CustomUserApps/Contato',
      headers: { host: 'broken.test', 'content-type': 'application/json' },
      remoteAddress: '192.0.2.77',
      payload: JSON.stringify(message('dan@example.com')),
    });
    expect(res.statusCode).toBe(500);
    expect(await countMessages()).toBe(before);
    expect(await mailsTo('dan@example.com')).toEqual([]);
  });
});

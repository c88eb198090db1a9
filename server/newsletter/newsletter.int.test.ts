import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiErrorBody,
  NEWSLETTER_CONSENT_VERSION,
  type NewsletterResult,
} from '#schemas/contract.ts';
import { newsletterInscricao, outbox } from '#server/db/schema.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { testBrand } from '#server/test/test-brand.ts';
import { exportConfirmed, sendNewsletterMail } from './newsletter';

let s: TestServer;
const OPERATOR = 'operator-token-for-the-newsletter-test';

beforeAll(async () => {
  s = await startTestServer({
    brands: [testBrand('test-a'), testBrand('test-b', { hosts: ['other.test'], default: false })],
    operatorToken: OPERATOR,
  });
});

afterAll(async () => {
  await s?.close();
});

let ipSeq = 0;
type Answer = {
  result?: NewsletterResult;
  error?: ApiErrorBody & { fields?: { field: string }[] };
};

/** POST CustomUserApps/Newsletter from its own address unless `ip` is given. */
async function newsletter(
  body: unknown,
  opts: { lang?: string; host?: string; ip?: string } = {},
): Promise<Answer> {
  ipSeq += 1;
  const res = await s.app.inject({
    method: 'POST',
    url: `/CustomUserApps/Newsletter${opts.lang ? `?lang=${opts.lang}` : ''}`,
    headers: { host: opts.host ?? 'localhost', 'content-type': 'application/json' },
    remoteAddress: opts.ip ?? `198.51.100.${ipSeq}`,
    payload: JSON.stringify(body),
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

const signUp = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  consentimento: true,
  versao: NEWSLETTER_CONSENT_VERSION,
  ...extra,
});

const mailsTo = (to: string) =>
  s.db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(outbox.id);

const subscription = async (email: string) =>
  (await s.db.select().from(newsletterInscricao).where(eq(newsletterInscricao.email, email)))[0];

/** The link of `kind` in the last mail of that kind to `to` ("unsubscribe" for the footer's). */
async function linkIn(to: string, kind: string, which: 'confirmar' | 'cancelar'): Promise<URL> {
  const mail = (await mailsTo(to)).filter((m) => m.kind === kind).at(-1);
  const found = mail?.text.match(new RegExp(`https?://\\S+acao=${which}\\S*`))?.[0];
  if (!found) throw new Error(`no ${which} link in a ${kind} mail to ${to}`);
  return new URL(found);
}

describe('CustomUserApps/Newsletter', () => {
  it('stores the consent and sends only the confirmation until it is confirmed', async () => {
    const email = 'ana@example.com';
    const answer = await newsletter(signUp('Ana@Example.com'), {
      lang: 'en_US',
      ip: '203.0.113.7',
    });
    expect(answer.result?.mensagem).toBe(
      'Almost there! We sent an e-mail to ana@example.com: open its link to confirm your subscription.',
    );
    const row = await subscription(email);
    expect(row).toMatchObject({
      brand: 'test-a',
      status: 'pendente',
      locale: 'en-US',
      consentIp: '203.0.113.7',
      consentVersion: NEWSLETTER_CONSENT_VERSION,
      confirmedAt: null,
    });
    expect(row!.consentText).toMatch(/^I want to receive the newsletter by e-mail/);
    expect(Date.now() - row!.consentAt.getTime()).toBeLessThan(60_000);

    // One mail: the confirmation, in English, with its link to the English page.
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['newsletter_confirm']);
    expect(mails[0]!.locale).toBe('en-US');
    const link = await linkIn(email, 'newsletter_confirm', 'confirmar');
    expect(link.pathname).toBe('/en/newsletter');
    // No unsubscribe link before there is a subscription.
    expect(mails[0]!.text).not.toContain('acao=cancelar');

    // Nothing else can be sent, and the list does not have the address.
    await expect(
      sendNewsletterMail(
        s.db,
        { brand: s.brands[0]!, origin: 'http://localhost' },
        row!,
        'newsletter_welcome',
      ),
    ).rejects.toThrow(/unconfirmed/);
    expect(await exportConfirmed(s.db)).not.toContain(email);
    expect((await mailsTo(email)).length).toBe(1);
  });

  it('confirms exactly once and then sends the welcome with an unsubscribe link', async () => {
    const email = 'bia@example.com';
    await newsletter(signUp(email), { lang: 'pt_BR' });
    const link = await linkIn(email, 'newsletter_confirm', 'confirmar');
    expect(link.pathname).toBe('/pt/newsletter');
    const token = link.searchParams.get('token');

    // Another brand does not know the token.
    const elsewhere = await newsletter({ acao: 'confirmar', token }, { host: 'other.test' });
    expect(elsewhere.error?.message).toMatch(/não é válido/);

    const first = await newsletter(
      { acao: 'confirmar', token },
      { lang: 'pt_BR', ip: '192.0.2.9' },
    );
    expect(first.result).toEqual({
      mensagem:
        'Inscrição confirmada! Você vai receber nossas novidades por e-mail. Para sair, use o link no fim de cada e-mail.',
    });
    expect(await subscription(email)).toMatchObject({
      status: 'confirmada',
      confirmIp: '192.0.2.9',
    });

    const again = await newsletter({ acao: 'confirmar', token }, { lang: 'pt_BR' });
    expect(again.result).toMatchObject({ ja_confirmado: true });
    const kinds = (await mailsTo(email)).map((m) => m.kind);
    expect(kinds).toEqual(['newsletter_confirm', 'newsletter_welcome']);

    const welcome = (await mailsTo(email))[1]!;
    const out = await linkIn(email, 'newsletter_welcome', 'cancelar');
    expect(out.pathname).toBe('/pt/newsletter');
    expect(welcome.html).toContain(`href="${out.toString().replaceAll('&', '&amp;')}"`);

    // A forged token, a missing one.
    expect((await newsletter({ acao: 'confirmar', token: 'x'.repeat(43) })).error?.code).toBe(0);
    expect((await newsletter({ acao: 'confirmar' })).error?.code).toBe(0);

    // Signing up again once confirmed: the same answer, no mail, the consent kept.
    const before = (await subscription(email))!.consentAt;
    const repeat = await newsletter(signUp(email), { lang: 'pt_BR' });
    expect(repeat.result?.mensagem).toMatch(/^Quase lá!/);
    expect((await mailsTo(email)).length).toBe(2);
    expect((await subscription(email))!.consentAt).toEqual(before);
  });

  it('unsubscribes by the link without a login, again without error', async () => {
    const email = 'caio@example.com';
    await newsletter(signUp(email), { lang: 'es_ES' });
    const confirm = await linkIn(email, 'newsletter_confirm', 'confirmar');
    await newsletter({ acao: 'confirmar', token: confirm.searchParams.get('token') });
    expect(await exportConfirmed(s.db, 'test-a')).toContain(email);

    const out = await linkIn(email, 'newsletter_welcome', 'cancelar');
    expect(out.pathname).toBe('/es/newsletter');
    const token = out.searchParams.get('token');
    const first = await newsletter({ acao: 'cancelar', token }, { lang: 'es_ES' });
    expect(first.result?.mensagem).toBe('Suscripción cancelada. Ya no recibirás el boletín.');
    const row = await subscription(email);
    expect(row).toMatchObject({ status: 'cancelada' });
    expect(row!.unsubscribedAt).toBeInstanceOf(Date);
    expect((await newsletter({ acao: 'cancelar', token })).result).toBeDefined();
    expect(await exportConfirmed(s.db)).not.toContain(email);
    // Nothing can be sent any more.
    await expect(
      sendNewsletterMail(
        s.db,
        { brand: s.brands[0]!, origin: 'http://localhost' },
        row!,
        'newsletter_welcome',
      ),
    ).rejects.toThrow();
    expect((await newsletter({ acao: 'cancelar', token: 'y'.repeat(43) })).error?.code).toBe(0);

    // Signing up again starts a new double opt-in.
    await newsletter(signUp(email), { lang: 'es_ES' });
    expect(await subscription(email)).toMatchObject({ status: 'pendente' });
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual([
      'newsletter_confirm',
      'newsletter_welcome',
      'newsletter_confirm',
    ]);
  });

  it('answers bad input with the form’s localized errors and stores nothing', async () => {
    const bad = await newsletter(
      { email: 'dan @example', consentimento: false, versao: NEWSLETTER_CONSENT_VERSION },
      { lang: 'en_US' },
    );
    expect(bad.error?.fields?.map((f) => f.field)).toEqual(['.email', '.consentimento']);
    expect(bad.error?.fields?.[1]).toMatchObject({
      message: 'Tick the box to agree to receive the newsletter',
    });
    const stale = await newsletter(signUp('dan@example.com', { versao: '2000-01-01' }), {
      lang: 'en_US',
    });
    expect(stale.error?.message).toMatch(/consent text has changed/);
    expect((await newsletter({ acao: 'apagar' })).error?.code).toBe(0);
    expect(await subscription('dan@example.com')).toBeUndefined();
    expect(await mailsTo('dan@example.com')).toEqual([]);
  });

  it('limits the confirmation mails per e-mail and the sign-ups per address', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await newsletter(signUp('eva@example.com'))).result).toBeDefined();
    }
    const fourth = await newsletter(signUp('eva@example.com'), { lang: 'en_US' });
    expect(fourth.error?.message).toMatch(/Too many/);
    expect((await mailsTo('eva@example.com')).length).toBe(3);

    const ip = '203.0.113.99';
    for (let i = 0; i < 10; i++) {
      expect((await newsletter(signUp(`f${i}@example.com`), { ip })).result).toBeDefined();
    }
    expect((await newsletter(signUp('f10@example.com'), { ip })).error).toBeDefined();
    expect(await mailsTo('f10@example.com')).toEqual([]);
  });

  it('exports the confirmed list as RFC 4180 CSV, per brand, to the operator only', async () => {
    const email = 'gil@example.com';
    await newsletter(signUp(email), { host: 'other.test', lang: 'en_US' });
    const confirm = await linkIn(email, 'newsletter_confirm', 'confirmar');
    await newsletter(
      { acao: 'confirmar', token: confirm.searchParams.get('token') },
      { host: 'other.test' },
    );

    const csv = await exportConfirmed(s.db, 'test-b');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'brand,email,locale,confirmed_at,consent_at,consent_ip,consent_version,consent_text',
    );
    expect(lines).toHaveLength(3); // header, one record, the empty string after the last CRLF
    expect(lines[2]).toBe('');
    expect(lines[1]).toMatch(
      /^test-b,gil@example\.com,en-US,\d{4}-\d\d-\d\dT[^,]+Z,[^,]+Z,198\.51\.100\.\d+,2026-11-25,I want to receive the newsletter by e-mail/,
    );
    const all = await exportConfirmed(s.db);
    expect(all).toContain('test-a,bia@example.com,pt-BR,');
    expect(all).toContain('test-b,gil@example.com,');

    const call = (headers: Record<string, string>, body: unknown = { brand: 'test-b' }) =>
      s.app.inject({
        method: 'POST',
        url: '/operator/newsletter/export',
        headers: { 'content-type': 'application/json', ...headers },
        remoteAddress: '127.0.0.1',
        payload: JSON.stringify(body),
      });
    const ok = await call({ 'x-operator-token': OPERATOR });
    expect(ok.headers['content-type']).toMatch(/^text\/csv/);
    expect(ok.body).toBe(csv);
    expect((await call({ 'x-operator-token': 'wrong' })).statusCode).toBe(403);
    expect(
      (await call({ 'x-operator-token': OPERATOR }, { brand: 'nope' })).json().error,
    ).toBeDefined();
  });
});

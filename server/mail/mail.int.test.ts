import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import { buildApp } from '#server/app.ts';
import { outbox } from '#server/db/schema.ts';
import { configureTestOrigins, openTestDb, type TestDb } from '#server/test/harness.ts';
import { testBrands } from '#server/test/test-brand.ts';
import { type Mailer, startMailer } from './deliver';
import { enqueueMail, type MailKind, type MailRequest } from './outbox';
import { escapeHtml } from './templates';

// ---------------------------------------------------------------------------------------------
// A real SMTP server in the test process, and a small reader of what it receives

interface Received {
  rcpt: string[];
  raw: string;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) of a header value. */
function decodeWords(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, '?==?');
  const out: string[] = [];
  let bytes: Buffer[] = [];
  const flush = () => {
    if (bytes.length > 0) out.push(Buffer.concat(bytes).toString('utf8'));
    bytes = [];
  };
  let last = 0;
  for (const m of joined.matchAll(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g)) {
    if (m.index > last) {
      flush();
      out.push(joined.slice(last, m.index));
    }
    const [, , enc, text = ''] = m;
    bytes.push(
      enc?.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) =>
                String.fromCharCode(Number.parseInt(h, 16)),
              ),
            'latin1',
          ),
    );
    last = m.index + m[0].length;
  }
  flush();
  out.push(joined.slice(last));
  return out.join('');
}

function splitEntity(raw: string): MimePart {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeWords(line.slice(colon + 1).trim()),
      );
    }
  }
  return { headers, body };
}

function decodeBody(part: MimePart): string {
  const cte = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (cte === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (cte === 'quoted-printable') {
    const latin = part.body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(latin, 'latin1').toString('utf8');
  }
  return part.body;
}

/** The leaf parts of a message, by content type (text/plain, text/html), decoded. */
function parseMessage(raw: string): { headers: Map<string, string>; parts: Map<string, string> } {
  const top = splitEntity(raw);
  const parts = new Map<string, string>();
  const walk = (entity: MimePart) => {
    const type = entity.headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      const sections = entity.body.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith('--')) break;
        walk(splitEntity(section.replace(/^\r\n/, '')));
      }
      return;
    }
    parts.set(type.split(';')[0]!.trim().toLowerCase(), decodeBody(entity));
  };
  walk(top);
  return { headers: top.headers, parts };
}

const received: Received[] = [];
/** Addresses refused at RCPT TO: always, or the first N times. */
const refuse = new Map<string, number>();
let smtp: SMTPServer;
let smtpPort: number;

function startSmtp(): Promise<void> {
  smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'shop' && auth.password === 's3cret') return cb(null, { user: 'shop' });
      cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      const left = refuse.get(address.address);
      if (left !== undefined && left > 0) {
        refuse.set(address.address, left - 1);
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          rcpt: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        cb();
      });
    },
  });
  return new Promise((resolve) => {
    smtp.listen(0, '127.0.0.1', () => {
      smtpPort = (smtp.server.address() as net.AddressInfo).port;
      resolve();
    });
  });
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

// ---------------------------------------------------------------------------------------------

const silent = { info() {}, warn() {}, error() {} };
let tdb: TestDb;
let brands: LoadedBrand[];
const mailers: Mailer[] = [];
const smtpUrl = () => `smtp://shop:s3cret@127.0.0.1:${smtpPort}`;

function mailer(opts: Partial<Parameters<typeof startMailer>[0]> = {}): Mailer {
  const m = startMailer({ db: tdb.db, brands, log: silent, intervalMs: 60_000, ...opts });
  mailers.push(m);
  return m;
}

const request = (over: Partial<MailRequest> & Pick<MailRequest, 'to'>): MailRequest => ({
  brand: brands[0]!,
  locale: 'pt-BR',
  kind: 'confirm_email',
  vars: { nome: 'Ana', link: 'https://loja.example/validatemail?token=t0k3n' },
  ...over,
});

const outboxRow = async (id: number) =>
  (await tdb.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

beforeAll(async () => {
  tdb = await openTestDb();
  brands = testBrands();
  await startSmtp();
});
afterAll(async () => {
  await new Promise<void>((r) => smtp?.close(() => r()));
  await tdb?.drop();
});
beforeEach(async () => {
  await tdb.db.execute(sql`DELETE FROM outbox`);
  received.length = 0;
  refuse.clear();
});
afterEach(async () => {
  await Promise.all(mailers.splice(0).map((m) => m.stop()));
});

describe('delivery through SMTP', () => {
  it('sends localized, branded mails with a text and an HTML part', async () => {
    const nome = 'Ana <b>"Souza"</b> & Cia';
    const cases: {
      to: string;
      locale: Locale;
      kind: MailKind;
      vars: Record<string, string> & { link: string };
      subject: string;
    }[] = [
      {
        to: 'ana@example.com',
        locale: 'pt-BR',
        kind: 'confirm_email',
        vars: { nome, link: 'https://loja.example/validatemail?token=abc&lang=pt' },
        subject: 'Confirme seu e-mail — Logo',
      },
      {
        to: 'beto@example.com',
        locale: 'es-ES',
        kind: 'reset_password',
        vars: { nome, link: 'https://loja.example/redefinirsenha?token=def', minutes: '30' },
        subject: 'Restablecer la contraseña — Logo',
      },
      {
        to: 'carla@example.com',
        locale: 'en-US',
        kind: 'agency_approved',
        vars: { nome, link: 'https://loja.example/?fazerlogin' },
        subject: 'Agency approved — Logo',
      },
    ];
    const ids: number[] = [];
    for (const c of cases) {
      ids.push(
        await enqueueMail(
          tdb.db,
          request({ to: c.to, locale: c.locale, kind: c.kind, vars: c.vars }),
        ),
      );
    }
    expect(await mailer({ smtpUrl: smtpUrl() }).deliverNow()).toBe(3);
    expect(received).toHaveLength(3);

    for (const [i, c] of cases.entries()) {
      const got = received.find((r) => r.rcpt.includes(c.to));
      expect(got, c.to).toBeDefined();
      const { headers, parts } = parseMessage(got!.raw);
      expect(headers.get('to')).toBe(c.to);
      expect(headers.get('subject')).toBe(c.subject);
      // The brand's name and support address: test brands say "Logo" and their support e-mail.
      expect(headers.get('from')).toBe(`Logo <${brands[0]!.brand.support.email}>`);
      expect(headers.get('message-id')).toMatch(new RegExp(`^<outbox-${ids[i]}-\\d+@`));
      const text = parts.get('text/plain');
      const html = parts.get('text/html');
      expect(text).toContain(c.vars.link);
      expect(text).toContain(nome);
      expect(html).toContain(`<html lang="${c.locale}">`);
      expect(html).toContain(`href="${escapeHtml(c.vars.link)}"`);
      expect(html).toContain(escapeHtml(nome));
      expect(html).not.toContain('<b>"Souza"</b>');
      expect(html).toContain(brands[0]!.brand.theme.colors.primary);
      const row = await outboxRow(ids[i]!);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row.sentAt).not.toBeNull();
    }
  });

  it('writes the mail in the caller’s transaction: a rolled-back change sends nothing', async () => {
    await expect(
      tdb.db.transaction(async (tx) => {
        await enqueueMail(tx, request({ to: 'rollback@example.com' }));
        throw new Error('the sign-up failed');
      }),
    ).rejects.toThrow('the sign-up failed');
    expect(await tdb.db.select().from(outbox)).toEqual([]);
    expect(await mailer({ smtpUrl: smtpUrl() }).deliverNow()).toBe(0);
    expect(received).toHaveLength(0);
  });

  it('sends soon after an enqueue without waiting for the next tick', async () => {
    mailer({ smtpUrl: smtpUrl(), intervalMs: 60_000 });
    const id = await enqueueMail(tdb.db, request({ to: 'nudge@example.com' }));
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5000, interval: 50 });
    await vi.waitFor(async () => expect((await outboxRow(id)).status).toBe('sent'));
  });
});

describe('failures', () => {
  it('retries a refused mail with a growing delay, then marks it failed; nothing is lost', async () => {
    refuse.set('flaky@example.com', 2);
    refuse.set('never@example.com', Number.POSITIVE_INFINITY);
    const flaky = await enqueueMail(tdb.db, request({ to: 'flaky@example.com' }));
    const never = await enqueueMail(tdb.db, request({ to: 'never@example.com' }));
    const m = mailer({ smtpUrl: smtpUrl(), maxAttempts: 3 });
    const delaySeconds = async (id: number) => {
      const r = (await tdb.db.execute(
        sql`SELECT extract(epoch FROM next_attempt_at - now())::float8 AS s FROM outbox WHERE id = ${id}`,
      )) as unknown as { rows: { s: number }[] };
      return Number(r.rows[0]!.s);
    };
    const makeDue = () => tdb.db.execute(sql`UPDATE outbox SET next_attempt_at = now()`);

    expect(await m.deliverNow()).toBe(0);
    for (const id of [flaky, never]) {
      const row = await outboxRow(id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toMatch(/550|Mailbox unavailable/);
      expect(await delaySeconds(id)).toBeGreaterThan(25);
      expect(await delaySeconds(id)).toBeLessThanOrEqual(30);
    }
    // Not due yet: a pass leaves them alone.
    expect(await m.deliverNow()).toBe(0);
    expect((await outboxRow(flaky)).attempts).toBe(1);

    await makeDue();
    expect(await m.deliverNow()).toBe(0);
    expect((await outboxRow(never)).attempts).toBe(2);
    // The second delay is twice the first.
    expect(await delaySeconds(never)).toBeGreaterThan(55);
    expect(await delaySeconds(never)).toBeLessThanOrEqual(60);

    await makeDue();
    expect(await m.deliverNow()).toBe(1);
    expect(await outboxRow(flaky)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    const failed = await outboxRow(never);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed.lastError).toMatch(/550|Mailbox unavailable/);
    expect(received.map((r) => r.rcpt)).toEqual([['flaky@example.com']]);

    // A failed mail stays in the outbox, with its content, and is not tried again.
    await makeDue();
    expect(await m.deliverNow()).toBe(0);
    expect(failed.html).toContain('validatemail?token=t0k3n');
    expect((await outboxRow(never)).attempts).toBe(3);
  });

  it('keeps the mail pending while the SMTP server is unreachable', async () => {
    const id = await enqueueMail(tdb.db, request({ to: 'down@example.com' }));
    const m = mailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    expect(await m.deliverNow()).toBe(0);
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('takes a mail claimed by a loop that died only after its lease', async () => {
    const id = await enqueueMail(tdb.db, request({ to: 'lease@example.com' }));
    // What a claim leaves behind when its server dies before sending.
    await tdb.db.execute(
      sql`UPDATE outbox SET attempts = 1, next_attempt_at = now() + interval '10 minutes' WHERE id = ${id}`,
    );
    const m = mailer({ smtpUrl: smtpUrl() });
    expect(await m.deliverNow()).toBe(0);
    await tdb.db.execute(
      sql`UPDATE outbox SET next_attempt_at = now() - interval '1 second' WHERE id = ${id}`,
    );
    expect(await m.deliverNow()).toBe(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('several delivery loops on one database', () => {
  it('never send a mail twice', async () => {
    const n = 30;
    for (let i = 0; i < n; i++) {
      await enqueueMail(tdb.db, request({ to: `many${i}@example.com` }));
    }
    const a = mailer({ smtpUrl: smtpUrl(), batchSize: 4 });
    const b = mailer({ smtpUrl: smtpUrl(), batchSize: 4 });
    const c = mailer({ smtpUrl: smtpUrl(), batchSize: 4 });
    const counts = await Promise.all([
      a.deliverNow(),
      b.deliverNow(),
      c.deliverNow(),
      a.deliverNow(),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(n);
    // More than one loop took part (each claims 4 at a time).
    expect(counts.filter((x) => x > 0).length).toBeGreaterThan(1);
    const to = received.flatMap((r) => r.rcpt);
    expect(to).toHaveLength(n);
    expect(new Set(to).size).toBe(n);
    const ids = received.map((r) => parseMessage(r.raw).headers.get('message-id'));
    expect(new Set(ids).size).toBe(n);
    const r = (await tdb.db.execute(
      sql`SELECT count(*)::int AS n FROM outbox WHERE status = 'sent' AND attempts = 1`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(r.rows[0]!.n)).toBe(n);
  });
});

// ---------------------------------------------------------------------------------------------

describe('without SMTP: the development mailbox', () => {
  let dev: FastifyInstance;
  let prod: FastifyInstance;
  beforeAll(async () => {
    const base = {
      db: tdb.db,
      brands,
      version: '0.0.0-test',
      distDir: path.join(os.tmpdir(), 'sf-no-dist'),
    };
    configureTestOrigins(brands);
    dev = await buildApp({ ...base, devPages: true });
    prod = await buildApp(base);
    await Promise.all([dev.ready(), prod.ready()]);
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
  });

  const get = (app: FastifyInstance, url: string) =>
    app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

  it('keeps mails, never sends them, and lists them newest first', async () => {
    const link = 'https://loja.example/validatemail?token=kept&x=1';
    const first = await enqueueMail(
      tdb.db,
      request({ to: 'Dora@Example.com', vars: { nome: 'Dora <i>', link } }),
    );
    const second = await enqueueMail(
      tdb.db,
      request({
        to: 'eva@example.com',
        locale: 'en-US',
        kind: 'password_changed',
        vars: { nome: 'Eva' },
      }),
    );
    expect(await mailer().deliverNow()).toBe(2);
    expect(received).toHaveLength(0);
    expect((await outboxRow(first)).status).toBe('kept');

    const list = await get(dev, '/dev/mailbox');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain('<html lang="pt-BR">');
    expect(list.body).toContain('Caixa de correio (desenvolvimento)');
    expect(list.body).toContain('Guardada');
    expect(list.body).not.toContain('<script');
    expect(list.body.indexOf(`/dev/mailbox/${second}?`)).toBeLessThan(
      list.body.indexOf(`/dev/mailbox/${first}?`),
    );
    expect(list.body).toContain('Dora@Example.com');

    const en = await get(dev, '/dev/mailbox?lang=en_US&to=eva@example.com');
    expect(en.body).toContain('Mailbox (development)');
    expect(en.body).toContain('Kept');
    expect(en.body).not.toContain('Dora@Example.com');
    const es = await get(dev, '/dev/mailbox?lang=es_ES');
    expect(es.body).toContain('Buzón (desarrollo)');

    const one = await get(dev, `/dev/mailbox/${first}?lang=en_US`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(`<a href="${escapeHtml(link)}" data-testid="mail-link">`);
    expect(one.body).toContain(`<iframe src="/dev/mailbox/${first}/html"`);
    expect(one.body).toContain('sandbox="');
    expect(one.body).toContain('Dora &lt;i&gt;');
    expect(one.body).not.toContain('<script');

    const html = await get(dev, `/dev/mailbox/${first}/html`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.body).toContain(`href="${escapeHtml(link)}"`);
    expect(html.body).toContain('<base target="_top">');

    const json = await get(dev, '/dev/mailbox.json?to=dora@example.com');
    expect(json.json()).toEqual({
      result: [
        {
          id: first,
          to: 'Dora@Example.com',
          subject: 'Confirme seu e-mail — Logo',
          kind: 'confirm_email',
          text: expect.stringContaining(link),
          html: expect.stringContaining(escapeHtml(link)),
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
    });
    const all = (await get(dev, '/dev/mailbox.json')).json() as { result: { id: number }[] };
    expect(all.result.map((r) => r.id)).toEqual([second, first]);
  });

  it('answers bad ids and parameters with the envelope', async () => {
    for (const url of [
      '/dev/mailbox/999999',
      '/dev/mailbox/abc',
      '/dev/mailbox/1e3/html',
      '/dev/mailbox/99999999999',
    ]) {
      const res = await get(dev, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: 0, message: 'Página não encontrada' } });
    }
    // A repeated parameter counts once, its last value (server/plugins/edge.ts).
    const repeated = await get(dev, '/dev/mailbox.json?to=a@b.c&to=d@e.f&lang=en_US');
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual({ result: [] });
    const page = await get(dev, '/dev/mailbox?to=a@b.c&to=d@e.f');
    expect(page.statusCode).toBe(200);
  });

  it('does not exist without development pages', async () => {
    const id = await enqueueMail(tdb.db, request({ to: 'hidden@example.com' }));
    for (const url of [
      '/dev/mailbox',
      '/dev/mailbox.json',
      `/dev/mailbox/${id}`,
      `/dev/mailbox/${id}/html`,
    ]) {
      const res = await get(prod, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: 0, message: 'Página não encontrada' } });
    }
  });
});

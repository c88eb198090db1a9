/**
 * The development mailbox: every mail of the outbox (newest first) as plain HTML pages, so a
 * person can open a confirmation or reset link without an SMTP server, and as JSON for the
 * browser tests. Registered only when the server runs with development pages
 * (`STOREFRONT_DEV_PAGES=1`, `npm run dev`); otherwise these paths are the 404 envelope.
 *
 * The pages need no script (our CSP allows none inline): links, a GET form, and the mail's
 * HTML in a sandboxed iframe served by its own route with a CSP that allows nothing but styles
 * and images.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, type Locale, langParam } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import { toDate } from '#server/db/sql.ts';
import { escapeHtml as e, htmlPage } from '#server/html.ts';
import { t } from '#server/i18n.ts';
import { errorBody } from '#server/plugins/envelope.ts';
import { spDateTime } from '#server/time.ts';

/** Options of {@link mailboxRoutes}. */
export interface MailboxOptions {
  db: Db;
}

/** One mail as the JSON variant lists it. */
export interface MailboxEntry {
  id: number;
  to: string;
  subject: string;
  kind: string;
  text: string;
  html: string;
  /** ISO 8601. */
  createdAt: string;
}

const LIST_LIMIT = 200;
const STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;

const STYLE = `
body{margin:0;padding:24px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2937;background:#fff}
main{max-width:1100px;margin:0 auto}
h1{font-size:1.5rem;margin:0 0 8px}h2{font-size:1.15rem;margin:24px 0 8px}
a{color:#1d4ed8}nav{margin:0 0 16px}nav a{margin-right:12px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e5e7eb;vertical-align:top}
th{background:#f3f4f6}form{margin:16px 0}input{font:inherit;padding:4px 8px;min-width:18rem}button{font:inherit;padding:4px 12px}
iframe{width:100%;height:640px;border:1px solid #d1d5db}pre{white-space:pre-wrap;background:#f9fafb;border:1px solid #e5e7eb;padding:12px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
`;

function queryString(req: FastifyRequest): Record<string, unknown> {
  return (req.query as Record<string, unknown> | undefined) ?? {};
}

/** The `to` filter: a single string, or undefined; a repeated or odd value is no filter. */
function toFilter(req: FastifyRequest): string | undefined | null {
  const to = queryString(req).to;
  if (to === undefined || to === '') return undefined;
  if (typeof to !== 'string' || to.length > 320 || to.includes('\0')) return null;
  return to.trim();
}

function mailId(raw: string): number | null {
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

function page(locale: Locale, title: string, body: string): string {
  return htmlPage({ lang: locale, titleHtml: e(title), style: STYLE, body });
}

/** Links to the same page in each language. */
function languageNav(locale: Locale, path: string, extra: Record<string, string> = {}): string {
  const links = LOCALES.map((l) => {
    const q = new URLSearchParams({ ...extra, lang: langParam(l) }).toString();
    const current = l === locale ? ' aria-current="true"' : '';
    return `<a href="${e(`${path}?${q}`)}" lang="${l}"${current}>${e(l)}</a>`;
  }).join('');
  return `<nav aria-label="${e(t(locale, 'mailbox.language'))}">${links}</nav>`;
}

function statusText(locale: Locale, status: string): string {
  return (STATUSES as readonly string[]).includes(status)
    ? t(locale, `mailbox.status.${status as (typeof STATUSES)[number]}`)
    : status;
}

/** The href values of the mail's links, unescaped (the HTML part escapes every `&`). */
function linksOf(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<a\s[^>]*href="([^"]*)"/gi)) {
    const href = (m[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    if (/^https?:\/\//i.test(href)) found.add(href);
  }
  return [...found];
}

function noStore(reply: FastifyReply): FastifyReply {
  // The pages carry confirmation and reset tokens.
  return reply.header('cache-control', 'no-store');
}

/** The mailbox routes (register only with development pages). */
export const mailboxRoutes: FastifyPluginAsync<MailboxOptions> = async (app, opts) => {
  const { db } = opts;

  app.get('/dev/mailbox.json', async (req, reply) => {
    noStore(reply);
    const to = toFilter(req);
    if (to === null) return reply.send(errorBody(req, 0, 'error.badParams'));
    const list = await db
      .select()
      .from(outbox)
      .where(to === undefined ? undefined : sql`lower(${outbox.toAddress}) = lower(${to})`)
      .orderBy(desc(outbox.id))
      .limit(LIST_LIMIT);
    const result: MailboxEntry[] = list.map((m) => ({
      id: m.id,
      to: m.toAddress,
      subject: m.subject,
      kind: m.kind,
      text: m.text,
      html: m.html,
      createdAt: toDate(m.createdAt).toISOString(),
    }));
    return { result };
  });

  app.get('/dev/mailbox', async (req, reply) => {
    const locale = req.locale;
    const to = toFilter(req) ?? undefined;
    const list = await db
      .select({
        id: outbox.id,
        toAddress: outbox.toAddress,
        subject: outbox.subject,
        kind: outbox.kind,
        status: outbox.status,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .where(to === undefined ? undefined : sql`lower(${outbox.toAddress}) = lower(${to})`)
      .orderBy(desc(outbox.id))
      .limit(LIST_LIMIT);
    const lang = langParam(locale);
    const rows = list
      .map(
        (m) => `<tr>
<td>${e(spDateTime(toDate(m.createdAt)))}</td>
<td>${e(m.toAddress)}</td>
<td><a href="/dev/mailbox/${m.id}?lang=${lang}">${e(m.subject)}</a></td>
<td>${e(m.kind)}</td>
<td>${e(statusText(locale, m.status))}</td>
</tr>`,
      )
      .join('\n');
    const title = t(locale, 'mailbox.title');
    const body = `${languageNav(locale, '/dev/mailbox', to ? { to } : {})}
<h1>${e(title)}</h1>
<p>${e(t(locale, 'mailbox.intro'))}</p>
<form method="get" action="/dev/mailbox">
<input type="hidden" name="lang" value="${lang}">
<label>${e(t(locale, 'mailbox.filter'))} <input type="email" name="to" value="${e(to ?? '')}"></label>
<button type="submit">${e(t(locale, 'mailbox.filterSubmit'))}</button>
</form>
${
  list.length === 0
    ? `<p>${e(t(locale, 'mailbox.empty'))}</p>`
    : `<table>
<thead><tr><th scope="col">${e(t(locale, 'mailbox.time'))}</th><th scope="col">${e(t(locale, 'mailbox.to'))}</th><th scope="col">${e(t(locale, 'mailbox.subject'))}</th><th scope="col">${e(t(locale, 'mailbox.kind'))}</th><th scope="col">${e(t(locale, 'mailbox.status'))}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}`;
    return noStore(reply)
      .type('text/html; charset=utf-8')
      .send(page(locale, title, body));
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', async (req, reply) => {
    const locale = req.locale;
    const id = mailId(req.params.id);
    const [m] = id === null ? [] : await db.select().from(outbox).where(eq(outbox.id, id));
    if (!m) return reply.code(404).send(errorBody(req, 0, 'error.notFound'));
    const lang = langParam(locale);
    const links = linksOf(m.html);
    const field = (label: string, value: string) => `<dt>${e(label)}</dt><dd>${e(value)}</dd>`;
    const body = `${languageNav(locale, `/dev/mailbox/${m.id}`)}
<p><a href="/dev/mailbox?lang=${lang}">${e(t(locale, 'mailbox.back'))}</a></p>
<h1>${e(m.subject)}</h1>
<dl>
${field(t(locale, 'mailbox.to'), m.toAddress)}
${field(t(locale, 'mailbox.kind'), m.kind)}
${field(t(locale, 'mailbox.status'), statusText(locale, m.status))}
${field(t(locale, 'mailbox.time'), spDateTime(toDate(m.createdAt)))}
${field(t(locale, 'mailbox.attempts'), String(m.attempts))}
${m.lastError ? field(t(locale, 'mailbox.lastError'), m.lastError) : ''}
</dl>
${
  links.length > 0
    ? `<h2>${e(t(locale, 'mailbox.links'))}</h2>
<ul>${links.map((l) => `<li><a href="${e(l)}" data-testid="mail-link">${e(l)}</a></li>`).join('')}</ul>`
    : ''
}
<h2>${e(t(locale, 'mailbox.html'))}</h2>
<iframe src="/dev/mailbox/${m.id}/html" title="${e(t(locale, 'mailbox.html'))}" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"></iframe>
<h2>${e(t(locale, 'mailbox.text'))}</h2>
<pre>${e(m.text)}</pre>`;
    return noStore(reply)
      .type('text/html; charset=utf-8')
      .send(page(locale, m.subject, body));
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id/html', async (req, reply) => {
    const id = mailId(req.params.id);
    const [m] =
      id === null
        ? []
        : await db.select({ html: outbox.html }).from(outbox).where(eq(outbox.id, id));
    if (!m) return reply.code(404).send(errorBody(req, 0, 'error.notFound'));
    // Links leave the frame for the whole tab (the sandbox lets a click do that).
    const html = m.html.replace(/<head>/i, '<head>\n<base target="_top">');
    return noStore(reply)
      .header(
        'content-security-policy',
        "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
      )
      .type('text/html; charset=utf-8')
      .send(html);
  });
};

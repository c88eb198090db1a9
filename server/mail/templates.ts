/**
 * The mails the shop sends, rendered per brand and locale: a subject, a plain-text part and a
 * simple table-based HTML part (what mail clients render reliably) carrying the brand's name,
 * primary colour and header logo. Texts are message ids in locales/*.json (`mail.*`) with
 * `{name}` placeholders; every value put into the HTML is escaped.
 */
import { readFileSync } from 'node:fs';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import { brandAssetFile } from '#server/brands/assets.ts';
import { publicOrigin } from '#server/brands/origin.ts';
import { localeMessages } from '#server/forms/messages.ts';
import { escapeHtml } from '#server/html.ts';

export { escapeHtml };

/** Every kind of mail, in the order the mailbox page and the tests list them. */
export const MAIL_KINDS = [
  'confirm_email',
  'reset_password',
  'agency_awaiting',
  'agency_approved',
  'password_changed',
  'payment_confirmed',
  'payment_released',
  'refund_confirmed',
  'payment_refunded',
  'contact_received',
  'contact_ack',
  'newsletter_confirm',
  'newsletter_welcome',
] as const;

/** What a mail is about; it picks the template. */
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * The variables each kind needs. Links in them start with the brand's public origin
 * (server/brands/origin.ts); the logo's absolute URL is built from it here (an `origin` var is
 * ignored).
 */
export const MAIL_VARS: Record<MailKind, readonly string[]> = {
  confirm_email: ['nome', 'link'],
  reset_password: ['nome', 'link', 'minutes'],
  agency_awaiting: ['nome'],
  agency_approved: ['nome', 'link'],
  password_changed: ['nome'],
  payment_confirmed: ['nome', 'localizador'],
  payment_released: ['nome', 'localizador'],
  refund_confirmed: ['nome', 'localizador', 'valor'],
  payment_refunded: ['nome', 'localizador', 'valor'],
  contact_received: ['nome', 'remetente', 'assunto', 'mensagem', 'protocolo'],
  contact_ack: ['nome', 'assunto', 'mensagem', 'protocolo'],
  // Double opt-in: the only mail before the confirmation, so it has no unsubscribe link.
  newsletter_confirm: ['link'],
  newsletter_welcome: ['unsubscribe'],
};

/**
 * The newsletter's mails after the confirmation: each must carry the subscriber's unsubscribe
 * link (variable `unsubscribe`), which works without a login. A unit test holds every
 * `newsletter_*` kind but the confirmation to it.
 */
export const NEWSLETTER_MAILS: readonly MailKind[] = MAIL_KINDS.filter((k) =>
  MAIL_VARS[k].includes('unsubscribe'),
);

/**
 * Kinds that quote a variable as the person wrote it, line breaks kept (the contact form's
 * message), after the body.
 */
const MAIL_QUOTE: Partial<Record<MailKind, string>> = {
  contact_received: 'mensagem',
  contact_ack: 'mensagem',
};

/** Kinds written to the brand's team, not to a customer: another greeting. */
const TEAM_MAIL: ReadonlySet<MailKind> = new Set(['contact_received']);

/** A rendered mail. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The brand's name in `locale`: its logo's alternative text (the title carries a slogan). */
export function brandName(brand: LoadedBrand, locale: Locale): string {
  const logos = brand.brand.logos;
  return logos.alt[locale] || logos.alt[brand.brand.defaultLocale] || brand.brand.title[locale];
}

/** Text `id` of locales/*.json in `locale` (pt-BR when missing) with its `{name}`s filled. */
export function mailMessage(locale: Locale, id: string, values: Record<string, string>): string {
  const all = localeMessages();
  const text = all.get(locale)?.[id] ?? all.get('pt-BR')?.[id];
  // A missing text is a bug of this module (the unit test checks every id in every locale).
  if (text === undefined) throw new Error(`mail message ${id} is missing`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function safeColor(value: string, fallback: string): string {
  return HEX.test(value) ? value : fallback;
}

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
function textOn(hex: string): string {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const lin = (i: number) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(0) + 0.7152 * lin(2) + 0.0722 * lin(4);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

const LOGO_HEIGHT = 48;
const logoSizes = new Map<string, { width: number; height: number }>();

/**
 * The logo's box at {@link LOGO_HEIGHT} px high, from the SVG's viewBox (or width/height), so
 * clients that block images keep the layout; 4:1 when it cannot be read.
 */
function logoSize(brand: LoadedBrand, url: string): { width: number; height: number } {
  const key = `${brand.dir}\u0000${url}`;
  let size = logoSizes.get(key);
  if (size) return size;
  let ratio = 4;
  const file = url.startsWith('/') ? brandAssetFile(brand, url) : null;
  if (file?.endsWith('.svg')) {
    try {
      const svg = readFileSync(file, 'utf8').slice(0, 4096);
      const box = /viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(svg);
      const w = Number(box?.[1] ?? /\swidth\s*=\s*["']([\d.]+)/.exec(svg)?.[1]);
      const h = Number(box?.[2] ?? /\sheight\s*=\s*["']([\d.]+)/.exec(svg)?.[1]);
      if (w > 0 && h > 0) ratio = w / h;
    } catch {
      // An unreadable logo keeps the default box; the mail still goes out.
    }
  }
  size = { width: Math.min(320, Math.round(LOGO_HEIGHT * ratio)), height: LOGO_HEIGHT };
  logoSizes.set(key, size);
  return size;
}

/** The absolute URL of the brand's header logo, on the brand's public origin. */
function logoUrl(brand: LoadedBrand): string {
  const header = brand.brand.logos.header;
  if (/^https?:\/\//i.test(header)) return header;
  return `${publicOrigin(brand)}${header.startsWith('/') ? '' : '/'}${header}`;
}

function checkVars(kind: MailKind, vars: Record<string, string>): void {
  for (const name of MAIL_VARS[kind]) {
    if (typeof vars[name] !== 'string' || vars[name] === '') {
      throw new Error(`mail ${kind} needs the variable ${name}`);
    }
  }
  // Only web links: a javascript: or data: URL must never become a button.
  for (const name of ['link', 'unsubscribe']) {
    if (vars[name] !== undefined && !/^https?:\/\/[^\s]+$/i.test(vars[name])) {
      throw new Error(`mail ${kind}: ${name} must be an http(s) URL`);
    }
  }
}

/** A line break in a value must not start a new header line or fake a paragraph. */
const oneLine = (v: string) => String(v).replace(/\p{Cc}+/gu, ' ');

/**
 * Renders mail `kind` for `brand` in `locale` with `vars` (see {@link MAIL_VARS}) and, after the
 * body, `lines` as a list (e.g. the tickets a refund is for; each one line of plain text).
 * @throws when a variable the kind needs is missing or the link is not an http(s) URL.
 */
export function renderMail(
  brand: LoadedBrand,
  locale: Locale,
  kind: MailKind,
  vars: Record<string, string>,
  lines: readonly string[] = [],
): RenderedMail {
  checkVars(kind, vars);
  const quoteVar = MAIL_QUOTE[kind];
  const quoted = quoteVar
    ? String(vars[quoteVar]).replace(/\r\n?/g, '\n').split('\n').map(oneLine)
    : [];
  vars = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, oneLine(v)]));
  const list = lines.map(oneLine);
  const name = brandName(brand, locale);
  const support = brand.brand.support.email;
  const values = { ...vars, brand: name, email: support };
  const m = (id: string) => mailMessage(locale, id, values);

  const subject = m(`mail.${kind}.subject`);
  const heading = m(`mail.${kind}.heading`);
  const greeting = m(
    TEAM_MAIL.has(kind) ? 'mail.greetingTeam' : vars.nome ? 'mail.greeting' : 'mail.greetingAnon',
  );
  const body = m(`mail.${kind}.body`);
  const link = MAIL_VARS[kind].includes('link') ? (vars.link ?? null) : null;
  const button = link ? m(`mail.${kind}.button`) : null;
  const linkHint = link ? m('mail.linkHint') : null;
  const footer = [m('mail.footer'), support ? m('mail.support') : null].filter(
    (x): x is string => x !== null,
  );
  const unsubscribe = MAIL_VARS[kind].includes('unsubscribe') ? (vars.unsubscribe ?? null) : null;
  const unsubscribeText = unsubscribe ? m('mail.unsubscribe') : null;

  const text = [
    heading,
    '',
    greeting,
    '',
    body,
    ...(quoted.length > 0 ? ['', ...quoted.map((l) => `> ${l}`)] : []),
    ...(list.length > 0 ? ['', ...list.map((l) => `- ${l}`)] : []),
    ...(link && button ? ['', `${button}: ${link}`] : []),
    '',
    '--',
    ...footer,
    ...(unsubscribe ? [`${unsubscribeText}: ${unsubscribe}`] : []),
    '',
  ].join('\n');

  const e = escapeHtml;
  const primary = safeColor(brand.brand.theme.colors.primary, '#333333');
  const onPrimary = textOn(primary);
  const font = e(brand.brand.theme.font.body);
  const logo = logoUrl(brand);
  const size = logo ? logoSize(brand, brand.brand.logos.header) : null;
  const header =
    logo && size
      ? `<img src="${e(logo)}" width="${size.width}" height="${size.height}" alt="${e(name)}" style="display:block;border:0;height:${size.height}px;width:${size.width}px;max-width:100%;font-size:18px;font-weight:bold;color:${primary}">`
      : `<span style="font-size:20px;font-weight:bold;color:${primary}">${e(name)}</span>`;
  const items =
    list.length > 0
      ? `
<tr><td style="padding:0 32px 16px;font-size:15px;line-height:1.5"><ul style="margin:0;padding-left:20px">
${list.map((l) => `<li>${e(l)}</li>`).join('\n')}
</ul></td></tr>`
      : '';
  const quote =
    quoted.length > 0
      ? `
<tr><td style="padding:0 32px 16px"><blockquote style="margin:0;padding:8px 12px;border-left:4px solid ${primary};background:#f9fafb;font-size:15px;line-height:1.5">${quoted.map(e).join('<br>')}</blockquote></td></tr>`
      : '';
  const cta =
    link && button
      ? `
<tr><td style="padding:8px 32px 24px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td bgcolor="${primary}" style="border-radius:6px;background:${primary}">
<a href="${e(link)}" style="display:inline-block;padding:12px 24px;font-family:${font};font-size:16px;font-weight:bold;color:${onPrimary};text-decoration:none;border-radius:6px">${e(button)}</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:0 32px 24px;font-size:13px;line-height:1.5;color:#555555">
${e(linkHint ?? '')}<br><a href="${e(link)}" style="color:${primary};word-break:break-all">${e(link)}</a>
</td></tr>`
      : '';

  const html = `<!DOCTYPE html>
<html lang="${e(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f5">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-top:6px solid ${primary};font-family:${font};color:#1f2937">
<tr><td style="padding:24px 32px 8px">${header}</td></tr>
<tr><td style="padding:16px 32px 0"><h1 style="margin:0;font-size:22px;line-height:1.3;color:${primary}">${e(heading)}</h1></td></tr>
<tr><td style="padding:16px 32px 0;font-size:16px;line-height:1.5">${e(greeting)}</td></tr>
<tr><td style="padding:12px 32px 16px;font-size:16px;line-height:1.5">${e(body)}</td></tr>${quote}${items}${cta}
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280">${footer.map(e).join('<br>')}${unsubscribe ? `<br><a href="${e(unsubscribe)}" style="color:#6b7280">${e(unsubscribeText ?? '')}</a>` : ''}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, html, text };
}

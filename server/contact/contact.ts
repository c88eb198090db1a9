/**
 * The contact form (spec §3 "Contact form", §7 CustomUserApps/Contato): the message is checked
 * with the brand's contact form (schemas/forms/contact.schema.json plus its override and
 * captcha), then stored, mailed to the brand's support inbox and acknowledged to the sender in
 * their language, all in one transaction: either the message and both mails exist, or none.
 */
import type { LoadedBrand } from '#schemas/brand.types.ts';
import {
  type ApiErrorBody,
  type ContatoResult,
  ErrorCode,
  type Locale,
} from '#schemas/contract.ts';
import { normalizeEmail } from '#server/accounts/repository.ts';
import { allowRequest, RATE_LIMITS } from '#server/accounts/throttle.ts';
import { captchaRequired, verifyCaptcha } from '#server/captcha/verify.ts';
import type { Db } from '#server/db/client.ts';
import { contatoMensagem } from '#server/db/schema.ts';
import { generic } from '#server/errors.ts';
import { formText } from '#server/forms/messages.ts';
import { brandForm, validateForm } from '#server/forms/validate.ts';
import { t } from '#server/i18n.ts';
import { enqueueMail } from '#server/mail/outbox.ts';

/** What a contact call knows about its request. */
export interface ContactScope {
  db: Db;
  brand: LoadedBrand;
  /** The sender's language (the request's `lang`): the acknowledgement is written in it. */
  locale: Locale;
  ip: string;
  /** The site's origin, for the logo in the mails. */
  origin: string;
}

/** The fields every contact form has; anything else the form accepts is the brand's own. */
const BASE_FIELDS = new Set(['email', 'nome', 'assunto', 'mensagem', '_recaptcha']);

interface ContactData {
  email: string;
  nome: string;
  assunto: string;
  mensagem: string;
  _recaptcha?: string;
  [field: string]: unknown;
}

/** Where the brand's contact messages go: `support.contactInbox`, else `support.email`. */
export function contactInbox(brand: LoadedBrand): string {
  return brand.brand.support.contactInbox ?? brand.brand.support.email;
}

/** Throws the rate-limit error when `key` is over `rule`. */
async function limit(scope: ContactScope, what: 'contact' | 'contactEmail', key: string) {
  const ok = await allowRequest(scope.db, `${what}:${scope.brand.id}:${key}`, RATE_LIMITS[what]);
  if (!ok) throw generic('error.tooManyRequests');
}

/**
 * POST CustomUserApps/Contato: body the contact form's fields (`email`, `nome`, `assunto`,
 * `mensagem`, `_recaptcha` when the brand's `captcha.contact` is on, and the brand's own fields).
 * Bad input → the form's error object (every field, localized); a wrong captcha → 'Recaptcha
 * inválido!' on `_recaptcha`; too many messages from one address or for one e-mail → the
 * rate-limit error.
 */
export async function sendContact(
  scope: ContactScope,
  body: unknown,
): Promise<{ result: ContatoResult } | { error: ApiErrorBody }> {
  const form = validateForm<ContactData>(scope.brand, 'contact', body, scope.locale);
  if (!form.ok) return { error: form.error };
  const data = form.data;
  if (
    captchaRequired(scope.brand, 'contact') &&
    !(await verifyCaptcha(scope.db, scope.brand, data._recaptcha, scope.ip))
  ) {
    const message = t(scope.locale, 'error.captcha');
    const fields = [{ field: '._recaptcha', id: 'error.captcha', message }];
    return { error: { code: ErrorCode.Generic, message, fields } };
  }
  const email = normalizeEmail(data.email);
  await limit(scope, 'contact', scope.ip);
  await limit(scope, 'contactEmail', email);

  const campos = brandFields(scope.brand, data);
  const support = scope.brand.brand.defaultLocale;
  const nome = data.nome.trim();
  const assunto = data.assunto.trim();
  const protocolo = await scope.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contatoMensagem)
      .values({
        brand: scope.brand.id,
        email,
        nome,
        assunto,
        mensagem: data.mensagem,
        campos: Object.keys(campos).length > 0 ? campos : null,
        locale: scope.locale,
        ip: scope.ip,
      })
      .returning({ id: contatoMensagem.id });
    if (!row) throw new Error('sendContact: the insert returned no row');
    const vars = {
      nome,
      assunto,
      mensagem: data.mensagem,
      protocolo: String(row.id),
      origin: scope.origin,
    };
    await enqueueMail(tx, {
      brand: scope.brand,
      locale: support,
      to: contactInbox(scope.brand),
      kind: 'contact_received',
      vars: { ...vars, remetente: email },
      lines: fieldLines(scope.brand, campos, support),
    });
    await enqueueMail(tx, {
      brand: scope.brand,
      locale: scope.locale,
      to: email,
      kind: 'contact_ack',
      vars,
    });
    return row.id;
  });
  return {
    result: { protocolo, mensagem: t(scope.locale, 'contact.sent', { protocolo, email }) },
  };
}

/** The brand's own fields of the message (its form override), as the form checked them. */
function brandFields(
  brand: LoadedBrand,
  data: ContactData,
): Record<string, string | number | boolean> {
  const known = Object.keys(brandForm(brand, 'contact').schema.properties ?? {});
  const out: Record<string, string | number | boolean> = {};
  for (const name of known) {
    const v = data[name];
    if (BASE_FIELDS.has(name) || v === undefined || v === null || v === '') continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[name] = v;
  }
  return out;
}

/** "Label: value" lines of the brand's own fields, labelled in the support team's language. */
function fieldLines(
  brand: LoadedBrand,
  campos: Record<string, string | number | boolean>,
  locale: Locale,
): string[] {
  const props = brandForm(brand, 'contact').schema.properties ?? {};
  return Object.entries(campos).map(([name, v]) => {
    const title = (props[name] as { title?: unknown } | undefined)?.title;
    const label = typeof title === 'string' ? formText(locale, title) : name;
    return `${label}: ${String(v)}`;
  });
}

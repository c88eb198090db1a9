/**
 * The newsletter (spec §7 CustomUserApps/Newsletter; issue 14 item 2): sign-up with double
 * opt-in, confirmation, unsubscribe and the operator's export of the confirmed list.
 *
 * Invariants:
 * - Before the mailed link confirms a subscription, the confirmation is the only mail the
 *   address gets; the welcome and every later newsletter mail need `status = 'confirmada'`.
 * - A confirmation link confirms once (one conditional UPDATE); opened again it answers
 *   "already confirmed" and sends nothing.
 * - Every newsletter mail carries the unsubscribe link (a random token of the subscription,
 *   no login); unsubscribing is idempotent.
 * - The consent is stored as given (time, address, text version and text: LGPD art. 8), in the
 *   same transaction as the confirmation mail.
 * - The answer to a sign-up never tells whether the address was already subscribed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import {
  type ApiErrorBody,
  ErrorCode,
  type Locale,
  NEWSLETTER_CONSENT_VERSION,
  type NewsletterResult,
} from '#schemas/contract.ts';
import { ROUTE_PATHS } from '#schemas/route-paths.ts';
import { normalizeEmail } from '#server/accounts/repository.ts';
import { allowRequest, RATE_LIMITS } from '#server/accounts/throttle.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { newsletterInscricao } from '#server/db/schema.ts';
import { generic } from '#server/errors.ts';
import { formText } from '#server/forms/messages.ts';
import { validateForm } from '#server/forms/validate.ts';
import { t } from '#server/i18n.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { toCsv } from './csv';

/** What a newsletter call knows about its request. */
export interface NewsletterScope {
  db: Db;
  brand: LoadedBrand;
  /** The request's language: the subscription's mails are written in it. */
  locale: Locale;
  ip: string;
  /** The site's origin (`https://shop.example`): the links in the mails point there. */
  origin: string;
}

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 24 * 3600_000;

/** The message id of the consent text of {@link NEWSLETTER_CONSENT_VERSION}. */
export const CONSENT_TEXT_ID = 'form.field.newsletterConsent';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The absolute address of the newsletter page in `locale` for `acao` and `token`: the language
 * prefix when the brand has one tree per language.
 */
export function newsletterLink(
  scope: Pick<NewsletterScope, 'brand' | 'origin'>,
  locale: Locale,
  acao: 'confirmar' | 'cancelar',
  token: string,
): string {
  const page = ROUTE_PATHS.Newsletter[locale];
  const prefix = scope.brand.brand.multiLanguage ? `/${locale.slice(0, 2)}` : '';
  return `${scope.origin.replace(/\/+$/, '')}${prefix}/${page}?acao=${acao}&token=${token}`;
}

async function limit(scope: NewsletterScope, what: keyof typeof RATE_LIMITS, key: string) {
  const ok = await allowRequest(scope.db, `${what}:${scope.brand.id}:${key}`, RATE_LIMITS[what]);
  if (!ok) throw generic('error.tooManyRequests');
}

type Outcome = { result: NewsletterResult } | { error: ApiErrorBody };

/**
 * POST CustomUserApps/Newsletter (see `NewsletterBody` in schemas/contract.ts): sign-up,
 * `acao: 'confirmar'` or `acao: 'cancelar'`.
 */
export async function newsletterCall(scope: NewsletterScope, body: unknown): Promise<Outcome> {
  const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const acao = b.acao ?? 'inscrever';
  if (acao === 'confirmar') return confirmSubscription(scope, b.token);
  if (acao === 'cancelar') return unsubscribe(scope, b.token);
  if (acao !== 'inscrever') throw generic('error.badParams');
  const { acao: _a, versao, ...fields } = b;
  return subscribe(scope, fields, versao);
}

/**
 * A sign-up: checks the form and the consent's version, then (re)starts the double opt-in with
 * a new confirmation link, stores the consent and queues the confirmation mail, in one
 * transaction. An address already confirmed gets nothing (and the answer is the same).
 */
export async function subscribe(
  scope: NewsletterScope,
  fields: unknown,
  versao: unknown,
): Promise<Outcome> {
  const form = validateForm<{ email: string; consentimento: true }>(
    scope.brand,
    'newsletter',
    fields,
    scope.locale,
  );
  if (!form.ok) return { error: form.error };
  if (versao !== NEWSLETTER_CONSENT_VERSION) {
    return {
      error: {
        code: ErrorCode.Generic,
        message: t(scope.locale, 'error.newsletterConsentVersion'),
      },
    };
  }
  const email = normalizeEmail(form.data.email);
  await limit(scope, 'newsletter', scope.ip);
  await limit(scope, 'newsletterEmail', email);

  const token = newToken();
  const now = new Date();
  const consent = {
    locale: scope.locale,
    consentAt: now,
    consentIp: scope.ip,
    consentVersion: NEWSLETTER_CONSENT_VERSION,
    consentText: formText(scope.locale, CONSENT_TEXT_ID),
    confirmTokenHash: hashToken(token),
    confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
    confirmedAt: null,
    confirmIp: null,
    unsubscribedAt: null,
    updatedAt: now,
  };
  await scope.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterInscricao)
      .values({
        brand: scope.brand.id,
        email,
        status: 'pendente',
        unsubscribeToken: newToken(),
        ...consent,
      })
      .onConflictDoUpdate({
        target: [newsletterInscricao.brand, newsletterInscricao.email],
        set: { status: 'pendente', ...consent },
        // A confirmed subscription stays as it is: no new consent, no mail.
        setWhere: sql`${newsletterInscricao.status} <> 'confirmada'`,
      })
      .returning({ id: newsletterInscricao.id });
    if (!row) return;
    await enqueueMail(tx, {
      brand: scope.brand,
      locale: scope.locale,
      to: email,
      kind: 'newsletter_confirm',
      vars: {
        link: newsletterLink(scope, scope.locale, 'confirmar', token),
        origin: scope.origin,
      },
    });
  });
  return { result: { mensagem: t(scope.locale, 'newsletter.checkInbox', { email }) } };
}

const badLink = (scope: NewsletterScope): Outcome => ({
  error: { code: ErrorCode.Generic, message: t(scope.locale, 'error.newsletterLink') },
});

/**
 * The confirmation link: a pending subscription with that unexpired token becomes confirmed
 * (time and address kept) and gets the welcome mail with its unsubscribe link, once.
 */
export async function confirmSubscription(
  scope: NewsletterScope,
  token: unknown,
): Promise<Outcome> {
  await limit(scope, 'newsletterLink', scope.ip);
  if (typeof token !== 'string' || !TOKEN.test(token)) return badLink(scope);
  const hash = hashToken(token);
  const confirmed = await scope.db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterInscricao)
      .set({ status: 'confirmada', confirmedAt: new Date(), confirmIp: scope.ip })
      .where(
        and(
          eq(newsletterInscricao.brand, scope.brand.id),
          eq(newsletterInscricao.confirmTokenHash, hash),
          eq(newsletterInscricao.status, 'pendente'),
          gt(newsletterInscricao.confirmExpiresAt, new Date()),
        ),
      )
      .returning();
    if (!row) return false;
    await sendNewsletterMail(tx, scope, row, 'newsletter_welcome');
    return true;
  });
  if (confirmed) {
    return { result: { mensagem: t(scope.locale, 'newsletter.confirmed') } };
  }
  const [row] = await scope.db
    .select({ status: newsletterInscricao.status })
    .from(newsletterInscricao)
    .where(
      and(
        eq(newsletterInscricao.brand, scope.brand.id),
        eq(newsletterInscricao.confirmTokenHash, hash),
      ),
    );
  if (row?.status === 'confirmada') {
    return {
      result: { mensagem: t(scope.locale, 'newsletter.alreadyConfirmed'), ja_confirmado: true },
    };
  }
  return badLink(scope);
}

/** The unsubscribe link: the subscription ends (again: the same answer, nothing changes). */
export async function unsubscribe(scope: NewsletterScope, token: unknown): Promise<Outcome> {
  await limit(scope, 'newsletterLink', scope.ip);
  if (typeof token !== 'string' || !TOKEN.test(token)) return badLink(scope);
  const where = and(
    eq(newsletterInscricao.brand, scope.brand.id),
    eq(newsletterInscricao.unsubscribeToken, token),
  );
  const [row] = await scope.db
    .select({ status: newsletterInscricao.status })
    .from(newsletterInscricao)
    .where(where);
  if (!row) return badLink(scope);
  if (row.status !== 'cancelada') {
    const now = new Date();
    await scope.db
      .update(newsletterInscricao)
      // A pending link dies with the subscription.
      .set({ status: 'cancelada', unsubscribedAt: now, confirmTokenHash: null, updatedAt: now })
      .where(where);
  }
  return { result: { mensagem: t(scope.locale, 'newsletter.unsubscribed') } };
}

/**
 * Queues newsletter mail `kind` (one of templates.ts's NEWSLETTER_MAILS) to a confirmed
 * subscriber, in their language, with their unsubscribe link.
 * @throws when the subscription is not confirmed (nothing is ever sent before that).
 */
export async function sendNewsletterMail(
  db: Db | Tx,
  scope: Pick<NewsletterScope, 'brand' | 'origin'>,
  sub: typeof newsletterInscricao.$inferSelect,
  kind: 'newsletter_welcome',
  vars: Record<string, string> = {},
): Promise<number> {
  if (sub.status !== 'confirmada') {
    throw new Error(`newsletter mail to an unconfirmed subscription (${sub.id})`);
  }
  const locale = sub.locale as Locale;
  return enqueueMail(db, {
    brand: scope.brand,
    locale,
    to: sub.email,
    kind,
    vars: {
      ...vars,
      unsubscribe: newsletterLink(scope, locale, 'cancelar', sub.unsubscribeToken),
      origin: scope.origin,
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The operator's export

/** The columns of the export, in order. */
export const EXPORT_COLUMNS = [
  'brand',
  'email',
  'locale',
  'confirmed_at',
  'consent_at',
  'consent_ip',
  'consent_version',
  'consent_text',
] as const;

/** The confirmed subscribers (of one brand, or all), oldest confirmation first, as CSV. */
export async function exportConfirmed(db: Db, brandId?: string): Promise<string> {
  const found = await db
    .select()
    .from(newsletterInscricao)
    .where(
      and(
        eq(newsletterInscricao.status, 'confirmada'),
        brandId === undefined ? undefined : eq(newsletterInscricao.brand, brandId),
      ),
    )
    .orderBy(asc(newsletterInscricao.confirmedAt), asc(newsletterInscricao.id));
  return toCsv(
    EXPORT_COLUMNS,
    found.map((r) => [
      r.brand,
      r.email,
      r.locale,
      r.confirmedAt?.toISOString() ?? '',
      r.consentAt.toISOString(),
      r.consentIp,
      r.consentVersion,
      r.consentText,
    ]),
  );
}

/**
 * The outbox: a mail is rendered and stored in the same transaction as the change that causes
 * it (a sign-up, a password reset…), so it is sent exactly when that change commits and never
 * lost by a crash in between. The delivery loop (deliver.ts) sends it from there.
 */
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import type { MailAttachmentRef } from './attachment-ref';
import { type MailKind, renderMail } from './templates';

export type { MailKind } from './templates';

/** A mail to send: who, which kind, in which brand and language, with its variables. */
export interface MailRequest {
  brand: LoadedBrand;
  locale: Locale;
  to: string;
  kind: MailKind;
  /**
   * Template variables (see MAIL_VARS in templates.ts): confirm_email {nome, link},
   * reset_password {nome, link, minutes}, agency_awaiting {nome}, agency_approved {nome, link},
   * password_changed {nome}, payment_confirmed {nome, localizador}, payment_released
   * {nome, localizador}, refund_confirmed {nome, localizador, valor}; links start with
   * the brand's public origin (server/brands/origin.ts), as does the logo's absolute URL.
   */
  vars: Record<string, string>;
  /** Lines listed after the body, as plain text (e.g. the tickets a refund is for). */
  lines?: readonly string[];
  /** Files to attach, made when the mail is sent (server/mail/attachments.ts). */
  attachments?: MailAttachmentRef[];
}

const listeners = new Set<() => void>();

/**
 * Registers `fn` to be called after every enqueue (the delivery loop's nudge).
 * @returns a function that removes it.
 */
export function onEnqueue(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * Renders the template and inserts the mail into the outbox in the given db or transaction
 * (same transaction as the change that causes it). Returns the outbox id.
 * @throws when the kind's variables are missing or the address is empty (a bug of the caller).
 */
export async function enqueueMail(db: Db | Tx, req: MailRequest): Promise<number> {
  const to = req.to.trim();
  if (to === '' || /[\s<>,;]/.test(to) || !to.includes('@')) {
    throw new Error(`enqueueMail: not a single mail address: ${JSON.stringify(req.to)}`);
  }
  const mail = renderMail(req.brand, req.locale, req.kind, req.vars, req.lines);
  const [row] = await db
    .insert(outbox)
    .values({
      brand: req.brand.id,
      kind: req.kind,
      locale: req.locale,
      toAddress: to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      anexos: req.attachments && req.attachments.length > 0 ? req.attachments : null,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('enqueueMail: the insert returned no row');
  // The caller's transaction may not have committed yet; a loop that finds nothing now finds
  // the mail on its next tick.
  for (const fn of listeners) fn();
  return row.id;
}

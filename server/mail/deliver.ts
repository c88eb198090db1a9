/**
 * The delivery loop: every few seconds (and soon after an enqueue) it claims the due mails of
 * the outbox and sends them through SMTP (nodemailer, `SMTP_URL`). Without SMTP it marks them
 * `kept`: they stay in the outbox for the development mailbox page and are never sent.
 *
 * Several server instances may run the loop on one database. A claim is one statement that
 * takes due `pending` rows with `FOR UPDATE SKIP LOCKED`, counts the attempt and pushes
 * `next_attempt_at` a lease ahead, so no other loop sees them while they are being sent. A
 * loop that dies mid-send leaves the mail `pending`; it is tried again when the lease ends
 * (at-least-once: the stable Message-ID lets a mail client drop such a rare duplicate).
 * A failed send is retried with a growing delay and marked `failed` after the last attempt.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { LOCALES, type Locale } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { rows, toDate } from '#server/db/sql.ts';
import type { MailAttachmentRef } from './attachment-ref';
import { makeAttachments } from './attachments';
import { onEnqueue } from './outbox';
import { brandName } from './templates';

/** Where the loop logs. */
export type MailerLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Options of {@link startMailer}. */
export interface MailerOptions {
  db: Db;
  /** The loaded brands: the sender's name and reply address come from the mail's brand. */
  brands: readonly LoadedBrand[];
  /** `smtp://user:pass@host:587` or `smtps://…:465`; absent = keep mails for the mailbox page. */
  smtpUrl?: string | undefined;
  /** The From address of every mail (MAIL_FROM); default the brand's support e-mail. */
  mailFrom?: string | undefined;
  log: MailerLog;
  /** Milliseconds between passes (default 2000). */
  intervalMs?: number;
  /** Attempts before a mail is marked failed (default 8). */
  maxAttempts?: number;
  /** Delay before attempt `n + 1` after `n` failed ones, in ms (default 30 s · 2^(n-1), ≤ 1 h). */
  backoffMs?: (attempts: number) => number;
  /** Mails claimed per statement (default 20). */
  batchSize?: number;
}

/** A running loop. */
export interface Mailer {
  /** Stops the loop, waits for a pass in progress and closes the SMTP transport. */
  stop(): Promise<void>;
  /** Runs a pass now (after one in progress) and returns how many mails it sent (or kept). */
  deliverNow(): Promise<number>;
}

/** How long a claimed mail is hidden from other loops: longer than any send can take. */
const LEASE_SECONDS = 600;
/** One pass sends at most this many batches, so a stop is never held up for long. */
const MAX_BATCHES_PER_PASS = 50;

/** The default retry delay: 30 s, 1 min, 2 min … capped at one hour (about 2 h over 8 tries). */
export function defaultBackoffMs(attempts: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

interface Claimed {
  id: number;
  brand: string;
  locale: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  created_at: unknown;
  anexos: MailAttachmentRef[] | null;
}

/** The sender of a mail of `brand`: name, address and where replies go. */
export function senderOf(
  brand: LoadedBrand | undefined,
  locale: Locale,
  mailFrom: string | undefined,
): { from: { name: string; address: string } | string; replyTo: string | undefined } {
  const support = brand?.brand.support.email || undefined;
  const address = mailFrom || support || `no-reply@${brand?.brand.hosts[0] ?? 'localhost'}`;
  return {
    from: brand ? { name: brandName(brand, locale), address } : address,
    replyTo: support && support !== address ? support : undefined,
  };
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const response = (err as { response?: unknown }).response;
    const text =
      typeof response === 'string' && response ? `${err.message} (${response})` : err.message;
    return text.slice(0, 1000);
  }
  return String(err).slice(0, 1000);
}

/** Starts the delivery loop on `db`. */
export function startMailer(opts: MailerOptions): Mailer {
  const { db, log } = opts;
  const intervalMs = opts.intervalMs ?? 2000;
  const maxAttempts = opts.maxAttempts ?? 8;
  const backoffMs = opts.backoffMs ?? defaultBackoffMs;
  const batchSize = opts.batchSize ?? 20;
  let stopped = false;
  // Timeouts well inside the lease, so a hung server cannot outlive the claim.
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
    : null;

  const claim = () =>
    rows<Claimed>(
      db,
      sql`
        UPDATE outbox SET attempts = attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
        WHERE id IN (
          SELECT id FROM outbox
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id
          LIMIT ${batchSize}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, brand, locale, to_address, subject, html, text, attempts::int AS attempts,
          created_at, anexos`,
    );

  const send = async (mail: Claimed): Promise<boolean> => {
    // Looked up per mail: a brand's files may change while the server runs (brands/watch.ts).
    const brand = opts.brands.find((b) => b.id === mail.brand);
    const locale = (LOCALES as readonly string[]).includes(mail.locale)
      ? (mail.locale as Locale)
      : 'pt-BR';
    const sender = senderOf(brand, locale, opts.mailFrom);
    const domain = (typeof sender.from === 'string' ? sender.from : sender.from.address).split(
      '@',
    )[1];
    try {
      // Made now, from the database: a failure here is a failed attempt like an SMTP error.
      const attachments = brand ? await makeAttachments(db, brand, locale, mail.anexos) : [];
      await transport!.sendMail({
        from: sender.from,
        ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(attachments.length > 0 ? { attachments } : {}),
        messageId: `<outbox-${mail.id}-${toDate(mail.created_at).getTime()}@${domain ?? 'localhost'}>`,
      });
    } catch (err) {
      const lastError = errorText(err);
      if (mail.attempts >= maxAttempts) {
        await db.execute(
          sql`UPDATE outbox SET status = 'failed', last_error = ${lastError} WHERE id = ${mail.id}`,
        );
        log.error({ outboxId: mail.id, attempts: mail.attempts, err: lastError }, 'mail failed');
      } else {
        const delay = Math.max(0, Math.round(backoffMs(mail.attempts)));
        await db.execute(
          sql`UPDATE outbox SET last_error = ${lastError},
                next_attempt_at = now() + make_interval(secs => ${delay / 1000})
              WHERE id = ${mail.id}`,
        );
        log.warn({ outboxId: mail.id, attempts: mail.attempts, err: lastError }, 'mail retry');
      }
      return false;
    }
    await db.execute(
      sql`UPDATE outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = ${mail.id}`,
    );
    return true;
  };

  const pass = async (): Promise<number> => {
    try {
      if (!transport) {
        const kept = await rows<{ id: number }>(
          db,
          sql`UPDATE outbox SET status = 'kept' WHERE status = 'pending' RETURNING id`,
        );
        return kept.length;
      }
      let sent = 0;
      for (let i = 0; i < MAX_BATCHES_PER_PASS && !stopped; i++) {
        const batch = await claim();
        if (batch.length === 0) break;
        for (const mail of batch) if (await send(mail)) sent++;
      }
      return sent;
    } catch (err) {
      // The database may be briefly away; the next pass tries again and nothing is lost.
      log.error({ err }, 'mail delivery pass failed');
      return 0;
    }
  };

  let chain: Promise<number> = Promise.resolve(0);
  const run = (): Promise<number> => {
    chain = chain.then(pass, pass);
    return chain;
  };

  let tick: NodeJS.Timeout | null = null;
  const schedule = () => {
    if (stopped) return;
    tick = setTimeout(() => {
      tick = null;
      void run().finally(schedule);
    }, intervalMs);
    tick.unref?.();
  };
  schedule();

  let nudge: NodeJS.Timeout | null = null;
  const unsubscribe = onEnqueue(() => {
    if (stopped || nudge) return;
    // A short delay lets the enqueuing transaction commit first.
    nudge = setTimeout(() => {
      nudge = null;
      void run();
    }, 100);
    nudge.unref?.();
  });

  return {
    deliverNow: run,
    async stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      if (tick) clearTimeout(tick);
      if (nudge) clearTimeout(nudge);
      await chain;
      transport?.close();
    },
  };
}

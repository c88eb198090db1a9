/**
 * The files an outbox mail attaches, made when it is sent from what the outbox row names
 * (attachment-ref.ts) rather than stored as bytes: the outbox stays small, and the attachment
 * shows the tickets as they are when the mail leaves (a ticket cancelled meanwhile is not in
 * it; an order with nothing left to print goes without the file).
 */
import { sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { firstRow } from '#server/db/sql.ts';
import { ticketsPdf } from '#server/tickets/print.ts';
import type { MailAttachmentRef } from './attachment-ref';

/** A file as nodemailer attaches it. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** The files of `refs` for a mail of `brand` in `locale`. */
export async function makeAttachments(
  db: Db,
  brand: LoadedBrand,
  locale: Locale,
  refs: readonly MailAttachmentRef[] | null,
): Promise<MailAttachment[]> {
  const out: MailAttachment[] = [];
  for (const ref of refs ?? []) {
    if (ref.kind !== 'tickets') continue;
    const owner = await firstRow<{ idpessoa: number }>(
      db,
      sql`SELECT idpessoa FROM movimentacao WHERE id = ${ref.idmovimentacao} AND brand = ${brand.id}`,
    );
    if (!owner) continue;
    const pdf = await ticketsPdf(db, brand, locale, owner.idpessoa, {
      idmovimentacao: ref.idmovimentacao,
    });
    if ('error' in pdf) continue;
    out.push({
      filename: pdf.fileName,
      content: Buffer.from(pdf.pdf),
      contentType: 'application/pdf',
    });
  }
  return out;
}

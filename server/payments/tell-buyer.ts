import { sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { firstRow } from '#server/db/sql.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { orderPriceLines } from '#server/orders/price-mail.ts';
import { brl as brlOfCents } from '#server/tickets/pdf.ts';

/**
 * Queues the mail telling the buyer of order `idmovimentacao` that its slip or Pix charge was
 * paid (`payment_confirmed`), released unpaid (`payment_released`), or paid too late and given
 * back (`payment_refunded`, with the amount), in their language. Inside
 * the caller's transaction when given one, so the mail exists exactly when the change does.
 */
export async function tellBuyer(
  db: Db,
  brands: readonly LoadedBrand[],
  idmovimentacao: number,
  kind: 'payment_confirmed' | 'payment_released' | 'payment_refunded',
  /** The amount given back (`payment_refunded`). */
  refundedCents = 0,
): Promise<void> {
  const who = await firstRow<{
    brand: string;
    localizador: string;
    email: string;
    nome: string;
    idioma: string | null;
  }>(
    db,
    sql`SELECT m.brand, m.localizador, x.email, x.nome, x.idioma
        FROM movimentacao m JOIN pessoa x ON x.id = m.idpessoa WHERE m.id = ${idmovimentacao}`,
  );
  const brand = who && brands.find((b) => b.id === who.brand);
  if (!who || !brand) return;
  const locale = brand.brand.locales.includes(who.idioma as Locale)
    ? (who.idioma as Locale)
    : brand.brand.defaultLocale;
  await enqueueMail(db, {
    brand,
    locale,
    to: who.email,
    kind,
    vars: {
      nome: who.nome || who.email,
      localizador: who.localizador,
      ...(kind === 'payment_refunded' ? { valor: brlOfCents(refundedCents) } : {}),
    },
    // The tickets' PDF, made when the mail is sent (server/mail/attachments.ts), and what the
    // order cost, line by line, as My orders shows it.
    ...(kind === 'payment_confirmed'
      ? {
          attachments: [{ kind: 'tickets' as const, idmovimentacao }],
          lines: await orderPriceLines(db, brand, locale, idmovimentacao),
        }
      : {}),
  });
}

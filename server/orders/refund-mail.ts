/**
 * The mail that tells a buyer their cancellation's refund was confirmed: which tickets, how
 * much came back and the order's locator, in the buyer's language. Queued inside the
 * transaction that moves the refund from pending to confirmed (cancellation.ts `settle`), so it
 * exists exactly when that change does: a second confirmation moves nothing and mails nothing.
 * The language is the buyer's (the profile's `idioma`), else the brand's default.
 */
import { sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import { SHOP_TIME_ZONE } from '#schemas/shop-time.ts';
import { catalogOf } from '#server/catalog/lookup.ts';
import type { Db } from '#server/db/client.ts';
import { firstRow, rows, toDate } from '#server/db/sql.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { mailMessage } from '#server/mail/templates.ts';
import { brl } from '#server/tickets/pdf.ts';

/** A session's date and time in the shop's time zone, in `locale`'s short words. */
function sessionWhen(locale: Locale, d: Date): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: SHOP_TIME_ZONE,
    dateStyle: 'short',
    timeStyle: 'short',
  })
    .format(d)
    .replace(/[\u00a0\u202f]/g, ' ');
}

/**
 * Queues the `refund_confirmed` mail of refund `idestorno` to its order's buyer, in the
 * caller's transaction. Nothing when the order's brand is not among `brands`.
 */
export async function mailRefundConfirmed(
  tx: Db,
  brands: readonly LoadedBrand[],
  idestorno: number,
): Promise<void> {
  const who = await firstRow<{
    idmovimentacao: number;
    brand: string;
    localizador: string;
    valor_cents: number;
    email: string;
    nome: string;
    idioma: string | null;
  }>(
    tx,
    sql`SELECT m.id AS idmovimentacao, m.brand, m.localizador, x.valor_cents, p.email, p.nome,
          p.idioma
        FROM estorno x
        JOIN movimentacao m ON m.id = x.idmovimentacao
        JOIN pessoa p ON p.id = m.idpessoa
        WHERE x.id = ${idestorno}`,
  );
  const brand = who && brands.find((b) => b.id === who.brand);
  if (!who || !brand) return;
  const locale = brand.brand.locales.includes(who.idioma as Locale)
    ? (who.idioma as Locale)
    : brand.brand.defaultLocale;
  const units = await rows<{ idproduto: number; idevento: number; dthr: unknown }>(
    tx,
    sql`SELECT e.idproduto, a.idevento, a.dthr
        FROM movimentacao_item i
        JOIN estoque e ON e.id = i.idestoque
        JOIN apresentacao a ON a.id = e.idapresentacao
        WHERE i.idestorno = ${idestorno}
        ORDER BY i.id`,
  );
  const cat = catalogOf(brand);
  const lines = units.map((u) => {
    const entry = cat.product(u.idevento, u.idproduto);
    const event = entry?.event ?? cat.event(u.idevento);
    return mailMessage(locale, 'mail.refund_confirmed.item', {
      evento: event?.nome[locale] ?? '',
      sessao: sessionWhen(locale, toDate(u.dthr)),
      produto: entry?.product.nome[locale] ?? '',
    });
  });
  await enqueueMail(tx, {
    brand,
    locale,
    to: who.email,
    kind: 'refund_confirmed',
    vars: {
      nome: who.nome || who.email,
      localizador: who.localizador,
      valor: brl(Number(who.valor_cents)),
    },
    lines,
  });
}

/**
 * The one ticket a wallet pass is made of: a paid, live unit of the person's own paid order, as
 * the PDF prints it (server/tickets/tickets.ts decides what is printable), with the ticket's
 * id and version read back from its signed code.
 */
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import { shopWallClock } from '#schemas/shop-time.ts';
import type { Db } from '#server/db/client.ts';
import type { MessageId } from '#server/i18n.ts';
import { verifyTicketCode } from '#server/tickets/codes.ts';
import { brandKeys } from '#server/tickets/keys.ts';
import type { PrintedTicket } from '#server/tickets/pdf.ts';
import { printableTickets } from '#server/tickets/tickets.ts';

/** A ticket as its wallet passes show it. */
export interface WalletTicket extends PrintedTicket {
  idingresso: number;
  iditem: number;
  idapresentacao: number;
  /** The ticket's version: a re-issue (new holder) makes a new pass. */
  versao: number;
}

/** The printing refusals, in the wallet's words. */
const WALLET_ERROR: Partial<Record<MessageId, MessageId>> = {
  'error.ticketsCancelled': 'error.walletCancelled',
  'error.ticketsNotPaid': 'error.walletNotPaid',
};

/**
 * The ticket of unit `iditem` of person `idpessoa`, or why there is no pass for it: someone
 * else's or unknown (`error.ticketsNotFound`), not paid, cancelled or refunded.
 */
export async function walletTicket(
  db: Db,
  brand: LoadedBrand,
  locale: Locale,
  idpessoa: number,
  iditem: number,
): Promise<{ ok: true; ticket: WalletTicket } | { ok: false; error: MessageId }> {
  const printable = await printableTickets(db, brand, locale, idpessoa, { iditem });
  if (!printable.ok) return { ok: false, error: WALLET_ERROR[printable.error] ?? printable.error };
  const printed = printable.tickets[0];
  const keys = await brandKeys(db, brand.id);
  const claims = printed ? verifyTicketCode(keys.publicKey, printed.signedCode) : null;
  if (!printed || !claims || claims.iditem !== iditem) {
    return { ok: false, error: 'error.ticketsNotFound' };
  }
  return {
    ok: true,
    ticket: {
      ...printed,
      idingresso: claims.idingresso,
      iditem,
      idapresentacao: claims.idapresentacao,
      versao: claims.versao,
    },
  };
}

/** `d` in W3C date-time form at Sao Paulo's offset (`2026-12-05T14:00:00-03:00`). */
export function spIso(d: Date): string {
  const w = shopWallClock(d);
  const offsetMinutes = Math.round((Date.parse(`${w.date}T${w.time}Z`) - d.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${w.date}T${w.time}${sign}${hh}:${mm}`;
}

/** The product's text as the passes show it: `tipo · produto`, or the product alone. */
export function productText(t: PrintedTicket): string {
  return t.tipo ? `${t.tipo} · ${t.produto}` : t.produto;
}

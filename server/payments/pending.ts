/**
 * Pending payments: a bank slip, Pix charge or card charge under review resolved by the
 * gateway's notification (paid → tickets; expired or failed → units released), cancelarBoleto,
 * and the printable slip.
 * Every status change goes through orders/lifecycle.ts; tickets are issued by
 * {@link concludePaid}, as concluirPagamento issues them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { CancelarBoletoResult, Locale, StatusMovimentacao } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { pagamento } from '#server/db/schema.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { generic } from '#server/errors.ts';
import { escapeHtml, htmlPage } from '#server/html.ts';
import { t } from '#server/i18n.ts';
import {
  cancelOrder,
  refuse,
  releasePending,
  retakeUnits,
  returnToCart,
} from '#server/orders/lifecycle.ts';
import type { ChargeNotification, PaymentGateway } from './gateway';
import { issuedBoleto } from './issued';
import { itfSvg } from './methods/boleto';
import { refundCharge } from './recovery';
import { concludePaid } from './conclude';
import type { PaymentScope } from './service';
import { tellBuyer } from './tell-buyer';

/**
 * Mails the buyers of slips and Pix charges released unpaid by their time running out (the
 * sweep, or a hold that needed their units) and not told yet, each exactly once on any number
 * of servers: the payment is marked told and the mail queued in one transaction, taking the
 * rows with `FOR UPDATE SKIP LOCKED`.
 * @returns how many buyers it told.
 */
export async function mailReleasedPayments(
  db: Db,
  brands: readonly LoadedBrand[],
  limit = 100,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await rows<{ idmovimentacao: number }>(
      tx,
      sql`UPDATE pagamento SET avisado_em = now()
          WHERE id IN (
            SELECT id FROM pagamento
            WHERE status = 'expired' AND forma <> 'cartao' AND avisado_em IS NULL
            ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING idmovimentacao`,
    );
    for (const d of due) await tellBuyer(tx, brands, d.idmovimentacao, 'payment_released');
    return due.length;
  });
}

/**
 * The gateway's reference of the latest card charge of the order with locator `localizador`
 * at gateway `gatewayId`, or null. A card charge is known to the gateway by its reference only
 * (unlike a slip, it carries no locator of ours), so the operator command finds it here, as an
 * operator would in the shop's back office.
 */
export async function cardChargeRef(
  db: Db,
  gatewayId: string,
  localizador: string,
): Promise<string | null> {
  const row = await firstRow<{ ref: string }>(
    db,
    sql`SELECT p.gateway_ref AS ref FROM pagamento p
        JOIN movimentacao m ON m.id = p.idmovimentacao
        WHERE m.localizador = ${localizador} AND p.gateway = ${gatewayId}
          AND p.forma = 'cartao' AND p.gateway_ref IS NOT NULL
        ORDER BY p.id DESC LIMIT 1`,
  );
  return row?.ref ?? null;
}

/** What a notification did: nothing when it was seen before (a replay) or names no payment. */
export type Resolution = 'paid' | 'released' | 'refunded' | 'refunding' | 'unchanged' | 'unknown';

/**
 * Applies a verified notification of `gateway` to its payment, once: under the order's row lock,
 * only a `pending` payment moves. Paid → approved, the order PA with its tickets; expired or
 * failed → the order EX, its units given back; the buyer is mailed either way (same
 * transaction).
 *
 * A payment "paid" after it was closed (its slip or Pix charge expired, by notification or the
 * sweep, or cancelled by the buyer) is honoured only when the order may still take its units:
 * an EX order takes them back when they still fit their stock's capacity (decided by PostgreSQL
 * under the stock rows' locks, the hold's rule: sold + held ≤ capacity; lifecycle
 * `retakeUnits`), an order back in the cart (RE) with no other payment under way keeps its
 * own. Otherwise (units gone, order cancelled, paid or being paid another way) the payment is
 * marked `refunding` and given back through the adapter at once (`refunded`, the buyer mailed
 * `payment_refunded`); if the gateway cannot be reached, the next recovery pass finishes it.
 * Never oversold, never paid without tickets.
 */
export async function resolveCharge(
  db: Db,
  brands: readonly LoadedBrand[],
  gateway: PaymentGateway,
  n: ChargeNotification,
): Promise<Resolution> {
  const [found] = await db
    .select({ id: pagamento.id, idmovimentacao: pagamento.idmovimentacao })
    .from(pagamento)
    .where(and(eq(pagamento.gateway, gateway.id), eq(pagamento.gatewayRef, n.gatewayRef)));
  if (!found) return 'unknown';
  const resolution = await db.transaction(async (tx): Promise<Resolution> => {
    const mov = await firstRow<{ status: StatusMovimentacao }>(
      tx,
      sql`SELECT status FROM movimentacao WHERE id = ${found.idmovimentacao} FOR UPDATE`,
    );
    const [p] = await tx.select().from(pagamento).where(eq(pagamento.id, found.id));
    if (!mov || !p) return 'unknown';
    const late = n.status === 'paid' && (p.status === 'expired' || p.status === 'cancelled');
    if (p.status !== 'pending' && !late) return 'unchanged';
    if (n.status === 'paid') {
      if (late && !(await mayKeepUnits(tx, p.id, p.idmovimentacao, mov.status))) {
        await tx
          .update(pagamento)
          .set({ status: 'refunding', avisadoEm: sql`now()`, updatedAt: sql`now()` })
          .where(eq(pagamento.id, p.id));
        return 'refunding';
      }
      await tx
        .update(pagamento)
        .set({ status: 'approved', avisadoEm: sql`now()`, updatedAt: sql`now()` })
        .where(eq(pagamento.id, p.id));
      await concludePaid(tx, p.idmovimentacao);
      await tellBuyer(tx, brands, p.idmovimentacao, 'payment_confirmed');
      return 'paid';
    }
    await tx
      .update(pagamento)
      .set({
        status: n.status === 'expired' ? 'expired' : 'declined',
        avisadoEm: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(pagamento.id, p.id));
    if (await releasePending(tx, p.idmovimentacao)) {
      await tellBuyer(tx, brands, p.idmovimentacao, 'payment_released');
    }
    return 'released';
  });
  if (resolution !== 'refunding') return resolution;
  // The money goes back now, outside the transaction (a gateway call); a failure leaves it
  // `refunding` for the next recovery pass.
  const [due] = await db.select().from(pagamento).where(eq(pagamento.id, found.id));
  try {
    return due && (await refundCharge(db, due, gateway, brands)) === 'refunded'
      ? 'refunded'
      : 'refunding';
  } catch {
    return 'refunding';
  }
}

/**
 * May order `idmovimentacao` (locked by the caller, status `status`) keep the units of its
 * payment `idpagamento` that was paid after it closed? EX: when they still fit, taken back
 * (`retakeUnits`). RE (its slip cancelled, back in the cart): when no other payment of the order
 * is under way or done, it still holds them. Anything else: no.
 */
async function mayKeepUnits(
  tx: Db,
  idpagamento: number,
  idmovimentacao: number,
  status: StatusMovimentacao,
): Promise<boolean> {
  if (status === 'RE') {
    const other = await firstRow<{ id: number }>(
      tx,
      sql`SELECT id FROM pagamento WHERE idmovimentacao = ${idmovimentacao} AND id <> ${idpagamento}
            AND status IN ('processing','unknown','pending','approved') LIMIT 1`,
    );
    if (other) return false;
  } else if (status !== 'EX') return false;
  return retakeUnits(tx, idmovimentacao);
}

/**
 * Cancels the person's unpaid bank slip (or Pix charge) of an order: the gateway cancels it
 * first (a slip it reports paid cannot be cancelled: its notification completes the order);
 * then the order goes back to the cart (RE) while the hold it had before paying lasts, else it
 * is cancelled and its units released.
 * @throws boletoPaid for a paid slip, boletoNotFound when there is no unpaid one.
 */
export async function cancelarBoleto(
  s: PaymentScope,
  idmovimentacao: number,
): Promise<CancelarBoletoResult> {
  const mov = await firstRow<{ id: number; status: StatusMovimentacao }>(
    s.db,
    sql`SELECT id, status FROM movimentacao
        WHERE id = ${idmovimentacao} AND idpessoa = ${s.pessoa.id} AND brand = ${s.brand.id}`,
  );
  if (!mov) throw generic('error.cartNotFound');
  const live = async (db: Db) => {
    const [p] = await db
      .select()
      .from(pagamento)
      .where(
        and(
          eq(pagamento.idmovimentacao, mov.id),
          sql`${pagamento.forma} <> 'cartao'`,
          sql`${pagamento.status} IN ('pending','approved')`,
        ),
      );
    return p;
  };
  const before = await live(s.db);
  if (mov.status === 'PA' || before?.status === 'approved') throw generic('error.boletoPaid');
  if (!before || mov.status !== 'AP' || !before.gatewayRef) throw generic('error.boletoNotFound');
  const outcome = s.gateway.cancelCharge
    ? await s.gateway.cancelCharge(before.gatewayRef)
    : 'cancelled';
  if (outcome === 'paid') throw generic('error.boletoPaid');

  const status = await s.db.transaction(async (tx): Promise<StatusMovimentacao> => {
    await tx.execute(sql`SELECT id FROM movimentacao WHERE id = ${mov.id} FOR UPDATE`);
    const p = await live(tx);
    if (p?.status === 'approved') refuse('error.boletoPaid');
    if (!p || p.id !== before.id) refuse('error.boletoNotFound');
    await tx
      .update(pagamento)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(eq(pagamento.id, p.id));
    if (p.movDthrExp && p.movDthrExp.getTime() > Date.now()) {
      if (await returnToCart(tx, mov.id, p.movDthrExp)) return 'RE';
      refuse('error.boletoNotFound');
    }
    await cancelOrder(tx, mov.id);
    return 'CA';
  });
  return { idmovimentacao: mov.id, status };
}

const PAGE_STYLE = `
body{font:15px/1.4 system-ui,sans-serif;color:#111;background:#f4f4f4;margin:0}
main{max-width:760px;margin:24px auto;background:#fff;padding:24px;border:1px solid #ccc}
h1{font-size:20px;margin:0 0 16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0 0 16px}
dt{font-weight:600}dd{margin:0}
.linha{font:600 17px/1.4 ui-monospace,monospace;letter-spacing:.02em;word-break:break-all}
.barcode svg{width:100%;max-width:680px;height:auto}
.note{color:#444;font-size:13px}
.status{font-weight:600;padding:8px;border:2px solid #111}
@media print{body{background:#fff}main{margin:0;border:0;padding:0}.note{color:#000}}
`;

const brl = (valor: number, locale: Locale) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(valor);

/**
 * The printable slip of `token` (`/payments/boleto/<token>`): beneficiary, payer, amount, due
 * date, linha digitável and the Interleaved 2 of 5 barcode as inline SVG. No script, its own
 * style sheet (with the CSP nonce), print-friendly. Null when no slip has that token.
 */
export async function boletoPage(
  db: Db,
  brands: readonly LoadedBrand[],
  token: string,
  lang: Locale | null,
  ambiente: string,
): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const row = await firstRow<{
    id: number;
    brand: string;
    localizador: string;
    nome: string;
    sobrenome: string;
    cpf: string | null;
    idioma: string | null;
  }>(
    db,
    sql`SELECT p.id, m.brand, m.localizador, x.nome, x.sobrenome, x.cpf, x.idioma
        FROM pagamento p JOIN movimentacao m ON m.id = p.idmovimentacao
        JOIN pessoa x ON x.id = m.idpessoa
        WHERE p.documento_token = ${token} AND p.forma = 'boleto'`,
  );
  if (!row) return null;
  const [p] = await db.select().from(pagamento).where(eq(pagamento.id, row.id));
  const brand = brands.find((b) => b.id === row.brand);
  if (!p?.boletoBarcode || !brand) return null;
  const locale: Locale =
    lang ??
    (brand.brand.locales.includes(row.idioma as Locale)
      ? (row.idioma as Locale)
      : brand.brand.defaultLocale);
  const slip = issuedBoleto(p);
  const e = escapeHtml;
  const cpf = row.cpf?.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  const payer = `${row.nome} ${row.sobrenome}`.trim() + (cpf ? ` — CPF ${cpf}` : '');
  const status =
    p.status === 'approved'
      ? `<p class="status">${e(t(locale, 'payment.boletoPage.statusPaid'))}</p>`
      : p.status === 'pending'
        ? ''
        : `<p class="status">${e(t(locale, 'payment.boletoPage.statusClosed'))}</p>`;
  const title = t(locale, 'payment.boletoPage.title', { localizador: row.localizador });
  const body = `<h1>${e(title)}</h1>
${status}
<dl>
<dt>${e(t(locale, 'payment.boletoPage.beneficiary'))}</dt><dd>${e(brand.brand.title[locale])}</dd>
<dt>${e(t(locale, 'payment.boletoPage.payer'))}</dt><dd>${e(payer)}</dd>
<dt>${e(t(locale, 'payment.boletoPage.order'))}</dt><dd>${e(row.localizador)}</dd>
<dt>${e(t(locale, 'payment.boletoPage.dueDate'))}</dt><dd>${e(slip.vencimento.split('-').reverse().join('/'))}</dd>
<dt>${e(t(locale, 'payment.boletoPage.amount'))}</dt><dd>${e(brl(slip.valor, locale))}</dd>
</dl>
<p>${e(t(locale, 'payment.boletoPage.line'))}</p>
<p class="linha">${e(slip.linha_formatada)}</p>
<div class="barcode">${itfSvg(slip.codigo_barras, { height: 50, narrow: 1 })}</div>
<p class="note">${e(t(locale, 'payment.boletoPage.hint'))}</p>
${ambiente === 'live' ? '' : `<p class="note">${e(t(locale, 'payment.boletoPage.sandbox'))}</p>`}`;
  return htmlPage({ lang: locale, titleHtml: e(title), style: PAGE_STYLE, body });
}

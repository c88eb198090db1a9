import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rows } from '#server/db/sql.ts';
import { concludeOrder } from '#server/orders/lifecycle.ts';
import { newTicketCode } from '#server/tickets/ticket-code.ts';

/**
 * The order (locked by the caller) keeps the card interest and the instalments of the payment
 * that sold it (spec `valor_juros`, `parcelas_gtw`): its latest approved or pending payment.
 * Called when a payment is answered approved or pending, and on conclusion (so an attempt
 * settled by crash recovery or a webhook keeps them too).
 */
export async function keepInstalments(tx: Db, idmovimentacao: number): Promise<void> {
  await tx.execute(
    sql`UPDATE movimentacao m SET juros_cents = p.juros_cents, parcelas_gtw = p.parcelas
        FROM (SELECT juros_cents, parcelas FROM pagamento
              WHERE idmovimentacao = ${idmovimentacao} AND status IN ('approved','pending')
              ORDER BY id DESC LIMIT 1) p
        WHERE m.id = ${idmovimentacao}`,
  );
}

/**
 * Concludes a paid order whose row the caller locked: PA (lifecycle) and one ticket per paid
 * unit that has none. The one way tickets are issued: by concluirPagamento (service.ts) and by the
 * webhook that confirms a bank slip or Pix charge.
 */
export async function concludePaid(tx: Db, idmovimentacao: number): Promise<void> {
  await concludeOrder(tx, idmovimentacao);
  await keepInstalments(tx, idmovimentacao);
  const units = await rows<{ id: number }>(
    tx,
    sql`SELECT i.id FROM movimentacao_item i
        LEFT JOIN ingresso g ON g.iditem = i.id
        WHERE i.idmovimentacao = ${idmovimentacao} AND i.status = 'PA' AND g.id IS NULL
        ORDER BY i.id`,
  );
  for (const u of units) {
    await tx.execute(
      sql`INSERT INTO ingresso (iditem, codigo) VALUES (${u.id}, ${newTicketCode()})
          ON CONFLICT (iditem) DO NOTHING`,
    );
  }
}

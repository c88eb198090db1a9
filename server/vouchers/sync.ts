/**
 * Loads a brand's voucher batches (brands/<id>/vouchers/*.json) into `voucher` at the catalogue
 * sync, by natural key (brand, localizador), in the sync's transaction. Idempotent: a restart
 * changes nothing. An unused voucher takes what the files say now; a used one is never touched
 * (its use, person and order stay across syncs, even if the file changed). An unused voucher
 * the files no longer list stops being valid (`ativo = false`).
 */
import { sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Db } from '#server/db/client.ts';
import { voucher } from '#server/db/schema.ts';
import { spInstant } from '#server/time.ts';

const CHUNK = 500;

/** Upserts the brand's vouchers; `syncedAt` is the sync's stamp. @returns how many the files list. */
export async function syncVouchers(tx: Db, b: LoadedBrand, syncedAt: Date): Promise<number> {
  const all = (b.vouchers ?? []).flatMap((batch) =>
    batch.vouchers.map((v) => ({
      brand: b.id,
      localizador: v.localizador,
      parceiro: batch.parceiro,
      lote: batch.lote,
      idevento: v.idevento,
      idproduto: v.idproduto,
      qtd: v.qtd ?? 1,
      sessao: v.sessao ? spInstant(v.sessao.data, v.sessao.hora) : null,
      validoDe: v.sessao ? null : (v.validoDe ?? null),
      validoAte: v.sessao ? null : (v.validoAte ?? null),
      ativo: true,
      syncedAt,
    })),
  );
  for (let i = 0; i < all.length; i += CHUNK) {
    await tx
      .insert(voucher)
      .values(all.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [voucher.brand, voucher.localizador],
        set: {
          parceiro: sql`excluded.parceiro`,
          lote: sql`excluded.lote`,
          idevento: sql`excluded.idevento`,
          idproduto: sql`excluded.idproduto`,
          qtd: sql`excluded.qtd`,
          sessao: sql`excluded.sessao`,
          validoDe: sql`excluded.valido_de`,
          validoAte: sql`excluded.valido_ate`,
          ativo: true,
          syncedAt,
        },
        // A used voucher stays as it was used.
        setWhere: sql`${voucher.usadoEm} IS NULL`,
      });
  }
  await tx.execute(sql`
    UPDATE voucher SET ativo = false
    WHERE brand = ${b.id} AND usado_em IS NULL AND ativo
      AND synced_at <> ${syncedAt.toISOString()}::timestamptz`);
  return all.length;
}

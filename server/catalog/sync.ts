/**
 * Catalogue sync: lays out every event's schedule from today (America/Sao_Paulo) and upserts
 * the sessions (apresentacao) and their stock rows (estoque, one per product, or per product and
 * block for an event with blocks) by natural key, so a restart never
 * duplicates and a changed capacity or price in the file updates the row. Future sessions of
 * the brand that the files no longer lay out stop being on sale (`ativo = false`); their rows
 * stay, with whatever was sold. The brand's voucher batches are loaded in the same transaction
 * (server/vouchers/sync.ts).
 */
import { sql } from 'drizzle-orm';
import type { CatalogEvent, LoadedBrand } from '#schemas/brand.types.ts';
import { expandSchedule, todayInSaoPaulo } from '#server/brands/schedule.ts';
import type { Db } from '#server/db/client.ts';
import { apresentacao, estoque } from '#server/db/schema.ts';
import { spInstant } from '#server/time.ts';
import { syncVouchers } from '#server/vouchers/sync.ts';
import { forgetEventSpans } from './catalog';
import { toCents } from './lookup';

const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The stock rows of a product in a session: one per block that sells it (catalogue `blocos`), or
 * the one general-admission row (block 0) of an event without blocks.
 */
export function blocksSelling(event: CatalogEvent, idproduto: number): number[] {
  if (!event.blocos) return [0];
  return event.blocos
    .filter((b) => !b.produtos || b.produtos.includes(idproduto))
    .map((b) => b.idbloco);
}

/** What one sync did, per brand. */
export interface SyncReport {
  brand: string;
  sessions: number;
  stockRows: number;
}

const syncListeners = new Set<(db: Db) => void>();

/** Calls `listener` after every catalogue sync of a database (caches of rendered pages). */
export function onCatalogSynced(listener: (db: Db) => void): () => void {
  syncListeners.add(listener);
  return () => {
    syncListeners.delete(listener);
  };
}

/**
 * Syncs the catalogue of every brand, each in one transaction.
 * @param now the clock (tests move it); the schedule is laid out from its Sao Paulo day.
 */
export async function syncCatalog(
  db: Db,
  brands: readonly LoadedBrand[],
  now: Date = new Date(),
): Promise<SyncReport[]> {
  const reports: SyncReport[] = [];
  for (const b of brands) reports.push(await syncBrand(db, b, now));
  forgetEventSpans(db);
  for (const listener of syncListeners) listener(db);
  return reports;
}

async function syncBrand(db: Db, b: LoadedBrand, now: Date): Promise<SyncReport> {
  const today = todayInSaoPaulo(now);
  const sessions = b.catalog.events.flatMap((event) =>
    expandSchedule(event.schedule, today).map((s) => ({
      event,
      dthr: spInstant(s.date, s.time),
      dscapre: s.title ?? null,
    })),
  );
  return db.transaction(async (tx) => {
    // Marks the rows this sync saw; anything of the brand not marked is no longer in the files.
    const syncedAt = new Date();
    const stamp = syncedAt.toISOString();

    const ids = new Map<string, number>();
    for (const part of chunks(sessions)) {
      const saved = await tx
        .insert(apresentacao)
        .values(
          part.map((s) => ({
            brand: b.id,
            idevento: s.event.idevento,
            dthr: s.dthr,
            dscapre: s.dscapre,
            ativo: true,
            syncedAt,
          })),
        )
        .onConflictDoUpdate({
          target: [apresentacao.brand, apresentacao.idevento, apresentacao.dthr],
          set: { dscapre: sql`excluded.dscapre`, ativo: true, syncedAt },
        })
        .returning({
          id: apresentacao.id,
          idevento: apresentacao.idevento,
          dthr: apresentacao.dthr,
        });
      for (const r of saved) ids.set(`${r.idevento}:${r.dthr.getTime()}`, r.id);
    }

    const stock = sessions.flatMap((s) => {
      const idapresentacao = ids.get(`${s.event.idevento}:${s.dthr.getTime()}`)!;
      return s.event.tipo_produtos.flatMap((tp) =>
        tp.produtos.flatMap((p) =>
          blocksSelling(s.event, p.idproduto).map((idbloco) => ({
            idapresentacao,
            idproduto: p.idproduto,
            idbloco,
            capacidade: p.capacidade,
            blockQtd: p.block_qtd,
            precoCents: toCents(p.preco),
            taxaCents: toCents(p.taxa),
            ativo: true,
            syncedAt,
          })),
        ),
      );
    });
    for (const part of chunks(stock)) {
      await tx
        .insert(estoque)
        .values(part)
        .onConflictDoUpdate({
          target: [estoque.idapresentacao, estoque.idproduto, estoque.idbloco],
          set: {
            capacidade: sql`excluded.capacidade`,
            blockQtd: sql`excluded.block_qtd`,
            precoCents: sql`excluded.preco_cents`,
            taxaCents: sql`excluded.taxa_cents`,
            ativo: true,
            syncedAt,
          },
        });
    }

    // What the files no longer lay out stops being on sale (past sessions are left alone).
    await tx.execute(sql`
      UPDATE estoque e SET ativo = false
      FROM apresentacao a
      WHERE a.id = e.idapresentacao AND a.brand = ${b.id} AND a.dthr > now()
        AND e.ativo AND e.synced_at <> ${stamp}::timestamptz`);
    await tx.execute(sql`
      UPDATE apresentacao SET ativo = false
      WHERE brand = ${b.id} AND dthr > now() AND ativo AND synced_at <> ${stamp}::timestamptz`);

    // The partner vouchers (a used one stays used).
    await syncVouchers(tx, b, syncedAt);

    return { brand: b.id, sessions: sessions.length, stockRows: stock.length };
  });
}

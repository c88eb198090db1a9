/**
 * The tickets' routes (the PDF, the gate) and their brands' signing keys, made at start when a
 * brand has none yet (so the first buyer does not wait for it, and a misconfigured
 * TICKET_SIGNING_KEY_<BRAND> stops the start with its name).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Db } from '#server/db/client.ts';
import { checkinRoutes } from './checkin-routes';
import { brandKeys } from './keys';
import { printRoutes } from './print';

/** Registers the tickets' routes. */
export const ticketsRoutes: FastifyPluginAsync<{ db: Db; brands: readonly LoadedBrand[] }> = async (
  app,
  { db, brands },
) => {
  for (const b of brands) await brandKeys(db, b.id);
  await app.register(printRoutes, { db });
  await app.register(checkinRoutes, { db });
};

/**
 * POST CustomUserApps/Newsletter (spec §7): sign-up, confirmation and unsubscribe, handed to
 * `newsletter.ts`; anyone may call it, the answer is `no-store`. And the operator's export
 * (`npm run newsletter -- export`), on the loopback endpoint the other operator commands use.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { isOperatorRequest } from '#server/accounts/agency.ts';
import { siteOrigin } from '#server/accounts/routes.ts';
import type { Db } from '#server/db/client.ts';
import { exportConfirmed, newsletterCall } from './newsletter';

/** The newsletter route. */
export const newsletterRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post('/CustomUserApps/Newsletter', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return newsletterCall(
      { db, brand: req.brand, locale: req.locale, ip: req.ip, origin: siteOrigin(req) },
      req.body,
    );
  });
};

/**
 * POST /operator/newsletter/export { brand? } from this machine with the operator token: the
 * confirmed list as CSV (text/csv).
 */
export const newsletterOperatorRoutes: FastifyPluginAsync<{
  db: Db;
  brands: LoadedBrand[];
  token: string;
}> = async (app, { db, brands, token }) => {
  app.post('/operator/newsletter/export', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!isOperatorRequest(req, token)) {
      return reply.code(403).send({ error: { code: 0, message: 'forbidden' } });
    }
    const brand = ((req.body ?? {}) as { brand?: unknown }).brand;
    if (brand !== undefined && !brands.some((b) => b.id === brand)) {
      return { error: { code: 0, message: `unknown brand ${String(brand)}` } };
    }
    const csv = await exportConfirmed(db, brand as string | undefined);
    return reply.type('text/csv; charset=utf-8').send(csv);
  });
};

/**
 * HTTP routes of payments outside the RPC: the gateways' webhooks and the printable bank slip.
 *
 * `POST /payments/webhook/<adapter id>`: the gateway's notification of a bank slip or Pix
 * charge. The adapter checks the signature over the raw body (the sandbox: HMAC-SHA256 with
 * PAYMENT_WEBHOOK_SECRET, see sandbox/charges.ts); a notification that is not authentic is
 * answered 401 and changes nothing. An authentic one is applied once ({@link resolveCharge}; a
 * refund's, orders/cancellation.ts `resolveRefund`): a replay answers 200 `unchanged`, so a
 * gateway that retries never does harm.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { ErrorCode } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { resolveRefund } from '#server/orders/cancellation.ts';
import { parseLang } from '#server/i18n.ts';
import type { PaymentGateway } from './gateway';
import { boletoPage, resolveCharge } from './pending';

/** Options of {@link paymentRoutes}. */
export interface PaymentRoutesOptions {
  db: Db;
  brands: readonly LoadedBrand[];
  /** The gateways whose webhooks are served (by their `id`). */
  gateways: readonly PaymentGateway[];
}

/** The webhooks and the printable slip. */
export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (
  app,
  { db, brands, gateways },
) => {
  // The signature covers the body as sent: keep it raw in this plugin's scope.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string' },
    (_req, body, done) => done(null, String(body)),
  );

  app.post<{ Params: { adapter: string }; Body: string | undefined }>(
    '/payments/webhook/:adapter',
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const gateway = gateways.find((g) => g.id === req.params.adapter);
      if (!gateway?.verifyNotification) {
        return reply.code(404).send({ error: { code: 0, message: 'unknown gateway' } });
      }
      const note = gateway.verifyNotification(
        typeof req.body === 'string' ? req.body : '',
        req.headers,
      );
      if (!note) {
        return reply.code(401).send({ error: { code: 0, message: 'invalid signature' } });
      }
      if ('refundKey' in note) {
        return { result: { outcome: await resolveRefund(db, brands, gateway.id, note) } };
      }
      return { result: { outcome: await resolveCharge(db, brands, gateway, note) } };
    },
  );

  app.get<{ Params: { token: string }; Querystring: { lang?: string } }>(
    '/payments/boleto/:token',
    async (req, reply) => {
      const html = await boletoPage(
        db,
        brands,
        req.params.token,
        parseLang(req.query.lang),
        gateways[0]?.ambiente ?? 'sandbox',
      );
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
      if (!html) throw new AppError(ErrorCode.Generic, 'error.notFound', 404);
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
};

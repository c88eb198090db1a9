/**
 * Builds the API server from plugins: external ones (helmet, compression, CORS), the request
 * context and error envelope, then the routes of each capability. `main.ts` only starts it;
 * tests call `app.inject()` without a port.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { operatorRoutes } from '#server/accounts/agency.ts';
import { accountRoutes } from '#server/accounts/routes.ts';
import { addressRoutes } from '#server/address/routes.ts';
import { captchaRoutes } from '#server/captcha/routes.ts';
import { deliveryRoutes } from '#server/cart/delivery.ts';
import { contactRoutes } from '#server/contact/routes.ts';
import { contentRoutes } from '#server/content/routes.ts';
import type { Db } from '#server/db/client.ts';
import { browserFormRoutes } from '#server/forms/browser-forms.ts';
import { mailboxRoutes } from '#server/mail/mailbox.ts';
import { newsletterOperatorRoutes, newsletterRoutes } from '#server/newsletter/routes.ts';
import { oidcRoutes } from '#server/oidc/routes.ts';
import { ordersRoutes } from '#server/orders/routes.ts';
import type { PaymentGateway } from '#server/payments/gateway.ts';
import { paymentRoutes } from '#server/payments/routes.ts';
import { SIGNATURE_HEADER, type SignedNotification } from '#server/payments/sandbox/charges.ts';
import { createSandboxGateway, SANDBOX_ID } from '#server/payments/sandbox/gateway.ts';
import { sandboxGatewayRoutes } from '#server/payments/sandbox/routes.ts';
import { installRequestContext } from '#server/plugins/context.ts';
import { edgeServerOptions, installEdge } from '#server/plugins/edge.ts';
import { installEnvelope } from '#server/plugins/envelope.ts';
import { installCors, installSecurity } from '#server/plugins/security.ts';
import type { AppServices } from '#server/rpc/context.ts';
import { rpcRoutes } from '#server/rpc/routes.ts';
import { ticketsRoutes } from '#server/tickets/routes.ts';
import { trailRoutes } from '#server/trail/routes.ts';
import { devWalletCredentials, type WalletCredentials } from '#server/wallet/credentials.ts';
import { walletRoutes } from '#server/wallet/wallet.ts';
import { webRoutes } from '#server/web/routes.ts';
import { sitemapRoutes } from '#server/web/sitemap.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment gateways the app charges through (crash recovery asks them). */
    paymentGateways: readonly PaymentGateway[];
  }
}

/** What the app is built from. */
export interface BuildAppOptions {
  db: Db;
  /** Loaded, validated brands (at least one). */
  brands: LoadedBrand[];
  /** The built storefront (default `dist`). */
  distDir?: string;
  /** Overrides every brand's hold time (HOLD_SECONDS). */
  holdSeconds?: number;
  /** Application version, in the brand config (a change clears client caches). */
  version: string;
  /** Fastify logger: true, false, or a pino level name. */
  logger?: boolean | string;
  /** The gateway to use instead of the sandbox (tests, a live adapter). */
  gateway?: PaymentGateway;
  /** Serve the sandbox identity provider at /sandbox-idp (SANDBOX_IDP=1; never by default). */
  sandboxIdp?: boolean;
  /** Serves the development pages (/dev/mailbox): `npm run dev`, STOREFRONT_DEV_PAGES=1. */
  devPages?: boolean;
  /** Render the brands' home pages as soon as the server is ready (`npm start`). */
  warmPages?: boolean;
  /**
   * The secret gateway notifications are signed with (PAYMENT_WEBHOOK_SECRET); absent: a
   * random one per start, enough for the sandbox, which lives in this process.
   */
  webhookSecret?: string;
  /** The sandbox pays each Pix charge this many seconds after issuing it (0: never). */
  sandboxPixAutoPaySeconds?: number;
  /** The sandbox answers a card charge this many milliseconds after making it (0: at once). */
  sandboxChargeDelayMs?: number;
  /** The sandbox confirms a refund this many milliseconds after it is asked (0 or absent: never). */
  sandboxRefundDelayMs?: number;
  /**
   * The proxies whose X-Forwarded-* headers are believed (TRUST_PROXY: addresses or CIDRs);
   * absent: none. Only the protocol (HSTS) and the client address follow them, never a link.
   */
  trustProxy?: string[];
  /** The operator endpoint's secret and the server's port (agency approval command). */
  operator?: { token: string; port: number };
  /**
   * What wallet passes are signed with (server/wallet/credentials.ts); absent: development
   * credentials made in memory for this process (tests).
   */
  wallet?: WalletCredentials;
}

/** Builds the app (not listening). */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const edge = edgeServerOptions(opts.brands);
  const app = Fastify({
    logger: typeof opts.logger === 'string' ? { level: opts.logger } : (opts.logger ?? false),
    bodyLimit: 256 * 1024,
    ...(opts.trustProxy ? { trustProxy: opts.trustProxy } : {}),
    ...edge,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, ...edge.routerOptions },
  });

  // JSON bodies; an empty body is no body (clients post Configs without one). text/plain is
  // parsed as JSON too, so a cross-origin "simple" request needs no preflight.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string' },
    (_req, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        const err = new Error('invalid JSON body') as Error & { statusCode: number };
        err.statusCode = 400;
        done(err, undefined);
      }
    },
  );

  const webhookSecret = opts.webhookSecret ?? randomBytes(32).toString('base64url');
  const sandbox = createSandboxGateway(opts.db, {
    webhookSecret,
    pixAutoPaySeconds: opts.sandboxPixAutoPaySeconds ?? 0,
    chargeDelayMs: opts.sandboxChargeDelayMs ?? 0,
    refundDelayMs: opts.sandboxRefundDelayMs ?? 0,
  });
  // The sandbox reaches our webhook as a gateway would, through HTTP (in process).
  const notify = async (n: SignedNotification) => {
    const res = await app.inject({
      method: 'POST',
      url: `/payments/webhook/${SANDBOX_ID}`,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: n.signature },
      payload: n.body,
    });
    if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}`);
  };
  sandbox.setNotifier(notify);
  const gateway = opts.gateway ?? sandbox;
  // Crash recovery (payments/recovery.ts) asks these for the charges whose answer was lost.
  app.decorate('paymentGateways', [gateway]);
  const services: AppServices = {
    db: opts.db,
    gatewayFor: () => gateway,
    holdSecondsFor: (brand) => opts.holdSeconds ?? Math.round(brand.brand.holdMinutes * 60),
    wallet: opts.wallet ?? devWalletCredentials(),
  };

  await installSecurity(app);
  await installRequestContext(app, opts.db, opts.brands);
  installCors(app);
  installEnvelope(app);
  await installEdge(app);

  await app.register(rpcRoutes, { services });
  await app.register(accountRoutes, { db: opts.db });
  await app.register(oidcRoutes, {
    db: opts.db,
    brands: opts.brands,
    sandboxIdp: opts.sandboxIdp ?? false,
  });
  await app.register(captchaRoutes, { db: opts.db });
  await app.register(contactRoutes, { db: opts.db });
  await app.register(newsletterRoutes, { db: opts.db });
  await app.register(contentRoutes);
  await app.register(browserFormRoutes);
  await app.register(ordersRoutes, { db: opts.db });
  await app.register(trailRoutes, { db: opts.db });
  await app.register(ticketsRoutes, { db: opts.db, brands: opts.brands });
  await app.register(walletRoutes, { db: opts.db, wallet: services.wallet });
  await app.register(addressRoutes);
  await app.register(deliveryRoutes);
  await app.register(paymentRoutes, { db: opts.db, brands: opts.brands, gateways: [gateway] });
  await app.register(sandboxGatewayRoutes, {
    db: opts.db,
    webhookSecret,
    notify,
    ...(opts.operator ? { operatorToken: opts.operator.token } : {}),
  });
  if (opts.devPages) await app.register(mailboxRoutes, { db: opts.db });
  if (opts.operator) {
    await app.register(operatorRoutes, { db: opts.db, brands: opts.brands, ...opts.operator });
    await app.register(newsletterOperatorRoutes, {
      db: opts.db,
      brands: opts.brands,
      token: opts.operator.token,
    });
  }
  await app.register(sitemapRoutes);
  await app.register(webRoutes, {
    distDir: opts.distDir ?? 'dist',
    version: opts.version,
    db: opts.db,
    devPages: opts.devPages === true,
    ...(opts.warmPages ? { warm: opts.brands } : {}),
  });
  return app;
}

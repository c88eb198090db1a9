/**
 * Per-request context: the brand (by Host header), the language (`lang` query, else the brand's
 * default) and the session (a valid `Authorization: Bearer` token of a person of that brand).
 * A response to a request that carried a valid token echoes `Authorization: Bearer <token>`;
 * without one the header is absent, which tells the storefront to drop its token (spec §4).
 */
import type { FastifyInstance } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import type { Pessoa } from '#server/accounts/repository.ts';
import { startSessionCache } from '#server/accounts/session-cache.ts';
import { bearerToken } from '#server/accounts/sessions.ts';
import { brandForHost } from '#server/brands/select.ts';
import type { Db } from '#server/db/client.ts';
import { requestLocale } from '#server/i18n.ts';

/** The session of a request. */
export interface RequestAuth {
  token: string;
  pessoa: Pessoa;
}

declare module 'fastify' {
  interface FastifyRequest {
    brand: LoadedBrand;
    locale: Locale;
    auth: RequestAuth | null;
    /** A token this request issued (login, sign-up, password change), echoed in the header. */
    issuedToken: string | null;
  }
}

/**
 * Decorates every request of `app` with `brand`, `locale` and `auth` (root-level hooks). Sessions
 * are looked up through a short cache kept truthful by the database's notifications
 * (accounts/session-cache.ts); it stops with the app.
 */
export async function installRequestContext(
  app: FastifyInstance,
  db: Db,
  brands: readonly LoadedBrand[],
): Promise<void> {
  const sessions = await startSessionCache(db);
  app.addHook('onClose', () => sessions.close());
  app.decorateRequest('brand', null as unknown as LoadedBrand);
  app.decorateRequest('locale', null as unknown as Locale);
  app.decorateRequest('auth', null);
  app.decorateRequest('issuedToken', null);

  app.addHook('onRequest', async (req) => {
    req.brand = brandForHost(brands, req.host);
    req.locale = requestLocale(req.brand, (req.query as Record<string, unknown> | undefined)?.lang);
    req.auth = null;
    req.issuedToken = null;
    const token = bearerToken(req.headers.authorization);
    if (token) {
      const pessoa = await sessions.resolve(req.brand.id, token);
      if (pessoa) req.auth = { token, pessoa };
    }
  });

  app.addHook('onSend', async (req, reply) => {
    const token = req.issuedToken ?? req.auth?.token;
    if (token) reply.header('Authorization', `Bearer ${token}`);
    else reply.removeHeader('Authorization');
  });
}

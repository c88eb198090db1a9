/**
 * Login through an identity provider (OpenID Connect, authorization code with PKCE):
 *
 * - `GET /oidc/:id/start?url={site origin}&lang=` → the provider's authorization page. The
 *   state, PKCE verifier and nonce wait in `oidc_state` for 10 minutes. `url` must be an origin
 *   of the brand (its hosts, or its public origin; never the request's Host): no open redirect.
 * - `GET /oidc/:id/callback` → the code is exchanged (PKCE), the ID token checked (issuer,
 *   audience, nonce), the claims give the person (identity.ts), a session opens, and the browser
 *   goes back to `{site}/?access_token={token}` (spec §2), or `{site}/?login_error={code}`.
 *
 * With `sandboxIdp`, this server also serves its own test provider (sandbox-idp.ts).
 */

import { and, eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { type Locale, langParam } from '#schemas/contract.ts';
import { createSession } from '#server/accounts/sessions.ts';
import { publicOrigin } from '#server/brands/origin.ts';
import type { Db } from '#server/db/client.ts';
import { oidcState } from '#server/db/schema.ts';
import { badParams, generic } from '#server/errors.ts';
import { parseLang } from '#server/i18n.ts';
import { type IdentityRefusal, type ProviderClaims, signInWithIdentity } from './identity';
import {
  allowedReturnOrigin,
  attachOidcRuntime,
  DEFAULT_SCOPES,
  discover,
  findProvider,
  identityKey,
  identityProviderProblems,
  type OidcRuntime,
} from './providers';
import { sandboxIdpRoutes } from './sandbox-idp';
import { injectFetch } from './self-fetch';

/** Options of {@link oidcRoutes}. */
export interface OidcOptions {
  db: Db;
  brands: readonly LoadedBrand[];
  /** Serve the sandbox provider at /sandbox-idp and offer the brands' `sandbox` entries. */
  sandboxIdp: boolean;
  /** Where client secrets are read from (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** How long a started login may take. */
export const OIDC_STATE_TTL_MS = 10 * 60_000;

/** `?login_error=` codes the storefront knows. */
export type LoginErrorCode =
  | IdentityRefusal
  | 'denied'
  | 'expired'
  | 'state'
  | 'failed'
  | 'unavailable';

const originOf = (req: FastifyRequest): string => `${req.protocol}://${req.host}`;

function sendTo(reply: FastifyReply, url: string) {
  // The token travels in this URL (spec §2): never cached, never sent on as a referrer.
  return reply
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .redirect(url, 302);
}

function fail(reply: FastifyReply, origin: string, code: LoginErrorCode) {
  return sendTo(reply, `${origin}/?login_error=${code}`);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The identity provider routes (see the module comment). */
export const oidcRoutes: FastifyPluginAsync<OidcOptions> = async (app, opts) => {
  const problems = opts.brands.flatMap(identityProviderProblems);
  if (problems.length > 0) throw new Error(`Invalid identity providers:\n${problems.join('\n')}`);

  const env = opts.env ?? process.env;
  const runtime: OidcRuntime = {
    db: opts.db,
    sandboxIdp: opts.sandboxIdp,
    env,
    sandboxFetch: opts.sandboxIdp ? injectFetch(app) : null,
    discoveries: new Map(),
  };
  for (const brand of opts.brands) attachOidcRuntime(brand, runtime);
  if (opts.sandboxIdp) await app.register(sandboxIdpRoutes, { env });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/oidc/:id/start',
    async (req, reply) => {
      const provider = findProvider(req.brand, req.params.id);
      if (!provider) throw generic('error.notFound');
      const here = originOf(req);
      const site = allowedReturnOrigin(req.brand, req.query.url, publicOrigin(req.brand));
      if (!site) throw badParams();

      let config: client.Configuration;
      try {
        config = await discover(req.brand, provider, here);
      } catch (err) {
        req.log.warn({ err, provider: provider.id }, 'identity provider discovery failed');
        return fail(reply, site, 'unavailable');
      }
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const now = Date.now();
      await opts.db.delete(oidcState).where(lt(oidcState.expiresAt, new Date(now)));
      await opts.db.insert(oidcState).values({
        state,
        brand: req.brand.id,
        provider: String(provider.id),
        codeVerifier,
        nonce,
        // The language rides along to the callback (the new person's language).
        returnTo: `${site}/?lang=${langParam(req.locale)}`,
        expiresAt: new Date(now + OIDC_STATE_TTL_MS),
      });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: `${here}/oidc/${provider.id}/callback`,
        scope: provider.scopes ?? DEFAULT_SCOPES,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ui_locales: req.locale,
      });
      return sendTo(reply, url.href);
    },
  );

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/oidc/:id/callback',
    // A page the browser navigates to: odd text in the query is answered by a redirect with
    // login_error (the handler checks `state` itself), not by the edge's JSON envelope.
    { config: { edge: { text: false } } },
    async (req, reply) => {
      const here = originOf(req);
      const state = str(req.query.state);
      // Ours are base64url; anything else (a NUL, a repeated parameter) is not ours.
      // A refusal before the state is known goes to the brand's public origin, never the Host.
      const home = publicOrigin(req.brand);
      if (!state || !/^[A-Za-z0-9_-]{16,128}$/.test(state)) return fail(reply, home, 'state');
      // Single use: whatever happens next, this state is spent.
      const [row] = await opts.db
        .delete(oidcState)
        .where(and(eq(oidcState.state, state), eq(oidcState.brand, req.brand.id)))
        .returning();
      if (!row) return fail(reply, home, 'state');
      const back = new URL(row.returnTo);
      const site = back.origin;
      const locale: Locale =
        parseLang(back.searchParams.get('lang')) ?? req.brand.brand.defaultLocale;
      if (row.expiresAt.getTime() <= Date.now()) return fail(reply, site, 'expired');
      const provider = findProvider(req.brand, req.params.id);
      if (!provider || String(provider.id) !== row.provider) return fail(reply, site, 'state');
      const error = str(req.query.error);
      if (error) return fail(reply, site, error === 'access_denied' ? 'denied' : 'failed');

      let claims: ProviderClaims;
      try {
        const config = await discover(req.brand, provider, here);
        const current = new URL(`${here}/oidc/${provider.id}/callback`);
        current.search = new URL(req.url, here).search;
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: row.codeVerifier,
          expectedState: state,
          expectedNonce: row.nonce,
          idTokenExpected: true,
        });
        const id = tokens.claims();
        if (!id) throw new Error('no ID token');
        let all: Record<string, unknown> = { ...id };
        // Many providers keep e-mail and names for UserInfo rather than the ID token.
        if (typeof id.email !== 'string' && tokens.access_token) {
          const info = await client.fetchUserInfo(config, tokens.access_token, id.sub);
          all = { ...info, ...id };
        }
        claims = {
          sub: id.sub,
          email: str(all.email),
          emailVerified: all.email_verified === true || all.email_verified === 'true',
          givenName: str(all.given_name),
          familyName: str(all.family_name),
          name: str(all.name),
        };
      } catch (err) {
        req.log.warn({ err, provider: provider.id }, 'identity provider login failed');
        return fail(reply, site, 'failed');
      }

      const outcome = await signInWithIdentity(
        opts.db,
        req.brand.id,
        identityKey(req.brand, provider),
        claims,
        locale,
      );
      if (!outcome.ok) return fail(reply, site, outcome.refusal);
      const token = await createSession(opts.db, outcome.pessoa.id);
      return sendTo(reply, `${site}/?access_token=${encodeURIComponent(token)}`);
    },
  );
};

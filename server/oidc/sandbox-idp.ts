/**
 * The sandbox identity provider: a real OpenID Connect provider (oidc-provider) served by this
 * server under /sandbox-idp, so the whole redirect round trip of a provider login runs in
 * development and in browser tests without the internet. Mounted only when the server runs with
 * SANDBOX_IDP=1 (`npm run dev` and the browser tests set it), never in a plain `npm start`.
 *
 * - The issuer is the origin the request came in on + /sandbox-idp, so it works on any port and
 *   behind the Vite proxy. One oidc-provider instance per origin (a few, most recent kept), all
 *   with the same signing key and cookie keys, generated at start and kept in memory.
 * - Its clients are the brand's providers with `issuer: "sandbox"`: `clientId`, the redirect URI
 *   `{origin}/oidc/{id}/callback` of that same origin, public (PKCE) unless `clientSecretEnv`
 *   names a set variable.
 * - Its login page is ours (sandbox-pages.ts): pick any e-mail and name, no password. Consent is
 *   implied (a first-party sandbox).
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import Provider, {
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { IdentityProviderConfig, LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import { normalizeHost } from '#server/brands/select.ts';
import { parseLang } from '#server/i18n.ts';
import { errorBody } from '#server/plugins/envelope.ts';
import { SANDBOX_ISSUER, SANDBOX_PATH } from './providers';
import { errorPage, loggedOutPage, loginPage, logoutPage } from './sandbox-pages';
import { memoryAdapterFactory } from './sandbox-store';

/** The demo account the login page offers first. */
export const SANDBOX_DEMO = {
  email: 'oidc.demo@example.com',
  givenName: 'Demo',
  familyName: 'OIDC',
} as const;

/** Options of {@link sandboxIdpRoutes}. */
export interface SandboxIdpOptions {
  /** Environment the optional client secrets are read from (`clientSecretEnv`). */
  env: Readonly<Record<string, string | undefined>>;
}

/** What a demo account says about itself. */
interface SandboxAccount {
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  name: string;
}

/** Instances kept at once (one per origin: ports, host names). */
const MAX_INSTANCES = 8;

/** The subject of a demo account: stable for an e-mail, so a second login is the same person. */
export const sandboxSubject = (email: string): string =>
  `sbx-${createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 24)}`;

const originOf = (req: FastifyRequest): string => `${req.protocol}://${req.host}`;

function localeOf(value: unknown, fallback: Locale): Locale {
  if (typeof value !== 'string') return fallback;
  for (const tag of value.split(/\s+/)) {
    const l = parseLang(tag);
    if (l) return l;
  }
  return fallback;
}

/** The sandbox provider's routes (see the module comment). */
export const sandboxIdpRoutes: FastifyPluginAsync<SandboxIdpOptions> = async (app, opts) => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'sandbox',
    use: 'sig',
    alg: 'RS256',
  };
  const cookieKeys = [randomBytes(32).toString('base64url')];
  const accounts = new Map<string, SandboxAccount>();
  const adapter = memoryAdapterFactory();
  const instances = new Map<
    string,
    { provider: Provider; handle: ReturnType<Provider['callback']> }
  >();

  const brandLocale = (ctx: KoaContextWithOIDC, fallback: Locale): Locale =>
    localeOf(ctx.oidc?.params?.ui_locales, fallback);

  function clientsOf(brand: LoadedBrand, origin: string): ClientMetadata[] {
    const byId = new Map<string, ClientMetadata>();
    const sandboxes = (brand.brand.identityProviders ?? []).filter(
      (p: IdentityProviderConfig) => p.issuer === SANDBOX_ISSUER,
    );
    for (const p of sandboxes) {
      const redirect = `${origin}/oidc/${p.id}/callback`;
      const known = byId.get(p.clientId);
      if (known) {
        known.redirect_uris = [...(known.redirect_uris ?? []), redirect];
        continue;
      }
      const secret = p.clientSecretEnv ? opts.env[p.clientSecretEnv]?.trim() : undefined;
      byId.set(p.clientId, {
        client_id: p.clientId,
        ...(secret
          ? { client_secret: secret, token_endpoint_auth_method: 'client_secret_basic' }
          : { token_endpoint_auth_method: 'none' }),
        redirect_uris: [redirect],
        post_logout_redirect_uris: [`${origin}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      });
    }
    return [...byId.values()];
  }

  function instanceFor(
    req: FastifyRequest,
  ): { provider: Provider; handle: ReturnType<Provider['callback']> } | null {
    // Only on the brand's own host names: the issuer comes from the Host header.
    const host = normalizeHost(req.host);
    if (!req.brand.brand.hosts.some((h) => h.toLowerCase() === host)) return null;
    const origin = originOf(req);
    const key = `${req.brand.id} ${origin}`;
    const hit = instances.get(key);
    if (hit) {
      instances.delete(key);
      instances.set(key, hit);
      return hit;
    }
    const fallback = req.brand.brand.defaultLocale;
    const config: Configuration = {
      adapter,
      clients: clientsOf(req.brand, origin),
      jwks: { keys: [signingKey] },
      cookies: {
        keys: cookieKeys,
        // Plain http in development: SameSite=None would need Secure.
        long: { httpOnly: true, sameSite: 'lax' },
        short: { httpOnly: true, sameSite: 'lax' },
      },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name'],
      },
      scopes: ['openid', 'email', 'profile'],
      pkce: { methods: ['S256'], required: () => true },
      features: {
        devInteractions: { enabled: false },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: async (ctx, form) => {
            ctx.type = 'html';
            ctx.body = logoutPage(brandLocale(ctx, fallback), form);
          },
          postLogoutSuccessSource: async (ctx) => {
            ctx.type = 'html';
            ctx.body = loggedOutPage(brandLocale(ctx, fallback));
          },
        },
      },
      interactions: {
        url: async (_ctx, interaction) => `${SANDBOX_PATH}/interaction/${interaction.uid}`,
      },
      // A first-party sandbox: the login is the consent.
      loadExistingGrant: async (ctx) => {
        const { oidc } = ctx;
        if (!oidc.client || !oidc.session?.accountId) return undefined;
        const grantId =
          (oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
          oidc.session.grantIdFor(oidc.client.clientId);
        if (grantId) {
          const found = await oidc.provider.Grant.find(grantId);
          if (found) return found;
        }
        const grant = new oidc.provider.Grant({
          clientId: oidc.client.clientId,
          accountId: oidc.session.accountId,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      findAccount: async (_ctx, sub) => {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ sub, ...account }) };
      },
      renderError: async (ctx, out) => {
        ctx.type = 'html';
        ctx.body = errorPage(brandLocale(ctx, fallback), String(out.error ?? 'server_error'));
      },
      ttl: {
        AuthorizationCode: 60,
        AccessToken: 600,
        IdToken: 600,
        Interaction: 600,
        Grant: 7 * 24 * 3600,
        Session: 7 * 24 * 3600,
      },
    };
    const provider = new Provider(`${origin}${SANDBOX_PATH}`, config);
    const made = { provider, handle: provider.callback() };
    instances.set(key, made);
    if (instances.size > MAX_INSTANCES) instances.delete(instances.keys().next().value!);
    return made;
  }

  const notFound = (req: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send(errorBody(req, 0, 'error.notFound'));

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(body);

  // Our login page, in a scope that reads form posts.
  await app.register(async (scope: FastifyInstance) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const details = async (req: FastifyRequest, reply: FastifyReply, uid: string) => {
      const provider = instanceFor(req)?.provider;
      if (!provider) return null;
      try {
        const interaction = await provider.interactionDetails(req.raw, reply.raw);
        return interaction.uid === uid ? { provider, interaction } : null;
      } catch {
        // No interaction cookie, or it expired.
        return null;
      }
    };

    scope.get<{ Params: { uid: string } }>(
      `${SANDBOX_PATH}/interaction/:uid`,
      async (req, reply) => {
        const found = await details(req, reply, req.params.uid);
        const fallback = req.brand.brand.defaultLocale;
        if (!found) return html(reply, 400, errorPage(req.locale ?? fallback, 'invalid_request'));
        return html(
          reply,
          200,
          loginPage({
            locale: localeOf(found.interaction.params.ui_locales, fallback),
            action: `${SANDBOX_PATH}/interaction/${encodeURIComponent(req.params.uid)}/login`,
            email: SANDBOX_DEMO.email,
            givenName: SANDBOX_DEMO.givenName,
            familyName: SANDBOX_DEMO.familyName,
            emailVerified: true,
          }),
        );
      },
    );

    scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      `${SANDBOX_PATH}/interaction/:uid/login`,
      async (req, reply) => {
        const found = await details(req, reply, req.params.uid);
        const fallback = req.brand.brand.defaultLocale;
        if (!found) return html(reply, 400, errorPage(req.locale ?? fallback, 'invalid_request'));
        const { provider, interaction } = found;
        const body = req.body && typeof req.body === 'object' ? req.body : {};
        const field = (k: string, max: number) =>
          typeof body[k] === 'string' ? body[k].trim().slice(0, max) : '';

        let result: Parameters<Provider['interactionResult']>[2];
        if (body.action === 'cancel') {
          result = { error: 'access_denied', error_description: 'The person cancelled the login.' };
        } else {
          const email = field('email', 254).toLowerCase();
          const givenName = field('given_name', 100);
          const familyName = field('family_name', 100);
          const verified = body.email_verified === '1';
          if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
            return html(
              reply,
              400,
              loginPage({
                locale: localeOf(interaction.params.ui_locales, fallback),
                action: `${SANDBOX_PATH}/interaction/${encodeURIComponent(req.params.uid)}/login`,
                email,
                givenName,
                familyName,
                emailVerified: verified,
                invalidEmail: true,
              }),
            );
          }
          const sub = sandboxSubject(email);
          accounts.set(sub, {
            email,
            email_verified: verified,
            given_name: givenName,
            family_name: familyName,
            name: [givenName, familyName].filter(Boolean).join(' '),
          });
          result = { login: { accountId: sub } };
        }
        const to = await provider.interactionResult(req.raw, reply.raw, result, {
          mergeWithLastSubmission: false,
        });
        return reply.header('Cache-Control', 'no-store').redirect(to, 303);
      },
    );
  });

  // Everything else of the provider (discovery, authorize, token, userinfo, jwks, logout) goes
  // to oidc-provider's own Node handler, with the body left unread for it.
  await app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const instance = instanceFor(req);
      if (!instance) return notFound(req, reply);
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      // oidc-provider routes below its issuer's path; it finds the mount from originalUrl.
      raw.url = url.slice(SANDBOX_PATH.length) || '/';
      reply.hijack();
      await new Promise<void>((resolve) => {
        reply.raw.once('finish', resolve);
        reply.raw.once('close', resolve);
        void instance.handle(raw, reply.raw);
      });
    };
    scope.all(SANDBOX_PATH, handler);
    scope.all(`${SANDBOX_PATH}/*`, handler);
  });
};

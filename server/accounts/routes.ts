/**
 * Account REST calls (spec §7): logins and login, sign-up, profile, terms, passwords, e-mail
 * confirmation and check, logout. Each hands its body to `service.ts`; bodies use the spec's
 * names at the edge (schemas/rest/accounts.ts maps them to the forms' fields) and are checked
 * with the forms' JSON Schemas. Answers that carry a person's data are `no-store`.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginProvider } from '#schemas/contract.ts';
import { publicOrigin } from '#server/brands/origin.ts';
import type { Db } from '#server/db/client.ts';
import { generic, sessionInvalid } from '#server/errors.ts';
import { listIdentityProviders, providerLogoutUrl } from '#server/oidc/providers.ts';
import {
  type AccountScope,
  changePassword,
  confirmEmail,
  currentTerm,
  emailAvailable,
  forgotPassword,
  login,
  profileOf,
  resetPassword,
  saveProfile,
  signUp,
} from './service';
import { revokeSession } from './sessions';

/**
 * The origin links in mails and provider returns start with: the brand's configured public
 * origin (server/brands/origin.ts), never the request's Host or X-Forwarded-Host.
 */
export function siteOrigin(req: FastifyRequest): string {
  return publicOrigin(req.brand);
}

/** The account scope of a request. */
export function accountScope(db: Db, req: FastifyRequest): AccountScope {
  return {
    db,
    brand: req.brand,
    locale: req.locale,
    ip: req.ip,
    origin: siteOrigin(req),
    idpessoa: req.auth?.pessoa.id ?? null,
  };
}

const privateAnswer = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

/** A result, answered privately (a refusal is thrown, and answered by the envelope). */
function answer<T>(reply: FastifyReply, result: T) {
  privateAnswer(reply);
  return { result };
}

/** Account routes. */
export const accountRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const scope = (req: FastifyRequest) => accountScope(db, req);
  const localId = (req: FastifyRequest) => req.brand.brand.regrasDoNegocio.idLoginSI;
  const requirePessoa = (req: FastifyRequest) => {
    if (!req.auth) throw sessionInvalid();
    return req.auth.pessoa;
  };

  app.get<{ Querystring: { url?: unknown } }>('/logins', async (req) => {
    const origin = typeof req.query.url === 'string' ? req.query.url : siteOrigin(req);
    const result: LoginProvider[] = [
      { id: localId(req), nome: 'E-mail', tipo: 'local' },
      ...listIdentityProviders(req.brand, origin, `${siteOrigin(req)}/`, req.locale),
    ];
    return { result };
  });

  app.post<{ Params: { id: string } }>('/login/:id', async (req, reply) => {
    if (Number(req.params.id) !== localId(req)) throw generic('error.notFound');
    const result = await login(scope(req), req.body);
    // The onSend hook echoes the token of `req.auth` in the Authorization header.
    req.issuedToken = result.access_token;
    return answer(reply, result);
  });

  app.post<{ Params: { id: string } }>('/cadastro/:id', async (req, reply) => {
    if (Number(req.params.id) !== localId(req)) throw generic('error.notFound');
    const result = await signUp(scope(req), req.body);
    req.issuedToken = result.access_token;
    return answer(reply, result);
  });

  app.get('/pessoa/cadastro/dados', async (req, reply) => {
    return answer(reply, await profileOf(scope(req), requirePessoa(req)));
  });

  app.post('/pessoa/cadastro/dados', async (req, reply) => {
    return answer(reply, await saveProfile(scope(req), requirePessoa(req), req.body));
  });

  app.get<{ Querystring: { tipo?: unknown } }>('/pessoa/cadastro/termo', async (req, reply) => {
    return answer(reply, await currentTerm(scope(req), req.query.tipo ?? 1));
  });

  app.post('/pessoa/cadastro/trocar/senha', async (req, reply) => {
    const { mensagem, token } = await changePassword(scope(req), requirePessoa(req), req.body);
    // Every session ended; the caller goes on with the new token (Authorization header).
    req.issuedToken = token;
    return answer(reply, { mensagem });
  });

  app.post('/pessoa/cadastro/recuperar/senha', async (req, reply) => {
    return answer(reply, await forgotPassword(scope(req), req.body));
  });

  app.post('/pessoa/cadastro/recuperar/nova', async (req, reply) => {
    return answer(reply, await resetPassword(scope(req), req.body));
  });

  app.post('/pessoa/cadastro/confirmar/email', async (req, reply) => {
    return answer(reply, await confirmEmail(scope(req), req.body));
  });

  app.post('/CustomUserApps/ValidaEmail', async (req, reply) => {
    const body =
      req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    return answer(reply, await emailAvailable(scope(req), body.email));
  });

  app.post('/logout', async (req, reply) => {
    let logoutUrl: string | null = null;
    if (req.auth) {
      logoutUrl = await providerLogoutUrl(
        req.brand,
        req.auth.pessoa.id,
        siteOrigin(req),
        req.locale,
      );
      await revokeSession(db, req.auth.token);
      req.auth = null;
    }
    return answer(reply, { ok: true, ...(logoutUrl ? { logoutUrl } : {}) });
  });
};

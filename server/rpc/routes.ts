/**
 * `POST /router.php?method=<m>&class=<c>` with body `{ class, method, params: [...] }`: looks the
 * method up in the dispatcher table, validates the positional params with the method's JSON
 * Schema, checks the session and answers `{ result }`. Errors go through the envelope
 * (unknown method / bad params → code 0, missing session → code 1).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RpcClass } from '#schemas/contract.ts';
import { siteOrigin } from '#server/accounts/routes.ts';
import { badParams, generic, sessionInvalid } from '#server/errors.ts';
import { API_SECURITY_HEADERS } from '#server/plugins/security.ts';
import type { AppServices, AuthedRpcContext } from './context';
import { rpcTable } from './table';
import { compileParamValidators } from './validators';

interface RpcBody {
  class?: unknown;
  method?: unknown;
  params?: unknown;
}

type AnyDef = {
  auth: 'required' | 'optional';
  handler: (ctx: AuthedRpcContext, params: unknown) => Promise<unknown>;
};

function lookup(cls: string, method: string): AnyDef | undefined {
  if (!Object.hasOwn(rpcTable, cls)) return undefined;
  const methods = rpcTable[cls as RpcClass] as Record<string, AnyDef>;
  return Object.hasOwn(methods, method) ? methods[method] : undefined;
}

/** The RPC dispatcher route. */
export const rpcRoutes: FastifyPluginAsync<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const validators = compileParamValidators();

  app.post<{ Querystring: { class?: string; method?: string }; Body: RpcBody | undefined }>(
    '/router.php',
    {
      helmet: false,
      // onSend, so an answer refused by a hook before the route (bad input) has them too.
      onSend: (_req, reply, payload, done) => {
        reply.headers(API_SECURITY_HEADERS);
        done(null, payload);
      },
    },
    async (req) => {
      const body: RpcBody = req.body && typeof req.body === 'object' ? req.body : {};
      const cls = req.query.class ?? body.class;
      const method = req.query.method ?? body.method;
      if (typeof cls !== 'string' || typeof method !== 'string') {
        throw generic('error.unknownMethod');
      }
      const def = lookup(cls, method);
      const validate = validators.get(`${cls}.${method}`);
      if (!def || !validate) throw generic('error.unknownMethod');
      const params = body.params === undefined ? [] : body.params;
      if (!validate(params)) throw badParams();
      if (def.auth === 'required' && !req.auth) throw sessionInvalid();
      const result = await def.handler(
        {
          services,
          brand: req.brand,
          locale: req.locale,
          pessoa: req.auth?.pessoa ?? null,
          ip: req.ip,
          origin: siteOrigin(req),
        } as AuthedRpcContext,
        params,
      );
      return { result };
    },
  );
};

/**
 * Login (spec §7 REST): `GET /logins?url=` lists the providers (the local one, id =
 * regrasDoNegocio.idLoginSI); `POST /login/:id` checks e-mail and password and opens a session,
 * answering {@link LoginResult} with the token also in the `Authorization` header.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LoginBody, LoginProvider, LoginResult } from '../../schemas/contract';
import type { Db } from '../db/client';
import { generic } from '../errors';
import { DUMMY_HASH, verifyPassword } from './password';
import { findPessoaByEmail, sessaoPessoa } from './repository';
import { createSession } from './sessions';

const loginBodySchema = {
  type: 'object',
  required: ['_username', '_password'],
  properties: {
    _username: { type: 'string', minLength: 1, maxLength: 320 },
    _password: { type: 'string', minLength: 1, maxLength: 200 },
    _recaptcha: { type: 'string', maxLength: 4000 },
    _bin: { type: 'string', maxLength: 6 },
  },
} as const;

/** Login routes. */
export const accountRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/logins', async (req) => {
    const result: LoginProvider[] = [
      { id: req.brand.brand.regrasDoNegocio.idLoginSI, nome: 'E-mail', tipo: 'local' },
    ];
    return { result };
  });

  app.post<{ Params: { id: string }; Body: LoginBody }>(
    '/login/:id',
    { schema: { body: loginBodySchema } },
    async (req) => {
      if (Number(req.params.id) !== req.brand.brand.regrasDoNegocio.idLoginSI) {
        throw generic('error.notFound');
      }
      const pessoa = await findPessoaByEmail(db, req.brand.id, req.body._username);
      const ok = await verifyPassword(req.body._password, pessoa?.senhaHash ?? DUMMY_HASH);
      if (!pessoa || !ok) throw generic('error.wrongCredentials');
      const token = await createSession(db, pessoa.id);
      // The onSend hook echoes the token of `req.auth` in the Authorization header.
      req.auth = { token, pessoa };
      const result: LoginResult = { access_token: token, pessoa: sessaoPessoa(pessoa) };
      return { result };
    },
  );
};

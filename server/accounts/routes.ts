/**
 * Login (spec §7 REST): `GET /logins?url=` lists the providers (the local one, id =
 * regrasDoNegocio.idLoginSI); `POST /login/:id` checks e-mail and password and opens a session,
 * answering {@link LoginResult} with the token also in the `Authorization` header. The body is
 * checked against the login form (`schemas/forms/login.schema.json`).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LoginBody, LoginProvider, LoginResult } from '../../schemas/contract';
import type { Db } from '../db/client';
import { generic } from '../errors';
import { validateForm } from '../forms/validate';
import { DUMMY_HASH, verifyPassword } from './password';
import { findPessoaByEmail, sessaoPessoa } from './repository';
import { createSession } from './sessions';

/** Login routes. */
export const accountRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/logins', async (req) => {
    const result: LoginProvider[] = [
      { id: req.brand.brand.regrasDoNegocio.idLoginSI, nome: 'E-mail', tipo: 'local' },
    ];
    return { result };
  });

  app.post<{ Params: { id: string }; Body: unknown }>('/login/:id', async (req) => {
    if (Number(req.params.id) !== req.brand.brand.regrasDoNegocio.idLoginSI) {
      throw generic('error.notFound');
    }
    // The login form of schemas/forms (with the brand's captcha rule): a bad payload is
    // answered with the localized message of its first field error.
    const form = validateForm<LoginBody>(req.brand, 'login', req.body, req.locale);
    if (!form.ok) return { error: form.error };
    const body = form.data;
    const pessoa = await findPessoaByEmail(db, req.brand.id, body._username);
    const ok = await verifyPassword(body._password, pessoa?.senhaHash ?? DUMMY_HASH);
    if (!pessoa || !ok) throw generic('error.wrongCredentials');
    const token = await createSession(db, pessoa.id);
    // The onSend hook echoes the token of `req.auth` in the Authorization header.
    req.auth = { token, pessoa };
    const result: LoginResult = { access_token: token, pessoa: sessaoPessoa(pessoa) };
    return { result };
  });
};

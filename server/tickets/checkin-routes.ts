/**
 * The check-in API (schemas/rest/checkin.ts): staff login (throttled), the sessions, checking one code,
 * the offline list and the sync of offline scans. Every call but the login needs the staff
 * token in the `x-checkin-token` header; answers are envelopes, bad input is code 0.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CHECKIN_TOKEN_HEADER,
  type CheckinLeitura,
  type CheckinSincronizarResult,
} from '#schemas/rest/checkin.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, badParams, OutcomeError } from '#server/errors.ts';
import { validateForm } from '#server/forms/validate.ts';
import { API_SECURITY_HEADERS } from '#server/plugins/security.ts';
import {
  checkinSessoes,
  checkTicket,
  offlineList,
  staffLogin,
  staffLogout,
  staffSession,
} from './checkin';

const MAX_SYNC = 1000;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function optionalId(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 2147483647) throw badParams();
  return n;
}

function optionalText(v: unknown, max: number): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v.length > max) throw badParams();
  return v;
}

function requiredCode(v: unknown): string {
  if (typeof v !== 'string' || v.trim() === '' || v.length > 300) throw badParams();
  return v;
}

const tokenOf = (req: FastifyRequest): string | undefined => {
  const h = req.headers[CHECKIN_TOKEN_HEADER];
  return typeof h === 'string' ? h : undefined;
};

/** The check-in routes. */
export const checkinRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.headers(API_SECURITY_HEADERS);
  });

  const staffOf = async (req: FastifyRequest) => {
    const s = await staffSession(db, req.brand, tokenOf(req));
    // Code 1: the device goes back to the staff login.
    if (!s) throw new AppError(1, 'error.checkinSession');
    return s;
  };

  // The body is the `checkinLogin` form (schemas/forms), checked as the browser checks it.
  app.post<{ Body: unknown }>('/portaria/login', async (req) => {
    const form = validateForm<{ usuario: string; senha: string; _recaptcha?: unknown }>(
      req.brand,
      'checkinLogin',
      req.body,
      req.locale,
    );
    if (!form.ok) throw new OutcomeError(form.error);
    return { result: await staffLogin(db, req.brand, form.data, req.ip) };
  });

  app.post('/portaria/logout', async (req) => {
    const token = tokenOf(req);
    if (token) await staffLogout(db, token);
    return { result: { ok: true } };
  });

  app.get('/portaria/sessoes', async (req) => {
    await staffOf(req);
    return { result: { sessoes: await checkinSessoes(db, req.brand, req.locale) } };
  });

  app.post<{ Body: unknown }>('/portaria/validar', async (req) => {
    const staff = await staffOf(req);
    const b = isObject(req.body) ? req.body : {};
    const answer = await checkTicket(db, req.brand, req.locale, staff, {
      codigo: requiredCode(b.codigo),
      idapresentacao: optionalId(b.idapresentacao),
      portao: optionalText(b.portao, 60),
    });
    return { result: answer };
  });

  app.get<{ Querystring: { idapresentacao?: string } }>('/portaria/offline', async (req) => {
    await staffOf(req);
    const id = optionalId(req.query.idapresentacao);
    if (id === undefined) throw badParams();
    return { result: await offlineList(db, req.brand, id) };
  });

  app.post<{ Body: unknown }>('/portaria/sincronizar', async (req) => {
    const staff = await staffOf(req);
    const b = isObject(req.body) ? req.body : {};
    if (!Array.isArray(b.leituras) || b.leituras.length > MAX_SYNC) throw badParams();
    const scans = (b.leituras as unknown[]).map((l): CheckinLeitura & { at: Date } => {
      if (!isObject(l)) throw badParams();
      const lido = optionalText(l.lido_em, 40);
      const at = lido ? new Date(lido) : new Date(Number.NaN);
      if (Number.isNaN(at.getTime())) throw badParams();
      const portao = optionalText(l.portao, 60);
      const idapresentacao = optionalId(l.idapresentacao);
      return {
        codigo: requiredCode(l.codigo),
        lido_em: at.toISOString(),
        at,
        ...(portao === undefined ? {} : { portao }),
        ...(idapresentacao === undefined ? {} : { idapresentacao }),
      };
    });
    // In scan order, so the earliest scan of the batch is the one recorded.
    const order = scans
      .map((_, i) => i)
      .sort((x, y) => scans[x]!.at.getTime() - scans[y]!.at.getTime());
    const resultados: CheckinSincronizarResult['resultados'] = new Array(scans.length);
    for (const i of order) {
      const s = scans[i]!;
      resultados[i] = await checkTicket(db, req.brand, req.locale, staff, {
        codigo: s.codigo,
        idapresentacao: s.idapresentacao,
        portao: s.portao,
        lidoEm: s.at,
        offline: true,
      });
    }
    const result: CheckinSincronizarResult = { resultados };
    return { result };
  });
};

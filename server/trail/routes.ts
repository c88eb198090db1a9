/**
 * POST CustomUserApps/DiasCompra, InsereRioBoi and ConsultaRioBoi (spec §7, payloads ours):
 * scheduled slots of paid tickets, handed to `trail.ts`. Each needs a session (code 1 without
 * one); each body is checked with its JSON Schema, schemas/rest/CustomUserApps.<call>.body.schema.json
 * (bad input: code 0 badParams, never a 500). Answers are `no-store`.
 */
import { readFileSync } from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  type ConsultaRioBoiBody,
  type DiasCompraBody,
  type InsereRioBoiBody,
  RestPath,
} from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { badParams, sessionInvalid } from '#server/errors.ts';
import { consultaRioBoi, diasCompra, insereRioBoi, type TrailScope } from './trail';

/** The calls and the file name of each one's body schema. */
export const TRAIL_CALLS = ['DiasCompra', 'InsereRioBoi', 'ConsultaRioBoi'] as const;
export type TrailCall = (typeof TRAIL_CALLS)[number];

const SCHEMA_DIR = new URL('../../schemas/rest/', import.meta.url);

/** The body schema of a call (JSON Schema 2020-12). */
export function readBodySchema(call: TrailCall): object {
  const file = new URL(`CustomUserApps.${call}.body.schema.json`, SCHEMA_DIR);
  return JSON.parse(readFileSync(file, 'utf8')) as object;
}

/** The body validator of every call, compiled once (ajv strict mode). */
export function compileBodyValidators(): Record<TrailCall, ValidateFunction> {
  const ajv = new Ajv2020({ strict: true, allErrors: false });
  return Object.fromEntries(
    TRAIL_CALLS.map((call) => [call, ajv.compile(readBodySchema(call))]),
  ) as Record<TrailCall, ValidateFunction>;
}

/** The trail routes. */
export const trailRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const validators = compileBodyValidators();
  /** The scope of a request with a session and a valid body, or the refusal. */
  const scopeOf = <B>(req: FastifyRequest, call: TrailCall): { scope: TrailScope; body: B } => {
    if (!req.auth) throw sessionInvalid();
    const body = req.body ?? {};
    if (!validators[call](body)) throw badParams();
    return {
      scope: { db, brand: req.brand, locale: req.locale, pessoa: req.auth.pessoa },
      body: body as B,
    };
  };

  app.post(`/${RestPath.diasCompra}`, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { scope, body } = scopeOf<DiasCompraBody>(req, 'DiasCompra');
    return { result: await diasCompra(scope, body) };
  });
  app.post(`/${RestPath.insereRioBoi}`, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { scope, body } = scopeOf<InsereRioBoiBody>(req, 'InsereRioBoi');
    return { result: await insereRioBoi(scope, body) };
  });
  app.post(`/${RestPath.consultaRioBoi}`, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { scope, body } = scopeOf<ConsultaRioBoiBody>(req, 'ConsultaRioBoi');
    return { result: await consultaRioBoi(scope, body) };
  });
};

/**
 * Agency approval (spec §4, §6): an agency signs up with the awaiting-approval type
 * (regrasDoNegocio.idagenciaaguardando); an operator approves it, which gives it the agency type
 * (idagencia) and mails it, in one transaction. Reached by `npm run agency -- approve <email>
 * --brand <id>` (scripts/agency.ts), directly on PostgreSQL, or through the running server's
 * loopback-only operator endpoint when the embedded database is held by that server.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import { publicOrigin } from '#server/brands/origin.ts';
import type { Db } from '#server/db/client.ts';
import { pessoa } from '#server/db/schema.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { normalizeEmail, updatePessoa } from './repository';

/**
 * `approved-unconfirmed` (`already-approved-unconfirmed`): approved, but its e-mail is still unconfirmed, so it cannot buy until it
 * opens the confirmation link (rules.ts agencyBlock); the operator is told so. The approval is
 * not refused: it is the operator's decision, and the confirmation the agency's own step.
 */
export type ApproveOutcome =
  | 'approved'
  | 'approved-unconfirmed'
  | 'not-found'
  | 'already-approved'
  | 'already-approved-unconfirmed'
  | 'not-an-agency';

/**
 * Approves the agency of `brand` with `email`; the mail links to the brand's public origin.
 * An agency whose e-mail is unconfirmed is approved all the same (`approved-unconfirmed`).
 */
export async function approveAgency(
  db: Db,
  brand: LoadedBrand,
  email: string,
): Promise<ApproveOutcome> {
  const origin = publicOrigin(brand);
  const rules = brand.brand.regrasDoNegocio;
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(pessoa)
      .where(and(eq(pessoa.brand, brand.id), eq(pessoa.email, normalizeEmail(email))))
      .for('update');
    if (!p) return 'not-found';
    if (p.idpessoaTipo === rules.idagencia) {
      return p.emailConfirmadoEm ? 'already-approved' : 'already-approved-unconfirmed';
    }
    if (p.idpessoaTipo !== rules.idagenciaaguardando) return 'not-an-agency';
    await updatePessoa(tx, p.id, { idpessoaTipo: rules.idagencia });
    await enqueueMail(tx, {
      brand,
      locale: (p.idioma as Locale | null) ?? brand.brand.defaultLocale,
      to: p.email,
      kind: 'agency_approved',
      vars: { nome: p.nome, link: `${origin}/`, origin },
    });
    return p.emailConfirmadoEm ? 'approved' : 'approved-unconfirmed';
  });
}

const sameSecret = (a: string, b: string) => {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
};

/** A request of an operator command: from this machine, with the server's operator token. */
export function isOperatorRequest(req: FastifyRequest, token: string): boolean {
  const loopback = req.socket.remoteAddress === '127.0.0.1' || req.socket.remoteAddress === '::1';
  const given = req.headers['x-operator-token'];
  return loopback && typeof given === 'string' && sameSecret(given, token);
}

/**
 * POST /operator/agency/approve { email, brand } from this machine only, with the token the
 * server wrote beside its data directory (`operator.json`): how the command reaches an embedded
 * database that the running server holds.
 */
export const operatorRoutes: FastifyPluginAsync<{
  db: Db;
  brands: LoadedBrand[];
  token: string;
  port: number;
}> = async (app, { db, brands, token }) => {
  app.post('/operator/agency/approve', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!isOperatorRequest(req, token)) {
      return reply.code(403).send({ error: { code: 0, message: 'forbidden' } });
    }
    const body = (req.body ?? {}) as { email?: unknown; brand?: unknown };
    const brand = brands.find((b) => b.id === body.brand);
    if (!brand || typeof body.email !== 'string') {
      return { error: { code: 0, message: 'unknown brand or missing e-mail' } };
    }
    return {
      result: { outcome: await approveAgency(db, brand, body.email) },
    };
  });
};

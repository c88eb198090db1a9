/**
 * Printing tickets: SuperIngresso.getImpressao answers where the PDF is, and
 * `GET /tickets/impressao/<idmovimentacao>.pdf` serves it to the order's owner only: with the
 * owner's session header, or with the short-lived token getImpressao put in the address (signed
 * with the brand's key, bound to the person, the order, the unit and the language), so a plain
 * link or a new tab can open it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { type ImpressaoResult, type Locale, langParam, LOCALES } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { badParams, generic, sessionInvalid } from '#server/errors.ts';
import { t } from '#server/i18n.ts';
import type { AuthedRpcContext } from '#server/rpc/context.ts';
import { spDateTime } from '#server/time.ts';
import { signToken, verifyToken } from './codes';
import { brandKeys } from './keys';
import { makeTicketsPdf } from './pdf';
import { type PrintSelection, printableTickets } from './tickets';

/** How long the token of a PDF address works. */
export const PRINT_LINK_SECONDS = 30 * 60;
const TOKEN_CONTEXT = 'SF-PRINT';

interface PrintClaims {
  /** Brand, person, order, unit (0: the whole order), locale, expiry (epoch seconds). */
  b: string;
  p: number;
  m: number;
  i: number;
  l: Locale;
  e: number;
}

/** The file name of an order's tickets PDF in `locale`. */
export function ticketsFileName(locale: Locale, localizador: string): string {
  return `${t(locale, 'tickets.pdf.fileName', { localizador })}.pdf`;
}

/** SuperIngresso.getImpressao: checks the tickets can be printed and answers their address. */
export async function getImpressao(
  ctx: AuthedRpcContext,
  id: number,
  escopo: 'item' | undefined,
): Promise<ImpressaoResult> {
  const { db } = ctx.services;
  const sel: PrintSelection = escopo === 'item' ? { iditem: id } : { idmovimentacao: id };
  const printable = await printableTickets(db, ctx.brand, ctx.locale, ctx.pessoa.id, sel);
  if (!printable.ok) throw generic(printable.error);
  const keys = await brandKeys(db, ctx.brand.id);
  const expires = new Date(Date.now() + PRINT_LINK_SECONDS * 1000);
  const claims: PrintClaims = {
    b: ctx.brand.id,
    p: ctx.pessoa.id,
    m: printable.idmovimentacao,
    i: 'iditem' in sel ? sel.iditem : 0,
    l: ctx.locale,
    e: Math.floor(expires.getTime() / 1000),
  };
  const q = new URLSearchParams({ t: signToken(keys.privateKey, TOKEN_CONTEXT, claims) });
  if (claims.i) q.set('item', String(claims.i));
  q.set('lang', langParam(ctx.locale));
  return {
    url: `/tickets/impressao/${printable.idmovimentacao}.pdf?${q}`,
    arquivo: ticketsFileName(ctx.locale, printable.localizador),
    ingressos: printable.tickets.length,
    expira_em: spDateTime(expires),
  };
}

/** The tickets PDF of a selection of person `idpessoa`, or the reason there is none. */
export async function ticketsPdf(
  db: Db,
  brand: LoadedBrand,
  locale: Locale,
  idpessoa: number,
  sel: PrintSelection,
  /** The order the unit must be of (the PDF route's path). */
  ofOrder?: number,
): Promise<
  { pdf: Uint8Array; fileName: string; pages: number } | { error: ReturnType<typeof generic> }
> {
  const printable = await printableTickets(db, brand, locale, idpessoa, sel);
  if (!printable.ok) return { error: generic(printable.error) };
  if (ofOrder !== undefined && printable.idmovimentacao !== ofOrder) {
    return { error: generic('error.ticketsNotFound') };
  }
  const pdf = await makeTicketsPdf({
    brand,
    locale,
    localizador: printable.localizador,
    tickets: printable.tickets,
  });
  return {
    pdf,
    fileName: ticketsFileName(locale, printable.localizador),
    pages: printable.tickets.length,
  };
}

/** The PDF route. */
export const printRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{ Params: { file: string }; Querystring: { t?: string; item?: string } }>(
    '/tickets/impressao/:file',
    async (req, reply) => {
      const m = /^(\d{1,10})\.pdf$/.exec(req.params.file);
      const item = req.query.item;
      if (!m || (item !== undefined && !/^\d{1,10}$/.test(item))) throw badParams();
      const idmovimentacao = Number(m[1]);
      const iditem = item === undefined ? 0 : Number(item);
      let idpessoa: number | null = req.auth?.pessoa.id ?? null;
      let locale = req.locale;
      if (idpessoa === null) {
        if (!req.query.t) throw sessionInvalid();
        const keys = await brandKeys(db, req.brand.id);
        const c = verifyToken<PrintClaims>(keys.publicKey, TOKEN_CONTEXT, req.query.t);
        if (!c || c.b !== req.brand.id || c.m !== idmovimentacao || c.i !== iditem) {
          throw sessionInvalid();
        }
        if (c.e * 1000 < Date.now()) throw generic('error.ticketsLinkExpired');
        idpessoa = c.p;
        if ((LOCALES as readonly string[]).includes(c.l)) locale = c.l;
      }
      const sel: PrintSelection = iditem ? { iditem } : { idmovimentacao };
      const out = await ticketsPdf(db, req.brand, locale, idpessoa, sel, idmovimentacao);
      if ('error' in out) throw out.error;
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `inline; filename="${out.fileName.replace(/[^\w.-]/g, '_')}"`,
        )
        .send(Buffer.from(out.pdf));
    },
  );
};

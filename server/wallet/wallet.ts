/**
 * SuperIngressoWeb.imprimirWallet and the .pkpass route. imprimirWallet checks the ticket is the
 * person's, paid and live, and that `ticketToken` is its current code, then answers the Apple
 * pass's address and the Google Wallet link. `GET /tickets/wallet/<idmovimentacaoitem>.pkpass`
 * serves the pass to the ticket's owner only: with the owner's session header, or with the
 * short-lived token imprimirWallet put in the address (signed with the brand's key, bound to
 * the person, the unit and the language), as the PDF's route does.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { langParam, LOCALES, type Locale, type WalletPassResult } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { badParams, generic, sessionInvalid } from '#server/errors.ts';
import { t } from '#server/i18n.ts';
import type { AuthedRpcContext } from '#server/rpc/context.ts';
import { looksSigned, signToken, verifyToken } from '#server/tickets/codes.ts';
import { brandKeys } from '#server/tickets/keys.ts';
import { spDateTime } from '#server/time.ts';
import { makePkpass } from './apple';
import type { WalletCredentials } from './credentials';
import { googleSaveLink } from './google';
import { type WalletTicket, walletTicket } from './ticket';

/** How long the token of a pass address works. */
export const WALLET_LINK_SECONDS = 30 * 60;
const TOKEN_CONTEXT = 'SF-WALLET';

/** The media type of an Apple Wallet pass. */
export const PKPASS_TYPE = 'application/vnd.apple.pkpass';

interface WalletClaims {
  /** Brand, person, unit, locale, expiry (epoch seconds). */
  b: string;
  p: number;
  i: number;
  l: Locale;
  e: number;
}

/** The file name of a ticket's Apple pass in `locale`. */
export function passFileName(locale: Locale, ticket: WalletTicket): string {
  const base = t(locale, 'wallet.pass.fileName', {
    localizador: ticket.localizador,
    codigo: ticket.codigo,
  });
  return `${base.replace(/[^\w.-]/g, '_')}.pkpass`;
}

/** SuperIngressoWeb.imprimirWallet: the wallet passes of one paid ticket of the person. */
export async function imprimirWallet(
  ctx: AuthedRpcContext,
  wallet: WalletCredentials,
  ticketToken: string,
  iditem: number,
): Promise<WalletPassResult> {
  const { db } = ctx.services;
  const found = await walletTicket(db, ctx.brand, ctx.locale, ctx.pessoa.id, iditem);
  if (!found.ok) throw generic(found.error);
  const { ticket } = found;
  const given = ticketToken.trim();
  // A signed code is compared exactly; a typed short code whatever its case.
  const matches = looksSigned(given)
    ? given === ticket.signedCode
    : given.toUpperCase() === ticket.codigo.toUpperCase();
  if (!matches) throw generic('error.walletTicketChanged');
  const keys = await brandKeys(db, ctx.brand.id);
  const expires = new Date(Date.now() + WALLET_LINK_SECONDS * 1000);
  const claims: WalletClaims = {
    b: ctx.brand.id,
    p: ctx.pessoa.id,
    i: iditem,
    l: ctx.locale,
    e: Math.floor(expires.getTime() / 1000),
  };
  const q = new URLSearchParams({
    t: signToken(keys.privateKey, TOKEN_CONTEXT, claims),
    lang: langParam(ctx.locale),
  });
  return {
    apple: `/tickets/wallet/${iditem}.pkpass?${q}`,
    google: await googleSaveLink({
      brand: ctx.brand,
      locale: ctx.locale,
      ticket,
      signer: wallet.google,
      origin: ctx.origin,
    }),
    arquivo: passFileName(ctx.locale, ticket),
    expira_em: spDateTime(expires),
  };
}

/** The .pkpass of unit `iditem` of person `idpessoa`, or why there is none. */
export async function walletPass(
  db: Db,
  brand: LoadedBrand,
  locale: Locale,
  idpessoa: number,
  iditem: number,
  wallet: WalletCredentials,
): Promise<{ pkpass: Buffer; fileName: string } | { error: ReturnType<typeof generic> }> {
  const found = await walletTicket(db, brand, locale, idpessoa, iditem);
  if (!found.ok) return { error: generic(found.error) };
  const pkpass = await makePkpass({ brand, locale, ticket: found.ticket, signer: wallet.apple });
  return { pkpass, fileName: passFileName(locale, found.ticket) };
}

/** The .pkpass route. */
export const walletRoutes: FastifyPluginAsync<{ db: Db; wallet: WalletCredentials }> = async (
  app,
  { db, wallet },
) => {
  app.get<{ Params: { file: string }; Querystring: { t?: string } }>(
    '/tickets/wallet/:file',
    async (req, reply) => {
      const m = /^(\d{1,10})\.pkpass$/.exec(req.params.file);
      if (!m) throw badParams();
      const iditem = Number(m[1]);
      let idpessoa: number | null = req.auth?.pessoa.id ?? null;
      let locale = req.locale;
      if (idpessoa === null) {
        if (!req.query.t) throw sessionInvalid();
        const keys = await brandKeys(db, req.brand.id);
        const c = verifyToken<WalletClaims>(keys.publicKey, TOKEN_CONTEXT, req.query.t);
        if (!c || c.b !== req.brand.id || c.i !== iditem) throw sessionInvalid();
        if (c.e * 1000 < Date.now()) throw generic('error.walletLinkExpired');
        idpessoa = c.p;
        if ((LOCALES as readonly string[]).includes(c.l)) locale = c.l;
      }
      const out = await walletPass(db, req.brand, locale, idpessoa, iditem, wallet);
      if ('error' in out) throw out.error;
      return reply
        .header('content-type', PKPASS_TYPE)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${out.fileName}"`)
        .send(out.pkpass);
    },
  );
};

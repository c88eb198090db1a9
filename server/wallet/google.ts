/**
 * The "Save to Google Wallet" link of one ticket: `https://pay.google.com/gp/v/save/<jwt>`, the
 * JWT (RS256, jose) signed with the issuer's service account and carrying the event ticket's
 * class (event name, venue, date and time: one class per session) and object (QR code of the
 * ticket's signed code, holder, locator as the ticket number), so Google creates both on save
 * without any call from this server.
 */
import { SignJWT } from 'jose';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import { brandName } from '#server/mail/templates.ts';
import { passColors } from './colors';
import type { GoogleSigner } from './credentials';
import { productText, spIso, type WalletTicket } from './ticket';

/** Where a signed JWT is saved to Google Wallet. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

const hex = ([r, g, b]: readonly number[]) =>
  `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;

/** A Google ids' suffix: letters, digits, `.`, `_`, `-` only. */
const idPart = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');

const localized = (locale: Locale, value: string) => ({
  defaultValue: { language: locale, value },
});

/** The class and object ids of a ticket's pass, under the issuer. */
export function googleIds(
  signer: Pick<GoogleSigner, 'issuerId'>,
  brand: Pick<LoadedBrand, 'id'>,
  ticket: Pick<WalletTicket, 'idapresentacao' | 'idingresso' | 'versao'>,
): { classId: string; objectId: string } {
  const base = `${signer.issuerId}.${idPart(brand.id)}`;
  return {
    classId: `${base}-session-${ticket.idapresentacao}`,
    objectId: `${base}-ticket-${ticket.idingresso}-v${ticket.versao}`,
  };
}

/** What {@link googleSaveLink} is given. */
export interface GoogleLinkInput {
  brand: LoadedBrand;
  locale: Locale;
  ticket: WalletTicket;
  signer: GoogleSigner;
  /** The site's origin: the only page allowed to show the save button for this JWT. */
  origin: string;
}

/** The "Save to Google Wallet" address of a ticket. */
export async function googleSaveLink(input: GoogleLinkInput): Promise<string> {
  const { brand, locale, ticket, signer } = input;
  const { classId, objectId } = googleIds(signer, brand, ticket);
  const background = hex(passColors(brand).background);
  const eventTicketClass = {
    id: classId,
    issuerName: brandName(brand, locale),
    reviewStatus: 'UNDER_REVIEW',
    eventName: localized(
      locale,
      ticket.dscapre ? `${ticket.evento} · ${ticket.dscapre}` : ticket.evento,
    ),
    ...(ticket.local ? { venue: { name: localized(locale, ticket.local) } } : {}),
    dateTime: { start: spIso(ticket.sessao) },
    hexBackgroundColor: background,
  };
  const eventTicketObject = {
    id: objectId,
    classId,
    state: 'ACTIVE',
    barcode: { type: 'QR_CODE', value: ticket.signedCode, alternateText: ticket.codigo },
    ...(ticket.portador ? { ticketHolderName: ticket.portador } : {}),
    ticketNumber: ticket.localizador,
    ticketType: localized(locale, productText(ticket)),
    reservationInfo: { confirmationCode: ticket.localizador },
    hexBackgroundColor: background,
  };
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [input.origin],
    payload: {
      eventTicketClasses: [eventTicketClass],
      eventTicketObjects: [eventTicketObject],
    },
  })
    .setProtectedHeader({
      alg: 'RS256',
      typ: 'JWT',
      ...(signer.privateKeyId ? { kid: signer.privateKeyId } : {}),
    })
    .setIssuer(signer.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(signer.privateKey);
  return GOOGLE_SAVE_URL + jwt;
}

/**
 * The Apple Wallet pass (.pkpass, passkit-generator) of one ticket: an `eventTicket` in the
 * brand's name and colours, with the event, the session's date and time in Sao Paulo (and as
 * its `relevantDate`, so the pass shows on the lock screen near the time), venue, product,
 * holder, locator, and a QR code carrying the ticket's signed code (the PDF's QR). The icon is
 * drawn from the brand's colours (png.ts); a PNG header logo of the brand is its logo.
 */
import { readFile } from 'node:fs/promises';
import { PKPass } from 'passkit-generator';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import { brandAssetFile } from '#server/brands/assets.ts';
import { t } from '#server/i18n.ts';
import { brandName } from '#server/mail/templates.ts';
import { sessionText } from '#server/tickets/pdf.ts';
import type { AppleSigner } from './credentials';
import { passColors } from './colors';
import { parseHex, type Rgb, ticketIconPng } from './png';
import { productText, type WalletTicket } from './ticket';

/** The pass's serial number: one per ticket version (a new holder makes a new pass). */
export function passSerial(ticket: Pick<WalletTicket, 'idingresso' | 'versao'>): string {
  return `ticket-${ticket.idingresso}-v${ticket.versao}`;
}

const css = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** The brand's header logo when it is a PNG (Wallet takes PNG only), else null. */
async function brandPngLogo(brand: LoadedBrand): Promise<Buffer | null> {
  const file = brandAssetFile(brand, brand.brand.logos.header);
  if (!file || !/\.png$/i.test(file)) return null;
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

/** What {@link makePkpass} is given. */
export interface PkpassInput {
  brand: LoadedBrand;
  locale: Locale;
  ticket: WalletTicket;
  signer: AppleSigner;
}

/** The signed .pkpass (a zip) of one ticket. */
export async function makePkpass({ brand, locale, ticket, signer }: PkpassInput): Promise<Buffer> {
  const name = brandName(brand, locale);
  const colors = passColors(brand);
  const accent = parseHex(brand.brand.theme.colors.secondary, colors.foreground);
  const files: Record<string, Buffer> = {
    'icon.png': ticketIconPng(29, colors.background, accent),
    'icon@2x.png': ticketIconPng(58, colors.background, accent),
    'icon@3x.png': ticketIconPng(87, colors.background, accent),
  };
  const logo = await brandPngLogo(brand);
  if (logo) files['logo.png'] = logo;

  const back = [
    { key: 'code', label: t(locale, 'wallet.pass.code'), value: ticket.codigo },
    { key: 'hint', label: '', value: t(locale, 'wallet.pass.hint') },
  ];
  if (signer.development) {
    back.unshift({ key: 'development', label: '', value: t(locale, 'wallet.pass.development') });
  }
  const auxiliary = [
    { key: 'product', label: t(locale, 'wallet.pass.product'), value: productText(ticket) },
  ];
  if (ticket.portador) {
    auxiliary.push({
      key: 'holder',
      label: t(locale, 'wallet.pass.holder'),
      value: ticket.portador,
    });
  }
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: signer.passTypeIdentifier,
    teamIdentifier: signer.teamIdentifier,
    serialNumber: passSerial(ticket),
    organizationName: name,
    description: t(locale, 'wallet.pass.description', { evento: ticket.evento }),
    logoText: logo ? undefined : name,
    backgroundColor: css(colors.background),
    foregroundColor: css(colors.foreground),
    labelColor: css(colors.label),
    // An instant: Wallet shows the pass near it (passkit-generator writes it in UTC).
    relevantDate: ticket.sessao.toISOString(),
    eventTicket: {
      headerFields: [
        { key: 'locator', label: t(locale, 'wallet.pass.locator'), value: ticket.localizador },
      ],
      primaryFields: [
        {
          key: 'event',
          label: t(locale, 'wallet.pass.event'),
          value: ticket.dscapre ? `${ticket.evento} · ${ticket.dscapre}` : ticket.evento,
        },
      ],
      secondaryFields: [
        {
          key: 'session',
          label: t(locale, 'wallet.pass.session'),
          value: sessionText(locale, ticket.sessao),
        },
        ...(ticket.local
          ? [{ key: 'venue', label: t(locale, 'wallet.pass.venue'), value: ticket.local }]
          : []),
      ],
      auxiliaryFields: auxiliary,
      backFields: back,
    },
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: ticket.signedCode,
        messageEncoding: 'iso-8859-1',
        altText: ticket.codigo,
      },
    ],
  };
  files['pass.json'] = Buffer.from(JSON.stringify(passJson));
  const pass = new PKPass(files, {
    wwdr: signer.wwdr,
    signerCert: signer.signerCert,
    signerKey: signer.signerKey,
    ...(signer.signerKeyPassphrase ? { signerKeyPassphrase: signer.signerKeyPassphrase } : {}),
  });
  return pass.getAsBuffer();
}

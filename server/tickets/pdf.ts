/**
 * The tickets PDF (pdf-lib): one A4 page per ticket with the brand's logo (a PNG or JPEG logo is
 * embedded; an SVG one cannot be, so the brand's name is drawn in its primary colour), event,
 * session date and time in America/Sao_Paulo, product type, holder, price, order locator, the
 * short code and a QR code of the signed code (drawn from uqr's module matrix as rectangles,
 * one per run of dark modules). The standard Helvetica fonts speak WinAnsi only: a character
 * they cannot draw loses its accent, or becomes `?`.
 */
import { readFile } from 'node:fs/promises';
import {
  fill,
  type PDFFont,
  PDFDocument,
  type PDFImage,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  type RGB,
  setFillingRgbColor,
  StandardFonts,
} from 'pdf-lib';
import { encode } from 'uqr';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import { SHOP_TIME_ZONE } from '#schemas/shop-time.ts';
import { brandAssetFile } from '#server/brands/assets.ts';
import { t } from '#server/i18n.ts';
import { brandName } from '#server/mail/templates.ts';

/** One ticket as printed. */
export interface PrintedTicket {
  /** The signed code the QR carries. */
  signedCode: string;
  /** The short code a person can type. */
  codigo: string;
  localizador: string;
  evento: string;
  local: string;
  /** The session's title (e.g. "Visita guiada"), '' when none. */
  dscapre: string;
  sessao: Date;
  produto: string;
  tipo: string;
  /** The holder's name, or null when none is bound. */
  portador: string | null;
  /** The ticket's price as the event page sold it, fee included (schemas/price-lines.ts). */
  precoCents: number;
  /**
   * A ticket of a product that needs a scheduled slot (catalogue `agendamento`): the activity
   * and the slot booked (null: not booked yet, to be booked in My orders).
   */
  agendamento?: { atividade: string; at: Date | null };
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

function hexColor(hex: string, fallback: RGB): RGB {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return fallback;
  const n = Number.parseInt(m[1], 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** `text` with what `font` cannot encode replaced: accents dropped, else `?`. */
function drawable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (canEncode(font, ch)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += base !== '' && canEncode(font, base) ? base : '?';
  }
  return out;
}

function canEncode(font: PDFFont, ch: string): boolean {
  try {
    font.encodeText(ch);
    return true;
  } catch {
    return false;
  }
}

/** The money text of `cents` in Brazilian format (R$ 1.234,56), whatever the language. */
export function brl(cents: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
    .format(cents / 100)
    .replace(/\u00a0/g, ' ');
}

/** The session's date and time in the shop's time zone, in `locale`'s words. */
export function sessionText(locale: Locale, d: Date): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: SHOP_TIME_ZONE,
    dateStyle: 'full',
    timeStyle: 'short',
  })
    .format(d)
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** Splits `text` into lines no wider than `width`. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

async function logoImage(doc: PDFDocument, brand: LoadedBrand): Promise<PDFImage | null> {
  const file = brandAssetFile(brand, brand.brand.logos.header);
  if (!file) return null;
  try {
    if (/\.png$/i.test(file)) return await doc.embedPng(await readFile(file));
    if (/\.jpe?g$/i.test(file)) return await doc.embedJpg(await readFile(file));
  } catch {
    // An unreadable logo: the brand's name is drawn instead.
  }
  return null;
}

/**
 * Draws the QR code of `text` with its lower-left corner at (x, y), `size` points wide
 * (error correction M, four-module quiet zone, as the Pix codes).
 */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const qr = encode(text, { ecc: 'M', border: 4 });
  const n = qr.size;
  const m = size / n;
  const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < n; row++) {
    const line = qr.data[row] ?? [];
    let col = 0;
    while (col < n) {
      if (!line[col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && line[col]) col++;
      ops.push(rectangle(x + start * m, y + (n - row - 1) * m, (col - start) * m, m));
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

/** What {@link makeTicketsPdf} is given. */
export interface TicketsPdfInput {
  brand: LoadedBrand;
  locale: Locale;
  localizador: string;
  tickets: readonly PrintedTicket[];
}

/** The tickets PDF: one page per ticket, in `locale`. */
export async function makeTicketsPdf(input: TicketsPdfInput): Promise<Uint8Array> {
  const { brand, locale, tickets } = input;
  const doc = await PDFDocument.create();
  const name = brandName(brand, locale);
  doc.setTitle(t(locale, 'tickets.pdf.title', { localizador: input.localizador }));
  doc.setAuthor(name);
  doc.setCreator(name);
  doc.setProducer(name);
  doc.setLanguage(locale);
  doc.setCreationDate(new Date());
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const logo = await logoImage(doc, brand);
  const colors = brand.brand.theme.colors;
  const primary = hexColor(colors.primary, rgb(0.1, 0.1, 0.1));
  const secondary = hexColor(colors.secondary, primary);
  const grey = rgb(0.38, 0.38, 0.38);
  const labels = {
    session: t(locale, 'tickets.pdf.session'),
    venue: t(locale, 'tickets.pdf.venue'),
    product: t(locale, 'tickets.pdf.product'),
    holder: t(locale, 'tickets.pdf.holder'),
    price: t(locale, 'tickets.pdf.price'),
    locator: t(locale, 'tickets.pdf.locator'),
    code: t(locale, 'tickets.pdf.code'),
    slot: t(locale, 'tickets.pdf.slot'),
  };
  const hint = t(locale, 'tickets.pdf.hint');

  tickets.forEach((ticket, i) => {
    const page = doc.addPage(A4);
    const [width, height] = A4;
    const text = (
      s: string,
      x: number,
      y: number,
      size: number,
      font = regular,
      color = rgb(0, 0, 0),
    ) => page.drawText(drawable(font, s), { x, y, size, font, color });

    // Header: the logo, or the brand's name in its colour, over a band of the secondary colour.
    let y = height - MARGIN;
    if (logo) {
      const scale = Math.min(180 / logo.width, 48 / logo.height);
      page.drawImage(logo, {
        x: MARGIN,
        y: y - logo.height * scale,
        width: logo.width * scale,
        height: logo.height * scale,
      });
    } else {
      const size = 20;
      for (const line of wrap(bold, size, drawable(bold, name), width - 2 * MARGIN).slice(0, 2)) {
        text(line, MARGIN, y - size, size, bold, primary);
        y -= size + 4;
      }
    }
    y = Math.min(y, height - MARGIN - 48) - 12;
    page.drawRectangle({ x: MARGIN, y, width: width - 2 * MARGIN, height: 4, color: secondary });
    y -= 22;
    text(
      t(locale, 'tickets.pdf.page', { n: i + 1, total: tickets.length }),
      MARGIN,
      y,
      10,
      regular,
      grey,
    );

    // The event.
    y -= 30;
    for (const line of wrap(bold, 22, drawable(bold, ticket.evento), width - 2 * MARGIN).slice(
      0,
      3,
    )) {
      text(line, MARGIN, y, 22, bold, primary);
      y -= 27;
    }
    if (ticket.dscapre) {
      text(ticket.dscapre, MARGIN, y, 13, regular);
      y -= 20;
    }

    // Fields on the left, QR on the right.
    const qrSize = 210;
    const fieldsWidth = width - 2 * MARGIN - qrSize - 16;
    const qrTop = y - 6;
    const field = (label: string, value: string, size = 13) => {
      y -= 16;
      text(label.toUpperCase(), MARGIN, y, 8.5, bold, grey);
      for (const line of wrap(regular, size, drawable(regular, value), fieldsWidth).slice(0, 3)) {
        y -= size + 3;
        text(line, MARGIN, y, size, regular);
      }
      y -= 6;
    };
    field(labels.session, sessionText(locale, ticket.sessao), 14);
    if (ticket.local) field(labels.venue, ticket.local);
    field(labels.product, ticket.tipo ? `${ticket.tipo} · ${ticket.produto}` : ticket.produto);
    if (ticket.portador) field(labels.holder, ticket.portador);
    if (ticket.agendamento) {
      const { atividade, at } = ticket.agendamento;
      field(
        labels.slot,
        at
          ? `${atividade} · ${sessionText(locale, at)}`
          : t(locale, 'tickets.pdf.slotToBook', { atividade }),
      );
    }
    field(labels.price, brl(ticket.precoCents));
    field(labels.locator, ticket.localizador);
    field(labels.code, ticket.codigo);
    drawQr(page, ticket.signedCode, width - MARGIN - qrSize, qrTop - qrSize, qrSize);

    // Footer hint.
    let fy = MARGIN + 40;
    page.drawRectangle({
      x: MARGIN,
      y: fy + 18,
      width: width - 2 * MARGIN,
      height: 1,
      color: grey,
    });
    for (const line of wrap(regular, 10, drawable(regular, hint), width - 2 * MARGIN)) {
      text(line, MARGIN, fy, 10, regular, grey);
      fy -= 14;
    }
  });
  return doc.save();
}

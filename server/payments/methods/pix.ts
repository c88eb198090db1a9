/**
 * The Pix "copia e cola" text (BR Code): an EMV® QRCPS Merchant-Presented Mode payload as the
 * Banco Central do Brasil's "Manual de Padrões para Iniciação do Pix" profiles it. Pure and
 * dependency-free, so the server and a test can both build and read it. See README.md for
 * the clauses followed.
 */

/** What went wrong, so a caller can answer without parsing the message. */
export type PixErrorCode =
  /** The text is not a well-formed TLV sequence (or a template inside it is not). */
  | 'format'
  /** The CRC in field 63 does not match the payload. */
  | 'crc'
  /** A field the Pix profile requires is absent. */
  | 'missing'
  /** A value breaks a rule of the standard (length, characters, range). */
  | 'invalid';

/** A Pix payload could not be built or read. `field` names the EMV ID (`'26.01'` for nested). */
export class PixError extends Error {
  override readonly name = 'PixError';
  constructor(
    readonly code: PixErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The Globally Unique Identifier of the Pix arrangement (field 26, sub-ID 00). */
export const PIX_GUI = 'br.gov.bcb.pix';

/** Fields common to both kinds of charge. */
interface PixCommon {
  /** Field 59. Accents are removed, letters upper-cased, cut to 25 characters. */
  merchantName: string;
  /** Field 60. Same treatment, cut to 15 characters. */
  merchantCity: string;
  /** Field 54 in cents; omitted when absent (the payer types the amount). */
  amountCents?: number;
}

/** A static (reusable) charge that names the receiver's key. */
export interface PixStaticOptions extends PixCommon {
  /** A DICT key: CPF, CNPJ, e-mail, +55 phone or random EVP (see {@link isValidPixKey}). */
  key: string;
  url?: never;
  /** Field 26.02, free text shown to the payer; accents removed. */
  description?: string;
  /** Field 62.05: up to 25 letters and digits; `'***'` (the default) when there is none. */
  txid?: string;
}

/** A dynamic single-use charge whose details the payer's bank fetches from the PSP's URL. */
export interface PixDynamicOptions extends PixCommon {
  /** Field 26.25: the location, with or without `https://` (it is stored without). */
  url: string;
  key?: never;
  description?: never;
  /** A dynamic charge's txid lives in the location's payload; field 62.05 is `'***'`. */
  txid?: never;
}

export type PixPayloadOptions = PixStaticOptions | PixDynamicOptions;

/** One TLV field; `children` is set for the templates the Pix profile nests (26 and 62). */
export interface PixField {
  id: string;
  value: string;
  children?: PixField[];
}

/** A payload read back by {@link parsePix}, its CRC verified. */
export interface ParsedPix {
  payloadFormatIndicator: string;
  /** `'12'` single use (dynamic), `'11'` reusable, absent when the payload omits field 01. */
  pointOfInitiationMethod?: string;
  gui: string;
  key?: string;
  url?: string;
  description?: string;
  merchantCategoryCode: string;
  currency: string;
  /** Field 54 as written (`'110.00'`). */
  amount?: string;
  /** Field 54 in cents, when it is a plain decimal number. */
  amountCents?: number;
  country: string;
  merchantName: string;
  merchantCity: string;
  txid?: string;
  /** The four hex digits of field 63, as written. */
  crc: string;
  /** Every top-level field in order, templates 26 and 62 with their sub-fields. */
  fields: PixField[];
}

// EMV limits: a value is at most 99 characters (two-digit length), the whole payload 512.
const MAX_VALUE = 99;
const MAX_PAYLOAD = 512;
const MAX_NAME = 25;
const MAX_CITY = 15;
const MAX_AMOUNT_CHARS = 13;
// 26 must stay within 99: GUI field (18) + a field header (4) leaves 77 for a key or location.
const MAX_KEY = 77;
const TXID_STATIC = /^[A-Za-z0-9]{1,25}$/;

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of the UTF-8
 * bytes of `text`, as four upper-case hex digits. Field 63 of a BR Code is this CRC of the
 * payload up to and including `6304`.
 */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Text for fields 59, 60 and 26.02: the manual asks for plain characters, and many banking
 * apps mangle anything else. Accents are dropped (NFD, then marks removed), letters upper-cased,
 * white space made a space, anything but A-Z, 0-9, space and `. - /` removed, runs of spaces
 * collapsed, then cut.
 */
export function sanitizePixText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s/g, ' ')
    .replace(/[^A-Z0-9 ./-]/g, '')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** Field 54: the amount in reais with a dot and two decimals, no thousands separator. */
export function formatPixAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new PixError(
      'invalid',
      `amount must be a positive whole number of cents: ${cents}`,
      '54',
    );
  }
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  if (text.length > MAX_AMOUNT_CHARS) {
    throw new PixError('invalid', `amount longer than ${MAX_AMOUNT_CHARS} characters`, '54');
  }
  return text;
}

/** One TLV field: two-digit ID, two-digit length, value. */
function tlv(id: string, value: string): string {
  if (value.length === 0 || value.length > MAX_VALUE) {
    throw new PixError('invalid', `field ${id} must have 1 to ${MAX_VALUE} characters`, id);
  }
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * The "copia e cola" text of a Pix charge. A static charge (`key`) omits field 01 and may carry
 * an amount, a description and a txid; a dynamic one (`url`) is marked single use (`01` = `12`)
 * and its 62.05 is `***`, since the PSP's location holds the rest. Throws {@link PixError}.
 */
export function pixPayload(opts: PixPayloadOptions): string {
  const merchantName = sanitizePixText(opts.merchantName, MAX_NAME);
  if (!merchantName) throw new PixError('invalid', 'merchant name is empty', '59');
  const merchantCity = sanitizePixText(opts.merchantCity, MAX_CITY);
  if (!merchantCity) throw new PixError('invalid', 'merchant city is empty', '60');

  let account = tlv('00', PIX_GUI);
  let txid = '***';
  const dynamic = typeof opts.url === 'string';
  if (typeof opts.url === 'string') {
    const url = opts.url.trim().replace(/^https:\/\//i, '');
    if (/^[a-z]+:\/\//i.test(url) || !/^[\x21-\x7e]+$/.test(url)) {
      throw new PixError('invalid', 'location must be an https URL without spaces', '26.25');
    }
    if (url.length > MAX_KEY) {
      throw new PixError('invalid', `location longer than ${MAX_KEY} characters`, '26.25');
    }
    account += tlv('25', url);
  } else {
    if (!isValidPixKey(opts.key)) throw new PixError('invalid', 'not a Pix key', '26.01');
    account += tlv('01', opts.key);
    if (opts.description !== undefined) {
      const description = sanitizePixText(opts.description, MAX_VALUE);
      if (description) {
        const room = MAX_VALUE - account.length - 4;
        if (description.length > room) {
          throw new PixError('invalid', `description longer than ${room} characters`, '26.02');
        }
        account += tlv('02', description);
      }
    }
    if (opts.txid !== undefined && opts.txid !== '***') {
      if (!TXID_STATIC.test(opts.txid)) {
        throw new PixError('invalid', 'txid must be 1 to 25 letters and digits', '62.05');
      }
      txid = opts.txid;
    }
  }

  let payload = tlv('00', '01');
  if (dynamic) payload += tlv('01', '12');
  payload += tlv('26', account);
  payload += tlv('52', '0000');
  payload += tlv('53', '986');
  if (opts.amountCents !== undefined) payload += tlv('54', formatPixAmount(opts.amountCents));
  payload += tlv('58', 'BR');
  payload += tlv('59', merchantName);
  payload += tlv('60', merchantCity);
  payload += tlv('62', tlv('05', txid));
  payload += '6304';
  payload += crc16ccitt(payload);
  if (payload.length > MAX_PAYLOAD) {
    throw new PixError('invalid', `payload longer than ${MAX_PAYLOAD} characters`);
  }
  return payload;
}

/** Splits a TLV sequence; `prefix` names nested fields in errors (`'26.'`). */
function splitTlv(text: string, prefix = ''): PixField[] {
  const fields: PixField[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) {
      throw new PixError('format', `no ID and length at position ${at}`, prefix || undefined);
    }
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    if (length === 0)
      throw new PixError('format', `field ${prefix}${id} is empty`, `${prefix}${id}`);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) {
      throw new PixError('format', `field ${prefix}${id} runs past the end`, `${prefix}${id}`);
    }
    fields.push({ id, value });
    at += 4 + length;
  }
  return fields;
}

function subValue(field: PixField | undefined, id: string): string | undefined {
  return field?.children?.find((f) => f.id === id)?.value;
}

/**
 * Reads a "copia e cola" text: splits the TLV fields (and templates 26 and 62), checks that
 * 00 comes first, 63 last, the CRC matches and the fields the Pix profile requires are there.
 * Throws {@link PixError}. Names and cities are returned as written (not sanitised).
 */
export function parsePix(payload: string): ParsedPix {
  const text = payload.trim();
  if (text.length > MAX_PAYLOAD) {
    throw new PixError('format', `payload longer than ${MAX_PAYLOAD} characters`);
  }
  const fields = splitTlv(text);
  const first = fields[0];
  if (first?.id !== '00' || first.value !== '01') {
    throw new PixError('format', 'field 00 must come first with value 01', '00');
  }
  const last = fields[fields.length - 1];
  if (last?.id !== '63' || !/^[0-9A-Fa-f]{4}$/.test(last.value)) {
    throw new PixError('format', 'field 63 must come last with four hex digits', '63');
  }
  const expected = crc16ccitt(text.slice(0, -4));
  if (last.value.toUpperCase() !== expected) {
    throw new PixError('crc', `CRC is ${last.value}, expected ${expected}`, '63');
  }

  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.id)) throw new PixError('format', `field ${field.id} repeats`, field.id);
    seen.add(field.id);
    if (field.id === '26' || field.id === '62')
      field.children = splitTlv(field.value, `${field.id}.`);
  }
  const byId = (id: string): PixField | undefined => fields.find((f) => f.id === id);
  const required = (id: string): string => {
    const value = byId(id)?.value;
    if (value === undefined) throw new PixError('missing', `field ${id} is required`, id);
    return value;
  };

  const account = byId('26');
  const gui = subValue(account, '00');
  if (!account || gui === undefined || gui.toLowerCase() !== PIX_GUI) {
    throw new PixError('missing', `field 26 must carry the GUI ${PIX_GUI}`, '26.00');
  }
  const key = subValue(account, '01');
  const url = subValue(account, '25');
  if (key === undefined && url === undefined) {
    throw new PixError('missing', 'field 26 needs a key (01) or a location (25)', '26');
  }
  const amount = byId('54')?.value;
  const txid = subValue(byId('62'), '05');
  const parsed: ParsedPix = {
    payloadFormatIndicator: first.value,
    gui,
    merchantCategoryCode: required('52'),
    currency: required('53'),
    country: required('58'),
    merchantName: required('59'),
    merchantCity: required('60'),
    crc: last.value,
    fields,
  };
  const poi = byId('01')?.value;
  if (poi !== undefined) parsed.pointOfInitiationMethod = poi;
  if (key !== undefined) parsed.key = key;
  if (url !== undefined) parsed.url = url;
  const description = subValue(account, '02');
  if (description !== undefined) parsed.description = description;
  if (amount !== undefined) {
    parsed.amount = amount;
    const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
    if (m) parsed.amountCents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  }
  if (txid !== undefined) parsed.txid = txid;
  return parsed;
}

/** CPF and CNPJ check digits: modulo 11 with the given weights, 10 and 11 become 0. */
function mod11Digit(digits: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

function isCpf(d: string): boolean {
  if (!/^\d{11}$/.test(d) || /^(\d)\1{10}$/.test(d)) return false;
  const w1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
  return mod11Digit(d, w1) === Number(d[9]) && mod11Digit(d, w2) === Number(d[10]);
}

function isCnpj(d: string): boolean {
  if (!/^\d{14}$/.test(d) || /^(\d)\1{13}$/.test(d)) return false;
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  return mod11Digit(d, w1) === Number(d[12]) && mod11Digit(d, w2) === Number(d[13]);
}

// The DICT API's formats: its e-mail pattern (lower case, at most 77 characters) and its EVP
// pattern (a lower-case UUID). For phones the DICT pattern is any E.164 number; a Pix phone key is
// a Brazilian mobile, so this one asks for +55, a two-digit area code (none has a 0) and 9 digits.
const EMAIL =
  /^[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const PHONE = /^\+55[1-9]{2}9\d{8}$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether `key` is a Pix key written as the DICT stores it: CPF (11 digits) or CNPJ (14 digits)
 * with valid check digits and no punctuation, an e-mail (lower case, at most 77 characters), a
 * mobile phone `+55DD9NNNNNNNN`, or a random key (EVP, a lower-case UUID).
 */
export function isValidPixKey(key: string): boolean {
  if (/^\d+$/.test(key)) return isCpf(key) || isCnpj(key);
  if (key.startsWith('+')) return PHONE.test(key);
  if (key.includes('@')) return key.length <= MAX_KEY && EMAIL.test(key);
  return EVP.test(key);
}

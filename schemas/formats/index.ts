/**
 * The custom formats of the forms (issue 3, item 2): one name per format, each a pure
 * `(value: string) => boolean` with no imports beyond this folder, so ajv can use them in the
 * browser, on the server and from standalone generated code alike.
 *
 * `FORMATS` holds the names of the plan plus `phone-intl-agency` (the agency minimum of 9 digits;
 * `phone-intl` is the individual one, 10 digits).
 */
import { isCardBin } from './bin.ts';
import { isBirthdateNow } from './birthdate.ts';
import { isCardNumber, isCvv } from './card.ts';
import { isCep } from './cep.ts';
import { isCnpj } from './cnpj.ts';
import { isCpf } from './cpf.ts';
import { isEmail } from './email.ts';
import { isStrongPassword } from './password.ts';
import { isAgencyIntlPhone, isIntlPhone, isPhone } from './phone.ts';
import { isVoucher } from './voucher.ts';

export * from './bin.ts';
export * from './birthdate.ts';
export * from './card.ts';
export * from './cep.ts';
export * from './cnpj.ts';
export * from './cpf.ts';
export * from './email.ts';
export * from './mask.ts';
export * from './password.ts';
export * from './phone.ts';
export * from './voucher.ts';

/** The names of the custom formats. */
export const FORMAT_NAMES = [
  'cpf',
  'cnpj',
  'email',
  'strong-password',
  'phone',
  'phone-intl',
  'phone-intl-agency',
  'birthdate',
  'cep',
  'voucher',
  'card-bin',
  'card-number',
  'card-cvv',
] as const;

/** One custom format name. */
export type FormatName = (typeof FORMAT_NAMES)[number];

/**
 * Every custom format by name:
 * - `cpf`, `cnpj` (alphanumeric too), raw or formatted;
 * - `email`: spec §5; `strong-password`: score ≥ 60;
 * - `phone`: a plain mobile, ≥ 5 digits; `phone-intl`: with country code, ≥ 10 digits
 *   (individual); `phone-intl-agency`: ≥ 9 digits;
 * - `birthdate`: ISO `yyyy-mm-dd`, a real date from 1900 on, not in the future (today at UTC+14);
 * - `cep`: 8 digits; `voucher`: 16 digits, spaces and dashes ignored; `card-bin`: 6 digits;
 * - `card-number`: known brand, allowed length, Luhn; `card-cvv`: 3 or 4 digits (the exact
 *   length by brand is {@link isCvv} with the brand, a rule across fields).
 */
export const FORMATS: Readonly<Record<FormatName, (value: string) => boolean>> = {
  cpf: isCpf,
  cnpj: isCnpj,
  email: isEmail,
  'strong-password': isStrongPassword,
  phone: isPhone,
  'phone-intl': (value) => isIntlPhone(value),
  'phone-intl-agency': isAgencyIntlPhone,
  birthdate: isBirthdateNow,
  cep: isCep,
  voucher: isVoucher,
  'card-bin': isCardBin,
  'card-number': isCardNumber,
  'card-cvv': (value) => isCvv(value),
};

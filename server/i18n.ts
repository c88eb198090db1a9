/**
 * Server messages by id (locales/*.json) and the request language. The `lang` query parameter
 * carries the locale in underscore form (`pt_BR`); anything else falls back to the brand's
 * default locale.
 */
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { LOCALES, type Locale, type ServerMessageId } from '#schemas/contract.ts';
import type { MailboxMessageId } from '#server/mail/mailbox-messages.ts';
import type { TicketMessageId } from '#server/tickets/messages.ts';
import type { VoucherMessageId } from '#server/vouchers/messages.ts';
import type { WalletMessageId } from '#server/wallet/messages.ts';

/** Ids of messages the server answers with: the contract's, plus server-only ones. */
export type MessageId =
  | ServerMessageId
  | 'error.paymentInProgress'
  | MailboxMessageId
  | TicketMessageId
  | VoucherMessageId
  | WalletMessageId;

function loadLocale(locale: Locale): Record<string, string> {
  const file = new URL(`../locales/${locale}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

const catalogues = new Map<Locale, Record<string, string>>(
  LOCALES.map((l) => [l, loadLocale(l)] as const),
);

/**
 * The text of message `id` in `locale` (pt-BR, then the id itself, when missing); with
 * `values`, its ICU arguments filled in.
 */
export function t(locale: Locale, id: MessageId, values?: Record<string, string | number>): string {
  const text = catalogues.get(locale)?.[id] ?? catalogues.get('pt-BR')?.[id] ?? id;
  if (!values) return text;
  return String(new IntlMessageFormat(text, locale).format(values));
}

/** The locale of a `lang` query value (`pt_BR`, `pt-BR`), or null when it names none. */
export function parseLang(value: unknown): Locale | null {
  if (typeof value !== 'string') return null;
  const wanted = value.replace('_', '-').toLowerCase();
  return LOCALES.find((l) => l.toLowerCase() === wanted) ?? null;
}

/** The locale of a request: its `lang` if valid, else the brand's default. */
export function requestLocale(brand: LoadedBrand, lang: unknown): Locale {
  return parseLang(lang) ?? brand.brand.defaultLocale;
}

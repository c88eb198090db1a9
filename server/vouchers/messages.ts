/** Message ids (locales/*.json) the voucher swap answers with. */
export const VOUCHER_MESSAGES = [
  'error.voucherExpired',
  'error.voucherInvalid',
  'error.voucherNoSessions',
  'error.voucherPerson',
  'error.voucherSessionUnavailable',
  'error.voucherSoldOut',
  'error.voucherUsed',
] as const;

export type VoucherMessageId = (typeof VOUCHER_MESSAGES)[number];

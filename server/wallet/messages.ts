/** Message ids (locales/*.json) of the wallet passes (imprimirWallet, the .pkpass route). */
export const WALLET_MESSAGES = [
  'error.walletCancelled',
  'error.walletLinkExpired',
  'error.walletNotPaid',
  'error.walletTicketChanged',
  'wallet.pass.code',
  'wallet.pass.description',
  'wallet.pass.development',
  'wallet.pass.event',
  'wallet.pass.fileName',
  'wallet.pass.hint',
  'wallet.pass.holder',
  'wallet.pass.locator',
  'wallet.pass.product',
  'wallet.pass.session',
  'wallet.pass.venue',
] as const;

export type WalletMessageId = (typeof WALLET_MESSAGES)[number];

/**
 * Message ids the server alone uses: the e-mails (`mail.`), the development mailbox page
 * (`mailbox.`) and the sandbox identity provider's pages (`sandboxIdp.`), all written on the
 * server. The storefront's build leaves them out of the browser's messages (vite.config.ts), so
 * no visitor downloads them; src/lib/locales.test.ts checks that src/ uses none of them.
 */
export const SERVER_ONLY_MESSAGE_PREFIXES = ['mail.', 'mailbox.', 'sandboxIdp.'] as const;

/** Whether a message id is the server's alone. */
export function isServerOnlyMessage(id: string): boolean {
  return SERVER_ONLY_MESSAGE_PREFIXES.some((prefix) => id.startsWith(prefix));
}

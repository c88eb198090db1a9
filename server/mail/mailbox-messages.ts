/** Message ids of the mailbox pages (locales/*.json). */
export const MAILBOX_MESSAGE_IDS = [
  'mailbox.attempts',
  'mailbox.back',
  'mailbox.empty',
  'mailbox.filter',
  'mailbox.filterSubmit',
  'mailbox.html',
  'mailbox.intro',
  'mailbox.kind',
  'mailbox.language',
  'mailbox.lastError',
  'mailbox.links',
  'mailbox.status',
  'mailbox.status.failed',
  'mailbox.status.kept',
  'mailbox.status.pending',
  'mailbox.status.sent',
  'mailbox.subject',
  'mailbox.text',
  'mailbox.time',
  'mailbox.title',
  'mailbox.to',
] as const;

/** A message id of the mailbox pages. */
export type MailboxMessageId = (typeof MAILBOX_MESSAGE_IDS)[number];

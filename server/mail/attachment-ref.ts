/**
 * What an outbox mail attaches, by reference: the delivery loop makes the file from the
 * database when it sends the mail (server/mail/attachments.ts), so the outbox holds no blobs and
 * an attachment always shows the tickets as they are at sending time.
 */
export type MailAttachmentRef = {
  /** The paid tickets of an order, as the PDF getImpressao serves. */
  kind: 'tickets';
  idmovimentacao: number;
};

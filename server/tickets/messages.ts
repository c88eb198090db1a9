/** Message ids (locales/*.json) of the tickets, their PDF and the check-in. */
export const TICKET_MESSAGES = [
  'checkin.result.cancelled',
  'checkin.result.invalid',
  'checkin.result.otherSession',
  'checkin.result.revoked',
  'checkin.result.used',
  'checkin.result.valid',
  'error.checkinLogin',
  'error.checkinLoginThrottled',
  'error.checkinSession',
  'error.ticketsCancelled',
  'error.ticketsLinkExpired',
  'error.ticketsNotFound',
  'error.ticketsNotPaid',
  'tickets.pdf.code',
  'tickets.pdf.fileName',
  'tickets.pdf.hint',
  'tickets.pdf.holder',
  'tickets.pdf.locator',
  'tickets.pdf.page',
  'tickets.pdf.price',
  'tickets.pdf.product',
  'tickets.pdf.session',
  'tickets.pdf.title',
  'tickets.pdf.venue',
] as const;

export type TicketMessageId = (typeof TICKET_MESSAGES)[number];

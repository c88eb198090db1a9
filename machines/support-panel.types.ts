import type { Faq } from '#schemas/contract.ts';
import type { FlowError } from './types';

/** What the support panel's flow keeps. */
export interface SupportPanelContext {
  /** The FAQ, once loaded (kept for the visit: reopening the panel asks nothing again). */
  faq: Faq | null;
  faqError: FlowError | null;
  widgetError: FlowError | null;
}

export type SupportPanelEvent =
  /** The panel was opened (the first time, or again). */
  | { type: 'panel.opened' }
  /** "Try again" after the FAQ could not be loaded. */
  | { type: 'faq.retried' }
  /** The visitor asked for the third-party chat ("Start chat"), or asked again after a failure. */
  | { type: 'widget.requested' };

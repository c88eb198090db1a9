import type { FormContextType } from '@rjsf/utils';
import { useIntl } from 'react-intl';
import type { MessageId } from '#src/lib/messages.d.ts';

/**
 * What <SchemaForm> hands every widget and template through RJSF's `formContext`: which
 * fields show their errors (after submit, or once the person left the field), whether the form
 * is being sent, and the caller's extra context (e.g. the `social` flag).
 */
export interface FormUiContext extends FormContextType {
  /**
   * Data, not callbacks: RJSF keeps its registry (and so this context) while a deep compare
   * that ignores functions says nothing changed.
   */
  /** The person tried to submit: every error shows. */
  submitted: boolean;
  /** Ids of the fields the person left: their errors show. */
  touched: readonly string[];
  /** The form is being sent: the submit button shows a spinner. */
  pending: boolean;
  /** Message id (or text) of the submit button. */
  submitLabel?: string;
  /** Extra context of the caller (read by custom widgets). */
  extra: Record<string, unknown>;
}

/** The formContext when none was given (a widget rendered outside <SchemaForm>). */
export const NO_FORM_CONTEXT: FormUiContext = {
  submitted: true,
  touched: [],
  pending: false,
  extra: {},
};

export function uiContext(formContext: unknown): FormUiContext {
  const c = formContext as Partial<FormUiContext> | undefined;
  return c && typeof c.submitted === 'boolean' ? (c as FormUiContext) : NO_FORM_CONTEXT;
}

/** Whether the errors of the field with this id are shown now. */
export function showsErrors(ctx: FormUiContext, id: string): boolean {
  return ctx.submitted || ctx.touched.includes(id);
}

/**
 * Schema titles, descriptions and help texts are message ids (`form.registration.email`);
 * a brand override may also write plain text. This shows either: the message when the id
 * exists, the text itself otherwise.
 */
export function useFormText(): (idOrText: string | undefined) => string {
  const intl = useIntl();
  return (idOrText) => {
    if (!idOrText) return '';
    return Object.hasOwn(intl.messages, idOrText)
      ? intl.formatMessage({ id: idOrText as MessageId })
      : idOrText;
  };
}

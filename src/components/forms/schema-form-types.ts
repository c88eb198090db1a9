import type { ReactNode } from 'react';
import type { FormId } from '#schemas/forms/index.ts';
import type { RuntimeFormFlags } from './compiled-form';

export interface SchemaFormProps<T = Record<string, unknown>> {
  /** Which form (schemas/forms/<id>.schema.json, composed for the page's brand). */
  formId: FormId;
  /** The data shown; omit for an empty form (the form keeps its own state then). */
  formData?: Partial<T>;
  /** Valid data, after the precompiled validator accepted it. */
  onSubmit(data: T): void | Promise<void>;
  onChange?(data: Partial<T>): void;
  /** Session flags the composition depends on (social login, card campaign). */
  flags?: RuntimeFormFlags;
  /** Extra context for widgets (formContext.extra). */
  context?: Record<string, unknown>;
  /** Message id of the submit button (default: the form's uiSchema, else 'Enviar'). */
  submitLabel?: string;
  /** The submit is in flight: the button shows a spinner. */
  pending?: boolean;
  /** Prefix of the field ids (default: the form id). */
  idPrefix?: string;
  /** Show every error from the start, as after a submit (/dev/forms' invalid sample). */
  revealErrors?: boolean;
  /**
   * Errors found outside the form, already localized, by field name (the sign-up's
   * "E-mail já cadastrado"): shown beside the field at once, like its own errors.
   */
  fieldErrors?: Readonly<Record<string, string>> | undefined;
  /** Replaces the submit button (RJSF renders children instead). */
  children?: ReactNode;
}

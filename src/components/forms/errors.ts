import type { RJSFValidationError } from '@rjsf/utils';
import type { IntlShape } from 'react-intl';
import { errorMessage, type FormMessage } from '#schemas/forms/messages.ts';
import type { MessageId } from '#src/lib/messages.d.ts';

/** The text of a form error in the page's language (the id itself if a locale lacks it). */
export function formatFormMessage(intl: IntlShape, m: FormMessage): string {
  return intl.formatMessage({ id: m.id as MessageId }, m.values);
}

/**
 * RJSF's `transformErrors`: every validation error becomes the message of `errorMessage`
 * (schemas/forms/messages.ts, the same ids the server answers) on the field it is about (a rule
 * across fields lands on the field the person must fix: `.email2`, `.cpf`), one per field, the
 * first one ajv reported; errors that only wrap others (`if`, `allOf`) are dropped.
 */
export function createTransformErrors(intl: IntlShape, schema: object) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] => {
    const seen = new Set<string>();
    const out: RJSFValidationError[] = [];
    for (const e of errors) {
      const m = errorMessage(e, schema);
      if (!m || seen.has(m.field)) continue;
      seen.add(m.field);
      const message = formatFormMessage(intl, m);
      out.push({ ...e, property: m.field, message, stack: message });
    }
    return out;
  };
}

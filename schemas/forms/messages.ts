/**
 * The one place that turns validation errors into message ids (`form.error.*` in locales/):
 * ajv errors on the server, ajv errors of the standalone validators in the browser, and RJSF's
 * validation errors (which carry `property` instead of `instancePath`).
 *
 * A field can say its own message per keyword with `x-messages` (`email2`: `const` →
 * 'form.error.emailMismatch'); otherwise a format has its message and every other keyword a
 * generic one. Fields are RJSF property paths: `.email2`, `` for the form itself.
 */
import type { AnySchemaObject } from 'ajv/dist/2020';
import type { FormatName } from '../formats/index.ts';

/** What {@link errorMessage} reads of an ajv `ErrorObject` or an RJSF `RJSFValidationError`. */
export interface FormErrorLike {
  keyword?: string;
  /** RJSF's name of the keyword. */
  name?: string;
  /** ajv: JSON pointer of the data (`/email2`). */
  instancePath?: string;
  /** RJSF: property path (`.email2`); for `required` it already names the missing property. */
  property?: string;
  params?: unknown;
  schemaPath?: string;
}

/** A localizable error of one field. */
export interface FormMessage {
  /** RJSF property path of the field (`.email2`), `` for the whole form. */
  field: string;
  /** Message id in locales/ (`form.error.emailMismatch`). */
  id: string;
  /** ICU arguments of the message (`{ limit: 2 }` for `form.error.minLength`). */
  values?: Record<string, string | number>;
}

/** The message of each custom format. */
export const FORMAT_MESSAGES: Readonly<Record<FormatName, string>> = {
  cpf: 'form.error.cpf',
  cnpj: 'form.error.cnpj',
  email: 'form.error.email',
  'strong-password': 'form.error.weakPassword',
  phone: 'form.error.phone',
  'phone-intl': 'form.error.phone',
  'phone-intl-agency': 'form.error.phone',
  birthdate: 'form.error.birthdate',
  cep: 'form.error.cep',
  voucher: 'form.error.voucher',
  'card-bin': 'form.error.bin',
  'card-number': 'form.error.cardNumber',
  'card-cvv': 'form.error.cvv',
};

/** Generic messages by keyword (used when neither `x-messages` nor a format says one). */
export const KEYWORD_MESSAGES: Readonly<Record<string, string>> = {
  required: 'form.error.required',
  dependentRequired: 'form.error.required',
  minLength: 'form.error.minLength',
  maxLength: 'form.error.maxLength',
  pattern: 'form.error.pattern',
  format: 'form.error.format',
  const: 'form.error.invalid',
  enum: 'form.error.enum',
  type: 'form.error.type',
  minimum: 'form.error.minimum',
  maximum: 'form.error.maximum',
  exclusiveMinimum: 'form.error.minimum',
  exclusiveMaximum: 'form.error.maximum',
  additionalProperties: 'form.error.unknownField',
};

/** Every message id this module can answer (each has a text in every locale). */
export const FORM_ERROR_IDS: readonly string[] = [
  ...new Set([
    ...Object.values(FORMAT_MESSAGES),
    ...Object.values(KEYWORD_MESSAGES),
    'form.error.emailMismatch',
    'form.error.passwordMismatch',
    'form.error.terms',
    'form.error.captcha',
    'form.error.currentPassword',
    'form.error.documentRequired',
    'form.error.agencyDocument',
    'form.error.country',
    'form.error.coupon',
    'form.error.resetToken',
  ]),
].sort();

/** Keywords that only wrap errors of their subschemas (reported on their own). */
const WRAPPERS = new Set(['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', '$ref']);

/**
 * The field and message id of one validation error, or null for an error that only wraps others
 * (`if`, `allOf`…: with `allErrors` the inner error is reported too). `schema` is the form's
 * (composed) schema: it lets a field's `x-messages` choose the message.
 */
export function errorMessage(error: FormErrorLike, schema?: AnySchemaObject): FormMessage | null {
  const keyword = error.keyword ?? error.name ?? '';
  if (WRAPPERS.has(keyword)) return null;
  const params = (error.params ?? {}) as Record<string, unknown>;
  const at = basePath(error);
  const own = (field: string, kw: string): string | undefined => {
    const name = field.split('.')[1];
    const prop = name ? schema?.properties?.[name] : undefined;
    const map = prop?.['x-messages'] as Record<string, string> | undefined;
    return map?.[kw];
  };

  switch (keyword) {
    case 'required':
    case 'dependentRequired': {
      const missing = String(params.missingProperty ?? '');
      // RJSF's `property` of a `required` error already ends with the missing property.
      const field =
        error.instancePath === undefined && error.property !== undefined
          ? dotted(error.property)
          : `${at}.${missing}`;
      return { field, id: own(field, 'required') ?? 'form.error.required' };
    }
    case 'x-atLeastOneOf': {
      const fields = (params.fields as string[] | undefined) ?? [];
      return {
        field: `${at}.${fields[0] ?? ''}`,
        id: String(params.message ?? 'form.error.required'),
      };
    }
    case 'additionalProperties': {
      const field = `${at}.${String(params.additionalProperty ?? '')}`;
      return { field, id: 'form.error.unknownField' };
    }
    case 'format': {
      const id =
        own(at, 'format') ??
        FORMAT_MESSAGES[String(params.format) as FormatName] ??
        'form.error.format';
      return { field: at, id };
    }
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const custom = own(at, keyword);
      if (custom) return { field: at, id: custom };
      const limit = params.limit;
      return {
        field: at,
        id: KEYWORD_MESSAGES[keyword]!,
        values: typeof limit === 'number' ? { limit } : {},
      };
    }
    default:
      return {
        field: at,
        id: own(at, keyword) ?? KEYWORD_MESSAGES[keyword] ?? 'form.error.invalid',
      };
  }
}

/**
 * The errors of a form as messages: wrappers dropped, one message per field (the first error
 * ajv reports for it), fields in `order` (a uiSchema's `ui:order`; others after, in the order
 * ajv reported them).
 */
export function formErrors(
  errors: readonly FormErrorLike[] | null | undefined,
  schema?: AnySchemaObject,
  order: readonly string[] = [],
): FormMessage[] {
  const byField = new Map<string, FormMessage>();
  for (const e of errors ?? []) {
    const m = errorMessage(e, schema);
    if (m && !byField.has(m.field)) byField.set(m.field, m);
  }
  const rank = (field: string) => {
    const i = order.indexOf(field.split('.')[1] ?? '');
    return i === -1 ? order.length : i;
  };
  return [...byField.values()].sort((a, b) => rank(a.field) - rank(b.field));
}

/** The path an error is about, RJSF style (`.a.0.b`). */
function basePath(error: FormErrorLike): string {
  if (error.instancePath !== undefined) {
    return error.instancePath
      .split('/')
      .slice(1)
      .map((s) => `.${s.replaceAll('~1', '/').replaceAll('~0', '~')}`)
      .join('');
  }
  if (error.property !== undefined) {
    const keyword = error.keyword ?? error.name;
    if (keyword === 'required' || keyword === 'dependentRequired') {
      // RJSF appended the missing property; the base is its parent.
      return dotted(error.property).split('.').slice(0, -1).join('.');
    }
    return dotted(error.property);
  }
  return '';
}

function dotted(property: string): string {
  return property === '' || property.startsWith('.') ? property : `.${property}`;
}

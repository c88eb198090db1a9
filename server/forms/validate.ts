/**
 * Server-side validation of form payloads with the same schemas, formats and keywords the
 * browser's precompiled validators use (`schemas/forms/`), composed for the request's brand.
 * Bad input is answered with the error object of spec §7 and the localized message of its first
 * error; nothing here throws on any payload.
 */
import type { ValidateFunction } from 'ajv/dist/2020';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { ApiErrorBody, Locale } from '#schemas/contract.ts';
import { ErrorCode } from '#schemas/contract.ts';
import {
  brandFormContext,
  composeForm,
  createFormAjv,
  type FormAjv,
  type FormContext,
  type FormId,
  type FormMessage,
  type FormSchema,
  formErrors,
  type UiSchema,
} from '#schemas/forms/index.ts';
import { formText } from './messages';

/** What the session knows that changes a form (the brand's own settings come from the brand). */
export type SessionFormContext = Pick<FormContext, 'social' | 'cardCampaign' | 'captchaAsked'>;

/** A brand's form, composed and compiled. */
export interface BrandForm {
  schema: FormSchema;
  uiSchema: UiSchema;
  validate: ValidateFunction;
}

/** One field error of a {@link FormErrorBody}. */
export interface FormFieldError extends FormMessage {
  /** The localized text. */
  message: string;
}

/** The error object of a rejected form: spec §7's `{ code, message }` plus every field error. */
export interface FormErrorBody extends ApiErrorBody {
  /** Every field with an error, in the form's order; `message` is the first one's text. */
  fields: FormFieldError[];
}

export type FormValidation<T> = { ok: true; data: T } | { ok: false; error: FormErrorBody };

interface BrandCache {
  ajv: FormAjv;
  forms: Map<string, BrandForm>;
}
const cache = new WeakMap<LoadedBrand, BrandCache>();

/**
 * Form `id` as `brand` shows it (its rules and override) for a session, compiled once per
 * brand and variant. The rest of the server reads a brand's forms through this.
 */
export function brandForm(
  brand: LoadedBrand,
  id: FormId,
  session: SessionFormContext = {},
): BrandForm {
  let entry = cache.get(brand);
  if (!entry) {
    entry = { ajv: createFormAjv(), forms: new Map() };
    cache.set(brand, entry);
  }
  const ctx = brandFormContext(brand.brand, id, {
    ...session,
    brandId: brand.id,
    ...(brand.forms?.[id] ? { override: brand.forms[id] } : {}),
  });
  const { schema, uiSchema } = composeForm(id, ctx);
  const key = schema.$id as string;
  let form = entry.forms.get(key);
  if (!form) {
    form = { schema, uiSchema, validate: entry.ajv.compile(schema) };
    entry.forms.set(key, form);
  }
  return form;
}

/**
 * Validates `payload` against form `id` of `brand`. On success the data is a copy of the payload
 * with the form's defaults filled in (an agency's trade name); on failure the error object with
 * code 0, the message of the first field error in `locale`, and every field error.
 */
export function validateForm<T = Record<string, unknown>>(
  brand: LoadedBrand,
  id: FormId,
  payload: unknown,
  locale: Locale,
  session: SessionFormContext = {},
): FormValidation<T> {
  const form = brandForm(brand, id, session);
  // No body at all is a form with every field missing.
  const data = payload === undefined || payload === null ? {} : structuredCloneSafe(payload);
  if (form.validate(data)) return { ok: true, data: data as T };
  const found = formErrors(form.validate.errors, form.schema, form.uiSchema['ui:order']);
  const fields = found.map((m) => ({ ...m, message: formText(locale, m.id, m.values) }));
  const first = fields[0];
  return {
    ok: false,
    error: {
      code: ErrorCode.Generic,
      message: first?.message ?? formText(locale, 'form.error.invalid'),
      fields,
    },
  };
}

/** A copy of a JSON payload (bodies are parsed JSON); anything else is kept as it is. */
function structuredCloneSafe(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

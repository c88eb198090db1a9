/**
 * Forms are data (issue 3): every form of the product is `schemas/forms/<id>.schema.json` (JSON
 * Schema 2020-12) with `<id>.ui.json` (RJSF uiSchema) and `<id>.samples.json`. This module is the
 * one entry point for the server (which also writes the browser's validators) and the browser:
 * {@link composeForm} applies a brand's rules and override, {@link createFormAjv} validates with
 * the custom formats and keywords, {@link errorMessage} turns errors into message ids.
 * `standalone.ts` (Node only) is imported directly, not from here.
 */
export {
  createFormAjv,
  FORM_KEYWORDS,
  type FormAjv,
  type FormAjvOptions,
  STANDALONE_NAMES,
} from './ajv.ts';
export {
  activeFlags,
  BASE_FORMS,
  type BrandFormSettings,
  brandFormContext,
  CAPTCHA_FLAG,
  composeForm,
  FORM_FLAGS,
  FORM_IDS,
  type FormContext,
  type FormFlag,
  type FormId,
  type FormOverride,
  type FormSchema,
  isFormId,
  type OverrideField,
  type OverrideFieldUi,
  type OverrideProblem,
  overrideProblems,
  SESSION_FLAGS,
  type SessionFlag,
  sessionFlagsOf,
  type UiSchema,
  WIDGETS,
  type WidgetName,
} from './compose.ts';
export {
  errorMessage,
  FORM_ERROR_IDS,
  FORMAT_MESSAGES,
  type FormErrorLike,
  type FormMessage,
  formErrors,
  KEYWORD_MESSAGES,
} from './messages.ts';

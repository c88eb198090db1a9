/** The module scripts/vite-plugin-form-validators.ts generates (see there). */
declare module 'virtual:form-validators' {
  type Flag = 'social' | 'cardCampaign' | 'captchaAsked';
  type Flags = Partial<Record<Flag, boolean>>;
  type FormId =
    | 'registration'
    | 'agency'
    | 'holder'
    | 'contact'
    | 'address'
    | 'login'
    | 'changePassword'
    | 'forgotPassword'
    | 'resetPassword'
    | 'voucher'
    | 'coupon'
    | 'profile'
    | 'agencyProfile'
    | 'checkinLogin'
    | 'newsletter';

  export const RUNTIME_FLAGS: readonly Flag[];
  /** Every form id (schemas/forms FORM_IDS), without importing the schemas. */
  export const FORM_IDS: readonly FormId[];
  /** The session flags a form's composition depends on. */
  export function formRuntimeFlags(formId: string): readonly Flag[];
  /** Brand ids whose forms were compiled into this build. */
  export const BUILT_BRANDS: readonly string[];
  /** The composition key of a brand's form under the session's flags. */
  export function compiledFormKey(brandId: string, formId: string, flags?: Flags): string;
  /** Loads the chunk of that composition: schema, uiSchema, precompiled validators. */
  export function loadCompiledForm(
    brandId: string,
    formId: string,
    flags?: Flags,
  ): Promise<{
    formSchema: Record<string, unknown>;
    formUiSchema: Record<string, unknown>;
    // biome-ignore lint/suspicious/noExplicitAny: ajv standalone validators, typed by RJSF.
    validateFns: Record<string, any>;
  }>;
}

import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

/** Flags only the session knows; the brand's own rules are compiled in. */
export interface RuntimeFormFlags {
  /** The person logged in through a social login (no password required). */
  social?: boolean;
  /** A card-brand campaign applies (the first six card digits are required). */
  cardCampaign?: boolean;
  /** The server asked for the captcha (a login from an address with many failures). */
  captchaAsked?: boolean;
}

/** One composed form as the storefront uses it (from the server's module, load-form.ts). */
export interface CompiledForm {
  formSchema: Record<string, unknown>;
  formUiSchema: Record<string, unknown>;
  /** Precompiled ajv validators by schema `$id` (root) or hash (sub-schemas). */
  validateFns: ValidatorFunctions;
}

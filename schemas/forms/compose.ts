/**
 * A form as a brand shows it: the base schema and uiSchema of `schemas/forms/<id>.*.json`, plus
 * the brand's rules (address, captcha, card BIN, social login) and its override file
 * (`brands/<id>/forms/<form>.json`). Pure: the server (for its own checks and for the
 * browser's validators) and /dev/forms all compose the same way.
 */
import type { AnySchemaObject } from 'ajv/dist/2020';
import { closestName as closest } from '../closest-name.ts';
import addressSchema from './address.schema.json' with { type: 'json' };
import addressUi from './address.ui.json' with { type: 'json' };
import agencySchema from './agency.schema.json' with { type: 'json' };
import agencyUi from './agency.ui.json' with { type: 'json' };
import agencyProfileSchema from './agencyProfile.schema.json' with { type: 'json' };
import agencyProfileUi from './agencyProfile.ui.json' with { type: 'json' };
import changePasswordSchema from './changePassword.schema.json' with { type: 'json' };
import changePasswordUi from './changePassword.ui.json' with { type: 'json' };
import checkinLoginSchema from './checkinLogin.schema.json' with { type: 'json' };
import checkinLoginUi from './checkinLogin.ui.json' with { type: 'json' };
import contactSchema from './contact.schema.json' with { type: 'json' };
import contactUi from './contact.ui.json' with { type: 'json' };
import couponSchema from './coupon.schema.json' with { type: 'json' };
import couponUi from './coupon.ui.json' with { type: 'json' };
import forgotPasswordSchema from './forgotPassword.schema.json' with { type: 'json' };
import forgotPasswordUi from './forgotPassword.ui.json' with { type: 'json' };
import holderSchema from './holder.schema.json' with { type: 'json' };
import holderUi from './holder.ui.json' with { type: 'json' };
import loginSchema from './login.schema.json' with { type: 'json' };
import loginUi from './login.ui.json' with { type: 'json' };
import newsletterSchema from './newsletter.schema.json' with { type: 'json' };
import newsletterUi from './newsletter.ui.json' with { type: 'json' };
import profileSchema from './profile.schema.json' with { type: 'json' };
import profileUi from './profile.ui.json' with { type: 'json' };
import registrationSchema from './registration.schema.json' with { type: 'json' };
import registrationUi from './registration.ui.json' with { type: 'json' };
import resetPasswordSchema from './resetPassword.schema.json' with { type: 'json' };
import resetPasswordUi from './resetPassword.ui.json' with { type: 'json' };
import voucherSchema from './voucher.schema.json' with { type: 'json' };
import voucherUi from './voucher.ui.json' with { type: 'json' };

/** Every form of the product (spec §3, §5). */
export const FORM_IDS = [
  'registration',
  'agency',
  'holder',
  'contact',
  'address',
  'login',
  'changePassword',
  'forgotPassword',
  'resetPassword',
  'voucher',
  'coupon',
  'profile',
  'agencyProfile',
  'checkinLogin',
  'newsletter',
] as const;
export type FormId = (typeof FORM_IDS)[number];

export function isFormId(value: string): value is FormId {
  return (FORM_IDS as readonly string[]).includes(value);
}

/** The widget names a uiSchema may use (`ui:widget`); the browser's registry has each one. */
export const WIDGETS = [
  'text',
  'email',
  'password',
  'cpf',
  'cnpj',
  'phone',
  'cep',
  'date',
  'textarea',
  'checkbox',
  'captcha',
  'select',
  'hidden',
] as const;
export type WidgetName = (typeof WIDGETS)[number];

/** A form's JSON Schema (flat object of fields). */
export type FormSchema = AnySchemaObject & {
  properties: Record<string, AnySchemaObject>;
  required: string[];
};
/** A form's uiSchema: `ui:order` and one entry per field. */
export type UiSchema = Record<string, unknown> & { 'ui:order': string[] };

/** The base schema and uiSchema of each form (no brand rule applied). */
export const BASE_FORMS: Readonly<Record<FormId, { schema: FormSchema; uiSchema: UiSchema }>> = {
  registration: { schema: registrationSchema as FormSchema, uiSchema: registrationUi },
  agency: { schema: agencySchema as FormSchema, uiSchema: agencyUi },
  holder: { schema: holderSchema as FormSchema, uiSchema: holderUi },
  contact: { schema: contactSchema as FormSchema, uiSchema: contactUi },
  address: { schema: addressSchema as FormSchema, uiSchema: addressUi },
  login: { schema: loginSchema as FormSchema, uiSchema: loginUi },
  changePassword: { schema: changePasswordSchema as FormSchema, uiSchema: changePasswordUi },
  forgotPassword: { schema: forgotPasswordSchema as FormSchema, uiSchema: forgotPasswordUi },
  resetPassword: { schema: resetPasswordSchema as FormSchema, uiSchema: resetPasswordUi },
  voucher: { schema: voucherSchema as FormSchema, uiSchema: voucherUi },
  coupon: { schema: couponSchema as FormSchema, uiSchema: couponUi },
  profile: { schema: profileSchema as FormSchema, uiSchema: profileUi },
  agencyProfile: { schema: agencyProfileSchema as FormSchema, uiSchema: agencyProfileUi },
  checkinLogin: { schema: checkinLoginSchema as FormSchema, uiSchema: checkinLoginUi },
  newsletter: { schema: newsletterSchema as FormSchema, uiSchema: newsletterUi },
};

// ---------------------------------------------------------------------------------------------
// Brand rules

/**
 * What a form depends on besides its own file. Flags a form does not use are ignored
 * ({@link FORM_FLAGS}).
 */
export interface FormContext {
  /** brand.editarEnderecoCadastro: registration (and agency) require the address. */
  editarEnderecoCadastro?: boolean;
  /** The brand's captcha for this form is on ({@link CAPTCHA_FLAG}): `_recaptcha` required. */
  captcha?: boolean;
  /** A card-brand campaign applies: the first six card digits are required. */
  cardCampaign?: boolean;
  /**
   * The server asked this login for the captcha (its address failed many logins, see
   * server/accounts/throttle.ts): `_recaptcha` required, whatever the brand's switch says.
   */
  captchaAsked?: boolean;
  /** The person logged in through a social login: no password is required. */
  social?: boolean;
  /** The brand's `brands/<id>/forms/<form>.json`, already validated. */
  override?: FormOverride;
  /**
   * The brand id, put in the composed `$id` when an override applies, so each brand's variant
   * has its own `$id` (without it the `$id` says only `override`).
   */
  brandId?: string;
}

export type FormFlag =
  | 'editarEnderecoCadastro'
  | 'captcha'
  | 'cardCampaign'
  | 'social'
  | 'captchaAsked';

/** The flags each form depends on. */
export const FORM_FLAGS: Readonly<Record<FormId, readonly FormFlag[]>> = {
  registration: ['editarEnderecoCadastro', 'captcha', 'cardCampaign', 'social'],
  agency: ['editarEnderecoCadastro', 'captcha', 'social'],
  holder: [],
  contact: ['captcha'],
  address: [],
  login: ['captcha', 'cardCampaign', 'captchaAsked'],
  changePassword: [],
  forgotPassword: ['captcha'],
  resetPassword: [],
  voucher: [],
  coupon: [],
  profile: ['editarEnderecoCadastro'],
  agencyProfile: ['editarEnderecoCadastro'],
  checkinLogin: ['captchaAsked'],
  newsletter: [],
};

/** The flags only the session knows (the brand's settings decide the others). */
export const SESSION_FLAGS = [
  'social',
  'cardCampaign',
  'captchaAsked',
] as const satisfies readonly FormFlag[];
export type SessionFlag = (typeof SESSION_FLAGS)[number];

/** The session flags form `id` depends on. */
export function sessionFlagsOf(id: FormId): SessionFlag[] {
  return SESSION_FLAGS.filter((f) => FORM_FLAGS[id].includes(f));
}

/** Which of the brand's `captcha` switches turns on the captcha of a form. */
export const CAPTCHA_FLAG: Readonly<Partial<Record<FormId, 'login' | 'register' | 'contact'>>> = {
  registration: 'register',
  agency: 'register',
  login: 'login',
  forgotPassword: 'login',
  contact: 'contact',
};

/** The name of the card-BIN field: the login endpoint takes `_bin`, registration `bin`. */
const BIN_FIELD: Readonly<Partial<Record<FormId, string>>> = { registration: 'bin', login: '_bin' };
const CAPTCHA_FIELD = '_recaptcha';

/** The brand settings a form context is made from (a subset of the brand config). */
export interface BrandFormSettings {
  captcha: { login: boolean; register: boolean; contact: boolean };
  editarEnderecoCadastro: boolean;
}

/** The context of form `id` for a brand, plus what the session knows (social, campaign). */
export function brandFormContext(
  brand: BrandFormSettings,
  id: FormId,
  extra: Omit<FormContext, 'captcha' | 'editarEnderecoCadastro'> = {},
): FormContext {
  const captchaFlag = CAPTCHA_FLAG[id];
  return {
    ...extra,
    editarEnderecoCadastro: brand.editarEnderecoCadastro,
    captcha: captchaFlag ? brand.captcha[captchaFlag] : false,
  };
}

/** The flags of `ctx` that form `id` uses and are on, in {@link FORM_FLAGS} order. */
export function activeFlags(id: FormId, ctx: FormContext): FormFlag[] {
  return FORM_FLAGS[id].filter((f) => ctx[f] === true);
}

/**
 * The schema and uiSchema of form `id` under `ctx`: the address fields (required) when
 * `editarEnderecoCadastro`, `_recaptcha` when `captcha`, the card BIN when `cardCampaign`, no
 * required password when `social`, then the brand override. The result gets its own `$id`
 * (`forms/<id>.schema.json?address&captcha&brand=<id>`), so variants can live in one ajv.
 * Inputs are not modified.
 */
export function composeForm(
  id: FormId,
  ctx: FormContext = {},
): { schema: FormSchema; uiSchema: UiSchema } {
  const schema = structuredClone(BASE_FORMS[id].schema);
  const uiSchema = structuredClone(BASE_FORMS[id].uiSchema);
  const flags = activeFlags(id, ctx);
  const addField = (name: string, field: AnySchemaObject, ui: unknown, before?: string) => {
    schema.properties[name] = field;
    if (ui !== undefined) uiSchema[name] = ui;
    insertOrder(uiSchema, [name], before);
  };

  if (flags.includes('editarEnderecoCadastro')) {
    const address = BASE_FORMS.address;
    for (const name of address.uiSchema['ui:order'].filter((n) => n !== '*')) {
      addField(
        name,
        structuredClone(address.schema.properties[name]!),
        address.uiSchema[name],
        'termos',
      );
    }
    addRequired(schema, address.schema.required);
    const { if: cond, then } = address.schema;
    schema.allOf = [...((schema.allOf as AnySchemaObject[] | undefined) ?? []), { if: cond, then }];
  }
  if (flags.includes('social')) {
    schema.required = schema.required.filter((n) => n !== 'senha' && n !== 'senha2');
  }
  const bin = BIN_FIELD[id];
  if (flags.includes('cardCampaign') && bin) {
    addField(
      bin,
      { type: 'string', title: 'form.field.bin', description: 'form.help.bin', format: 'card-bin' },
      { 'ui:options': { mask: '999999', inputMode: 'numeric' } },
      'termos',
    );
    addRequired(schema, [bin]);
  }
  if (flags.includes('captcha') || flags.includes('captchaAsked')) {
    addField(
      CAPTCHA_FIELD,
      {
        type: 'string',
        title: 'form.field.recaptcha',
        minLength: 1,
        maxLength: 4000,
        'x-messages': { required: 'form.error.captcha', minLength: 'form.error.captcha' },
      },
      { 'ui:widget': 'captcha' },
    );
    addRequired(schema, [CAPTCHA_FIELD]);
  }
  if (ctx.override) applyOverride(schema, uiSchema, ctx.override);

  const variant: string[] = [...flags];
  if (ctx.override) {
    variant.push(ctx.brandId ? `brand=${encodeURIComponent(ctx.brandId)}` : 'override');
  }
  schema.$id = `forms/${id}.schema.json${variant.length > 0 ? `?${variant.join('&')}` : ''}`;
  return { schema, uiSchema };
}

function addRequired(schema: FormSchema, names: readonly string[]): void {
  for (const n of names) if (!schema.required.includes(n)) schema.required.push(n);
}

/** Puts `names` into `ui:order` before `before` (if listed), else before `*`, else at the end. */
function insertOrder(ui: UiSchema, names: readonly string[], before?: string): void {
  const order = ui['ui:order'].filter((n) => !names.includes(n));
  let at = before === undefined ? -1 : order.indexOf(before);
  if (at === -1) at = order.indexOf('*');
  if (at === -1) at = order.length;
  order.splice(at, 0, ...names);
  ui['ui:order'] = order;
}

// ---------------------------------------------------------------------------------------------
// Brand overrides (brands/<id>/forms/<form>.json, shape: schemas/form-override.schema.json)

/** A field a brand adds. */
export interface OverrideField {
  type: 'string' | 'boolean' | 'integer' | 'number';
  /** Message id of the label (`form.field.*`). */
  title: string;
  description?: string;
  [keyword: string]: unknown;
}

/** The uiSchema of one field in an override. */
export interface OverrideFieldUi {
  'ui:widget'?: WidgetName;
  'ui:options'?: Record<string, unknown>;
  'ui:placeholder'?: string;
}

/** brands/<id>/forms/<form>.json: what a brand changes in a form. */
export interface FormOverride {
  $schema?: string;
  /** New fields (names not used by the form). */
  fields?: Record<string, OverrideField>;
  /** Fields removed from the form (also from its required rules). */
  hide?: string[];
  /** Fields made required. */
  required?: string[];
  /** Fields made optional. */
  optional?: string[];
  /** The new `ui:order` (`*` for the rest). */
  order?: string[];
  /** Widget, options or placeholder per field. */
  ui?: Record<string, OverrideFieldUi>;
}

/** One thing wrong in an override, at a JSON pointer into the override file. */
export interface OverrideProblem {
  pointer: string;
  reason: string;
}

/**
 * What a JSON Schema cannot say about an override of form `id`: every name must be a field of
 * the form (or one the override adds), an added field must be new, a field cannot be both
 * required and optional, and a hidden field cannot be one another field compares with.
 * Brand-rule fields (`_recaptcha`, `bin`, address) count as fields of the form.
 */
export function overrideProblems(id: FormId, override: FormOverride): OverrideProblem[] {
  const problems: OverrideProblem[] = [];
  const all = composeForm(id, Object.fromEntries(FORM_FLAGS[id].map((f) => [f, true])));
  const base = Object.keys(all.schema.properties);
  const added = Object.keys(override.fields ?? {});
  const known = [...base, ...added];
  const hidden = override.hide ?? [];
  const unknown = (name: string) => {
    const near = closest(name, known);
    return `unknown field "${name}" of form ${id}${near ? ` (did you mean "${near}"?)` : ''}`;
  };

  for (const name of added) {
    if (base.includes(name)) {
      problems.push({
        pointer: `/fields/${pointerToken(name)}`,
        reason: `"${name}" is already a field of form ${id}; change it with "ui", "required" or "optional"`,
      });
    }
  }
  const checkNames = (list: string[] | undefined, key: string, allowStar = false) => {
    list?.forEach((name, i) => {
      if (allowStar && name === '*') return;
      if (!known.includes(name)) problems.push({ pointer: `/${key}/${i}`, reason: unknown(name) });
      else if (key !== 'hide' && hidden.includes(name)) {
        problems.push({ pointer: `/${key}/${i}`, reason: `"${name}" is hidden by "hide"` });
      }
    });
  };
  checkNames(override.hide, 'hide');
  checkNames(override.required, 'required');
  checkNames(override.optional, 'optional');
  checkNames(override.order, 'order', true);
  for (const name of Object.keys(override.ui ?? {})) {
    if (!known.includes(name))
      problems.push({ pointer: `/ui/${pointerToken(name)}`, reason: unknown(name) });
  }
  override.required?.forEach((name, i) => {
    if (override.optional?.includes(name)) {
      problems.push({
        pointer: `/required/${i}`,
        reason: `"${name}" is also listed in "optional"`,
      });
    }
  });
  hidden.forEach((name, i) => {
    for (const [other, field] of Object.entries(all.schema.properties)) {
      if (hidden.includes(other)) continue;
      const data = (field.const as { $data?: string } | undefined)?.$data;
      if (data === `1/${name}`) {
        problems.push({
          pointer: `/hide/${i}`,
          reason: `"${other}" must equal "${name}"; hide both or neither`,
        });
      }
    }
  });
  return problems;
}

/** Applies a (valid) override to a composed schema and uiSchema, in place. */
function applyOverride(schema: FormSchema, uiSchema: UiSchema, o: FormOverride): void {
  for (const [name, field] of Object.entries(o.fields ?? {})) {
    schema.properties[name] = structuredClone(field);
    insertOrder(uiSchema, [name]);
  }
  for (const name of o.hide ?? []) {
    delete schema.properties[name];
    delete uiSchema[name];
    uiSchema['ui:order'] = uiSchema['ui:order'].filter((n) => n !== name);
  }
  const hidden = new Set(o.hide ?? []);
  const optional = new Set([...(o.optional ?? []), ...hidden]);
  schema.required = schema.required.filter((n) => !optional.has(n));
  addRequired(
    schema,
    (o.required ?? []).filter((n) => !hidden.has(n)),
  );
  forgetFields(schema, hidden);
  if (o.order) {
    const order = o.order.includes('*') ? [...o.order] : [...o.order, '*'];
    uiSchema['ui:order'] = order.filter((n) => n === '*' || !hidden.has(n));
  }
  for (const [name, ui] of Object.entries(o.ui ?? {})) {
    if (hidden.has(name)) continue;
    uiSchema[name] = { ...((uiSchema[name] as object | undefined) ?? {}), ...structuredClone(ui) };
  }
}

/** Drops hidden fields from the rules across fields. */
function forgetFields(schema: FormSchema, hidden: ReadonlySet<string>): void {
  if (hidden.size === 0) return;
  const deps = schema.dependentRequired as Record<string, string[]> | undefined;
  if (deps) {
    for (const [key, list] of Object.entries(deps)) {
      const kept = list.filter((n) => !hidden.has(n));
      if (hidden.has(key) || kept.length === 0) delete deps[key];
      else deps[key] = kept;
    }
    if (Object.keys(deps).length === 0) delete schema.dependentRequired;
  }
  const any = schema['x-atLeastOneOf'] as { fields: string[]; message: string } | undefined;
  if (any) {
    const fields = any.fields.filter((n) => !hidden.has(n));
    if (fields.length === 0) delete schema['x-atLeastOneOf'];
    else any.fields = fields;
  }
  const defaults = schema['x-defaultFrom'] as Record<string, string> | undefined;
  if (defaults) {
    for (const [target, source] of Object.entries(defaults)) {
      if (hidden.has(target) || hidden.has(source)) delete defaults[target];
    }
    if (Object.keys(defaults).length === 0) delete schema['x-defaultFrom'];
  }
}

function pointerToken(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}

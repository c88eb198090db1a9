import type {
  Cadastro,
  Locale,
  NovaSenhaBody,
  RecuperarSenhaBody,
  TrocarSenhaBody,
} from '#schemas/contract.ts';

/**
 * The one place where the forms' field names (schemas/forms) meet the names the account calls
 * take at the API edge (spec §7): sign-up prefixes every field with an underscore, the password
 * calls say `oldpassword`/`password`, forgot-password says `username`/`hashcaptcha`.
 */

/** The sign-up form's data (registration or agency form, plus the brand's captcha / BIN). */
export type SignUpData = Record<string, unknown>;

const lowerEmail = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

/**
 * POST cadastro/{loginId}'s body: every filled field prefixed with `_` (`nome` → `_nome`; a field
 * already named so, `_recaptcha`, stays), e-mails in lower case (the server matches them so),
 * and for an agency `_idpessoa_tipo` with the brand's awaiting-approval type.
 */
export function toCadastroBody(
  data: SignUpData,
  agency: { idagenciaaguardando: number } | null = null,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    const v = key === 'email' || key === 'email2' ? lowerEmail(value) : value;
    body[key.startsWith('_') ? key : `_${key}`] = v;
  }
  if (agency) body._idpessoa_tipo = agency.idagenciaaguardando;
  return body;
}

/** The changePassword form (`old_password`, `senha`, `senha2`) as trocar/senha takes it. */
export function toTrocarSenhaBody(data: {
  old_password: string;
  senha: string;
  senha2: string;
}): TrocarSenhaBody {
  return { oldpassword: data.old_password, password: data.senha, password2: data.senha2 };
}

/** The forgotPassword form (`email`, `_recaptcha` when the brand asks) as recuperar/senha takes it. */
export function toRecuperarSenhaBody(data: {
  email: string;
  _recaptcha?: string;
}): RecuperarSenhaBody {
  return {
    username: data.email.trim().toLowerCase(),
    ...(data._recaptcha ? { hashcaptcha: data._recaptcha } : {}),
  };
}

/** The resetPassword form (`token` from the link, `senha`, `senha2`) as recuperar/nova takes it. */
export function toNovaSenhaBody(data: {
  token: string;
  senha: string;
  senha2: string;
}): NovaSenhaBody {
  return { token: data.token, password: data.senha, password2: data.senha2 };
}

/** The fields of the profile form (schemas/forms/profile.schema.json). */
export const PROFILE_FIELDS = [
  'nome',
  'sobrenome',
  'email',
  'celularComCodigoPais',
  'telefoneComCodigoPais',
  'nacionalidade',
  'dt_nascimento',
  'cpf',
  'passaporte',
  'empresa_cnpj',
  'empresa_razao',
  'empresa_fantasia',
  'empresa_obs',
  'end_pais',
  'end_cep',
  'end_logradouro',
  'end_numero',
  'end_complemento',
  'end_bairro',
  'end_cidade',
  'end_estado',
  'idioma',
] as const satisfies readonly (keyof Cadastro)[];

export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileData = Partial<Record<ProfileField, string>>;

/** Fields only agencies see and edit (the agency form's company fields). */
export const AGENCY_ONLY_FIELDS: readonly ProfileField[] = [
  'empresa_razao',
  'empresa_fantasia',
  'empresa_obs',
];

/**
 * GET pessoa/cadastro/dados → the profile form's data: the profile fields only, absent values
 * (null, blank) left out so the form shows them empty instead of failing their format.
 */
export function toProfileFormData(cadastro: Partial<Cadastro>): ProfileData {
  const data: ProfileData = {};
  for (const field of PROFILE_FIELDS) {
    const value = cadastro[field];
    if (typeof value === 'string' && value.trim() !== '') data[field] = value;
  }
  return data;
}

/**
 * The profile form's data → POST pessoa/cadastro/dados' body. The e-mail is not sent (it is the
 * login and is not edited here); an emptied field is left out, which the server reads as
 * "cleared" for optional fields. Only the profile's own fields go.
 */
export function toProfileBody(data: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    if (field === 'email') continue;
    const value = data[field];
    if (typeof value === 'string' && value.trim() !== '') body[field] = value;
  }
  return body;
}

/** A language the profile may store, else null. */
export function profileLocale(value: unknown, locales: readonly Locale[]): Locale | null {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
    ? (value as Locale)
    : null;
}

/**
 * The profile-completeness rule of spec §4 ("If the session is incomplete the user is sent to the
 * profile with a warning. Agencies need a company tax id or name; others need cpf, passport or
 * company tax id, and address when required"), as pure functions of the session's person.
 *
 * The login machine's `isProfileComplete` guard and the profile page both use it, so "complete"
 * means the same thing where the person is sent away and where they are let back.
 */
import type { SessaoPessoa } from '#schemas/contract.ts';

/** The brand's settings the rule depends on (brand.json `regrasDoNegocio` + `editarEnderecoCadastro`). */
export interface ProfileRules {
  /** idpessoa_tipo of an approved agency. */
  idagencia: number;
  /** idpessoa_tipo of an agency awaiting approval: it is an agency for this rule too. */
  idagenciaaguardando: number;
  /** The brand asks for an address at registration, so a session without one is incomplete. */
  editarEnderecoCadastro: boolean;
}

/**
 * Message id (locales/) of the warning the profile page shows for each gap. The login machine
 * puts one of them in its `incompleteProfile` output.
 */
export const PROFILE_WARNING = {
  /** An agency without a cnpj and without a company name. */
  company: 'login.profileWarning.company',
  /** A person without cpf, passport or cnpj. */
  document: 'login.profileWarning.document',
  /** No country or no state while the brand requires an address. */
  address: 'login.profileWarning.address',
} as const;

/** What a session's person may lack, in the order the warning names them. */
export type ProfileGap = keyof typeof PROFILE_WARNING;

/** One of the {@link PROFILE_WARNING} message ids. */
export type ProfileWarningId = (typeof PROFILE_WARNING)[ProfileGap];

/** The session fields the rule reads. */
export type ProfileFields = Pick<
  SessaoPessoa,
  | 'idpessoa_tipo'
  | 'cpf'
  | 'passaporte'
  | 'empresa_cnpj'
  | 'empresa_razao'
  | 'end_pais'
  | 'end_estado'
>;

// Blank text is as good as absent: a form may have saved spaces.
const filled = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.trim() !== '';

/** An agency, approved or awaiting approval (spec §3: agencies register with idagenciaaguardando). */
export function isAgency(
  pessoa: Pick<SessaoPessoa, 'idpessoa_tipo'>,
  rules: ProfileRules,
): boolean {
  return (
    pessoa.idpessoa_tipo === rules.idagencia || pessoa.idpessoa_tipo === rules.idagenciaaguardando
  );
}

/**
 * Everything the person's session lacks, in the order {@link PROFILE_WARNING} lists it (empty
 * when the profile is complete). The address is only asked for when the brand requires one; the
 * session carries `end_pais` and `end_estado` (not the street), so those two are the address.
 */
export function profileGaps(pessoa: ProfileFields, rules: ProfileRules): ProfileGap[] {
  const gaps: ProfileGap[] = [];
  if (isAgency(pessoa, rules)) {
    if (!filled(pessoa.empresa_cnpj) && !filled(pessoa.empresa_razao)) gaps.push('company');
  } else if (!filled(pessoa.cpf) && !filled(pessoa.passaporte) && !filled(pessoa.empresa_cnpj)) {
    gaps.push('document');
  }
  if (rules.editarEnderecoCadastro && !(filled(pessoa.end_pais) && filled(pessoa.end_estado))) {
    gaps.push('address');
  }
  return gaps;
}

/** The profile lacks nothing the brand requires (spec §4). */
export function isProfileComplete(pessoa: ProfileFields, rules: ProfileRules): boolean {
  return profileGaps(pessoa, rules).length === 0;
}

/** The warning for the first gap, or null when the profile is complete. */
export function profileWarning(
  pessoa: ProfileFields,
  rules: ProfileRules,
): ProfileWarningId | null {
  const [first] = profileGaps(pessoa, rules);
  return first === undefined ? null : PROFILE_WARNING[first];
}

import type { CepResult } from '#schemas/contract.ts';
import type { ProfileData } from './account-body';

/**
 * What a CEP answer (ViaCEP's shape) fills in the profile: street, district, city, state and
 * the country (a CEP is Brazilian). Blank answers fill nothing (a CEP of a whole city has no
 * street); an unknown CEP (`{ erro: true }`) gives null.
 */
export function cepPatch(result: CepResult): ProfileData | null {
  if ('erro' in result) return null;
  const patch: ProfileData = { end_pais: 'BR' };
  const set = (field: keyof ProfileData, value: string | undefined) => {
    if (typeof value === 'string' && value.trim() !== '') patch[field] = value.trim();
  };
  set('end_cep', result.cep);
  set('end_logradouro', result.logradouro);
  set('end_bairro', result.bairro);
  set('end_cidade', result.localidade);
  set('end_estado', result.uf);
  return patch;
}

/**
 * What a person needs before buying (spec §4, §6, §8): used by the cart before a hold.
 */
import type { LoadedBrand } from '../../schemas/brand.types';
import { ErrorCode } from '../../schemas/contract';
import { AppError } from '../errors';
import type { Pessoa } from './repository';

/**
 * Why a person cannot buy yet, as the error to answer (spec §8 codes 13087, 13225, 13227,
 * 13089), or null: an agency awaiting approval; an agency without CNPJ or company name; a
 * person without CPF, passport or CNPJ; no address where the brand requires one.
 */
export function purchaseBlock(brand: LoadedBrand, p: Pessoa): AppError | null {
  const rules = brand.brand.regrasDoNegocio;
  if (p.idpessoaTipo === rules.idagenciaaguardando) {
    return new AppError(ErrorCode.Rejected, 'error.agencyAwaiting');
  }
  if (p.idpessoaTipo === rules.idagencia) {
    if (!p.empresaCnpj && !p.empresaRazao) {
      return new AppError(ErrorCode.ProfileAgency, 'error.profileAgency');
    }
  } else if (!p.cpf && !p.passaporte && !p.empresaCnpj) {
    return new AppError(ErrorCode.ProfileDocument, 'error.profileDocument');
  }
  if (brand.brand.editarEnderecoCadastro && (!p.endPais || !p.endEstado || !p.endCidade)) {
    return new AppError(ErrorCode.ProfileAddress, 'error.profileAddress');
  }
  if (!p.nome) return new AppError(ErrorCode.ProfileIncomplete, 'error.profileIncomplete');
  return null;
}

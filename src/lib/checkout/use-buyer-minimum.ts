import { agencyMinimum } from '#schemas/agency-minimum.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import { useSession } from '#src/lib/session-store.ts';

/**
 * The fewest items the logged-in person may pay for: an approved agency's minimum by the brand's
 * business rules (spec §9), 0 for anyone else (a guest, a person, an agency still awaiting
 * approval, which cannot buy at all yet).
 */
export function useBuyerMinimum(): number {
  const rules = useBrand().regrasDoNegocio;
  const { pessoa, loggedIn } = useSession();
  return loggedIn && pessoa?.idpessoa_tipo === rules.idagencia ? agencyMinimum(rules) : 0;
}

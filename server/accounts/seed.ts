/**
 * Demo accounts, created at start for every brand (idempotent: an existing account is left as
 * it is). An individual and, where the brand takes agencies, an agency, so both price lists
 * can be tried.
 */
import { eq } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { currentVersions } from '#server/content/terms.ts';
import type { Db } from '#server/db/client.ts';
import { pessoa, termoAceite } from '#server/db/schema.ts';
import { ensurePessoa, type Pessoa } from './repository';
import { agenciesOpen } from './rules';

/** The demo individual's credentials. */
export const DEMO_PERSON = { email: 'demo@example.com', password: 'Demo@1234' } as const;
/** The demo agency's credentials. */
export const DEMO_AGENCY = { email: 'agencia@example.com', password: 'Agencia@1234' } as const;

/** Creates the demo accounts of every brand that lacks them. */
export async function seedDemoAccounts(db: Db, brands: readonly LoadedBrand[]): Promise<void> {
  for (const b of brands) {
    const made: Pessoa[] = [];
    made.push(
      await ensurePessoa(db, {
        brand: b.id,
        ...DEMO_PERSON,
        nome: 'Demo',
        sobrenome: 'Visitante',
        cpf: '52998224725',
        idpessoaTipo: 1,
        nacionalidade: 'BR',
        endEstado: 'SP',
        endPais: 'BR',
      }),
    );
    // A brand that takes no agencies gets no demo agency.
    if (agenciesOpen(b)) {
      made.push(
        await ensurePessoa(db, {
          brand: b.id,
          ...DEMO_AGENCY,
          nome: 'Agência Demo',
          idpessoaTipo: b.brand.regrasDoNegocio.idagencia,
          empresaCnpj: '11222333000181',
          empresaRazao: 'Agência Demo de Turismo Ltda',
          celularComCodigoPais: '+55 11 3000-1921',
          endEstado: 'SP',
          endPais: 'BR',
        }),
      );
    }
    // Demo accounts start confirmed and with the terms in force accepted, so they can log in
    // at once; a version published while the server runs is asked for like anyone's.
    const terms = await currentVersions(b);
    for (const p of made) {
      if (!p.emailConfirmadoEm) {
        await db.update(pessoa).set({ emailConfirmadoEm: new Date() }).where(eq(pessoa.id, p.id));
      }
      for (const v of terms) {
        await db
          .insert(termoAceite)
          .values({ idpessoa: p.id, tipo: v.tipo, versao: v.versao, idtermo: v.idtermo })
          .onConflictDoNothing();
      }
    }
  }
}

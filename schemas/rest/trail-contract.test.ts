import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import type { ConsultaRioBoiBody, DiasCompraBody, InsereRioBoiBody } from '../contract';

const schema = (call: string) =>
  JSON.parse(
    readFileSync(new URL(`./CustomUserApps.${call}.body.schema.json`, import.meta.url), 'utf8'),
  ) as object;

// Typed samples: a change to the contract's types that the schemas miss fails here or in tsc.
const valid: Record<string, unknown[]> = {
  DiasCompra: [{ iditem: 1 } satisfies DiasCompraBody, { iditem: 9, dia: '2026-03-04' }],
  InsereRioBoi: [{ iditem: 1, dia: '2026-03-04', hora: '08:30' } satisfies InsereRioBoiBody],
  ConsultaRioBoi: [
    { idmovimentacao: 3 } satisfies ConsultaRioBoiBody,
    { iditem: 4 } satisfies ConsultaRioBoiBody,
  ],
};
const invalid: Record<string, unknown[]> = {
  DiasCompra: [{}, { iditem: 0 }, { iditem: 1, dia: '2026-3-4' }, { iditem: 1, x: 1 }],
  InsereRioBoi: [
    { iditem: 1, dia: '2026-03-04' },
    { iditem: 1, dia: '2026-03-04', hora: '8:30' },
  ],
  ConsultaRioBoi: [{}, { iditem: 1, idmovimentacao: 1 }, { iditem: 'a' }, []],
};

describe('schemas/rest/CustomUserApps.*.body.schema.json (trail scheduling)', () => {
  const ajv = new Ajv2020({ strict: true });
  it.each(Object.keys(valid))('%s: compiles strictly and takes the contract’s bodies', (call) => {
    const validate = ajv.compile(schema(call));
    for (const body of valid[call]!) expect(validate(body), JSON.stringify(body)).toBe(true);
    for (const body of invalid[call]!) expect(validate(body), JSON.stringify(body)).toBe(false);
  });
});

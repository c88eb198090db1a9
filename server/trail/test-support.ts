/**
 * Test support of the trail tests (imported by `*.int.test.ts` only): a test catalogue with a
 * product that needs a scheduled slot, the three calls through `app.inject()`, and a paid ticket.
 */
import type { CatalogFile, CatalogSlots, LoadedBrand } from '#schemas/brand.types.ts';
import type {
  ApiErrorBody,
  ConsultaRioBoiBody,
  ConsultaRioBoiResult,
  DiasCompraBody,
  DiasCompraResult,
  Envelope,
  InsereRioBoiBody,
  InsereRioBoiResult,
} from '#schemas/contract.ts';
import { payApproved, type TestServer } from '#server/test/harness.ts';
import { E, P, testBrand, testCatalog } from '#server/test/test-brand.ts';

/** The product of the test catalogue that needs a slot (in the visit event). */
export const TRILHA = 105;

/**
 * The test catalogue plus product {@link TRILHA} with these slot rules (a key given as
 * undefined is left out).
 */
export function trailCatalog(
  over: { [K in keyof CatalogSlots]?: CatalogSlots[K] | undefined } = {},
): CatalogFile {
  const cat = testCatalog();
  const agendamento: CatalogSlots = {
    nome: { 'pt-BR': 'Trilha guiada', 'es-ES': 'Sendero guiado', 'en-US': 'Guided trail' },
    local: { 'pt-BR': 'Portão 9', 'es-ES': 'Puerta 9', 'en-US': 'Gate 9' },
    horarios: ['09:00', '14:00'],
    vagas: 2,
    antecedenciaDias: 10,
    antecedenciaMinimaHoras: 1,
    alteracaoAteHoras: 24,
  };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) delete (agendamento as unknown as Record<string, unknown>)[k];
    else (agendamento as unknown as Record<string, unknown>)[k] = v;
  }
  const visita = cat.events.find((e) => e.idevento === E.visita)!;
  visita.tipo_produtos[0]!.produtos.push({
    idproduto: TRILHA,
    nome: { 'pt-BR': 'Trilha', 'es-ES': 'Sendero', 'en-US': 'Trail' },
    preco: 30,
    taxa: 3,
    capacidade: 100,
    block_qtd: 10,
    agendamento,
  });
  return cat;
}

/** Brand `test-a` with {@link trailCatalog}. */
export function trailBrand(
  over: { [K in keyof CatalogSlots]?: CatalogSlots[K] | undefined } = {},
): LoadedBrand {
  return testBrand('test-a', {}, trailCatalog(over));
}

type Calls = {
  DiasCompra: [DiasCompraBody, DiasCompraResult];
  InsereRioBoi: [InsereRioBoiBody, InsereRioBoiResult];
  ConsultaRioBoi: [ConsultaRioBoiBody, ConsultaRioBoiResult];
};

/** Posts `body` to `CustomUserApps/<call>` with `token`; answers the envelope. */
export async function trailCall<C extends keyof Calls>(
  s: TestServer,
  call: C,
  body: Calls[C][0] | unknown,
  token: string | null,
  lang?: string,
): Promise<Envelope<Calls[C][1]>> {
  const res = await s.app.inject({
    method: 'POST',
    url: `/CustomUserApps/${call}${lang ? `?lang=${lang}` : ''}`,
    headers: {
      host: 'localhost',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: JSON.stringify(body),
  });
  return res.json() as Envelope<Calls[C][1]>;
}

/** The result of a call, failing the test on an error answer. */
export async function trailOk<C extends keyof Calls>(
  s: TestServer,
  call: C,
  body: Calls[C][0],
  token: string,
): Promise<Calls[C][1]> {
  const answer = await trailCall(s, call, body, token);
  if (!('result' in answer)) throw new Error(`${call} answered ${JSON.stringify(answer)}`);
  return answer.result;
}

/** The error of a call, failing the test on a result. */
export async function trailError<C extends keyof Calls>(
  s: TestServer,
  call: C,
  body: unknown,
  token: string | null,
): Promise<ApiErrorBody> {
  const answer = await trailCall(s, call, body, token);
  if (!('error' in answer)) throw new Error(`${call} answered ${JSON.stringify(answer)}`);
  return answer.error;
}

/** Holds `qtd` units of `idproduto` in the visit's first session for `token` (not paid). */
export async function holdTickets(
  s: TestServer,
  token: string,
  qtd: number,
  idproduto: number = TRILHA,
): Promise<{ idmovimentacao: number; iditens: number[] }> {
  const { apresentacoes } = await s.ok('SuperIngresso', 'getApresentacoes', [E.visita], { token });
  const held = await s.ok(
    'SuperIngresso',
    'iniciarReserva',
    [[{ idproduto, qtd }], apresentacoes[0]!.idapresentacao, []],
    { token },
  );
  const itens = await s.ok(
    'SuperIngresso',
    'getCarrinhoPageItens',
    [held.idmovimentacao, null, { api: true }],
    { token },
  );
  return { idmovimentacao: held.idmovimentacao, iditens: itens.itens.map((i) => i.iditem) };
}

/** Holds and pays `qtd` units of `idproduto` for `token`. */
export async function paidTickets(
  s: TestServer,
  token: string,
  qtd: number,
  idproduto: number = TRILHA,
): Promise<{ idmovimentacao: number; iditens: number[] }> {
  const held = await holdTickets(s, token, qtd, idproduto);
  await payApproved(s, token, held.idmovimentacao);
  return held;
}

export { P };

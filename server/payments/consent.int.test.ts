import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { idtermoOf, TERMO_COMPRA } from '#server/content/terms.ts';
import { firstRow } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import { solvedCaptcha } from '#server/test/captcha.ts';
import {
  errorOf,
  SANDBOX_CARDS,
  sandboxCard,
  startTestServer,
  type TestServer,
} from '#server/test/harness.ts';
import { E, P, testBrand } from '#server/test/test-brand.ts';

/**
 * Issue 12 item 2: the purchase terms are accepted with each payment (their current version,
 * recorded), and the captcha is solved when the brand's payment flag is on; a refusal charges
 * nothing and leaves the hold as it was.
 */
const VERSAO = '2026-01-01';
const IDTERMO = idtermoOf(TERMO_COMPRA, VERSAO);

let s: TestServer;
let dir: string;
let visita: number;
beforeAll(async () => {
  // The test brand's files plus purchase terms, in a folder of their own.
  dir = await mkdtemp(path.join(tmpdir(), 'consent-brand-'));
  await cp(fileURLToPath(new URL('../test/fixtures', import.meta.url)), dir, { recursive: true });
  const terms = path.join(dir, 'content', 'terms', String(TERMO_COMPRA));
  await mkdir(terms, { recursive: true });
  for (const locale of ['pt-BR', 'es-ES', 'en-US']) {
    await writeFile(path.join(terms, `${VERSAO}.${locale}.md`), `# Termos de compra\n\nTexto.\n`);
  }
  const base = testBrand('test-a');
  const brand: LoadedBrand = {
    ...base,
    dir,
    brand: { ...base.brand, captcha: { ...base.brand.captcha, payment: true, siteKey: '' } },
  };
  s = await startTestServer({ brands: [brand] });
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
});
afterAll(async () => {
  await s?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function holdOne(email: string) {
  const { token, pessoa } = await s.personToken(email);
  const r = await s.ok(
    'SuperIngresso',
    'iniciarReserva',
    [[{ idproduto: P.inteira, qtd: 1 }], visita, []],
    {
      token,
    },
  );
  return { token, pessoa, idmovimentacao: r.idmovimentacao };
}

async function pay(
  h: { token: string; idmovimentacao: number },
  consent: { termo?: number; captcha?: string },
  idempotencyKey = `key-${randomUUID()}`,
) {
  const cartao = await sandboxCard(s, SANDBOX_CARDS.approved);
  return s.rpc(
    'SuperIngresso',
    'iniciarPagamento',
    [h.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey, ...consent }],
    { token: h.token },
  );
}

const paymentsOf = async (idmovimentacao: number) =>
  (
    await firstRow<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM pagamento WHERE idmovimentacao = ${idmovimentacao}`,
    )
  )?.n;

describe('purchase terms and captcha on payment', () => {
  it('refuses without the current terms or without a solved captcha, charging nothing', async () => {
    const h = await holdOne('consent-refused@example.com');
    const noTerms = await pay(h, { captcha: await solvedCaptcha(s) });
    expect(errorOf(noTerms).message).toBe(t('pt-BR', 'error.purchaseTermsRequired'));
    const oldTerms = await pay(h, {
      termo: idtermoOf(TERMO_COMPRA, '2025-01-01'),
      captcha: await solvedCaptcha(s),
    });
    expect(errorOf(oldTerms).message).toBe(t('pt-BR', 'error.purchaseTermsRequired'));
    const noCaptcha = await pay(h, { termo: IDTERMO });
    expect(errorOf(noCaptcha).message).toBe(t('pt-BR', 'error.captcha'));
    const badCaptcha = await pay(h, { termo: IDTERMO, captcha: 'bm90IGEgc29sdXRpb24=' });
    expect(errorOf(badCaptcha).message).toBe(t('pt-BR', 'error.captcha'));
    expect(await paymentsOf(h.idmovimentacao)).toBe(0);
    const mov = await firstRow<{ status: string }>(
      s.db,
      sql`SELECT status FROM movimentacao WHERE id = ${h.idmovimentacao}`,
    );
    expect(mov?.status).toBe('RE');
  });

  it('pays with both, records the acceptance of that version, and a repeated key needs neither again', async () => {
    const h = await holdOne('consent-ok@example.com');
    const key = `key-${randomUUID()}`;
    const captcha = await solvedCaptcha(s);
    const paid = await pay(h, { termo: IDTERMO, captcha }, key);
    expect(paid.body).toMatchObject({ result: { status: 'approved' } });
    const aceite = await firstRow<{ versao: string; idtermo: number }>(
      s.db,
      sql`SELECT versao, idtermo FROM termo_aceite WHERE idpessoa = ${h.pessoa.id} AND tipo = ${TERMO_COMPRA}`,
    );
    expect(aceite).toEqual({ versao: VERSAO, idtermo: IDTERMO });
    // A retry of the same attempt (the answer was lost): the same captcha is spent, the stored
    // answer comes back, nothing is charged twice.
    const again = await pay(h, { termo: IDTERMO, captcha }, key);
    expect(again.body).toEqual(paid.body);
    expect(await paymentsOf(h.idmovimentacao)).toBe(1);
  });
});

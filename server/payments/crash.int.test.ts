// Crash safety under SIGKILL (PostgreSQL suite only): the real server, as `npm start` runs it, is
// killed at random moments while buyers pay, restarted, and its start-up recovery
// (payments/recovery.ts) settles what the dead process left. Buyers whose request died retry with
// a new key, as a person would. Then the database is counted: no order charged twice, no order
// charged without its tickets, no units held with nothing left to release them.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { loadBrands } from '#server/brands/loader.ts';
import { currentVersion, TERMO_COMPRA } from '#server/content/terms.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { makeBuyers, openTestDb, SANDBOX_CARDS, type TestDb } from '#server/test/harness.ts';
import { TEST_CARDS } from './sandbox/cards';

const PRODUCT = 101;
/**
 * Units per purchase. One: a hold whose answer a kill cut is made again by its buyer, and the
 * first hold is only released when it expires, so the session (capacity 50) needs room for
 * those too (with two units each, 24 buyers left 2 spare units and the loop could sell out).
 */
const UNITS = 1;
/** Purchases begun (each pays at least once; a killed one pays again). */
const BUYERS = 24;
/** New purchases per round; each round ends in a SIGKILL at a random moment. */
const PER_ROUND = 4;
/** The sandbox answers a card charge this long after making it: the window a kill can hit. */
const CHARGE_DELAY_MS = 250;
/**
 * Crash-point loops: each pays once, dies at CRASH_AT=after-charge and restarts. A start of the
 * real server is most of a loop's time (about 10 s), so the suite runs a few; the soak of many
 * is `npm run bench:crash` (CRASH_LOOPS sets the number).
 */
const LOOPS = Number(process.env.CRASH_LOOPS ?? 5);
const TIMEOUT_CARD = Object.entries(TEST_CARDS).find(([, o]) => o === 'timeout')![0];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('Storefront ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) during start`)));
  });
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Answer = { result?: unknown; error?: { code: number; message: string } };

/** One buyer's purchase: the order once held, and whether it ended (tickets, or refused). */
interface Purchase {
  token: string;
  numero: string;
  idmovimentacao?: number;
  done: boolean;
  attempts: number;
}

describe.runIf(inject('databaseUrl') !== '')(
  'crash safety: the server killed during payments',
  () => {
    let tdb: TestDb;
    let brand: LoadedBrand;
    let work: string;
    let env: Record<string, string>;
    let child: ChildProcess | undefined;

    beforeAll(async () => {
      tdb = await openTestDb();
      work = await mkdtemp(path.join(os.tmpdir(), 'sf-crash-'));
      // The demo brand, without the optional checkout steps that are not under test.
      const brandsDir = path.join(work, 'brands');
      await cp('brands/museu-aurora', path.join(brandsDir, 'museu-aurora'), { recursive: true });
      const file = path.join(brandsDir, 'museu-aurora', 'brand.json');
      const json = JSON.parse(await readFile(file, 'utf8'));
      delete json.payments.refundable;
      await writeFile(file, JSON.stringify(json, null, 2));
      brand = (await loadBrands(brandsDir))[0]!;
      env = {
        DATABASE_URL: tdb.url!,
        DATA_DIR: path.join(work, 'data'),
        DIST_DIR: path.join(work, 'no-dist'),
        BRANDS_DIR: brandsDir,
        PORT: String(await freePort()),
        // Every attempt the dead process left is settled at the next start.
        PAYMENT_RECOVERY_SECONDS: '0',
        SANDBOX_CHARGE_DELAY_MS: String(CHARGE_DELAY_MS),
      };
    }, 60_000);

    afterAll(async () => {
      if (child) await stop(child, 'SIGTERM');
      await tdb?.drop();
      if (work) await rm(work, { recursive: true, force: true });
    });

    it(`${BUYERS}+ card payments, SIGKILL at random moments: 0 double charges, 0 paid without tickets, 0 units held forever`, async () => {
      const started = Date.now();
      child = await startServer(env);
      const base = `http://127.0.0.1:${env.PORT}`;
      const session = await firstRow<{ id: number }>(
        tdb.db,
        sql`SELECT a.id FROM apresentacao a JOIN estoque e ON e.idapresentacao = a.id
          WHERE a.brand = ${brand.id} AND e.idproduto = ${PRODUCT} AND a.ativo
            AND a.dthr > now() + interval '1 day'
          ORDER BY a.dthr LIMIT 1`,
      );
      const sessao = session!.id;
      const termo = (await currentVersion(brand, TERMO_COMPRA))?.idtermo;
      const tokens = await makeBuyers(tdb.db, brand, BUYERS);
      // One in four cards times out at the gateway (charged, no answer): recovery settles those too.
      const purchases: Purchase[] = tokens.map((token, i) => ({
        token,
        numero: i % 4 === 3 ? TIMEOUT_CARD : SANDBOX_CARDS.approved,
        done: false,
        attempts: 0,
      }));

      const rpc = (method: string, params: unknown[], token: string) =>
        fetch(`${base}/router.php?method=${method}&class=SuperIngresso`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ class: 'SuperIngresso', method, params }),
        }).then((r) => r.json() as Promise<Answer>);

      let payments = 0;
      /** Runs a purchase to its end; a request cut by the kill throws (the buyer tries again). */
      async function purchase(p: Purchase): Promise<void> {
        if (p.idmovimentacao === undefined) {
          const held = await rpc(
            'iniciarReserva',
            [[{ idproduto: PRODUCT, qtd: UNITS }], sessao, []],
            p.token,
          );
          const r = held.result as { idmovimentacao: number } | undefined;
          if (!r) throw new Error(`hold refused: ${JSON.stringify(held)}`);
          p.idmovimentacao = r.idmovimentacao;
        }
        const tok = (await fetch(`${base}/sandbox-gateway/v1/tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            publicKey: `pk_sandbox_${brand.id}`,
            numero: p.numero,
            titular: 'Demo Visitante',
            validade: '12/39',
            cvv: '123',
          }),
        }).then((r) => r.json())) as Answer;
        payments++;
        p.attempts++;
        const paid = await rpc(
          'iniciarPagamento',
          [
            p.idmovimentacao,
            1,
            '',
            tok.result,
            { parcelas: 1, idempotencyKey: randomUUID(), ...(termo ? { termo } : {}) },
          ],
          p.token,
        );
        // A retry after recovery: the order was completed, or the cart is back (pay again), or the
        // hold was released (nothing to pay).
        if (paid.error) {
          p.done = true;
          return;
        }
        await rpc('concluirPagamento', [{ idmovimentacao: p.idmovimentacao }], p.token);
        p.done = true;
      }

      let kills = 0;
      const ROUNDS = Math.ceil(BUYERS / PER_ROUND);
      for (let round = 0; round < ROUNDS; round++) {
        // The buyers whose purchase the last kill cut, and the next new ones.
        const batch = [
          ...purchases.filter((p) => !p.done && p.attempts > 0),
          ...purchases.filter((p) => !p.done && p.attempts === 0).slice(0, PER_ROUND),
        ];
        const running = batch.map(async (p, i) => {
          await sleep(i * 40);
          await purchase(p).catch(() => undefined);
        });
        // Killed at a random moment of the round: before, during or after a charge.
        await sleep(randomInt(20, 40 * batch.length + CHARGE_DELAY_MS + 250));
        await stop(child, 'SIGKILL');
        kills++;
        await Promise.all(running);
        // The next start settles what the dead process left (recovery runs before it listens).
        child = await startServer(env);
      }
      // The purchases the last kill cut end on the live server (their orders settled by recovery).
      await Promise.all(purchases.filter((p) => !p.done).map((p) => purchase(p)));
      // Stopped and started once more: recovery at start settles the last timeouts.
      await stop(child, 'SIGTERM');
      child = await startServer(env);

      const [counts] = await rows<{
        double_charges: number;
        paid_without_tickets: number;
        units_held_forever: number;
        payments_in_progress: number;
        counter_drift: number;
        approved_charges: number;
        refunded_charges: number;
        orders_paid: number;
      }>(
        tdb.db,
        sql`WITH charged AS (
            SELECT p.idmovimentacao, c.status FROM sandbox_cobranca_cartao c
            JOIN pagamento p ON p.idempotency_key = c.idempotency_key)
          SELECT
            (SELECT count(*) FROM (SELECT idmovimentacao FROM charged WHERE status = 'approved'
              GROUP BY idmovimentacao HAVING count(*) > 1) x)::int AS double_charges,
            (SELECT count(DISTINCT c.idmovimentacao) FROM charged c
              JOIN movimentacao m ON m.id = c.idmovimentacao
              WHERE c.status = 'approved' AND (m.status <> 'PA' OR EXISTS (
                SELECT 1 FROM movimentacao_item i LEFT JOIN ingresso g ON g.iditem = i.id
                WHERE i.idmovimentacao = m.id AND i.status <> 'CA' AND g.id IS NULL)))::int
              AS paid_without_tickets,
            (SELECT count(*) FROM movimentacao_item i JOIN movimentacao m ON m.id = i.idmovimentacao
              WHERE i.status <> 'CA' AND m.status IN ('RE','TP','AP')
                AND (m.dthr_exp IS NULL OR EXISTS (SELECT 1 FROM pagamento p
                  WHERE p.idmovimentacao = m.id
                    AND p.status IN ('processing','unknown','refunding'))))::int
              AS units_held_forever,
            (SELECT count(*) FROM pagamento
              WHERE status IN ('processing','unknown','refunding'))::int AS payments_in_progress,
            (SELECT coalesce(sum(abs(e.reservados - (SELECT count(*) FROM movimentacao_item i
                JOIN movimentacao m ON m.id = i.idmovimentacao
                WHERE i.idestoque = e.id AND i.status <> 'CA'
                  AND m.status IN ('RE','TP','AP','PA')))), 0) FROM estoque e)::int AS counter_drift,
            (SELECT count(*) FROM charged WHERE status = 'approved')::int AS approved_charges,
            (SELECT count(*) FROM charged WHERE status = 'refunded')::int AS refunded_charges,
            (SELECT count(*) FROM movimentacao WHERE status = 'PA')::int AS orders_paid`,
      );
      const [recovered] = await rows<{ n: number }>(
        tdb.db,
        sql`SELECT count(*)::int AS n FROM outbox WHERE kind = 'payment_confirmed'`,
      );
      const summary = {
        payments,
        kills,
        rounds: ROUNDS,
        seconds: Math.round((Date.now() - started) / 100) / 10,
        ordersPaid: counts!.orders_paid,
        approvedCharges: counts!.approved_charges,
        refundedCharges: counts!.refunded_charges,
        concludedByRecovery: recovered!.n,
        doubleCharges: counts!.double_charges,
        paidWithoutTickets: counts!.paid_without_tickets,
        unitsHeldForever: counts!.units_held_forever,
        paymentsInProgress: counts!.payments_in_progress,
        counterDrift: counts!.counter_drift,
      };
      console.log(`crash safety: ${JSON.stringify(summary)}`);
      expect(payments).toBeGreaterThanOrEqual(20);
      expect(kills).toBeGreaterThanOrEqual(6);
      expect({
        doubleCharges: summary.doubleCharges,
        paidWithoutTickets: summary.paidWithoutTickets,
        unitsHeldForever: summary.unitsHeldForever,
        paymentsInProgress: summary.paymentsInProgress,
        counterDrift: summary.counterDrift,
      }).toEqual({
        doubleCharges: 0,
        paidWithoutTickets: 0,
        unitsHeldForever: 0,
        paymentsInProgress: 0,
        counterDrift: 0,
      });
      // Every charge the gateway kept is an order with its tickets.
      expect(summary.approvedCharges).toBe(summary.ordersPaid);
    }, 120_000);

    it(
      `${LOOPS} loops: CRASH_AT=after-charge kills the server after the gateway recorded the charge, recovery concludes it: 0 double charges, 0 lost paid orders, 0 oversold`,
      async () => {
        const started = Date.now();
        const crashEnv = { ...env, CRASH_AT: 'after-charge', SANDBOX_CHARGE_DELAY_MS: '0' };
        if (child) await stop(child, 'SIGTERM');
        const startTimes: number[] = [];
        const start = async () => {
          const t0 = Date.now();
          const c = await startServer(crashEnv);
          startTimes.push(Date.now() - t0);
          return c;
        };
        // The first start syncs the catalogue.
        child = await start();
        // The session's stock (every start syncs its capacity from the catalogue).
        const session = await firstRow<{ id: number; estoque: number }>(
          tdb.db,
          sql`SELECT a.id, e.id AS estoque FROM apresentacao a
          JOIN estoque e ON e.idapresentacao = a.id
          WHERE a.brand = ${brand.id} AND e.idproduto = ${PRODUCT} AND a.ativo
            AND a.dthr > now() + interval '1 day'
          ORDER BY a.dthr LIMIT 1`,
        );
        const sessao = session!.id;
        const termo = (await currentVersion(brand, TERMO_COMPRA))?.idtermo;
        const tokens = await makeBuyers(tdb.db, brand, LOOPS);
        const base = `http://127.0.0.1:${env.PORT}`;
        const rpc = (method: string, params: unknown[], token: string) =>
          fetch(`${base}/router.php?method=${method}&class=SuperIngresso`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ class: 'SuperIngresso', method, params }),
          }).then((r) => r.json() as Promise<Answer>);
        const pay = async (idmovimentacao: number, token: string) => {
          const tok = (await fetch(`${base}/sandbox-gateway/v1/tokens`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              publicKey: `pk_sandbox_${brand.id}`,
              numero: SANDBOX_CARDS.approved,
              titular: 'Demo Visitante',
              validade: '12/39',
              cvv: '123',
            }),
          }).then((r) => r.json())) as Answer;
          return rpc(
            'iniciarPagamento',
            [
              idmovimentacao,
              1,
              '',
              tok.result,
              { parcelas: 1, idempotencyKey: randomUUID(), ...(termo ? { termo } : {}) },
            ],
            token,
          );
        };
        let landed = 0;
        let conclusions = 0;
        const orders: number[] = [];
        for (const token of tokens) {
          const held = await rpc(
            'iniciarReserva',
            [[{ idproduto: PRODUCT, qtd: 1 }], sessao, []],
            token,
          );
          const id = (held.result as { idmovimentacao: number }).idmovimentacao;
          orders.push(id);
          const exited = new Promise<NodeJS.Signals | null>((r) =>
            child!.once('exit', (_code, signal) => r(signal)),
          );
          // The request dies with the server: the buyer sees no answer.
          await pay(id, token).catch(() => undefined);
          expect(await exited).toBe('SIGKILL');
          // The kill landed after the gateway's record and before ours: charged, still in progress.
          const [at] = await rows<{ ours: string; gateway: string | null }>(
            tdb.db,
            sql`SELECT p.status AS ours, c.status AS gateway FROM pagamento p
            LEFT JOIN sandbox_cobranca_cartao c ON c.idempotency_key = p.idempotency_key
            WHERE p.idmovimentacao = ${id}`,
          );
          if (at?.ours === 'processing' && at.gateway === 'approved') landed++;
          // Restarted (with the crash point still armed: recovery charges nothing); recovery at
          // start concludes the order. The buyer, back, tries to pay again and collects the tickets.
          child = await start();
          await pay(id, token);
          const done = await rpc('concluirPagamento', [{ idmovimentacao: id }], token);
          if ((done.result as { status?: string } | undefined)?.status === 'PA') conclusions++;
        }
        await stop(child, 'SIGTERM');
        child = undefined;
        const [counts] = await rows<{
          double_charges: number;
          lost_paid: number;
          sold: number;
          capacidade: number;
          reservados: number;
          counted: number;
          charges: number;
        }>(
          tdb.db,
          // The loop's own orders only (the test above used the same stock), one row per charge.
          sql`WITH charged AS (
            SELECT p.idmovimentacao, c.status FROM sandbox_cobranca_cartao c
            JOIN pagamento p ON p.idempotency_key = c.idempotency_key
            WHERE p.idmovimentacao IN (${sql.join(
              orders.map((o) => sql`${o}`),
              sql`, `,
            )}))
          SELECT
            (SELECT count(*) FROM (SELECT idmovimentacao FROM charged WHERE status = 'approved'
              GROUP BY idmovimentacao HAVING count(*) > 1) x)::int AS double_charges,
            (SELECT count(DISTINCT c.idmovimentacao) FROM charged c
              JOIN movimentacao m ON m.id = c.idmovimentacao
              WHERE c.status = 'approved' AND (m.status <> 'PA' OR EXISTS (
                SELECT 1 FROM movimentacao_item i LEFT JOIN ingresso g ON g.iditem = i.id
                WHERE i.idmovimentacao = m.id AND i.status <> 'CA' AND g.id IS NULL)))::int
              AS lost_paid,
            (SELECT count(*) FROM movimentacao_item i JOIN movimentacao m ON m.id = i.idmovimentacao
              WHERE i.idestoque = ${session!.estoque} AND i.status <> 'CA'
                AND m.status IN ('PA','AP'))::int AS sold,
            (SELECT count(*) FROM movimentacao_item i JOIN movimentacao m ON m.id = i.idmovimentacao
              WHERE i.idestoque = ${session!.estoque} AND i.status <> 'CA'
                AND m.status IN ('RE','TP','AP','PA'))::int AS counted,
            (SELECT capacidade FROM estoque WHERE id = ${session!.estoque}) AS capacidade,
            (SELECT reservados FROM estoque WHERE id = ${session!.estoque}) AS reservados,
            (SELECT count(*) FROM charged WHERE status = 'approved')::int AS charges`,
        );
        const summary = {
          loops: LOOPS,
          landed,
          conclusions,
          seconds: Math.round((Date.now() - started) / 100) / 10,
          startMs: {
            min: Math.min(...startTimes),
            median: [...startTimes].sort((a, b) => a - b)[Math.floor(startTimes.length / 2)],
            max: Math.max(...startTimes),
          },
          ...counts,
        };
        console.log(`crash at after-charge: ${JSON.stringify(summary)}`);
        expect(landed).toBe(LOOPS);
        expect(conclusions).toBe(LOOPS);
        expect(counts).toMatchObject({ double_charges: 0, lost_paid: 0, charges: LOOPS });
        expect(counts!.sold).toBeLessThanOrEqual(counts!.capacidade);
        expect(counts!.reservados).toBe(counts!.counted);
        expect(counts!.counted).toBeLessThanOrEqual(counts!.capacidade);
      },
      LOOPS * 60_000,
    );
  },
);

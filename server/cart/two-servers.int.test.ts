// Many servers, one database (PostgreSQL suite only): two real server processes, as `npm start`
// runs them, share one PostgreSQL. Everything that must hold across instances (inventory,
// expiry) lives in the database, so neither process can oversell or release a hold twice.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { loadBrands } from '#server/brands/loader.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import {
  counterOf,
  makeBuyers,
  openTestDb,
  type TestDb,
  unitsTaken,
} from '#server/test/harness.ts';

const BUYERS = 2000;
const CAPACITY = 1000;
const AT_ONCE = 200;
const PRODUCT = 101;

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

function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
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

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Runs `calls`, `limit` at a time, and returns their answers in order. */
async function inBatches<T>(calls: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const out = new Array<T>(calls.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < calls.length) {
        const i = next++;
        out[i] = await calls[i]!();
      }
    }),
  );
  return out;
}

type Answer = { result?: unknown; error?: { code: number; message: string } };

describe.runIf(inject('databaseUrl') !== '')('two server processes, one PostgreSQL', () => {
  let tdb: TestDb;
  let brand: LoadedBrand;
  let work: string;
  const children: ChildProcess[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    tdb = await openTestDb();
    // The default brand: the one 127.0.0.1 answers for (the repository holds two).
    brand = (await loadBrands('brands')).find((b) => b.brand.default)!;
    work = await mkdtemp(path.join(os.tmpdir(), 'sf-two-servers-'));
    ports.push(await freePort(), await freePort());
    children.push(
      ...(await Promise.all(
        ports.map((port, i) =>
          startServer(port, {
            DATABASE_URL: tdb.url!,
            DATA_DIR: path.join(work, `data-${i}`),
            DIST_DIR: path.join(work, 'no-dist'),
          }),
        ),
      )),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map(stopServer));
    await tdb?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const rpc = (port: number, cls: string, method: string, params: unknown[], token: string) =>
    fetch(`http://127.0.0.1:${port}/router.php?method=${method}&class=${cls}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ class: cls, method, params }),
    }).then((r) => r.json() as Promise<Answer>);

  it('2,000 holds by distinct buyers over both never oversell; expiry by both releases each once', async () => {
    // The servers synced the catalogue at start; the sale's capacity is set after that.
    const session = await firstRow<{ id: number }>(
      tdb.db,
      sql`SELECT a.id FROM apresentacao a JOIN estoque e ON e.idapresentacao = a.id
          WHERE a.brand = ${brand.id} AND e.idproduto = ${PRODUCT} AND a.ativo
            AND a.dthr > now() + interval '1 day'
          ORDER BY a.dthr LIMIT 1`,
    );
    const sessao = session!.id;
    await tdb.db.execute(sql`UPDATE estoque SET capacidade = ${CAPACITY}
                             WHERE idapresentacao = ${sessao} AND idproduto = ${PRODUCT}`);
    const buyers = await makeBuyers(tdb.db, brand, BUYERS);

    const answers = await inBatches(
      buyers.map(
        (token, i) => () =>
          rpc(
            ports[i % 2]!,
            'SuperIngresso',
            'iniciarReserva',
            [[{ idproduto: PRODUCT, qtd: 1 }], sessao, []],
            token,
          ),
      ),
      AT_ONCE,
    );
    const held = answers.filter((a) => a.result !== undefined).length;
    const refused = answers.filter((a) => a.error?.message === 'Ingressos indisponíveis!').length;
    expect({ held, refused }).toEqual({ held: CAPACITY, refused: BUYERS - CAPACITY });
    expect(await unitsTaken(tdb.db, sessao, PRODUCT)).toBe(CAPACITY);
    expect(await counterOf(tdb.db, sessao, PRODUCT)).toBe(CAPACITY);

    // Every hold's time runs out; then each buyer's cart is read on both servers at once (a
    // cart read expires the person's holds), so every hold is released by two racing processes.
    await tdb.db.execute(sql`UPDATE movimentacao SET dthr_exp = now() - interval '1 second'
                             WHERE status = 'RE'`);
    const holders = buyers.filter((_, i) => answers[i]!.result !== undefined);
    const reads = await inBatches(
      holders.flatMap((token) =>
        ports.map(
          (port) => () => rpc(port, 'SuperIngressoWeb', 'getCarrinhoQtdReservados', [], token),
        ),
      ),
      AT_ONCE,
    );
    expect(reads.every((r) => JSON.stringify(r) === JSON.stringify({ result: { qtd: 0 } }))).toBe(
      true,
    );
    const statuses = await rows<{ status: string; n: number }>(
      tdb.db,
      sql`SELECT status, count(*)::int AS n FROM movimentacao GROUP BY status`,
    );
    expect(statuses).toEqual([{ status: 'EX', n: CAPACITY }]);
    expect(await unitsTaken(tdb.db, sessao, PRODUCT)).toBe(0);
    // Released exactly once each: a second release would have gone below zero and failed.
    expect(await counterOf(tdb.db, sessao, PRODUCT)).toBe(0);
  }, 90_000);

  it('a token logged out on one server stops working on the other at once (NOTIFY), not after the cache', async () => {
    const [token] = await makeBuyers(tdb.db, brand, 1);
    const cart = () => rpc(ports[1]!, 'SuperIngresso', 'getCarrinhoPage', [], token!);
    // The second server has the session in its cache now.
    expect(await cart()).toEqual({ result: null });
    expect(await cart()).toEqual({ result: null });
    const out = await fetch(`http://127.0.0.1:${ports[0]}/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    const started = Date.now();
    let answer = await cart();
    while (answer.error === undefined && Date.now() - started < 5000) answer = await cart();
    expect(answer.error?.code).toBe(1);
    // Well within the cache's 10 s: the notification, not the expiry, ended it.
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

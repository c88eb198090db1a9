// Cluster mode (PostgreSQL suite only): the server started with WORKERS=2, as an operator would
// start it, hands new connections to both workers in turn, holds through it, starts a worker that
// died again, and stops everything on SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoadedBrand } from '../schemas/brand.types';
import { loadBrands } from './brands/loader';
import { firstRow } from './db/sql';
import { makeBuyers, openTestDb, type TestDb, unitsTaken } from './test/harness';

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

type Answer = { result?: unknown; error?: { code: number; message: string } };

/** One router.php call on a connection of its own (agent: false), as a new visitor makes it. */
function rpc(port: number, method: string, params: unknown[], token?: string): Promise<Answer> {
  const body = JSON.stringify({ class: 'SuperIngresso', method, params });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/router.php?method=${method}&class=SuperIngresso`,
        agent: false,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve(JSON.parse(text) as Answer));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(inject('databaseUrl') !== '')('cluster mode: WORKERS=2 on one PostgreSQL', () => {
  let tdb: TestDb;
  let brand: LoadedBrand;
  let work: string;
  let port: number;
  let primary: ChildProcess;
  /** Every line the primary and its workers printed so far. */
  const lines: string[] = [];
  /** Resolves when a printed line matches `re` (lines printed before count too). */
  const printed = (re: RegExp, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      const started = Date.now();
      const look = () => {
        const hit = lines.find((l) => re.test(l));
        if (hit) return resolve(hit);
        if (primary.exitCode !== null) return reject(new Error(`exited (${primary.exitCode})`));
        if (Date.now() - started > timeoutMs) return reject(new Error(`no line ${re} in time`));
        setTimeout(look, 50);
      };
      look();
    });
  /**
   * The processes whose request logs (LOG_LEVEL=info) show they answered the `count` requests
   * made after line `from` (a log line may arrive a moment after its answer).
   */
  const answeredBy = async (from: number, count: number) => {
    const done = () => lines.slice(from).filter((l) => l.includes('"request completed"'));
    const started = Date.now();
    while (done().length < count && Date.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 20));
    }
    return new Set(done().map((l) => (JSON.parse(l) as { pid: number }).pid));
  };

  beforeAll(async () => {
    tdb = await openTestDb();
    brand = (await loadBrands('brands')).find((b) => b.brand.default)!;
    work = await mkdtemp(path.join(os.tmpdir(), 'sf-cluster-'));
    port = await freePort();
    primary = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        WORKERS: '2',
        DATABASE_URL: tdb.url!,
        DATA_DIR: path.join(work, 'data'),
        DIST_DIR: path.join(work, 'no-dist'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let rest = '';
    primary.stdout!.on('data', (d) => {
      const parts = (rest + d).split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
    });
    await printed(/Storefront ready at .* \(2 workers\)/, 110_000);
  }, 120_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null) {
      const exited = new Promise((r) => primary.once('exit', r));
      primary.kill('SIGTERM');
      await exited;
    }
    await tdb?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('hands new connections to both workers, and a hold through them counts once', async () => {
    const session = await firstRow<{ id: number }>(
      tdb.db,
      sql`SELECT a.id FROM apresentacao a JOIN estoque e ON e.idapresentacao = a.id
          WHERE a.brand = ${brand.id} AND e.idproduto = ${PRODUCT} AND a.ativo
            AND a.dthr > now() + interval '1 day'
          ORDER BY a.dthr LIMIT 1`,
    );
    const from = lines.length;
    for (let i = 0; i < 6; i++) {
      expect((await rpc(port, 'getProdutos', [session!.id])).result).toBeDefined();
    }
    const [token] = await makeBuyers(tdb.db, brand, 1);
    const hold = await rpc(
      port,
      'iniciarReserva',
      [[{ idproduto: PRODUCT, qtd: 1 }], session!.id, []],
      token,
    );
    expect(hold.error).toBeUndefined();
    expect(await unitsTaken(tdb.db, session!.id, PRODUCT)).toBe(1);
    // Pino logs each request with its process: two workers answered, never the primary.
    const pids = await answeredBy(from, 7);
    expect(pids.size).toBe(2);
    expect(pids.has(primary.pid!)).toBe(false);
  });

  it('starts a worker that died again, and SIGTERM stops the workers and the primary', async () => {
    const from = lines.length;
    for (let i = 0; i < 2; i++) await rpc(port, 'getEventos', []);
    const [victim, other] = [...(await answeredBy(from, 2))];
    process.kill(victim!, 'SIGKILL');
    await printed(/Worker \d \(process \d+\) serves again/, 60_000);
    const after = lines.length;
    for (let i = 0; i < 4; i++) expect((await rpc(port, 'getEventos', [])).result).toBeDefined();
    const now = await answeredBy(after, 4);
    expect(now.size).toBe(2);
    expect(now.has(other!)).toBe(true);
    expect(now.has(victim!)).toBe(false);

    const exited = new Promise<number | null>((r) => primary.once('exit', (code) => r(code)));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of now) expect(alive(pid)).toBe(false);
  }, 70_000);
});

// `npm run bench:reserve`: a flash sale. N buyers, each with an account and a session of its own,
// hold 1 unit each of one product of capacity C, CONCURRENCY at a time, through the real HTTP
// API (router.php SuperIngresso.iniciarReserva, as the storefront calls it), on PGlite with one
// server and on PostgreSQL with one and with two server processes, each both direct and through
// HAProxy (the production shape, docs/production.md: a generated haproxy.cfg in front of the
// servers, `haproxy` from Debian's package; the rows through it are skipped, and said so, when
// the binary is absent). Prints requests per second,
// p50/p99 latency, the oversold count read from the database (sold + held − capacity) and the
// time to sell out; beside it the database's own limit measured the same way: a bare
// conditional-update transaction (BEGIN; UPDATE … SET held = held + 1 WHERE held + sold < cap;
// COMMIT), CONCURRENCY at a time. Before the sale each server serves catalogue reads and 100 holds
// of other buyers on another session (not counted). Numbers, not pass/fail.
//
// Env: BENCH_N (3000), BENCH_C (1000), BENCH_CONCURRENCY (100), BENCH_COLD_CONNECTIONS (1: the
// sale opens its connections as it starts, see flashSale), BENCH_SCENARIOS
// (pglite,pg1,pg2), BENCH_VIA (direct,haproxy), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres: a server where
// a scratch database is created and dropped), BENCH_PORT (18290; the second server +1, HAProxy
// +10),
// BENCH_NODE_ARGS (extra node flags for the servers).
// Run with tsx (the setup imports the server's modules): node --import tsx tests/bench/reserve.bench.mjs
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadBrands } from '../../server/brands/loader.ts';
import { syncCatalog } from '../../server/catalog/sync.ts';
import { currentVersions } from '../../server/content/terms.ts';
import { openDb } from '../../server/db/client.ts';

const root = new URL('../..', import.meta.url).pathname;
const N = Number(process.env.BENCH_N ?? 3000);
const C = Number(process.env.BENCH_C ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const COLD_CONNECTIONS = process.env.BENCH_COLD_CONNECTIONS === '1';
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'pglite,pg1,pg2').split(',').map((s) => s.trim());
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 18290);
const PROXY_PORT = PORT + 10;
const VIA = (process.env.BENCH_VIA ?? 'direct,haproxy').split(',').map((s) => s.trim());
/** Whether the `haproxy` binary is there (Debian: apt-get install haproxy). */
const HAS_HAPROXY = spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
const BRAND = 'museu-aurora';
const EVENT = 1;
const PRODUCT = 101;

const work = mkdtempSync(join(tmpdir(), 'bench-reserve-'));
const distDir = join(work, 'no-dist');
mkdirSync(distDir);

// A copy of the demo brand whose first event's first product has capacity C (the catalogue sync
// at every start reads it from the files, so the capacity must be there, not only in the table).
const brandsDir = join(work, 'brands');
cpSync(join(root, 'brands', BRAND), join(brandsDir, BRAND), { recursive: true });
const catalogPath = join(brandsDir, BRAND, 'catalog.json');
const catalog = JSON.parse(readFileSync(catalogPath, 'utf8'));
const event = catalog.events.find((e) => e.idevento === EVENT);
for (const t of event.tipo_produtos) {
  for (const p of t.produtos) if (p.idproduto === PRODUCT) p.capacidade = C;
}
writeFileSync(catalogPath, JSON.stringify(catalog, null, 2));
const brands = await loadBrands(brandsDir);
const brand = brands.find((b) => b.id === BRAND);

const sha256 = (s) => createHash('sha256').update(s).digest('hex');

/** Holds made on another session of the product before the sale, per server (not counted). */
const WARM_HOLDS = 100;

/**
 * Migrates, syncs the catalogue and makes N buyers with a session each, and 2 × WARM_HOLDS
 * more for the warm-up; not timed.
 */
async function prepare(db) {
  await syncCatalog(db, brands);
  const [session, other] = (
    await db.$client.query(
      `SELECT a.id FROM apresentacao a JOIN estoque e ON e.idapresentacao = a.id
       WHERE a.brand = $1 AND a.idevento = $2 AND e.idproduto = $3 AND a.ativo
         AND a.dthr > now() + interval '1 day'
       ORDER BY a.dthr LIMIT 2`,
      [BRAND, EVENT, PRODUCT],
    )
  ).rows;
  const tokens = Array.from({ length: N + 2 * WARM_HOLDS }, () =>
    randomBytes(32).toString('base64url'),
  );
  const emails = tokens.map((_, i) => `buyer${i}@bench.example`);
  const ids = (
    await db.$client.query(
      `INSERT INTO pessoa (brand, email, senha_hash, nome, sobrenome, cpf, idpessoa_tipo,
         end_pais, end_estado, end_cidade, email_confirmado_em)
       SELECT $1, e, 'x', 'Buyer', 'Bench', '52998224725', 1, 'BR', 'SP', 'São Paulo', now()
       FROM unnest($2::text[]) WITH ORDINALITY AS u(e, n) ORDER BY n
       RETURNING id`,
      [BRAND, emails],
    )
  ).rows.map((r) => r.id);
  await db.$client.query(
    `INSERT INTO sessao (token_hash, idpessoa, expires_at)
     SELECT h, p, now() + interval '1 day' FROM unnest($1::text[], $2::int[]) AS u(h, p)`,
    [tokens.map(sha256), ids],
  );
  for (const v of await currentVersions(brand)) {
    await db.$client.query(
      `INSERT INTO termo_aceite (idpessoa, tipo, versao, idtermo)
       SELECT p, $2, $3, $4 FROM unnest($1::int[]) AS u(p)`,
      [ids, v.tipo, v.versao, v.idtermo],
    );
  }
  return {
    idapresentacao: session.id,
    tokens: tokens.slice(0, N),
    warmup: { idapresentacao: other.id, tokens: tokens.slice(N) },
  };
}

/** sold + held units of the product right now, by the timestamps (the spec's rule). */
async function taken(query, idapresentacao) {
  const res = await query(
    `SELECT count(*)::int AS n FROM movimentacao_item i
     JOIN movimentacao m ON m.id = i.idmovimentacao
     JOIN estoque e ON e.id = i.idestoque
     WHERE e.idapresentacao = $1 AND e.idproduto = $2 AND i.status <> 'CA'
       AND (m.status IN ('PA','AP') OR (m.status IN ('RE','TP')
         AND (m.dthr_exp IS NULL OR m.dthr_exp > now())))`,
    [idapresentacao, PRODUCT],
  );
  return res.rows[0].n;
}

function startServer(port, env) {
  // BENCH_NODE_ARGS: extra flags for the servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const flags = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...flags, '--import', 'tsx', join(root, 'server/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        BRANDS_DIR: brandsDir,
        DIST_DIR: distDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Storefront ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) during start`)));
  });
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * HAProxy in front of the servers on `ports`, as docs/production.md has it (round robin,
 * connections to the servers kept open and reused), listening on PROXY_PORT; resolves once it
 * accepts connections.
 */
async function startHaproxy(ports) {
  const cfg = join(work, `haproxy-${ports.join('-')}.cfg`);
  writeFileSync(
    cfg,
    `global
  maxconn 4096
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  option http-keep-alive
  http-reuse always
frontend shop
  bind 127.0.0.1:${PROXY_PORT}
  default_backend servers
backend servers
  balance roundrobin
${ports.map((p, i) => `  server s${i} 127.0.0.1:${p}`).join('\n')}
`,
  );
  // -db: stay in the foreground (no daemon), so it ends with this bench's signal.
  const child = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'inherit', 'inherit'] });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode})`);
    const up = await new Promise((resolve) => {
      const s = net.connect(PROXY_PORT, '127.0.0.1');
      s.once('connect', () => resolve(s.destroy() || true));
      s.once('error', () => resolve(false));
    });
    if (up) return child;
    if (i > 100) throw new Error('haproxy did not listen');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A lean HTTP/1.1 client for the load (it shares the cores with what it measures): kept-alive
 * connections, each request written in one piece and its answer read by its Content-Length
 * (which the server sends for every JSON answer; anything else is an error, never a guess).
 * The server sees what Node's http client would send: the same method, path, headers and body.
 */
const idle = new Map(); // port → connections not in use
const open = new Set();

function connection(port) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  open.add(socket);
  const conn = { port, socket, chunks: [], size: 0, waiter: null };
  socket.on('data', (d) => {
    conn.chunks.push(d);
    conn.size += d.length;
    if (conn.waiter) readAnswer(conn);
  });
  const fail = (err) => {
    open.delete(socket);
    idle.get(port)?.delete(conn);
    const w = conn.waiter;
    conn.waiter = null;
    w?.reject(err ?? new Error('connection closed'));
  };
  socket.on('error', fail);
  socket.on('close', () => fail());
  return conn;
}

/** Completes the waiting request of `conn` once its whole answer is in. */
function readAnswer(conn) {
  const buf = conn.chunks.length === 1 ? conn.chunks[0] : Buffer.concat(conn.chunks);
  conn.chunks = [buf];
  const end = buf.indexOf('\r\n\r\n');
  if (end === -1) return;
  const head = buf.toString('latin1', 0, end);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  const w = conn.waiter;
  if (!length) {
    conn.waiter = null;
    conn.socket.destroy();
    w.reject(new Error(`answer without Content-Length: ${head.split('\r\n', 1)[0]}`));
    return;
  }
  const total = end + 4 + Number(length[1]);
  if (buf.length < total) return;
  if (buf.length > total) throw new Error('answer longer than its Content-Length');
  conn.chunks = [];
  conn.size = 0;
  conn.waiter = null;
  if (/\r\nconnection: *close/i.test(head)) conn.socket.end();
  else idle.get(conn.port).add(conn);
  w.resolve(buf.toString('utf8', end + 4, total));
}

/** One router.php call over a kept-alive connection; resolves with the parsed body. */
function rpc(port, method, params, token) {
  const body = JSON.stringify({ class: 'SuperIngresso', method, params });
  if (!idle.has(port)) idle.set(port, new Set());
  const free = idle.get(port);
  let conn = free.values().next().value;
  if (conn) free.delete(conn);
  else conn = connection(port);
  const request =
    `POST /router.php?method=${method}&class=SuperIngresso&lang=pt_BR HTTP/1.1\r\n` +
    `Host: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `${token ? `Authorization: Bearer ${token}\r\n` : ''}\r\n${body}`;
  return new Promise((resolve, reject) => {
    conn.waiter = { resolve: (text) => resolve(JSON.parse(text)), reject };
    conn.socket.write(request);
  });
}

const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Runs `count` calls of `call(i)`, `concurrency` at a time; latency of each and the total. */
async function load(count, concurrency, call) {
  const latencies = new Array(count);
  const outcomes = new Array(count);
  const finished = new Array(count);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        outcomes[i] = await call(i);
        finished[i] = performance.now();
        latencies[i] = finished[i] - t;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, latencies: [...latencies].sort((a, b) => a - b), outcomes, finished, started };
}

/**
 * CPU seconds used so far by the servers (`pids`), by this machine's `postgres` processes and by
 * this bench (the load generator); Linux /proc, else null.
 */
function cpuByProcess(pids = [], proxyPids = []) {
  try {
    const tick = 100; // USER_HZ on Linux
    const cpuOf = (pid) => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return {
        comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        s: (Number(f[11]) + Number(f[12])) / tick,
      };
    };
    let postgres = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const c = cpuOf(pid);
        if (c.comm === 'postgres') postgres += c.s;
      } catch {
        // ended meanwhile
      }
    }
    const server = pids.reduce((sum, pid) => sum + cpuOf(pid).s, 0);
    const proxy = proxyPids.reduce((sum, pid) => sum + cpuOf(pid).s, 0);
    const self = process.cpuUsage();
    return { server, postgres, proxy, bench: (self.user + self.system) / 1e6 };
  } catch {
    return null;
  }
}

/** The flash sale against the servers on `ports` (buyer i goes to ports[i % ports.length]). */
async function flashSale(ports, { idapresentacao, tokens, warmup }, pids, proxyPids = []) {
  // Warm the servers' code paths (not the sale's stock), as a server serving a shop has been:
  // catalogue reads, and holds of other buyers on another session of the product (without
  // them, the p99 is the first burst of a cold process: its code not yet optimised, each
  // connection's first plans).
  // The catalogue reads come over as many connections as the sale will use: the sale's buyers
  // have been browsing (and a reverse proxy keeps its connections to the servers open), so the
  // sale does not start with CONCURRENCY new connections, which Node 20 accepts one per turn of
  // its event loop (libuv#3696). BENCH_COLD_CONNECTIONS=1 measures that cold start instead.
  const connections = COLD_CONNECTIONS ? 20 : CONCURRENCY;
  for (const [n, port] of ports.entries()) {
    await load(Math.max(200, connections), connections, () =>
      rpc(port, 'getProdutos', [idapresentacao]),
    );
    const who = warmup.tokens.slice(n * WARM_HOLDS, (n + 1) * WARM_HOLDS);
    const warm = await load(WARM_HOLDS, 20, (i) =>
      rpc(
        port,
        'iniciarReserva',
        [[{ idproduto: PRODUCT, qtd: 1 }], warmup.idapresentacao, []],
        who[i],
      ),
    );
    const failed = warm.outcomes.find((o) => !('result' in o));
    if (failed) throw new Error(`warm-up hold refused: ${JSON.stringify(failed)}`);
  }
  const cpuBefore = cpuByProcess(pids, proxyPids);
  const r = await load(N, CONCURRENCY, (i) =>
    rpc(
      ports[i % ports.length],
      'iniciarReserva',
      [[{ idproduto: PRODUCT, qtd: 1 }], idapresentacao, []],
      tokens[i],
    ),
  );
  const cpuAfter = cpuByProcess(pids, proxyPids);
  // CPU milliseconds per hold request, by whom (a process that ended meanwhile is not counted).
  const cpu =
    cpuBefore && cpuAfter
      ? Object.fromEntries(
          Object.keys(cpuAfter).map((k) => [k, ((cpuAfter[k] - cpuBefore[k]) * 1000) / N]),
        )
      : null;
  let held = 0;
  let refused = 0;
  let other = 0;
  let soldOutAt = 0;
  r.outcomes.forEach((o, i) => {
    if (o && 'result' in o) {
      held++;
      soldOutAt = Math.max(soldOutAt, r.finished[i] - r.started);
    } else if (o?.error?.message === 'Ingressos indisponíveis!') refused++;
    else other++;
  });
  if (other > 0) {
    const sample = r.outcomes.find((o) => !(o && 'result' in o) && o?.error?.code !== 0);
    console.log(`  unexpected answers: ${other}, e.g. ${JSON.stringify(sample)}`);
  }
  return {
    rps: N / r.seconds,
    p50: pct(r.latencies, 0.5),
    p99: pct(r.latencies, 0.99),
    held,
    refused,
    other,
    soldOut: soldOutAt / 1000,
    cpu,
  };
}

/** The bare conditional update, `count` transactions, CONCURRENCY at a time. */
async function dbLimitPostgres(url, poolMax) {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  pool.on('error', () => {});
  await pool.query(`DROP TABLE IF EXISTS bench_limit;
    CREATE TABLE bench_limit (id int PRIMARY KEY, held int NOT NULL, sold int NOT NULL, cap int NOT NULL);
    INSERT INTO bench_limit VALUES (1, 0, 0, ${C});`);
  const cpuBefore = cpuByProcess();
  const r = await load(N, CONCURRENCY, async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        'UPDATE bench_limit SET held = held + 1 WHERE id = 1 AND held + sold < cap',
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  });
  const cpuAfter = cpuByProcess();
  const held = (await pool.query('SELECT held FROM bench_limit')).rows[0].held;
  await pool.query('DROP TABLE bench_limit');
  await pool.end();
  return {
    rps: N / r.seconds,
    p50: pct(r.latencies, 0.5),
    p99: pct(r.latencies, 0.99),
    held,
    // PostgreSQL's CPU milliseconds per transaction.
    cpu: cpuBefore && cpuAfter ? ((cpuAfter.postgres - cpuBefore.postgres) * 1000) / N : null,
  };
}

async function dbLimitPglite() {
  const db = new PGlite();
  await db.exec(`CREATE TABLE bench_limit (id int PRIMARY KEY, held int NOT NULL, sold int NOT NULL, cap int NOT NULL);
    INSERT INTO bench_limit VALUES (1, 0, 0, ${C});`);
  const r = await load(N, CONCURRENCY, () =>
    db.transaction((tx) =>
      tx.query('UPDATE bench_limit SET held = held + 1 WHERE id = 1 AND held + sold < cap'),
    ),
  );
  const held = (await db.query('SELECT held FROM bench_limit')).rows[0].held;
  await db.close();
  return { rps: N / r.seconds, p50: pct(r.latencies, 0.5), p99: pct(r.latencies, 0.99), held };
}

const rows = [];
const fmt = (x, d = 0) => x.toFixed(d);
function record(name, sale, limit) {
  const row = {
    name,
    rps: fmt(sale.rps),
    p50: fmt(sale.p50, 1),
    p99: fmt(sale.p99, 1),
    oversold: sale.oversold,
    soldOut: fmt(sale.soldOut, 2),
    held: sale.held,
    limit: `${fmt(limit.rps)} tx/s (p99 ${fmt(limit.p99, 1)} ms${limit.cpu == null ? '' : `, PostgreSQL ${fmt(limit.cpu, 2)} ms CPU per tx`})`,
    ratio: `${fmt((100 * sale.rps) / limit.rps)} %`,
    cpu: sale.cpu
      ? `server ${fmt(sale.cpu.server, 2)}, PostgreSQL ${fmt(sale.cpu.postgres, 2)}, ${sale.cpu.proxy ? `HAProxy ${fmt(sale.cpu.proxy, 2)}, ` : ''}bench ${fmt(sale.cpu.bench, 2)}`
      : '—',
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}

/**
 * The sale against the servers on `ports`: direct (each buyer to one of them in turn), or
 * through HAProxy in front of them.
 */
async function saleVia(via, ports, setup, pids) {
  if (via === 'direct') return flashSale(ports, setup, pids);
  const proxy = await startHaproxy(ports);
  try {
    return await flashSale([PROXY_PORT], setup, pids, [proxy.pid]);
  } finally {
    proxy.kill('SIGTERM');
    await new Promise((r) => (proxy.exitCode === null ? proxy.once('exit', r) : r()));
  }
}

const viaName = (via) => (via === 'direct' ? 'direct' : 'through HAProxy');

async function runPglite(via) {
  const dataDir = join(work, `pglite-data-${via}`);
  const handle = await openDb({ pgliteDir: join(dataDir, 'pglite') });
  await handle.migrate();
  const setup = await prepare(handle.db);
  await handle.close();
  const server = await startServer(PORT, { DATA_DIR: dataDir });
  let sale;
  try {
    sale = await saleVia(via, [PORT], setup, [server.pid]);
  } finally {
    await stopServer(server);
  }
  const reopened = await openDb({ pgliteDir: join(dataDir, 'pglite') });
  const n = await taken((q, p) => reopened.db.$client.query(q, p), setup.idapresentacao);
  await reopened.close();
  sale.oversold = Math.max(0, n - C);
  sale.taken = n;
  record(`PGlite, 1 server, ${viaName(via)}`, sale, await dbLimitPglite());
}

async function runPostgres(servers, via) {
  const name = `bench_reserve_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const children = [];
  try {
    const handle = await openDb({ databaseUrl: dbUrl });
    await handle.migrate();
    const setup = await prepare(handle.db);
    const ports = Array.from({ length: servers }, (_, i) => PORT + i);
    for (const port of ports) {
      children.push(
        await startServer(port, {
          DATABASE_URL: dbUrl,
          DATA_DIR: join(work, `data-${name}-${port}`),
        }),
      );
    }
    const sale = await saleVia(
      via,
      ports,
      setup,
      children.map((c) => c.pid),
    );
    const n = await taken((q, p) => handle.db.$client.query(q, p), setup.idapresentacao);
    sale.oversold = Math.max(0, n - C);
    sale.taken = n;
    await handle.close();
    for (const c of children) await stopServer(c);
    children.length = 0;
    // The servers' pools together: 10 connections each (openDb's default).
    const limit = await dbLimitPostgres(dbUrl, 10 * servers);
    record(`PostgreSQL, ${servers} server${servers > 1 ? 's' : ''}, ${viaName(via)}`, sale, limit);
  } catch (err) {
    console.error(`PostgreSQL with ${servers} server(s) failed:`, err);
    throw err;
  } finally {
    for (const c of children) await stopServer(c);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

console.log(
  `flash sale: ${N} buyers, capacity ${C}, ${CONCURRENCY} at a time, 1 unit each (node ${process.version})`,
);
const vias = VIA.filter((via) => {
  if (via !== 'direct' && via !== 'haproxy') throw new Error(`unknown BENCH_VIA ${via}`);
  return via === 'direct' || HAS_HAPROXY;
});
if (VIA.includes('haproxy') && !HAS_HAPROXY) {
  console.log(
    'haproxy not found (Debian: apt-get install haproxy): the rows through HAProxy are skipped',
  );
}
try {
  for (const s of SCENARIOS) {
    for (const via of vias) {
      if (s === 'pglite') await runPglite(via);
      else if (s === 'pg1') await runPostgres(1, via);
      else if (s === 'pg2') await runPostgres(2, via);
      else throw new Error(`unknown scenario ${s}`);
    }
  }
} finally {
  for (const socket of open) socket.destroy();
  rmSync(work, { recursive: true, force: true });
}

console.log('');
console.log(
  '| setup | hold requests/s | p50 | p99 | held | oversold | sold out after | DB limit (bare conditional update) | ratio | CPU ms per hold |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${r.held} | ${r.oversold} | ${r.soldOut} s | ${r.limit} | ${r.ratio} | ${r.cpu} |`,
  );
}

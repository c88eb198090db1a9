/**
 * Cluster mode (WORKERS ≥ 1): this primary process listens, accepts every connection and hands it
 * to the next worker in turn (node:cluster's round-robin scheduling); each worker runs the whole
 * server (serve.ts) on connections it is given and never accepts one itself.
 *
 * Why: Node 20's libuv accepts one new connection per turn of the event loop (libuv#3696), and a
 * turn of a busy server also runs every request that is ready, so when a flash sale opens 100
 * new connections at once the last waits for ~100 busy turns (p99 ~400 ms on PostgreSQL). The
 * primary does nothing else, so its turns are short and the burst is taken at once.
 *
 * The workers share what one server would have to itself: the operator token (operator.json,
 * written here; an operator command reaches whichever worker takes its connection) and the
 * payment webhook secret. Everything else that must hold across processes lives in PostgreSQL,
 * as it does for several servers on one database.
 */
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './env';

/** Where a worker finds the operator token the primary made (read once by serve.ts). */
export const OPERATOR_TOKEN_ENV = 'STOREFRONT_OPERATOR_TOKEN';
/** A worker's place, 1 … WORKERS; the restarted worker keeps it. Place 1 prints the start notices. */
export const WORKER_SLOT_ENV = 'STOREFRONT_WORKER_SLOT';

/** A worker that exits sooner than this after its start counts as a quick exit. */
const QUICK_EXIT_MS = 60_000;
/** A worker still running this long after a stop signal is killed. */
const STOP_TIMEOUT_MS = 30_000;

/**
 * When to start a worker again after it exited unexpectedly: 1 s, doubled for each quick exit in
 * a row up to a minute, so a worker that cannot run (a database gone, say) is retried without a
 * tight loop, and one that ran for a while comes back within a second.
 * @param quickExits the quick exits in a row before this one
 * @param livedMs how long the worker that just exited ran
 */
export function nextRestart(
  quickExits: number,
  livedMs: number,
): { quickExits: number; delayMs: number } {
  const n = livedMs < QUICK_EXIT_MS ? quickExits + 1 : 0;
  return { quickExits: n, delayMs: Math.min(60_000, 1000 * 2 ** Math.max(0, n - 1)) };
}

interface Slot {
  worker: Worker | null;
  startedAt: number;
  quickExits: number;
  restart: NodeJS.Timeout | null;
}

/** Runs the primary: forks `env.workers` workers, restarts them, stops them on SIGINT/SIGTERM. */
export function runPrimary(env: Env): void {
  // Round-robin is Node's default on Linux but not on Windows; this mode exists for it.
  cluster.schedulingPolicy = cluster.SCHED_RR;

  // The operator commands (npm run agency, sandbox, newsletter) read this file; any worker must
  // accept the token, so there is one, made here.
  const operatorToken = randomBytes(32).toString('base64url');
  mkdirSync(env.dataDir, { recursive: true });
  writeFileSync(
    path.join(env.dataDir, 'operator.json'),
    JSON.stringify({ token: operatorToken, port: env.port, pid: process.pid }),
    { mode: 0o600 },
  );
  process.env[OPERATOR_TOKEN_ENV] = operatorToken;
  // Without a configured secret each process would make its own; one server has one.
  if (!env.webhookSecret) {
    process.env.PAYMENT_WEBHOOK_SECRET = randomBytes(32).toString('base64url');
  }

  const slots = new Map<number, Slot>();
  let starting = true;
  let stopping = false;
  let exitCode = 0;

  const running = () => [...slots.values()].filter((s) => s.worker !== null);

  function fork(place: number): Worker {
    const worker = cluster.fork({ [WORKER_SLOT_ENV]: String(place) });
    const slot = slots.get(place) ?? { worker, startedAt: 0, quickExits: 0, restart: null };
    slot.worker = worker;
    slot.startedAt = Date.now();
    slot.restart = null;
    slots.set(place, slot);
    worker.on('exit', (code, signal) => exited(place, worker, code, signal));
    if (!starting) {
      worker.once('listening', () => {
        console.log(`Worker ${place} (process ${worker.process.pid}) serves again`);
      });
    }
    return worker;
  }

  function exited(place: number, worker: Worker, code: number | null, signal: string | null) {
    const slot = slots.get(place)!;
    if (slot.worker !== worker) return;
    slot.worker = null;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (running().length === 0) process.exit(exitCode);
      return;
    }
    if (starting) {
      // A worker that cannot start (bad brands, database unreachable, port taken) has said why
      // on stderr; starting the others or again would only repeat it.
      console.error(
        `Worker ${place} (process ${worker.process.pid}) stopped during start (${how})`,
      );
      exitCode = 1;
      stop('start failure');
      return;
    }
    const next = nextRestart(slot.quickExits, Date.now() - slot.startedAt);
    slot.quickExits = next.quickExits;
    console.error(
      `Worker ${place} (process ${worker.process.pid}) exited unexpectedly (${how}); ` +
        `starting it again in ${next.delayMs / 1000} s`,
    );
    slot.restart = setTimeout(() => {
      if (!stopping) fork(place);
    }, next.delayMs);
  }

  function stop(reason: string) {
    if (stopping) return;
    stopping = true;
    for (const s of slots.values()) if (s.restart) clearTimeout(s.restart);
    const alive = running();
    if (alive.length === 0) process.exit(exitCode);
    console.log(`${reason}: stopping ${alive.length} worker${alive.length > 1 ? 's' : ''}`);
    // Each worker shuts down as a single server does (serve.ts): it stops taking requests,
    // finishes those in flight and closes its pool.
    for (const s of alive) s.worker!.process.kill(reason === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    setTimeout(() => {
      for (const s of running()) s.worker!.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS).unref();
  }
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  // The first worker starts alone: it migrates, syncs the catalogue, seeds the demo accounts and
  // makes the development wallet keys under DATA_DIR; the others then find all of it done
  // instead of racing on it (a fresh DATA_DIR would otherwise get two different sets of keys).
  fork(1).once('listening', () => {
    if (stopping) return;
    const rest = Array.from({ length: env.workers - 1 }, (_, i) => fork(i + 2));
    let waiting = rest.length;
    const ready = () => {
      starting = false;
      console.log(
        `Storefront ready at http://localhost:${env.port} (${env.workers} worker${env.workers > 1 ? 's' : ''})`,
      );
    };
    if (waiting === 0) ready();
    for (const w of rest) {
      w.once('listening', () => {
        if (--waiting === 0 && !stopping) ready();
      });
    }
  });
}

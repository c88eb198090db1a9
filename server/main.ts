/**
 * Starts the server: with WORKERS of 1 or more, a primary process that accepts the connections
 * and hands them to that many worker processes (cluster.ts); otherwise, and in each worker, the
 * server itself (serve.ts).
 * Run: `node --import tsx server/main.ts`.
 */
import cluster from 'node:cluster';
import { readEnv } from './env';

const parsed = readEnv(process.env);
if (cluster.isPrimary && parsed.ok && parsed.env.workers > 0) {
  // The primary loads none of the server's modules: it only accepts, forks and watches.
  const { runPrimary } = await import('./cluster');
  runPrimary(parsed.env);
} else {
  // One process, or a worker; an invalid environment is reported there, with the full list.
  await import('./serve');
}

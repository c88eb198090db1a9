/**
 * More new connections accepted per turn of the event loop. Node 20's libuv accepts one
 * connection per turn for each listening descriptor (libuv#3696), and a turn of a busy server
 * also runs every request that is ready: when a flash sale opens 100 connections at once, the
 * last is accepted ~100 busy turns later (~0.4 s on PostgreSQL, most of the sale's p99).
 *
 * Several descriptors of the one listening socket each accept one per turn, so with N of them a
 * burst is taken N at a time. Node has no dup(); a descriptor sent to another process and back
 * over an IPC channel arrives as a new one (SCM_RIGHTS), so a helper process, there for the
 * start only, sends the socket back N times. The copies feed the same HTTP server ('connection'
 * is the documented way to hand it a socket); a turn with no connection waiting costs nothing
 * more. (node:cluster does not help here: its primary hands a worker one connection at a time
 * and waits for the worker's next turn to answer, so each worker still takes one per turn.)
 */
import { spawn } from 'node:child_process';
import type { Server as HttpServer } from 'node:http';
import { Server as NetServer } from 'node:net';

/** Extra descriptors: with the server's own, 16 connections accepted per turn. */
export const EXTRA_ACCEPTORS = 15;

/**
 * Sends the handle it gets back `count` times (plain Node, no loader: ~40 ms). It stays until
 * this process disconnects: had it left by itself, its exit could be seen before its last
 * messages were read.
 */
const HELPER = `process.on('message', (m, h) => {
  for (let i = 0; i < m.count; i++) process.send('copy', h);
  process.send('done');
});`;

/**
 * Makes `count` more listeners on the socket `server` listens on, each handing its connections
 * to `server`.
 * @returns stops them accepting (call it before the server itself closes, so no connection
 *   comes in through them meanwhile). It does not wait for their `close` callbacks: those wait
 *   for every connection a listener ever accepted to end, and those connections belong to the
 *   HTTP server, which closes them only when it closes itself (awaiting them hung a shutdown).
 */
export async function addAcceptors(
  server: HttpServer,
  count = EXTRA_ACCEPTORS,
): Promise<() => Promise<void>> {
  // The raw handle, not the net.Server: a server sent whole is listened on by the receiver,
  // which would take connections while it runs; a raw handle is only carried.
  const handle = (server as unknown as { _handle?: object | null })._handle;
  if (!handle || count <= 0) return async () => {};
  const helper = spawn(process.execPath, ['-e', HELPER], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {},
  });
  const copies: object[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      helper.on('message', (m, h) => {
        if (m === 'copy' && h) copies.push(h as object);
        if (m === 'done') resolve();
      });
      helper.once('error', reject);
      helper.once('exit', () => reject(new Error('the helper process ended early')));
      // A start never waits on it for long: the server then accepts one per turn, as before.
      setTimeout(() => reject(new Error('the helper process did not answer')), 5000).unref();
      helper.send({ count }, handle as Parameters<typeof helper.send>[1]);
    });
  } catch (err) {
    for (const h of copies) (h as { close?: () => void }).close?.();
    throw err;
  } finally {
    helper.removeAllListeners('exit');
    if (helper.connected) helper.disconnect();
    if (copies.length < count) helper.kill();
  }
  // The server's own accept options (http.Server's noDelay: true among them) for the copies too.
  const own = server as unknown as {
    noDelay: boolean;
    keepAlive: boolean;
    keepAliveInitialDelay: number; // seconds
    highWaterMark: number;
  };
  const options = {
    noDelay: own.noDelay,
    keepAlive: own.keepAlive,
    keepAliveInitialDelay: own.keepAliveInitialDelay * 1000,
    highWaterMark: own.highWaterMark,
  };
  const listeners = copies.map((h) => {
    const l = new NetServer(options, (socket) => server.emit('connection', socket));
    l.listen(h);
    return l;
  });
  return async () => {
    for (const l of listeners) l.close();
  };
}

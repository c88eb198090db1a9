// The extra listeners (accept.ts): a burst of new connections waiting at once is taken several
// per event-loop turn instead of one, and every connection reaches the one HTTP server. No
// database: it runs the same with PGlite or PostgreSQL.

import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addAcceptors } from '#server/accept.ts';

/** Blocks this thread: the event loop runs no turn meanwhile, the kernel still connects. */
function block(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy on purpose
  }
}

/**
 * How many of this process's descriptors are the socket listening on `port` (Linux: the
 * listening sockets of /proc/net/tcp{,6} by inode, matched against /proc/self/fd).
 */
function listeningDescriptors(port: number): number {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      const localPort = Number.parseInt(f[1]!.split(':')[1]!, 16);
      if (localPort === port && f[3] === '0A') inodes.add(f[9]!);
    }
  }
  let n = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    let target = '';
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed meanwhile (the readdir's own descriptor)
    }
    const m = /^socket:\[(\d+)\]$/.exec(target);
    if (m && inodes.has(m[1]!)) n++;
  }
  return n;
}

describe('addAcceptors', () => {
  let server: Server | undefined;
  let close = async () => {};
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets) s.destroy();
    sockets.length = 0;
    await close();
    close = async () => {};
    const s = server;
    server = undefined;
    if (s) await new Promise((r) => s.close(r));
  });

  /** Connects `n` clients while the loop is held, then counts the turns their accepts took. */
  async function burst(n: number): Promise<{ turns: number; answered: number }> {
    let turn = 0;
    const turnOf: number[] = [];
    let running = true;
    const tick = () => {
      turn++;
      if (running) setImmediate(tick);
    };
    server!.on('connection', () => turnOf.push(turn));
    const port = (server!.address() as { port: number }).port;
    const answers = Array.from({ length: n }, () => {
      const s = connect(port, '127.0.0.1');
      sockets.push(s);
      s.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      return new Promise<boolean>((resolve) => {
        s.once('data', (d) => resolve(d.toString().startsWith('HTTP/1.1 200')));
        s.once('error', () => resolve(false));
      });
    });
    // Every handshake completes in the kernel while no turn runs: all n wait in the backlog.
    block(200);
    setImmediate(tick);
    const answered = (await Promise.all(answers)).filter(Boolean).length;
    running = false;
    return { turns: new Set(turnOf).size, answered };
  }

  const listen = async () => {
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  };

  it('takes 24 waiting connections in a few turns, not 24, and answers each', async () => {
    await listen();
    close = await addAcceptors(server!, 7);
    const r = await burst(24);
    expect(r.answered).toBe(24);
    // 8 descriptors: 8 accepts a turn, so 3 turns (a little more if a turn came between).
    expect(r.turns).toBeLessThanOrEqual(6);
  });

  // What they are for. Only on Node 20: a later Node's libuv may take more per turn by itself.
  it.runIf(process.versions.node.startsWith('20.'))(
    'without them, one per turn: Node 20 (libuv#3696)',
    async () => {
      await listen();
      const r = await burst(24);
      expect(r.answered).toBe(24);
      expect(r.turns).toBe(24);
    },
  );

  it('stops them without waiting for the connections they took (a shutdown never hangs)', async () => {
    await listen();
    close = await addAcceptors(server!, 7);
    const r = await burst(24);
    expect(r.answered).toBe(24);
    // The 24 connections stay open (kept alive): some came in through the extra listeners.
    const stopped = await Promise.race([
      close().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 1000)),
    ]);
    close = async () => {};
    expect(stopped).toBe('stopped');
    // The HTTP server then ends them as it closes.
    const s = server!;
    server = undefined;
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  });

  // Counted in this process's descriptors, not by connecting: once closed, the port is free, and
  // another test file running beside this one may listen on it (a connect then succeeds).
  it.runIf(process.platform === 'linux')(
    'closes its listeners: after close() only the server holds the socket, after its close nothing',
    async () => {
      await listen();
      close = await addAcceptors(server!, 3);
      const port = (server!.address() as { port: number }).port;
      expect(listeningDescriptors(port)).toBe(4);
      await close();
      close = async () => {};
      // uv_close releases a descriptor at the end of the loop's turn.
      await new Promise((r) => setImmediate(r));
      expect(listeningDescriptors(port)).toBe(1);
      await new Promise((r) => server!.close(r));
      server = undefined;
      expect(listeningDescriptors(port)).toBe(0);
    },
  );
});

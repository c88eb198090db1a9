/**
 * LISTEN on a channel of the database behind a {@link Db}: PostgreSQL's NOTIFY, delivered on
 * commit to every server listening. PGlite delivers its own notifications in-process; on
 * PostgreSQL a dedicated connection (not one of the pool's) listens and reconnects when lost.
 */
import pg from 'pg';
import type { Db } from './client';

/** What a listener tells its owner. */
export interface ListenHandlers {
  /** A notification's payload. */
  message(payload: string): void;
  /**
   * Whether notifications are arriving: false when the connection is lost (some may be missed
   * until it is back), true once listening again.
   */
  state(listening: boolean): void;
}

/** Starts listening; the returned function stops it. */
export async function listen(
  db: Db,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new TypeError(`bad channel ${channel}`);
  const client = (db as unknown as { $client: unknown }).$client;
  if (client && typeof (client as PgliteLike).listen === 'function') {
    const unlisten = await (client as PgliteLike).listen(channel, handlers.message);
    handlers.state(true);
    return async () => {
      handlers.state(false);
      await unlisten();
    };
  }
  const options = (client as { options: pg.ClientConfig }).options;
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client(options);
    current = c;
    const lost = () => {
      if (current !== c) return;
      current = null;
      handlers.state(false);
      c.end().catch(() => {});
      if (!stopped) {
        retry = setTimeout(() => void connect(), 1000);
        retry.unref();
      }
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (stopped || current !== c) {
        await c.end().catch(() => {});
        return;
      }
      handlers.state(true);
    } catch {
      lost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = current;
    current = null;
    handlers.state(false);
    await c?.end().catch(() => {});
  };
}

type PgliteLike = {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
};

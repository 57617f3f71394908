/**
 * The network between the server and PostgreSQL in `npm run bench:faults`' `db-cut` scenario (bench/faults.ts): a
 * TCP proxy that forwards every connection until `cut(ms)` resets every open one (mid-query, mid-commit or idle in
 * the pool, both sides at once) and resets every new one for `ms`, as a network partition or a compute that fails
 * over does to a pool's connections while the database itself keeps running.
 */
import net from 'node:net';

export interface CutProxy {
  /** The URL of database `name` through the proxy. */
  url(name: string): string;
  /** Resets every open connection, and every new one for `ms`. */
  cut(ms: number): void;
  /** Connections reset so far (open ones cut and new ones refused). */
  readonly resets: number;
  close(): Promise<void>;
}

/** Listens on `port` and forwards to PostgreSQL on `target` (loopback). */
export async function startCutProxy(port: number, target: number): Promise<CutProxy> {
  const open = new Set<net.Socket>();
  let refusingUntil = 0;
  let resets = 0;
  const server = net.createServer((client) => {
    if (Date.now() < refusingUntil) {
      resets++;
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target, '127.0.0.1');
    open.add(client);
    open.add(upstream);
    const end = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ready());
  });
  return {
    url: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    cut(ms) {
      refusingUntil = Date.now() + ms;
      resets += open.size / 2; // a client's socket and its upstream's
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    get resets() {
      return resets;
    },
    close: () =>
      new Promise<void>((closed) => {
        for (const socket of open) socket.destroy();
        server.close(() => closed());
      }),
  };
}

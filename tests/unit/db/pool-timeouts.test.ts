// A database that stops answering (paused, failing over) must not hold a function until the platform ends it:
// the functions' pools give up on a connection and on a query first (docs/decisions/0044-faults-under-load.md;
// `npm run bench:faults`, db-pause). A fake Postgres server on a loopback port: silent, or silent after the
// handshake; the limits run on fake timers, so nothing waits for real.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FUNCTION_DB_TIMEOUTS, openChoice, type DatabaseChoice } from '../../../src/db/client.ts';

/** A server that accepts connections and, with `handshake`, says AuthenticationOk and ReadyForQuery, then nothing. */
async function silentPostgres(handshake: boolean) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('data', () => {
      if (!handshake) return;
      const ok = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]); // 'R', length 8, AuthenticationOk
      const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]); // 'Z', length 5, idle
      socket.write(Buffer.concat([ok, ready]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `postgres://u@127.0.0.1:${(server.address() as AddressInfo).port}/db`;
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, close };
}

let silent: Awaited<ReturnType<typeof silentPostgres>>;
let mute: Awaited<ReturnType<typeof silentPostgres>>;
beforeAll(async () => {
  silent = await silentPostgres(false);
  mute = await silentPostgres(true);
});
afterAll(async () => {
  await silent.close();
  await mute.close();
});
afterEach(() => vi.useRealTimers());

/** Runs `select 1` through the functions' database `choice`; whether it settled after `ms` of fake time. */
async function selectAfter(choice: DatabaseChoice, ms: number) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const handle = await openChoice(choice);
  const outcome: { error?: Error } = {};
  let settled = false;
  const query = handle.db.execute(sql`select 1`).then(
    () => (settled = true),
    (error: Error) => {
      settled = true;
      outcome.error = (error.cause as Error | undefined) ?? error; // drizzle wraps the driver's error
    },
  );
  // Let the connection reach the server (real sockets) before the fake time moves.
  for (let i = 0; i < 50 && !settled; i++) await new Promise((tick) => setImmediate(tick));
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 50 && !settled; i++) await new Promise((tick) => setImmediate(tick));
  const done = settled;
  vi.useRealTimers();
  void handle.close().catch(() => {});
  if (done) await query;
  return { settled: done, error: outcome.error };
}

const viaUrl = (url: string): DatabaseChoice => ({ source: 'DATABASE_URL', driver: 'node-postgres', url });
const viaNetlify = (url: string): DatabaseChoice => ({ source: 'NETLIFY_DB_URL', driver: 'netlify-database', url });

describe("the functions' database time limits", () => {
  it('give up on a server that accepts the connection and never answers it', async () => {
    const { settled, error } = await selectAfter(viaUrl(silent.url), FUNCTION_DB_TIMEOUTS.connectionTimeoutMillis);
    expect(settled).toBe(true);
    expect(error?.message).toMatch(/timeout/i);
  });

  it('give up on a query the server never answers', async () => {
    const { settled, error } = await selectAfter(viaUrl(mute.url), FUNCTION_DB_TIMEOUTS.query_timeout);
    expect(settled).toBe(true);
    expect(error?.message).toMatch(/timeout/i);
  });

  it("hold for Netlify Database's own pool too", async () => {
    const { settled, error } = await selectAfter(viaNetlify(mute.url), FUNCTION_DB_TIMEOUTS.query_timeout);
    expect(settled).toBe(true);
    expect(error?.message).toMatch(/timeout/i);
  });

  it('stay below what Netlify allows a function (60 s, 30 s scheduled)', () => {
    const { connectionTimeoutMillis, query_timeout } = FUNCTION_DB_TIMEOUTS;
    expect(connectionTimeoutMillis + query_timeout).toBeLessThan(30_000);
  });
});

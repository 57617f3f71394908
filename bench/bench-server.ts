/**
 * The server `npm run bench:submissions` loads: scripts/serve.ts on the build, as a child process on a free
 * loopback port with its own data folder, its stderr kept to explain a failure and its warnings collected.
 * BENCH_PROFILE=<folder>: the server runs with --cpu-prof and writes its CPU profile there when it stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The last lines the server wrote to stderr, to explain a failure; and every warning it printed. */
export const serverLog: string[] = [];
export const serverWarnings = new Set<string>();

/** `extraEnv` is set last (bench:faults gives the server its mail provider's key and address). */
export function startServer(
  port: number,
  dataDir: string,
  databaseUrl?: string,
  extraEnv: Record<string, string> = {},
): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FORM_RATE_LIMIT: '100000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  delete env.RESEND_API_KEY; // mail goes to the console transport (discarded below), not to Resend
  Object.assign(env, extraEnv);
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, path.join(root, 'scripts/serve.ts')], {
    cwd: root,
    env,
    // stdout carries every queued mail (the console transport): discarded, it would only slow the server.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = chunk.split('\n').filter(Boolean);
    for (const warning of lines.filter((l) => /Warning:/.test(l)))
      serverWarnings.add(warning.replace(/^\(node:\d+\) /, ''));
    serverLog.push(...lines);
    serverLog.splice(0, Math.max(0, serverLog.length - 20));
  });
  return child;
}

export async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base}/api/health did not answer within 30 s`);
}

export function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM'); // serve.ts closes its database cleanly on SIGTERM
  });
}

/**
 * Starts one deploy (scripts/parity/server.ts) in its own process with the environment Netlify gives a
 * function, and stops it. Its output goes to a log file: the functions' console is where an app error shows.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { InstanceOptions } from './server.ts';

export interface Instance {
  name: string;
  /** Where the tests connect (loopback). */
  url: string;
  pid: number;
  /** Who the functions run as, as the instance reported it. */
  user: string;
  log: string;
  stop(): Promise<void>;
}

/** What a deployed function finds in its environment: Netlify's variables and the site's settings. */
export interface FunctionEnv {
  SITE_ID: string;
  SITE_NAME: string;
  URL: string;
  NETLIFY_DB_URL: string;
  NETLIFY_BLOBS_CONTEXT: string;
  BETTER_AUTH_SECRET?: string;
  HEALTH_TOKEN?: string;
  /** Replies (docs/decisions/0040): the reply domain, the webhook's secret, the Receiving API's stand-in. */
  MAIL_REPLY_DOMAIN?: string;
  RESEND_WEBHOOK_SECRET?: string;
  RESEND_BASE_URL?: string;
  /** The schedulers' webhooks (docs/decisions/0046): their signing secrets. */
  CALENDLY_WEBHOOK_SIGNING_KEY?: string;
  CAL_WEBHOOK_SECRET?: string;
  /** `npm run bench:cold` raises the per-address form limit: its every submit comes from 127.0.0.1. */
  FORM_RATE_LIMIT?: string;
}

const START_TIMEOUT_MS = 120_000;

export function startInstance(
  name: string,
  options: InstanceOptions,
  env: FunctionEnv,
  { cwd, logDir }: { cwd: string; logDir: string },
): Promise<Instance> {
  mkdirSync(logDir, { recursive: true });
  const log = path.join(logDir, `parity-${name}.log`);
  const out = createWriteStream(log);
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'server.ts'), JSON.stringify(options)], {
    // A neutral working folder: on Lambda it is the archive's root, which no single process can be for
    // every function; each worker's LAMBDA_TASK_ROOT is its archive's root (lambda-local sets it).
    cwd,
    // Nothing of this shell (NODE_ENV, CONTEXT, npm_*, the test database) reaches the functions.
    // HOME: lambda-local looks for ~/.aws there (nobody's, which does not exist).
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/nonexistent', LANG: 'en_US.UTF-8', TZ: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.pipe(out);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`not ready after ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`parity instance ${name}: ${error.message} (see ${log})`));
    };
    child.once('exit', (code) => fail(new Error(`exited with ${code}`)));
    let buffered = '';
    let started = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out.write(chunk);
      if (started) return;
      buffered += chunk.toString('utf8');
      const ready = /^parity-ready (.+)$/m.exec(buffered);
      if (!ready) return;
      started = true;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const { port, user } = JSON.parse(ready[1]!) as { port: number; user: string };
      resolve({
        name,
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        user,
        log,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => out.end(done));
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/**
 * One endpoint's load for `npm run bench:submissions` (bench/submissions.ts), in a process of its own: a second
 * autocannon run in the process of a first one sent, on a few of its connections, a request before the last one
 * was answered; those requests queued behind each other on their connection, their latencies grew to 10 s and
 * autocannon counted them as timeouts, though the server answered every request it read within a second. A run
 * per process starts clean. The child prints its result as JSON on stdout: what autocannon counted, the latency
 * of every answer, the ids of the 2xx answers, and its own CPU time over the run.
 */
import { spawn } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { endpointsFor } from './endpoints.ts';

// autocannon ships no types; this is the part of its API used here.
export interface LoadResult {
  /** Answers per second; `total` answers, `sent` requests. */
  requests: { mean: number; total: number; sent: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface LoadRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}
interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  method: string;
  headers: Record<string, string>;
  requests: {
    setupRequest: (request: LoadRequest) => LoadRequest;
    onResponse: (status: number, body: string) => void;
  }[];
}
type Autocannon = (options: LoadOptions) => EventEmitter & PromiseLike<LoadResult>;

export interface LoadRun {
  result: LoadResult;
  latencies: number[];
  /** The ids the 2xx answers carried. */
  ids: string[];
  /** CPU time of the load generator over the run, ms. */
  cpuMs: number;
}

/** What the parent passes: where to send, and which of `endpointsFor(onPostgres)` to load for how long. */
interface LoadPlan {
  url: string;
  origin: string;
  endpoint: number;
  onPostgres: boolean;
  connections: number;
  duration: number;
}

/** Runs `plan` in a new process and resolves with what it measured. */
export function loadInChild(plan: LoadPlan): Promise<LoadRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(plan)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load process ended with exit code ${code}`));
      try {
        resolve(JSON.parse(out) as LoadRun);
      } catch {
        reject(new Error('the load process printed no result'));
      }
    });
  });
}

async function run(plan: LoadPlan): Promise<LoadRun> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const endpoint = endpointsFor(plan.onPostgres)[plan.endpoint]!;
  const ids: string[] = [];
  const latencies: number[] = [];
  const instance = autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: plan.duration,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: plan.origin },
    requests: [
      {
        // A new body, with a new idempotency key, for every request: each must store a new row.
        setupRequest: (request) => ({ ...request, body: JSON.stringify(endpoint.body()) }),
        onResponse: (status, body) => {
          if (status >= 200 && status < 300) ids.push((JSON.parse(body) as { id: string }).id);
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const before = process.cpuUsage();
  const result = await instance;
  const used = process.cpuUsage(before);
  const { requests, errors, timeouts, non2xx } = result;
  return {
    result: { requests: { mean: requests.mean, total: requests.total, sent: requests.sent }, errors, timeouts, non2xx },
    latencies,
    ids,
    cpuMs: (used.user + used.system) / 1000,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const measured = await run(JSON.parse(process.argv[2]!) as LoadPlan);
  process.stdout.write(JSON.stringify(measured));
}

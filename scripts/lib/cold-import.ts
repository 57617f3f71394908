/**
 * The cold import time `npm run check:bundles` prints beside each archive's size: the archive unpacked as the
 * runtime unpacks it, then its `___netlify-entry-point.mjs` imported in a fresh worker thread (what each cold
 * invocation of the parity runtime does before the handler runs), the median of IMPORTS_PER_FUNCTION imports.
 * A figure to read, not a check: `npm run bench:cold` measures whole invocations against their targets.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { listZip, readZipEntry } from './zip-reader.ts';

const IMPORTS_PER_FUNCTION = 3;

// The worker reports the milliseconds of the import, or the error that stopped it.
const TIMER = `
import { parentPort, workerData } from 'node:worker_threads';
const started = performance.now();
try {
  await import(workerData);
  parentPort.postMessage({ ms: performance.now() - started });
} catch (error) {
  parentPort.postMessage({ error: String(error?.stack ?? error) });
}`;

/** Milliseconds of one import of `file` in a fresh worker; rejects with the import's error. */
function importOnce(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(TIMER, { eval: true, workerData: pathToFileURL(file).href, stdout: true });
    worker.once('message', (reply: { ms?: number; error?: string }) => {
      void worker.terminate();
      if (reply.ms === undefined) reject(new Error(reply.error));
      else resolve(reply.ms);
    });
    worker.once('error', reject);
  });
}

/** The median cold import of `module` (zip-relative) of `zip`, in milliseconds; rejects with its import's error. */
export async function coldImportMs(zip: Buffer, module: string): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cold-import-'));
  try {
    for (const entry of listZip(zip)) {
      if (entry.path.endsWith('/')) continue;
      const file = path.join(dir, entry.path);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, readZipEntry(zip, entry));
    }
    const times: number[] = [];
    for (let i = 0; i < IMPORTS_PER_FUNCTION; i++) times.push(await importOnce(path.join(dir, module)));
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

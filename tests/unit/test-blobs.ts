/** A local Netlify Blobs server for the tests of a file, on a folder of its own that is removed after them. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startLocalBlobs } from '../../scripts/lib/blobs.ts';

export function useLocalBlobs(name: string): void {
  let dir: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), `${name}-`));
    stop = await startLocalBlobs(dir);
  });
  afterAll(async () => {
    await stop();
    await rm(dir, { recursive: true, force: true });
  });
}

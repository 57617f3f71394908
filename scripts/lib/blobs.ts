/**
 * Local Netlify Blobs: Netlify's own `BlobsServer` keeps stores on disk under `.data/blobs`, and the
 * context variable that `getStore()` reads on Netlify is set to point at it.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';

export const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(import.meta.dirname, '../../.data'));

/**
 * Starts the local Blobs server and points this process's `getStore()` (and `getDeployStore()`, as deploy
 * `deployID`) at it; resolves to the function that stops it.
 */
export async function startLocalBlobs(
  directory = path.join(dataDir, 'blobs'),
  { deployID = 'local' }: { deployID?: string } = {},
): Promise<() => Promise<void>> {
  const token = randomBytes(16).toString('hex');
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const edgeURL = `http://127.0.0.1:${port}`;
  const context = { edgeURL, uncachedEdgeURL: edgeURL, siteID: 'local', deployID, token, primaryRegion: 'local' };
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64');
  return () => server.stop();
}

/** Points this process's `getStore()` at a Blobs server someone else runs; the returned stop does nothing. */
export function useBlobsContext(context: string): () => Promise<void> {
  process.env.NETLIFY_BLOBS_CONTEXT = context;
  return async () => {};
}

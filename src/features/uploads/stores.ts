/**
 * Where the documents of the intake are kept: the private documents store of finished files and
 * the store of parts still on their way, both deploy-scoped in a preview, with the blob writes and deletes
 * the upload steps (upload-flow.ts) make.
 */
import { getDeployStore, getStore, type Store } from '@netlify/blobs';
import { CONTENT_TYPES, type AcceptedExtension } from './contract.ts';
import { unavailable } from '../../server/errors.ts';
import { isPreview } from '../../config/platform.ts';
import { loggable } from '../../server/loggable.ts';

/** The private store of finished documents, keyed `{submissionId}/{timestamp}-{random}.{ext}`. */
export const DOCUMENTS_STORE = 'audit-documents';
/** The store of parts still on their way, keyed `{uploadId}/{index}`. */
export const PARTS_STORE = 'audit-upload-parts';

/**
 * How long one store call may take, @netlify/blobs' own retries included (it retries a 5xx or a failed request five
 * times, 5 s apart, and sets no time limit on a request): a store that refuses or hangs is then a 503 well inside
 * the function's 60 s limit, never the platform's error page after it (docs/decisions/0044-faults-under-load.md).
 */
export const STORE_CALL_LIMIT_MS = 10_000;

/**
 * `call`'s promise, or a rejection once STORE_CALL_LIMIT_MS have passed without its answer; then `stop` is aborted,
 * so the library's retries of a call given up send nothing (a part written after its 503 would outlive the sweep).
 */
export function withinStoreLimit<T>(call: Promise<T>, what: string, stop?: AbortController): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`the Blobs store did not answer ${what} within ${STORE_CALL_LIMIT_MS} ms`);
      stop?.abort(error);
      reject(error);
    }, STORE_CALL_LIMIT_MS);
  });
  return Promise.race([call, limit]).finally(() => clearTimeout(timer));
}

// Strong consistency: a part written by one request must be readable by the next one (the completion).
// A preview keeps its documents in stores of its own deploy, never in production's site-wide stores.
const open = (name: string, fetcher: typeof fetch = fetch) =>
  isPreview()
    ? getDeployStore({ name, consistency: 'strong', fetch: fetcher })
    : getStore({ name, consistency: 'strong', fetch: fetcher });

/** A store whose every call (a promise) is bounded by STORE_CALL_LIMIT_MS, its requests with it. */
const store = (name: string): Store =>
  new Proxy(open(name), {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const stop = new AbortController();
        const bounded = open(name, (input, init) =>
          stop.signal.aborted
            ? Promise.reject(stop.signal.reason as Error)
            : fetch(input, {
                ...init,
                signal: init?.signal ? AbortSignal.any([init.signal, stop.signal]) : stop.signal,
              }),
        );
        const result: unknown = (Reflect.get(bounded, property) as (...a: unknown[]) => unknown).apply(bounded, args);
        return result instanceof Promise
          ? withinStoreLimit(result, `${String(property)}(${String(args[0])})`, stop)
          : result;
      };
    },
  });
/** The documents store (deploy-scoped in a preview). */
export const documentsStore = () => store(DOCUMENTS_STORE);
/** The parts store (deploy-scoped in a preview). */
export const partsStore = () => store(PARTS_STORE);

/** Reads the documents' store once, for the health check (`/api/health`'s blobs line). */
export const probeDocumentsStore = () => documentsStore().getMetadata('health-check');

/** Writes a finished document under `key`; the stored name is only metadata. A failed write is a 503. */
export async function writeDocument(
  key: string,
  bytes: Uint8Array,
  upload: { fileName: string; fileType: string },
): Promise<void> {
  const contentType = CONTENT_TYPES[upload.fileType as AcceptedExtension];
  try {
    await documentsStore().set(key, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType }), {
      // The visitor's name is only metadata: the key is built by the server.
      metadata: { fileName: upload.fileName, contentType },
    });
  } catch (error) {
    console.error(`uploads: could not write ${key}:`, loggable(error));
    throw unavailable(
      'We could not store your document just now. The parts you sent are kept: please try again in a minute.',
    );
  }
}

/** Deletes the part blobs of an upload and any document blob an earlier, failed completion of it left. */
export async function discardBlobs(submissionId: string, uploadId: string, keep?: string): Promise<void> {
  const parts = partsStore();
  const documents = documentsStore();
  const marker = `-${randomPartOf(uploadId)}.`;
  const [{ blobs: partBlobs }, { blobs: documentBlobs }] = await Promise.all([
    parts.list({ prefix: `${uploadId}/` }),
    documents.list({ prefix: `${submissionId}/` }),
  ]);
  await Promise.all([
    ...partBlobs.map((blob) => parts.delete(blob.key)),
    ...documentBlobs
      .filter((blob) => blob.key.includes(marker) && blob.key !== keep)
      .map((blob) => documents.delete(blob.key)),
  ]);
}

/** The key of part `index` of an upload in the parts store. */
export const partKey = (uploadId: string, index: number) => `${uploadId}/${index}`;

// The random part of a document's key is its upload's random id (a v4 UUID), which ties a blob left by a
// failed completion to the pending upload that outlived it.
export const randomPartOf = (uploadId: string) => uploadId.replaceAll('-', '').toLowerCase();

/** Both stores, as an erasure or the retention sweep deletes from them (src/features/privacy/blob-queue.ts). */
// Opened when first used: an erasure of a person who never uploaded anything needs no store.
export const uploadStores = () => {
  const lazy = (open: () => ReturnType<typeof documentsStore>) => ({
    delete: (key: string) => open().delete(key),
    list: (options: { prefix: string }) => open().list(options),
  });
  return { documents: lazy(documentsStore), parts: lazy(partsStore) };
};

/** A finished document's bytes, or null when its blob is gone (a person's export). */
export async function readDocumentBytes(key: string): Promise<Uint8Array | null> {
  const buffer = await documentsStore().get(key, { type: 'arrayBuffer' });
  return buffer ? new Uint8Array(buffer) : null;
}

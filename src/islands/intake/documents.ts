/**
 * The intake's documents in the browser: which chosen files may go up, and the client of `/api/uploads`
 * that sends one file in parts of at most 4 MB (docs/decisions/0006-uploads-in-parts.md) after the audit itself was submitted.
 * The rules come from the shared module, so the visitor reads the same reason the server would answer.
 */
import {
  checkFileChoice,
  MAX_DOCUMENTS_PER_SUBMISSION,
  PART_BYTES,
  type StartedUpload,
  type UploadCompleteReply,
  type UploadPartReply,
} from '../../features/uploads/contract.ts';
import { retryAfterMs } from '../../lib/retry-after.ts';

/** The longest one request may take: a 4 MB part on a slow (0.5 Mbit/s) connection, with room to spare. */
export const REQUEST_TIMEOUT_MS = 120_000;

/** A file the visitor chose, with where its upload stands. */
export interface ChosenFile {
  id: string;
  file: File;
  status: 'ready' | 'uploading' | 'done' | 'failed';
  /** Share of the file the server acknowledged, 0..1. */
  progress: number;
  error?: string;
}

/** A file that was not added to the list, with the reason in words. */
export interface RejectedFile {
  name: string;
  reason: string;
}

/** What one upload ended with: the stored document's id, or the reason to show next to the file. */
export type UploadResult = { ok: true; documentId: string } | { ok: false; reason: string };

type Fetch = typeof fetch;

/** Reasons of the choices the shared rules do not judge, because they depend on the list so far. */
export const choiceMessages = {
  duplicate: 'This file is already in the list.',
  tooMany: `You can send up to ${MAX_DOCUMENTS_PER_SUBMISSION} documents. Remove one to add another.`,
} as const;

// A counter, not crypto.randomUUID(): ids only need to be unique in this page, and randomUUID is missing
// outside secure contexts (a LAN address in development).
let lastId = 0;
const nextId = () => `document-${++lastId}`;

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size;

/** Splits newly chosen files into those that join the list and those refused, each with its reason. */
export function chooseFiles(current: ChosenFile[], files: File[]): { added: ChosenFile[]; rejected: RejectedFile[] } {
  const added: ChosenFile[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    const listed = [...current, ...added];
    const reason =
      checkFileChoice(file) ??
      (listed.some((chosen) => sameFile(chosen.file, file)) ? choiceMessages.duplicate : null) ??
      (listed.length >= MAX_DOCUMENTS_PER_SUBMISSION ? choiceMessages.tooMany : null);
    if (reason) rejected.push({ name: file.name, reason });
    else added.push({ id: nextId(), file, status: 'ready', progress: 0 });
  }
  return { added, rejected };
}

const offlineReason = 'We could not reach our server. Check your connection and try again.';
const unreadableReason = 'The server sent an answer we could not read.';
/** Waits before the 1st, 2nd and 3rd retry of a request; a `Retry-After` answer replaces the wait. */
const RETRY_DELAYS_MS = [500, 1000, 2000];
/** Longest wait a `Retry-After` may ask for: the API's 503 says 30 s, which a visitor would not sit through. */
const MAX_RETRY_AFTER_MS = 5000;

type Answer<T> = { ok: true; data: T } | { ok: false; reason: string };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait a `Retry-After` header asks for, capped; null when absent or unreadable. */
function retryAfterWait(response: Response): number | null {
  const ms = retryAfterMs(response.headers.get('Retry-After'));
  return ms === null ? null : Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** The API's `error.message` of a refusal, or a generic sentence when the body holds none. */
async function reasonOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = body?.error?.message;
  return typeof message === 'string' && message
    ? message
    : `The server answered ${response.status}. Please try again in a moment.`;
}

/**
 * One request of the upload, retried after a network failure, a 5xx or a 429 (every step is safe to repeat:
 * a re-sent part replaces the earlier one). Never throws; a 4xx ends it at once with the API's reason.
 */
async function send<T>(fetchImpl: Fetch, url: string, init: RequestInit): Promise<Answer<T>> {
  let reason = offlineReason;
  for (let attempt = 0; ; attempt++) {
    let wait: number | null = null;
    try {
      // A request that never answers counts as a failed attempt rather than leaving the file "uploading".
      const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      if (response.ok) {
        const data = (await response.json().catch(() => null)) as T | null;
        return data === null ? { ok: false, reason: unreadableReason } : { ok: true, data };
      }
      reason = await reasonOf(response);
      if (response.status < 500 && response.status !== 429) return { ok: false, reason };
      wait = retryAfterWait(response);
    } catch {
      reason = offlineReason;
    }
    const backoff = RETRY_DELAYS_MS[attempt];
    if (backoff === undefined) return { ok: false, reason };
    await sleep(wait ?? backoff);
  }
}

/** Sends one document with the upload token; reports the acknowledged share after each part. Never throws. */
export async function uploadDocument(
  file: File,
  token: string,
  onProgress: (fraction: number) => void,
  fetchImpl: Fetch = fetch,
): Promise<UploadResult> {
  // The server would refuse it too; asking first would only spend a request and a place among the ten.
  const problem = checkFileChoice(file);
  if (problem) return { ok: false, reason: problem };

  const auth = { Authorization: `Bearer ${token}` };
  const started = await send<StartedUpload>(fetchImpl, '/api/uploads', {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ fileName: file.name, fileSize: file.size }),
  });
  if (!started.ok) return started;

  const { uploadId } = started.data;
  const base = `/api/uploads/${encodeURIComponent(uploadId)}`;
  // The server decides the part size (it checks each part against it); ours is only the fallback.
  const partSize = started.data.partSize > 0 ? started.data.partSize : PART_BYTES;
  const partCount = started.data.partCount > 0 ? started.data.partCount : Math.ceil(file.size / partSize);

  // Without this the abandoned upload would hold one of the audit's ten places until the hourly cleanup.
  const giveUp = async (reason: string): Promise<UploadResult> => {
    await fetchImpl(base, { method: 'DELETE', headers: auth }).catch(() => undefined);
    return { ok: false, reason };
  };

  for (let index = 0; index < partCount; index++) {
    const start = index * partSize;
    const end = Math.min(start + partSize, file.size);
    const part = await send<Partial<UploadPartReply>>(fetchImpl, `${base}/parts/${index}`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/octet-stream' },
      body: file.slice(start, end),
    });
    if (!part.ok) return giveUp(part.reason);
    const received = typeof part.data.received === 'number' ? part.data.received : end;
    onProgress(Math.min(1, received / file.size));
  }

  const completed = await send<{ document?: Partial<UploadCompleteReply['document']> }>(fetchImpl, `${base}/complete`, {
    method: 'POST',
    headers: { ...auth, Accept: 'application/json' },
  });
  if (!completed.ok) return giveUp(completed.reason);
  const documentId = completed.data.document?.id;
  if (!documentId) return giveUp(unreadableReason);
  onProgress(1);
  return { ok: true, documentId };
}

/** Sends the files one after another, skipping those already uploaded; returns the ones that failed. */
export async function uploadAll(
  files: ChosenFile[],
  token: string,
  update: (id: string, patch: Partial<ChosenFile>) => void,
  fetchImpl: Fetch = fetch,
): Promise<{ failed: ChosenFile[] }> {
  const failed: ChosenFile[] = [];
  // One at a time: parallel parts would compete for the visitor's upload bandwidth and the API's rate.
  for (const chosen of files) {
    if (chosen.status === 'done') continue;
    update(chosen.id, { status: 'uploading', progress: 0, error: undefined });
    const result = await uploadDocument(chosen.file, token, (progress) => update(chosen.id, { progress }), fetchImpl);
    if (result.ok) {
      update(chosen.id, { status: 'done', progress: 1 });
    } else {
      const patch = { status: 'failed', error: result.reason } as const;
      update(chosen.id, patch);
      failed.push({ ...chosen, ...patch });
    }
  }
  return { failed };
}

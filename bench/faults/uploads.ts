/**
 * The upload clients of `npm run bench:faults`' Blobs scenarios (blobs-uploads, server-kill-uploads): `connections`
 * loops that each, until the load's end, send an intake (`POST /api/audits`, its address its own) and then one PDF
 * of 4–9 MB in parts, as the intake page does: start, every part, complete, with the upload token as Bearer. A
 * refusal is retried as the page retries it: the intake with its idempotency key, a part with the same upload id
 * and index, the completion with the same upload id (a 409 `upload_incomplete` sends the parts again first); a
 * refused start starts again. Every attempt is kept with what it was told, every file with its SHA-256. THINK_MS
 * (150): each client's pause between uploads.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { intakePayload } from '../../tests/fixtures/forms.ts';
import { FUNCTION_LIMIT_MS, type Attempt, type LoadPlan } from './clients.ts';

const PART = 4 * 1024 * 1024;
const RETRY_PAUSE_MS = 500;
const THINK_MS = Number(process.env.THINK_MS ?? 150);

export interface Upload {
  email: string;
  submissionId?: string;
  uploadId?: string;
  size: number;
  sha256: string;
  attempts: Attempt[];
  /** The document id a 201 completion answered. */
  documentId?: string;
}

export type Answer = { attempt: Attempt; body?: Record<string, unknown> };

/**
 * One request from the client's own loopback address (127.0.1.N): the server limits uploads per visitor's address
 * (UPLOAD_RATE_LIMIT), and each client is one visitor, not all of them one.
 */
function request(
  url: string,
  init: Init,
  localAddress: string,
): Promise<{ status: number; retryAfter: string | null; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: init.method, headers: init.headers, localAddress, timeout: FUNCTION_LIMIT_MS },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: (response.headers['retry-after'] as string | undefined) ?? null,
            text,
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

export interface Init {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export async function send(base: string, path: string, init: Init, since: () => number, from: string): Promise<Answer> {
  const at = since();
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(`${base}${path}`, { ...init, headers: { origin: base, ...init.headers } }, from);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const told = (error as Error).name === 'TimeoutError' ? 'timeout' : code === 'ECONNREFUSED' ? 'refused' : 'reset';
    return { attempt: { at, told, documented: false } };
  }
  const { status, retryAfter, text } = answer;
  const ok = status >= 200 && status < 300;
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: undocumented
  }
  const code = (body?.error as { code?: string } | undefined)?.code;
  const stack = /\n\s+at |\.ts:\d+|\.mts:\d+/.test(text);
  const documented =
    !!body && !stack && (ok || (status >= 400 && status < 500 && !!code) || (status === 503 && !!retryAfter && !!code));
  return { attempt: { at, told: status, code, retryAfter, documented }, body: ok ? body : undefined };
}

export async function runUploads(plan: LoadPlan): Promise<Upload[]> {
  const uploads: Upload[] = [];
  let n = 0;
  const since = () => Date.now() - plan.startedAt;
  const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));
  const going = () => since() < plan.giveUpAt;
  /** Sends until 2xx or the give-up time; the 2xx body, or undefined. */
  const until2xx = async (
    from: string,
    upload: Upload,
    path: string,
    init: () => Init,
    onRefusal?: (a: Answer) => Promise<void>,
  ) => {
    while (going()) {
      const answer = await send(plan.base, path, init(), since, from);
      upload.attempts.push(answer.attempt);
      if (answer.body) return answer.body;
      if (onRefusal) await onRefusal(answer);
      await pause(RETRY_PAUSE_MS);
    }
    return undefined;
  };
  const loop = async (_: unknown, client: number) => {
    const from = `127.0.1.${client + 1}`;
    while (since() < plan.loadMs) {
      const i = n++;
      const file = new Uint8Array(
        Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(PART + (i % 5) * 1024 * 1024 - 9)]),
      );
      const upload: Upload = {
        email: `faults-${plan.scenario}-${i}@bench.example`,
        size: file.byteLength,
        sha256: createHash('sha256').update(file).digest('hex'),
        attempts: [],
      };
      uploads.push(upload);
      const intake = JSON.stringify({ ...intakePayload(), workEmail: upload.email, companyName: `Faults ${i}` });
      const json = { 'content-type': 'application/json' };
      const audit = await until2xx(from, upload, '/api/audits', () => ({
        method: 'POST',
        headers: json,
        body: intake,
      }));
      if (!audit) continue;
      upload.submissionId = audit.id as string;
      const bearer = { authorization: `Bearer ${audit.uploadToken as string}` };
      const started = await until2xx(from, upload, '/api/uploads', () => ({
        method: 'POST',
        headers: { ...json, ...bearer },
        body: JSON.stringify({ fileName: `deck-${i}.pdf`, fileSize: file.byteLength }),
      }));
      if (!started) continue;
      const uploadId = (upload.uploadId = started.uploadId as string);
      const sendParts = async () => {
        for (let index = 0; index * PART < file.byteLength && going(); index++) {
          await until2xx(from, upload, `/api/uploads/${uploadId}/parts/${index}`, () => ({
            method: 'PUT',
            headers: { 'content-type': 'application/octet-stream', ...bearer },
            body: file.slice(index * PART, (index + 1) * PART),
          }));
        }
      };
      await sendParts();
      const done = await until2xx(
        from,
        upload,
        `/api/uploads/${uploadId}/complete`,
        () => ({ method: 'POST', headers: bearer }),
        async (answer) => {
          if (answer.attempt.code === 'upload_incomplete') await sendParts();
        },
      );
      upload.documentId = (done?.document as { id?: string } | undefined)?.id;
      await pause(THINK_MS);
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, loop));
  return uploads;
}

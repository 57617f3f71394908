/**
 * The clients of `npm run bench:faults`: `connections` loops that each send contact-form submits one after the
 * other until the load's end, every submit with its own idempotency key, address and company (so the checker can
 * find its rows and its mails), and every answer that is not 2xx retried with the same key, as the form does when
 * a visitor presses Send again, until it is 2xx or `giveUpAt`; and every tenth submit once more after its 2xx.
 * Every attempt is kept with what the client was told. THINK_MS (150): each client's pause between submits.
 */
import { randomUUID } from 'node:crypto';
import { contactPayload } from '../../tests/fixtures/forms.ts';

/** What one attempt was told: an HTTP status, or no answer (`refused`, `reset`, `timeout`). */
export interface Attempt {
  /** ms since the scenario's start */
  at: number;
  told: number | 'refused' | 'reset' | 'timeout';
  code?: string;
  retryAfter?: string | null;
  /** The answer is one the API documents (2xx, 4xx JSON, 503 `unavailable` with Retry-After), no stack trace. */
  documented: boolean;
}

export interface Submit {
  key: string;
  email: string;
  attempts: Attempt[];
  /** The id of the 2xx answer, when one came. */
  id?: string;
  /** Every tenth submit is sent once more after its 2xx (a double click): the id that repeat was told. */
  repeatId?: string;
}

/**
 * How long one attempt waits for its answer: Netlify ends a synchronous function at 60 s with an error page of its
 * own, so an answer the local server (which has no such limit) gives later never reaches a visitor there. Counted
 * as `timeout`, an undocumented answer.
 */
export const FUNCTION_LIMIT_MS = 60_000;
/** Pause between a refused attempt and its retry. */
const RETRY_PAUSE_MS = 300;
/** Pause between a client's submits (THINK_MS): a visitor's pace, and room on a shared two-core machine. */
const THINK_MS = Number(process.env.THINK_MS ?? 150);

export interface LoadPlan {
  base: string;
  scenario: string;
  connections: number;
  /** ms since `startedAt` when no new submit starts. */
  loadMs: number;
  /** ms since `startedAt` after which a submit is no longer retried. */
  giveUpAt: number;
  startedAt: number;
}

/** Runs the load; resolves with every submit once each is 2xx or given up. */
export async function runClients(plan: LoadPlan): Promise<Submit[]> {
  const submits: Submit[] = [];
  let n = 0;
  const since = () => Date.now() - plan.startedAt;
  const loop = async () => {
    while (since() < plan.loadMs) {
      const i = n++;
      const submit: Submit = {
        key: randomUUID(),
        email: `faults-${plan.scenario}-${i}@bench.example`,
        attempts: [],
      };
      submits.push(submit);
      const body = JSON.stringify({
        ...contactPayload(),
        email: submit.email,
        company: `Faults ${plan.scenario} ${i}`,
        idempotencyKey: submit.key,
      });
      while (!submit.id && since() < plan.giveUpAt) {
        const attempt = await post(plan.base, body, since);
        submit.attempts.push(attempt.attempt);
        if (attempt.id) submit.id = attempt.id;
        else await new Promise((wait) => setTimeout(wait, RETRY_PAUSE_MS));
      }
      // A double submit with the same key: answered with the first one's id, and nothing written.
      if (submit.id && i % 10 === 0) {
        const repeat = await post(plan.base, body, since);
        submit.attempts.push(repeat.attempt);
        submit.repeatId = repeat.id;
      }
      await new Promise((wait) => setTimeout(wait, THINK_MS));
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, loop));
  return submits;
}

async function post(base: string, body: string, since: () => number): Promise<{ attempt: Attempt; id?: string }> {
  const told = await sendAttempt<{ id?: string }>(
    `${base}/api/contact`,
    { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body },
    since,
    (response, _parsed, code) => response.ok || (response.status >= 400 && response.status < 500 && !!code),
  );
  return { attempt: told.attempt, id: told.ok ? told.parsed?.id : undefined };
}

/**
 * Sends one request of a bench client, waiting FUNCTION_LIMIT_MS at most, and says what it was told: the status, or
 * no answer (`refused`, `reset`, `timeout`), the error code and Retry-After, and whether the answer is documented: a
 * JSON body without a stack trace that `answered` accepts (the endpoint's own answers), or a 503 with Retry-After and
 * a code. The parsed body comes back for the caller to read (an id, an outcome).
 */
export async function sendAttempt<Body extends object>(
  url: string,
  init: RequestInit,
  since: () => number,
  answered: (response: Response, parsed: Body & { error?: { code?: string } }, code: string | undefined) => boolean,
): Promise<{ attempt: Attempt; ok: boolean; parsed: (Body & { error?: { code?: string } }) | null }> {
  const at = since();
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(FUNCTION_LIMIT_MS) });
    text = await response.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const told = (error as Error).name === 'TimeoutError' ? 'timeout' : cause === 'ECONNREFUSED' ? 'refused' : 'reset';
    return { attempt: { at, told, documented: false }, ok: false, parsed: null };
  }
  type Answer = Body & { error?: { code?: string } };
  let parsed: Answer | null = null;
  try {
    parsed = JSON.parse(text) as Answer;
  } catch {
    // not JSON: undocumented
  }
  const retryAfter = response.headers.get('retry-after');
  const code = parsed?.error?.code;
  const stack = /\n\s+at |\.ts:\d+|\.mts:\d+/.test(text);
  const documented =
    !!parsed && !stack && (answered(response, parsed, code) || (response.status === 503 && !!retryAfter && !!code));
  return { attempt: { at, told: response.status, code, retryAfter, documented }, ok: response.ok, parsed };
}

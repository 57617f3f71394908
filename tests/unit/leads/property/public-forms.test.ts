/**
 * Properties of the public form endpoints, checked with fast-check on generated bodies against the real
 * handlers and one in-memory PGlite:
 * (a) no body gets a 5xx, and every refusal is a 4xx in the API's error shape (the certain ones: the
 *     right status and field);
 * (b) a request stores all of its records or none of them;
 * (c) a valid submit is stored exactly as the schema normalises it;
 * (d) a repeated idempotency key stores one record and answers with its id.
 *
 * FUZZ_RUNS sets the runs per property (100; `npm run bench:fuzz` runs 10,000), FUZZ_SEED replays a run,
 * FUZZ_REPORT names a file that receives one JSON line per property (the bench prints them).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDatabase, type DbHandle } from '../../../../src/db/client.ts';
import { openDatabase } from '../../../../src/db/embedded.ts';
import {
  auditSubmissions,
  contactMessages,
  idempotencyKeys,
  mailOutbox,
  rateLimits,
  uploadTokens,
} from '../../../../src/db/schema.ts';
import { hostileRequest, validSubmit, type HostileRequest, type Payload } from '../../../fixtures/arbitraries.ts';
import { call } from '../../function-harness.ts';
import { pgliteTemplate } from '../../test-db.ts';
import { endpoints, isObject, type Endpoint } from './endpoints.ts';
import { holds as holdsWith, RUNS } from './holds.ts';
import { expectedSpam, expectErrorShape as errorShape, expectStoredExactly as storedExactly } from './oracles.ts';

const holds = <T>(name: string, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>) =>
  holdsWith(name, arbitrary, predicate, emptyTablesWhenFull);
const expectStoredExactly = (endpoint: Endpoint, id: string, body: Payload) =>
  storedExactly(handle.db, endpoint, id, body);
const expectErrorShape = (status: number, body: unknown) => errorShape(status, body, lastError);

// About 15 ms a run for the slowest property here; generous, so a busy machine does not time out.
const TIMEOUT = Math.max(120_000, RUNS * 150);

let handle: DbHandle;
/** What the handler last logged as an error: the cause of a 5xx, shown beside the failed assertion. */
let lastError = '';

beforeAll(async () => {
  handle = await openDatabase({ memory: true, template: await pgliteTemplate() });
  useDatabase(handle);
}, 60_000);
afterAll(() => handle.close());
afterEach(() => vi.restoreAllMocks());
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {}); // the console transport prints each mail
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    lastError = args.map(String).join(' ').slice(0, 600);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Sending

let sent = 0;
/** A new client address per request (2^24 of them), so the per-IP rate limit never answers. */
const nextIp = () => `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent++ & 255}`;

let keys = 0;
/**
 * A key no earlier request used, of the generated key's version and variant. fast-check favours a few
 * uuids, and properties replayed with one FUZZ_SEED draw the same ones: a repeat would make a submit a
 * duplicate, which only (d) asks for.
 */
const freshKey = (key: string) => key.slice(0, 24) + (++keys).toString(16).padStart(12, '0');
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The body with a fresh idempotency key when it carries a valid one (a copy: fast-check may reuse it). */
function withFreshKey(body: unknown): unknown {
  if (!isObject(body) || typeof body.idempotencyKey !== 'string' || !uuid.test(body.idempotencyKey)) return body;
  return { ...body, idempotencyKey: freshKey(body.idempotencyKey) };
}

async function send(endpoint: Endpoint, request: HostileRequest): Promise<{ status: number; body: unknown }> {
  lastError = '';
  const res = await call(endpoint.handler, endpoint.path, request.body, {
    ip: nextIp(),
    raw: request.raw,
    type: request.type,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // left as text: the shape checks say what is wrong with it
  }
  return { status: res.status, body };
}

/**
 * Empties the tables the forms write to every 200 runs: counting rows scans them (the outbox holds whole
 * mails), and at 10,000 runs a property would spend most of its time counting. Never inside a run.
 */
let runsSinceEmpty = 0;
async function emptyTablesWhenFull(): Promise<void> {
  if (++runsSinceEmpty < 200) return;
  runsSinceEmpty = 0;
  await handle.db.execute(
    sql`truncate ${mailOutbox}, ${idempotencyKeys}, ${uploadTokens}, ${auditSubmissions}, ${contactMessages}, ${rateLimits} cascade`,
  );
}

async function counts(endpoint: Endpoint): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(endpoint.tables)) out[name] = await handle.db.$count(table);
  return out;
}

const valid = (endpoint: Endpoint) => fc.oneof(...endpoint.forms.map((form) => validSubmit(form)));

/** Hostile requests, and one valid submit in five so that stored submits are among them. */
const anyRequest = (endpoint: Endpoint): fc.Arbitrary<HostileRequest> =>
  fc.oneof(
    {
      weight: 1,
      arbitrary: valid(endpoint).map((body): HostileRequest => ({ label: 'valid', body, expect: { status: 201 } })),
    },
    ...endpoint.forms.map((form) => ({ weight: 2, arbitrary: hostileRequest(form, endpoint.maxBytes) })),
  );

const withKey = (request: HostileRequest): HostileRequest => ({ ...request, body: withFreshKey(request.body) });

for (const endpoint of endpoints) {
  describe(endpoint.name, () => {
    it(
      '(a) never answers a 5xx; refuses with a 4xx in the error shape, with the status and field it must',
      { timeout: TIMEOUT },
      async () => {
        await holds(`${endpoint.name} (a) no 5xx`, anyRequest(endpoint), async (generated) => {
          const request = withKey(generated);
          const { status, body } = await send(endpoint, request);
          expect(status, `${request.label}: ${lastError}`).toBeLessThan(500);
          if (status < 300) {
            expect(status).toBe(201);
            expect((body as Payload).id).toMatch(uuid);
          } else {
            expectErrorShape(status, body);
          }
          if (request.expect) {
            expect(status, `${request.label}: ${JSON.stringify(body)}`).toBe(request.expect.status);
            const field = request.expect.field;
            if (field) {
              const named = Object.keys((body as { error: { fields?: Payload } }).error.fields ?? {});
              expect(
                named.some((key) => key === field || key.startsWith(`${field}.`)),
                `${request.label}: ${named.join(', ')}`,
              ).toBe(true);
            }
          }
          // Keys such as __proto__ in a body must never reach the prototype of every object.
          expect(Object.keys(Object.prototype)).toEqual([]);
          expect(({} as Payload).polluted).toBeUndefined();
        });
      },
    );

    it(
      '(b) stores a whole submit or nothing: one row and its mails after a 2xx, no change after a 4xx',
      { timeout: TIMEOUT },
      async () => {
        await holds(`${endpoint.name} (b) all or nothing`, anyRequest(endpoint), async (generated) => {
          const request = withKey(generated);
          const before = await counts(endpoint);
          const { status, body } = await send(endpoint, request);
          const after = await counts(endpoint);
          const delta = Object.fromEntries(Object.keys(before).map((k) => [k, after[k]! - before[k]!]));
          if (status >= 300) {
            expect(delta, `${request.label} → ${status}`).toEqual(
              Object.fromEntries(Object.keys(before).map((k) => [k, 0])),
            );
            return;
          }
          const spam = expectedSpam(request.body as Payload) !== null;
          const token = (body as Payload).uploadToken !== undefined;
          expect(token).toBe(!spam && (request.body as Payload).source === 'intake');
          expect(delta, `${request.label} → ${status}`).toEqual({
            rows: 1,
            mails: spam ? 0 : 2,
            keys: 1,
            ...('uploadTokens' in before ? { uploadTokens: token ? 1 : 0 } : {}),
          });
        });
      },
    );

    it(
      '(c) stores every answer of a valid submit exactly as the schema normalises it',
      { timeout: TIMEOUT },
      async () => {
        await holds(`${endpoint.name} (c) stored exactly`, valid(endpoint), async (generated) => {
          const body = withFreshKey(generated) as Payload;
          const res = await send(endpoint, { label: 'valid', body });
          expect(res.status, `${JSON.stringify(res.body)} ${lastError}`).toBe(201);
          await expectStoredExactly(endpoint, (res.body as { id: string }).id, body);
        });
      },
    );

    it('(d) stores a repeated idempotency key once and answers both with its id', { timeout: TIMEOUT }, async () => {
      // The repeat is the same body (a retry, maybe concurrent) or another one (a resubmit after an edit).
      const pair = fc.oneof(
        ...endpoint.forms.map((form) =>
          fc.tuple(validSubmit(form), fc.option(validSubmit(form), { nil: undefined }), fc.boolean()),
        ),
      );
      await holds(`${endpoint.name} (d) idempotent`, pair, async ([first, other, concurrent]) => {
        const key = freshKey(first.idempotencyKey as string);
        const firstBody: Payload = { ...first, idempotencyKey: key };
        const secondBody = other && !concurrent ? { ...other, idempotencyKey: key } : firstBody;
        const before = await counts(endpoint);
        const answers = concurrent
          ? await Promise.all([
              send(endpoint, { label: 'first', body: firstBody }),
              send(endpoint, { label: 'again', body: secondBody }),
            ])
          : [
              await send(endpoint, { label: 'first', body: firstBody }),
              await send(endpoint, { label: 'again', body: secondBody }),
            ];
        const after = await counts(endpoint);
        for (const answer of answers) expect(answer.status, `${JSON.stringify(answer.body)} ${lastError}`).toBe(201);
        const [one, two] = answers.map((a) => (a.body as { id: string }).id);
        expect(two).toBe(one);
        expect(after.rows! - before.rows!).toBe(1);
        expect(after.keys! - before.keys!).toBe(1);
        expect(after.mails! - before.mails!).toBe(expectedSpam(firstBody) ? 0 : 2);
        // The stored record is the first submit's, whatever the repeat carried.
        await expectStoredExactly(endpoint, one!, firstBody);
        // Only a stored intake that is not spam may receive documents, whoever asks for its token.
        const uploads = firstBody.source === 'intake' && !expectedSpam(firstBody);
        expect(answers.map((a) => (a.body as Payload).uploadToken !== undefined)).toEqual([uploads, uploads]);
      });
    });
  });
}

/**
 * The local stand-in for Netlify's function routing: finds every `netlify/functions/*.mts`, reads its
 * `config.path` (URLPattern syntax, as on Netlify) and `config.method`, and calls the matching handler
 * with the part of the function context the project uses. Used by `npm start` and by `npm run dev`.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FnContext, Handler } from '../../src/server/http.ts';
import { redactUrl } from '../../src/server/redact.ts';
import { bufferBody } from './body-limit.ts';

interface FunctionConfig {
  path?: string | string[];
  excludedPath?: string | string[];
  method?: string | string[];
  schedule?: string;
}

interface FunctionModule {
  default: Handler;
  config?: FunctionConfig;
}

/** Loads a function module by absolute path: a plain `import` in production, Vite's loader in dev. */
export type ModuleLoader = (file: string) => Promise<FunctionModule>;

export const functionsDir = path.resolve(import.meta.dirname, '../../netlify/functions');

// Compiled once per pattern string: every request tests every function's patterns.
const patterns = new Map<string, URLPattern>();
const pattern = (pathname: string): URLPattern => {
  let compiled = patterns.get(pathname);
  if (!compiled) patterns.set(pathname, (compiled = new URLPattern({ pathname })));
  return compiled;
};

type PathMatcher = (url: URL) => Record<string, string> | null;
const matchers = new Map<string, PathMatcher>();

/**
 * The path parameters of `url` under the path pattern `source`, or null when it does not match. A pattern
 * without syntax (`/api/contact`) is compared as it is, and one with syntax only run when the path starts with
 * its literal beginning: URLPattern's `exec` over every function's patterns on every request was 4% of the CPU
 * of a loaded server.
 */
function matchPath(source: string, url: URL): Record<string, string> | null {
  let matcher = matchers.get(source);
  if (!matcher) {
    const special = source.search(/[:*(){}?+\\]/);
    const prefix = special === -1 ? source : source.slice(0, special);
    matcher =
      special === -1
        ? (url) => (url.pathname === source ? {} : null)
        : (url) => {
            if (!url.pathname.startsWith(prefix)) return null;
            const match = pattern(source).exec(url);
            if (!match) return null;
            return Object.fromEntries(
              Object.entries(match.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
            );
          };
    matchers.set(source, matcher);
  }
  return matcher(url);
}

const list = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export function functionFiles(dir = functionsDir): string[] {
  return readdirSync(dir)
    .filter((name) => /\.m?[jt]s$/.test(name))
    .map((name) => path.join(dir, name));
}

export interface Router {
  /**
   * Answers the request with the matching function, or `null` when no function claims its path. The body is
   * read in full first and refused with a 413 over Netlify's limit (see body-limit.ts).
   */
  handle(request: Request, ip: string): Promise<Response | null>;
  /** Every function with a `schedule`, for a local timer. */
  scheduled(): Promise<{ file: string; schedule: string; run: () => Promise<Response> }[]>;
}

export function createRouter(load: ModuleLoader, dir = functionsDir): Router {
  const files = functionFiles(dir);
  const modules = () => Promise.all(files.map(async (file) => ({ file, mod: await load(file) })));

  return {
    async handle(request, ip) {
      const url = new URL(request.url);
      for (const { mod } of await modules()) {
        const config = mod.config ?? {};
        const methods = list(config.method).map((m) => m.toUpperCase());
        if (methods.length && !methods.includes(request.method)) continue;
        if (list(config.excludedPath).some((p) => pattern(p).test(url))) continue;
        for (const source of list(config.path)) {
          const params = matchPath(source, url);
          if (!params) continue;
          const buffered = await bufferBody(request);
          if (buffered instanceof Response) return buffered;
          return invoke(mod.default, buffered, { ip, params, url });
        }
      }
      return null;
    },
    async scheduled() {
      return (await modules())
        .filter(({ mod }) => mod.config?.schedule)
        .map(({ file, mod }) => ({
          file,
          schedule: mod.config!.schedule!,
          run: () =>
            invoke(mod.default, new Request('http://localhost/.netlify/scheduled', { method: 'POST' }), {
              ip: '127.0.0.1',
              params: {},
              url: new URL('http://localhost/.netlify/scheduled'),
            }),
        }));
    },
  };
}

async function invoke(
  handler: Handler,
  request: Request,
  partial: Pick<FnContext, 'ip' | 'params' | 'url'>,
): Promise<Response> {
  const pending: Promise<unknown>[] = [];
  const context: FnContext = {
    ...partial,
    requestId: randomUUID(),
    waitUntil: (promise) => void pending.push(promise.catch((e) => console.error('waitUntil task failed:', e))),
  };
  try {
    return await handler(request, context);
  } catch (error) {
    // Netlify answers an uncaught throw with a bare 500; so do we, and the stack stays in the log.
    console.error(`${request.method} ${redactUrl(partial.url.pathname)} threw:`, error);
    return Response.json(
      { error: { code: 'internal', message: 'Something went wrong on our side. Please try again in a moment.' } },
      { status: 500 },
    );
  }
}

/**
 * The shape every `/api/admin/*` function shares: which methods a path offers and the role each needs,
 * then the guard (`requireRole`: Origin on state changes, 401, 403, 503), then one service call. A
 * function only lists its routes; refusals thrown by services become the API's error answers here.
 */
import type * as z from 'zod/mini';
import type { Role } from '../../db/schema.ts';
import { parseJson } from '../guards.ts';
import { allowMethods, withErrors, type FnContext, type Handler } from '../http.ts';
import { requireRole, unavailable, type Staff } from '../roles.ts';
import { AdminError } from './errors.ts';

/** One method of one route: the role it needs (`null`: any signed-in user) and what it does. */
export interface Action {
  role: Role | null;
  run: (staff: Staff, request: Request) => Promise<Response>;
}

export type Actions = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Action>>;

/** A body that failed `parseJson` (415, 400, 413 or 422), carried out of the service call as a throw. */
class RefusedBody extends Error {
  readonly response: Response;
  constructor(response: Response) {
    super('refused body');
    this.response = response;
  }
}

/** An admin function: `routes` names the actions of the requested path (from its URL and params). */
export function adminEndpoint(routes: (url: URL, params: FnContext['params']) => Actions): Handler {
  return withErrors(async (request, context) => {
    const actions = routes(new URL(request.url), context.params);
    const wrongMethod = allowMethods(request, Object.keys(actions));
    if (wrongMethod) return wrongMethod;
    const action = actions[request.method as keyof Actions]!;
    const staff = await requireRole(request, action.role);
    if (staff instanceof Response) return staff;
    try {
      return await action.run(staff, request);
    } catch (error) {
      if (error instanceof AdminError) return error.toResponse();
      if (error instanceof RefusedBody) return error.response;
      // Anything else is the database or the store failing mid-call: say so, and keep the stack in the log.
      console.error(`[${context.requestId}] ${request.method} ${new URL(request.url).pathname} failed:`, error);
      return unavailable();
    }
  });
}

/** The request's JSON body checked against `schema`; a refusal is answered by `adminEndpoint`. */
export async function readJson<S extends z.ZodMiniType>(
  request: Request,
  schema: S,
  limit?: number,
): Promise<z.output<S>> {
  const parsed = await parseJson(request, schema, limit);
  if ('response' in parsed) throw new RefusedBody(parsed.response);
  return parsed.data;
}

/** The 204 of a delete. */
export const noContent = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

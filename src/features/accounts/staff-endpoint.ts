/**
 * The shape every `/api/admin/*` function shares: which methods a path offers and the role each needs,
 * then the guard (`requireRole`: Origin on state changes, 401, 403, 503), then one service call. A
 * function only lists its routes; refusals thrown by services become the API's error answers here.
 */
import type { Db } from '../../db/client.ts';
import type { Role } from '../../db/schema.ts';
import { answerOrFail } from '../../server/errors.ts';
import {
  json,
  noContent,
  requestLabel,
  routeAction,
  withErrors,
  type FnContext,
  type Handler,
  type Methods,
} from '../../server/http.ts';
import { portalUnavailable, requireRole, type Staff } from './require-role.ts';
import { csvAttachment } from '../../server/download.ts';
import { csvRowCount } from '../../server/csv.ts';
import { loggedFilter, recordAudit } from '../../server/action-log.ts';

/**
 * One method of one route: the role it needs (`null`: any signed-in user) and what it does (with the
 * function's context for work after the answer, such as sending the mail it queued).
 */
export interface Action {
  role: Role | null;
  run: (staff: Staff, request: Request, context: FnContext) => Promise<Response>;
}

export type Actions = Methods<Action>;

/** An admin function: `routes` names the actions of the requested path (from its URL and params). */
export function adminEndpoint(routes: (url: URL, params: FnContext['params']) => Actions): Handler {
  return withErrors(async (request, context) => {
    const action = routeAction(request, routes(new URL(request.url), context.params));
    if (action instanceof Response) return action;
    const staff = await requireRole(request, action.role);
    if (staff instanceof Response) return staff;
    // Anything but a refusal is the database or the store failing mid-call: say so, keep the stack in the log.
    return answerOrFail(
      () => action.run(staff, request, context),
      portalUnavailable(),
      `${requestLabel(request, context)} failed`,
    );
  });
}

/** A DELETE: `remove` runs, the answer is 204. */
export const deleteAction = (role: Role, remove: (staff: Staff) => Promise<unknown>): Action => ({
  role,
  run: async (staff) => {
    await remove(staff);
    return noContent();
  },
});

/** A staff list read through its URL's filters: one page as JSON, or every match as a CSV download. */
export interface StaffList<Q> {
  role: Role;
  /** How the export's path ends (`/export.csv`); told by path, since which pattern names the params when several match is the router's choice. */
  exportPath: string;
  /** The download's file name, without `.csv`. */
  file: string;
  /** The list's filters from its URL (and the signed-in staff member, for a filter such as `owner=mine`). */
  query: (url: URL, staff: Staff) => Q;
  page: (db: Db, query: Q) => Promise<unknown>;
  csv: (db: Db, query: Q) => Promise<string>;
}

/**
 * The routes of a list's own paths: its export, and the list itself (no `id`); null for any other path of
 * the function (one record's).
 */
export function listRoutes<Q>(url: URL, id: undefined, list: StaffList<Q>): Actions;
export function listRoutes<Q>(url: URL, id: string | undefined, list: StaffList<Q>): Actions | null;
export function listRoutes<Q>(url: URL, id: string | undefined, list: StaffList<Q>): Actions | null {
  if (url.pathname.endsWith(list.exportPath)) {
    return { GET: { role: list.role, run: async (staff) => exportList(url, staff, list) } };
  }
  if (id !== undefined) return null;
  return { GET: { role: list.role, run: async (staff) => json(await list.page(staff.db, list.query(url, staff))) } };
}

/**
 * A list's CSV export, recorded in the action log before the file is handed over (`export.csv`: which list,
 * its filters as the URL gave them but a search text as its keyed digest, how many rows): an export whose row cannot be written is not answered.
 */
async function exportList<Q>(url: URL, staff: Staff, list: StaffList<Q>): Promise<Response> {
  const csv = await list.csv(staff.db, list.query(url, staff));
  const names = [...new Set(url.searchParams.keys())].filter((name) => name !== 'page');
  const filters = Object.fromEntries(
    names.map((name) => {
      // A search text is kept as its digest (action-log.ts): the log never holds a searched name.
      const values = url.searchParams.getAll(name).map((value) => loggedFilter(name, value));
      return [name, values.length > 1 ? values : values[0]];
    }),
  );
  const detail = { list: list.file, filters, rows: csvRowCount(csv) };
  await recordAudit(staff.db, staff.user, 'export.csv', { type: 'list', id: list.file }, detail);
  return csvAttachment(list.file, csv);
}

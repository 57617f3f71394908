/**
 * The filters every staff list shares (docs/decisions/0012-staff-lists-page-filter-search-export.md): newest first, 50 a page, one status, a search over a
 * few text columns, and spam shown only under its own filter (docs/decisions/0008-spam-defence-without-captcha.md). The CSV export reads the same
 * filters, so it always holds what the list shows (on every page).
 */
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { tableCsv } from './csv.ts';
import { invalidFields } from './errors.ts';
import type { ListPage } from '../lib/list-page.ts';

export const PAGE_SIZE = 50;
/** Longest search text: enough for an email address or a company name. */
const MAX_SEARCH_LENGTH = 200;

export interface ListQuery<S extends string> {
  status: S | null;
  q: string;
  spam: boolean;
  page: number;
}

/** The filters of `?status=&q=&spam=&page=`; a value that cannot be one is a 422 naming the parameter. */
export function readListQuery<S extends string>(url: URL, statuses: readonly S[]): ListQuery<S> {
  const get = (name: string) => (url.searchParams.get(name) ?? '').trim();
  const fields: Record<string, string> = {};
  const status = get('status');
  if (status && !(statuses as readonly string[]).includes(status)) fields.status = `Use ${statuses.join(', ')}`;
  const q = get('q');
  if (q.length > MAX_SEARCH_LENGTH) fields.q = `Keep the search under ${MAX_SEARCH_LENGTH} characters`;
  const spam = get('spam');
  if (!['', '0', '1', 'false', 'true'].includes(spam)) fields.spam = 'Use 1 to show only spam';
  const page = get('page') || '1';
  if (!/^[1-9]\d{0,5}$/.test(page)) fields.page = 'Use a page number from 1';
  if (Object.keys(fields).length) throw invalidFields(fields, 'Some filters are not valid.');
  return { status: (status || null) as S | null, q, spam: spam === '1' || spam === 'true', page: Number(page) };
}

/** `%text%` for ILIKE with the pattern characters of the search itself taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE of a list: status, spam or not, and the search over `search` columns. */
export function listWhere(
  query: ListQuery<string>,
  columns: { status: PgColumn; isSpam: PgColumn; search: PgColumn[] },
): SQL | undefined {
  const pattern = containsPattern(query.q);
  return and(
    query.status ? eq(columns.status, query.status) : undefined,
    eq(columns.isSpam, query.spam),
    query.q ? or(...columns.search.map((column) => ilike(column, pattern))) : undefined,
  );
}

/** The rows a page skips. */
export const offsetOf = (page: number) => (page - 1) * PAGE_SIZE;

/** A filtered, sorted select that can still be cut to one page. */
interface Pageable<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/** Page `page` of `rows`, with `total`, the count of every row they match (`db.$count` on the same filter). */
export async function pageOf<T>(rows: Pageable<T>, total: PromiseLike<number>, page: number): Promise<ListPage<T>> {
  const [items, counted] = await Promise.all([rows.limit(PAGE_SIZE).offset(offsetOf(page)), total]);
  return { items, total: counted, page, pageSize: PAGE_SIZE };
}

/**
 * The list and the export of one table's rows under `filter`, in `sorted` order (fixed, or chosen by the
 * query): a page of whole rows with the count of all that match, or every match as CSV.
 */
export function tableListing<T extends PgTable, Q extends { page: number }>(
  table: T,
  filter: (query: Q) => SQL | undefined,
  sorted: SQL[] | ((query: Q) => SQL[]),
) {
  const order = (query: Q) => (typeof sorted === 'function' ? sorted(query) : sorted);
  // drizzle cannot infer a select over a generic table: the rows are the table's, as `$inferSelect` says.
  const matching = (db: Db, query: Q) =>
    db
      .select()
      .from(table as PgTable)
      .where(filter(query))
      .orderBy(...order(query)) as unknown as Pageable<T['$inferSelect']> & PromiseLike<T['$inferSelect'][]>;
  return {
    page: (db: Db, query: Q): Promise<ListPage<T['$inferSelect']>> =>
      pageOf(matching(db, query), db.$count(table, filter(query)), query.page),
    csv: async (db: Db, query: Q): Promise<string> => tableCsv(table, await matching(db, query)),
  };
}

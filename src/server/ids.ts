/** Row ids: every table keys its rows by a UUID. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a URL or a blob key can be a row id; Postgres throws on a malformed uuid (a 500 for bad input). */
export const isUuid = (id: string | undefined): id is string => id !== undefined && UUID.test(id);

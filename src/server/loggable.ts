/**
 * What the functions' log may say of a failure. A database error carries what the statement was given: drizzle's
 * error prints the query and its bound values (`params: ada@x.example,Ada Quill,…`: a person's answers), and
 * Postgres's own names a row's values in its `detail` (`Key (email_key)=(ada@x.example) already exists.`, `Failing
 * row contains (…)`) and a refused value in some messages (`invalid input syntax for type uuid: "…"`). Netlify keeps
 * function logs and shows them to everyone with access to the project, so every error a log line prints goes
 * through `loggable` first: a database error keeps what helps to fix it (its SQLSTATE code, constraint, table,
 * column, the message without the value, the statement's verb and table, the stack's frames) and loses every
 * value. Any other error is printed as it is.
 */

/** The fields of a driver's error (node-postgres, Neon, PGlite) that name no value. */
const KEPT_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;

interface DriverError {
  message: string;
  code?: unknown;
  [field: string]: unknown;
}

/** drizzle's DrizzleQueryError: the query, its params, the driver's error as `cause`. */
const isQueryError = (error: object): error is Error & { query: string; params: unknown[] } =>
  'query' in error && 'params' in error && Array.isArray((error as { params: unknown }).params);

/** A Postgres error of any of the three drivers: a five-character SQLSTATE `code`. */
const isDriverError = (error: object): error is DriverError =>
  typeof (error as DriverError).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as DriverError).code as string) &&
  typeof (error as DriverError).message === 'string';

/** A driver's message without a value it may quote (`…: "value"`, `… (value)`), identifiers in quotes kept. */
export function messageWithoutValues(message: string): string {
  return message
    .replace(
      /(input syntax for type [\w ]+|input value for enum [\w"]+|out of range for type [\w ]+): .*$/s,
      '$1: [value]',
    )
    .replace(/\b(Key|Failing row contains) \(.*$/s, '$1 [values]');
}

/** `insert into "contact_messages"`: what the statement did, to which table; never its values. */
export function statementOf(query: string): string {
  const match = /\b(insert\s+into|update|delete\s+from|select\b[\s\S]*?\bfrom)\s+("[^"]+"|\w+)/i.exec(query);
  if (!match) return query.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const verb = /^select/i.test(match[1]!) ? 'select … from' : match[1]!.toLowerCase().replace(/\s+/g, ' ');
  return `${verb} ${match[2]}`;
}

/** The stack's frames only (its first lines repeat the message, values and all). */
const framesOf = (stack: string | undefined) => (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));

/** An error a log may print: its code, constraint, table and column, the message without values. */
export class LoggedDatabaseError extends Error {
  constructor(summary: string, fields: Record<string, unknown>, frames: string[]) {
    super(summary);
    this.name = 'DatabaseError';
    Object.assign(this, fields);
    this.stack = [`${this.name}: ${summary}`, ...frames].join('\n');
  }
}

/**
 * `error` as a log line may print it: a database error (anywhere in its `cause` chain) without the values it
 * carries, anything else unchanged.
 */
export function loggable(error: unknown): unknown {
  const chain: object[] = [];
  for (let e: unknown = error; e && typeof e === 'object' && chain.length < 8; e = (e as { cause?: unknown }).cause)
    chain.push(e);
  const query = chain.find(isQueryError);
  const driver = chain.find(isDriverError);
  if (!query && !driver) return error;
  const fields: Record<string, unknown> = {};
  for (const field of KEPT_FIELDS) {
    const value = (driver as Record<string, unknown> | undefined)?.[field];
    if (typeof value === 'string' && value) fields[field] = value;
  }
  if (query) fields.statement = statementOf(query.query);
  // The wrappers' own words (ours, e.g. "submit not stored"), then the driver's message without its values.
  const wrappers = chain
    .filter((e) => e !== query && e !== driver && e instanceof Error)
    .map((e) => (e as Error).message)
    .filter(Boolean);
  const message = driver ? messageWithoutValues(driver.message) : 'query failed';
  const summary = [...wrappers, message].join(': ');
  return new LoggedDatabaseError(summary, fields, framesOf((query ?? (error as Error)).stack));
}

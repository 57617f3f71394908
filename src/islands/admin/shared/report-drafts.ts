/**
 * The report editor's unsaved drafts, kept in this browser's localStorage until the server has them
 * (useAutosave, ADR 0027). A draft holds a lead's audit, so it lives no longer than its purpose:
 * - it belongs to the staff member who typed it: it names their user id, and is offered to nobody else;
 * - it lasts at most 7 days (DRAFT_MAX_AGE_MS) from its last change: older ones are dropped when read and
 *   swept when the portal opens;
 * - every draft of the browser goes at sign-out and at any 401 of the admin API (the session ended: whoever
 *   signs in next may be someone else). Outside the report chunk: api.ts and the sign-out import it.
 */
import type { ReportSave } from '../../../features/reports/contract.ts';

/** What the editor edits: the report without its revision. */
export type Draft = Omit<ReportSave, 'revision'>;

/** A draft kept in this browser until the server has it. */
export interface StoredDraft {
  revision: number;
  draft: Draft;
  /** When it last changed (ISO). */
  at: string;
  /** The id of the signed-in user who wrote it. */
  user: string;
}

export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const PREFIX = 'admin.report-draft.';
const storageKey = (id: string) => `${PREFIX}${id}`;

/** Whether a stored value is a draft still worth keeping: well formed, with its writer, under 7 days old. */
function fresh(value: unknown, now: number): value is StoredDraft {
  const kept = value as Partial<StoredDraft> | null;
  const at = Date.parse(kept?.at ?? '');
  return typeof kept?.user === 'string' && kept.user !== '' && !!kept.draft && now - at < DRAFT_MAX_AGE_MS;
}

function read(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage is off: nothing was kept.
  }
}

/** The draft of report `id` that `user` kept in this browser, if any; another user's or an old one is dropped. */
export function storedDraft(user: string | null, id: string): StoredDraft | null {
  const kept = read(storageKey(id));
  if (kept === null) return null;
  if (user && fresh(kept, Date.now()) && kept.user === user) return kept;
  remove(storageKey(id));
  return null;
}

/** Keeps (or, with null, forgets) the unsaved draft of report `id`; nothing is kept without a signed-in user. */
export function storeDraft(id: string, value: StoredDraft | null): void {
  if (!value?.user) return remove(storageKey(id));
  try {
    localStorage.setItem(storageKey(id), JSON.stringify(value));
  } catch {
    // Storage may be off or full: the server save still runs, only the crash copy is missing.
  }
}

/** The keys of every report draft in this browser. */
function draftKeys(): string[] {
  try {
    return Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '').filter((key) =>
      key.startsWith(PREFIX),
    );
  } catch {
    return [];
  }
}

/** Drops the drafts older than 7 days, malformed or (given `user`) written by anyone else. */
export function sweepReportDrafts(user?: string): void {
  const now = Date.now();
  for (const key of draftKeys()) {
    const kept = read(key);
    if (!fresh(kept, now) || (user !== undefined && kept.user !== user)) remove(key);
  }
}

/** Forgets every report draft of this browser (sign-out, an ended session). */
export function clearReportDrafts(): void {
  for (const key of draftKeys()) remove(key);
}

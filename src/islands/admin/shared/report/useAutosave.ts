/**
 * The report editor's saving (ADR 0027): the whole draft, ~800 ms after the last change, naming the revision
 * it edits; retried with a growing delay while the server cannot be reached; stopped by a 409 (someone else
 * saved). Until a save succeeds the draft is also kept in localStorage, and a closing tab sends it with
 * `keepalive`, so a closed tab or a crash loses nothing.
 */
import { useEffect, useRef, useState } from 'react';
import { reportAreaIds, type ReportSaved } from '../../../../features/reports/contract.ts';
import type { Json } from '../../../../lib/json.ts';
import { api, ApiError } from '../api.ts';
import { clearReportDrafts, storeDraft, type Draft, type StoredDraft } from '../report-drafts.ts';

export type { Draft, StoredDraft };

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string; by: string }
  | { kind: 'retrying'; message: string }
  /** Someone else saved a newer revision: nothing more is saved until the editor reloads. */
  | { kind: 'stale'; message: string }
  /** Refused (a 422 names its fields): tried again at the next change. */
  | { kind: 'failed'; message: string; fields: Record<string, string> };

export const SAVE_DELAY = 800;
const MAX_RETRY_DELAY = 30_000;
const KEEPALIVE_MAX = 60_000;

/** Whether two drafts say the same thing (a kept draft equal to the server's is no longer worth offering). */
export const sameDraft = (a: Draft, b: Draft): boolean =>
  a.summary === b.summary &&
  reportAreaIds.every((id) => {
    const [x, y] = [a.areas[id], b.areas[id]];
    return (
      x?.score === y?.score &&
      x?.findings === y?.findings &&
      x?.recommendations === y?.recommendations &&
      x?.packageSlug === y?.packageSlug
    );
  });

/**
 * Saves report `id` as it changes; `revision` is the one the editor loaded. Does nothing unless `enabled`.
 * Until the server has a change it is kept in this browser for `user` (report-drafts.ts); without a user, not at all.
 */
export function useAutosave(id: string, revision: number, enabled: boolean, user: string | null) {
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const state = useRef({
    revision,
    draft: null as Draft | null,
    /** Counts changes; `saved` is the count the server last confirmed. */
    changes: 0,
    saved: 0,
    failures: 0,
    stopped: false,
    /** A 401 or 403 answered a save: nothing more is saved, nor kept in this browser. */
    signedOut: false,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    inFlight: null as Promise<boolean> | null,
  });

  /** Saves now if anything is unsaved; resolves with whether the server has the latest draft. */
  async function save({ keepalive = false } = {}): Promise<boolean> {
    const s = state.current;
    clearTimeout(s.timer);
    while (s.inFlight) await s.inFlight;
    if (s.stopped) return false;
    if (!enabled || !s.draft || s.saved === s.changes) return true;
    const sending = s.changes;
    setStatus({ kind: 'saving' });
    s.inFlight = send(s.draft, sending, keepalive).finally(() => (s.inFlight = null));
    return s.inFlight;
  }

  async function send(draft: Draft, sending: number, keepalive: boolean): Promise<boolean> {
    const s = state.current;
    try {
      const body = { revision: s.revision, ...draft };
      const saved = await api<Json<ReportSaved>>(`/api/admin/reports/${id}`, {
        method: 'PUT',
        body,
        // Browsers refuse a keepalive body over 64 KB; a longer draft goes as a plain request (and stays kept here).
        keepalive: keepalive && JSON.stringify(body).length < KEEPALIVE_MAX,
      });
      s.revision = saved.revision;
      s.saved = sending;
      s.failures = 0;
      if (s.saved === s.changes) storeDraft(id, null);
      else keep(s.draft!);
      setStatus({ kind: 'saved', at: saved.updatedAt, by: saved.updatedBy });
      return s.saved === s.changes;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401 || error.status === 403) {
        // The session ended (api.ts already forgot every draft) or this user may no longer edit: nothing stays.
        s.stopped = s.signedOut = true;
        clearReportDrafts();
        setStatus({ kind: 'failed', message: error.message, fields: {} });
      } else if (error.status === 409) {
        s.stopped = true;
        setStatus({ kind: 'stale', message: error.message });
      } else if (error.status === 0 || error.status >= 500) {
        s.failures += 1;
        s.timer = setTimeout(() => void save(), Math.min(1000 * 2 ** (s.failures - 1), MAX_RETRY_DELAY));
        setStatus({ kind: 'retrying', message: error.message });
      } else {
        setStatus({ kind: 'failed', message: error.message, fields: error.fields ?? {} });
      }
      return false;
    }
  }

  const keep = (draft: Draft) => {
    if (user && !state.current.signedOut)
      storeDraft(id, { revision: state.current.revision, draft, at: new Date().toISOString(), user });
  };

  /** Records a change: kept in this browser at once, saved once the typing pauses. */
  function change(draft: Draft) {
    const s = state.current;
    s.draft = draft;
    s.changes += 1;
    keep(draft);
    if (s.stopped || !enabled) return;
    // Said from the first keystroke: a "Saved at" left showing during the pause would be untrue.
    setStatus({ kind: 'saving' });
    clearTimeout(s.timer);
    s.timer = setTimeout(() => void save(), SAVE_DELAY);
  }

  /** Takes a draft kept from an earlier visit, as edits of the revision it was written against. */
  function restore(kept: StoredDraft) {
    state.current.revision = kept.revision;
    change(kept.draft);
  }

  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (!enabled) return;
    // A closing or hidden tab may never run the timer: send what is unsaved now, in a request that outlives it.
    const flush = () => void saveRef.current({ keepalive: true });
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the editor (Back) saves what the timer had not yet sent.
      void saveRef.current();
    };
  }, [enabled]);

  return { status, change, restore, save };
}

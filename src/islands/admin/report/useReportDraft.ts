/**
 * The report editor's draft, saved as the editor types (docs/decisions/0027-audit-workbench.md): a save of
 * the whole draft about 800 ms after the last change, naming the revision it edits; a failed save is kept
 * and tried again with a growing delay; a refused one (409: someone else saved) stops saving and says so.
 * Nothing is lost on a closed tab: unsaved edits are kept in this browser until a save succeeds, and sent
 * with `keepalive` when the page is hidden.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReportArea, ReportAreaId } from '../../../lib/audit-report.ts';
import type { Json } from '../../../lib/json.ts';
import type { ReportDetail, ReportSaved } from '../../../server/admin/reports.types.ts';
import { api, ApiError } from '../api.ts';

export interface Draft {
  summary: string;
  areas: Record<ReportAreaId, ReportArea>;
}

export type SaveState =
  | { kind: 'saved'; at: string; by: string | null }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  | { kind: 'retrying'; message: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'invalid'; message: string; fields: Record<string, string> };

const DEBOUNCE_MS = 800;
const backupKey = (id: string) => `report-draft:${id}`;

interface Backup extends Draft {
  revision: number;
  at: string;
}

/** Unsaved edits kept in this browser on top of `revision`, if any. */
export function readBackup(id: string, revision: number): Backup | null {
  try {
    const backup = JSON.parse(localStorage.getItem(backupKey(id)) ?? 'null') as Backup | null;
    return backup && backup.revision === revision ? backup : null;
  } catch {
    return null;
  }
}

export function useReportDraft(report: Json<ReportDetail>) {
  const id = report.submissionId;
  const [draft, setDraft] = useState<Draft>({ summary: report.summary, areas: report.areas });
  const [state, setState] = useState<SaveState>({ kind: 'saved', at: report.updatedAt, by: report.updatedBy });
  const latest = useRef(draft);
  const revision = useRef(report.revision);
  const dirty = useRef(false);
  const stopped = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const running = useRef<Promise<void> | null>(null);
  const failures = useRef(0);

  const save = useCallback(async (): Promise<void> => {
    if (running.current) await running.current;
    if (!dirty.current || stopped.current) return;
    dirty.current = false;
    setState({ kind: 'saving' });
    const body = { revision: revision.current, ...latest.current };
    const attempt = (async () => {
      try {
        const saved = await api<Json<ReportSaved>>(`/api/admin/reports/${id}`, { method: 'PUT', body });
        revision.current = saved.revision;
        failures.current = 0;
        if (dirty.current) return;
        localStorage.removeItem(backupKey(id));
        setState({ kind: 'saved', at: saved.updatedAt, by: saved.updatedBy });
      } catch (error) {
        dirty.current = true;
        const refusal = error instanceof ApiError ? error : new ApiError(0, 'network', String(error));
        if (refusal.status === 409) {
          stopped.current = true;
          setState({ kind: 'conflict', message: refusal.message });
        } else if (refusal.status === 422) {
          setState({ kind: 'invalid', message: refusal.message, fields: refusal.fields });
        } else {
          // The network or the server failing: keep the edits, try again later, a little later each time.
          const delay = Math.min(30_000, 2_000 * 2 ** failures.current++);
          setState({ kind: 'retrying', message: `Not saved: ${refusal.message} Trying again shortly.` });
          clearTimeout(timer.current);
          timer.current = setTimeout(() => void save(), delay);
        }
      }
    })();
    running.current = attempt;
    await attempt;
    running.current = null;
  }, [id]);

  const change = useCallback(
    (next: Draft) => {
      latest.current = next;
      setDraft(next);
      dirty.current = true;
      if (stopped.current) return;
      const backup: Backup = { ...next, revision: revision.current, at: new Date().toISOString() };
      localStorage.setItem(backupKey(id), JSON.stringify(backup));
      setState({ kind: 'unsaved' });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), DEBOUNCE_MS);
    },
    [id, save],
  );

  /** Saves now what is waiting (before a delivery); resolves once the draft on the server is this one. */
  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    await save();
    return !dirty.current;
  }, [save]);

  useEffect(() => {
    // A hidden tab still runs: save now, as the editor may not come back to it.
    const hidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    // A closing page cannot wait for an answer: the browser sends this request even as the page goes away.
    // Its revision is taken as saved (a page restored from the back-forward cache saves on top of it); if it
    // failed, the next save is refused as stale and the copy kept in this browser is offered on reload.
    const leave = () => {
      if (!dirty.current || stopped.current) return;
      clearTimeout(timer.current);
      void fetch(`/api/admin/reports/${id}`, {
        method: 'PUT',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ revision: revision.current, ...latest.current }),
      }).catch(() => {});
      revision.current += 1;
      dirty.current = false;
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      clearTimeout(timer.current);
    };
  }, [id, flush]);

  return { draft, state, change, flush };
}

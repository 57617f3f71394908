/**
 * The reply of `GET /api/admin/system` (admins): everything the health check's detail reports, and what it cannot
 * (queued deletions, the schedules' last runs, the deploy), in an office manager's words, each problem with what to
 * do about it (docs/decisions/0042-agency-runs-it-alone.md). Types only: the portal imports them.
 */

/** One part of the site, as the System page shows it. */
export interface SystemSection {
  id: 'deploy' | 'database' | 'settings' | 'mail' | 'replies' | 'bookings' | 'documents' | 'deletions' | 'schedules';
  title: string;
  ok: boolean;
  /** The heading's verdict when neither "fine" nor "needs attention" says it (a local run on placeholders). */
  verdict?: string;
  /** One sentence: what was found. */
  summary: string;
  /** More of what was found, one fact a line (each schedule, each setting). */
  details: string[];
  /** What to do, in steps of the web pages involved; null when all is well. */
  todo: string | null;
}

export interface SystemReply {
  ok: boolean;
  checkedAt: string;
  sections: SystemSection[];
}

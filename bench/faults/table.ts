/** The table `npm run bench:faults` prints (bench/faults.ts), in Markdown, as bench/README.md carries it. */
import type { Verdict } from './checker.ts';
import type { Scenario } from './scenarios.ts';

export interface Row {
  scenario: Scenario;
  connections: number;
  loadMs: number;
  verdict: Verdict;
  /**
   * s from the part's return to the first 2xx answer (Infinity: none came); null when nothing was sent after the
   * part's return, so the recovery was not measured (then `notRun` says so).
   */
  answersAgain: number | null;
  /** s from the part's return to the last mail delivered. */
  mailCaughtUp: number;
  providerRequests: Record<string, number>;
  /** ms the bench was stopped from outside during the scenario (0: never; over 5 s voids it). */
  interrupted: number;
  /** What could not run as planned (the checker's `notRun`, and a recovery not measured); empty when all ran. */
  notRun: string[];
  /** How long the file store's forwarded calls took (the file-store scenarios): `n, median, p95, max`. */
  storeCalls?: string;
}

/** What a scenario's count is of, by its workload. */
const COUNTED: Record<NonNullable<Scenario['workload']>, string> = {
  submits: 'submits',
  uploads: 'uploads',
  erasure: 'uploads and erasures',
  bookings: 'invitees',
};

/** `n, median … ms, p95 … ms, max … ms` of a list of durations. */
export const spread = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `${sorted.length}, median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`;
};
const seconds = (s: number | null) =>
  s === null ? 'not measured' : Number.isFinite(s) ? `${s.toFixed(1)} s` : 'never';

export function printTable(rows: Row[]): void {
  const head = [
    'Scenario',
    'Load',
    'Injected',
    'Told (attempts)',
    'Submits kept / lost / duplicated',
    'Mails delivered / lost / duplicated',
    'Recovery: 2xx again / mail caught up',
  ];
  const lines = rows.map(
    ({ scenario, connections, loadMs, verdict: v, answersAgain, mailCaughtUp, interrupted, notRun }) => [
      scenario.name + (interrupted ? ' (interrupted: run again)' : notRun.length ? ' (could not run as planned)' : ''),
      `${connections} conn × ${loadMs / 1000} s, ${v.submits} ${COUNTED[scenario.workload ?? 'submits']}`,
      scenario.injected,
      v.told + (v.undocumented ? `; ${v.undocumented} undocumented` : ''),
      `${v.kept} / ${v.lost} / ${v.duplicated}` + (v.unanswered ? ` (${v.unanswered} stored, never told 2xx)` : ''),
      `${v.mails.delivered} of ${v.mails.queued} / ${v.mails.lost} / ${v.mails.duplicated}`,
      `${seconds(answersAgain)} / ${seconds(mailCaughtUp)}`,
    ],
  );
  console.log('');
  for (const cells of [head, head.map(() => '---'), ...lines]) console.log(`| ${cells.join(' | ')} |`);
}

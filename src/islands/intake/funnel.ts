/**
 * The intake funnel from the browser (docs/decisions/0032-attribution-and-dashboard.md): each step reached and the
 * intake sent are counted once per visit. The steps already counted are kept in `sessionStorage` (a list of step
 * names, no identifier), so going back and forth does not count a step twice. Nothing else is sent; a failure is
 * ignored, since a missed count must never cost the visitor their intake.
 */
import type { FunnelEvent, FunnelStep } from '../../features/funnel/contract.ts';
import { visitStorage } from '../../lib/attribution.ts';

const KEY = 'intake-funnel';

function counted(store: Storage | null): FunnelStep[] {
  try {
    const kept: unknown = JSON.parse(store?.getItem(KEY) ?? '[]');
    return Array.isArray(kept) ? (kept as FunnelStep[]) : [];
  } catch {
    return [];
  }
}

/** Counts `step` unless this visit already did. */
export function reportFunnelStep(step: FunnelStep, store: Storage | null = visitStorage()): void {
  const done = counted(store);
  if (done.includes(step)) return;
  try {
    store?.setItem(KEY, JSON.stringify([...done, step]));
  } catch {
    // Without storage a step may be counted again on a return to it; the count still goes.
  }
  const body: FunnelEvent = { step };
  void fetch('/api/intake-funnel', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

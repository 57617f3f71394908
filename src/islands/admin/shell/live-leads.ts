/**
 * New work appears without a reload (issue 55; docs/decisions/0048-portal-shell.md): while the portal's browser tab
 * is visible, it asks `GET /api/admin/leads/revision` every 20 seconds with the last ETag in `If-None-Match`. A 304
 * (nothing changed) costs the server one small statement and the page nothing; a new revision refreshes the leads'
 * queries (the list, the overdue count, an open lead's page), which keep what someone is typing (a form's values
 * are its own, never reset by a refresh). The tab's title counts the leads waiting on us. Hidden, the tab polls
 * nothing (TanStack Query's interval stops in the background), and it asks again as soon as it is seen.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LeadsRevision } from '../../../features/leads/contract.ts';
import { ApiError } from '../shared/api.ts';
import { leadKey } from '../shared/lead-queries.ts';

/** How often a visible portal asks whether the leads changed: well within the 30 seconds the issue allows. */
export const LIVE_INTERVAL_MS = 20_000;

const liveKey = ['live', 'leads'] as const;

// The last revision answered and its ETag, for `If-None-Match` (one per page: the revision is the same for everyone).
let last: { etag: string; reply: LeadsRevision } | null = null;

async function pollRevision(): Promise<LeadsRevision> {
  let response: Response;
  try {
    response = await fetch('/api/admin/leads/revision', {
      credentials: 'same-origin',
      // The ETag is sent by hand: the browser's cache neither answers nor rewrites the request.
      cache: 'no-store',
      headers: { Accept: 'application/json', ...(last && { 'If-None-Match': last.etag }) },
    });
  } catch {
    throw new ApiError(0, 'network', 'The server could not be reached. Check your connection.');
  }
  if (response.status === 304 && last) return last.reply;
  const payload = (await response.json().catch(() => null)) as
    (LeadsRevision & { error?: { code?: string; message?: string } }) | null;
  if (!response.ok || !payload) {
    throw new ApiError(
      response.status,
      payload?.error?.code ?? 'error',
      payload?.error?.message ?? `The server answered ${response.status}.`,
    );
  }
  const etag = response.headers.get('ETag');
  last = etag ? { etag, reply: payload } : null;
  return payload;
}

/** Keeps the leads' screens current while the portal is open, and the tab's title counting the waiting leads. */
export function useLiveLeads(): void {
  const queryClient = useQueryClient();
  const live = useQuery({
    queryKey: liveKey,
    queryFn: pollRevision,
    refetchInterval: LIVE_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
  const revision = live.data?.revision;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!revision) return;
    if (seen.current && seen.current !== revision) {
      void queryClient.invalidateQueries({ queryKey: ['leads'] });
      void queryClient.invalidateQueries({ queryKey: [leadKey('')[0]] });
    }
    seen.current = revision;
  }, [revision, queryClient]);

  const waiting = live.data?.waiting ?? 0;
  const title = useRef<string | null>(null);
  useEffect(() => {
    title.current ??= document.title;
    document.title = waiting > 0 ? `(${waiting}) ${title.current}` : title.current;
  }, [waiting]);
  useEffect(
    () => () => {
      if (title.current !== null) document.title = title.current;
    },
    [],
  );
}

/** The live updates as a part of the shell, mounted only once the portal opens (not behind a required setup). */
export function LiveLeads(): null {
  useLiveLeads();
  return null;
}

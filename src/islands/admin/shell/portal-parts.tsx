/**
 * The portal shell's small parts (docs/decisions/0048-portal-shell.md): the agency's mark, the rail's button style,
 * the deploy preview's ribbon, and the "Loading …" a lazy screen shows while its chunk is fetched.
 */
import { Suspense, type ReactNode } from 'react';

/** What shows while a tab's chunk is fetched: said, not a blank panel. */
export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="py-8 text-slate-600" data-tab-loading>
      Loading {what}…
    </p>
  );
}

export const Chunk = ({ what, children }: { what: string; children: ReactNode }) => (
  <Suspense fallback={<Loading what={what} />}>{children}</Suspense>
);

export const railButton =
  'min-h-11 rounded-md px-3 text-sm font-semibold text-white ring-1 ring-white/40 ring-inset hover:bg-white/10';

/** The agency's mark: its name, as the site's header sets it, and "Staff portal". */
export function PortalMark({ name }: { name: string }) {
  return (
    <p className="leading-tight" data-portal-mark>
      <span className="block text-lg font-bold tracking-tight">{name || 'Staff'}</span>
      <span className="block text-xs tracking-wide text-white/80 uppercase">Staff portal</span>
    </p>
  );
}

/** Says plainly that this portal is a deploy preview, so nobody mistakes its data or its mail for the real ones. */
export function PreviewRibbon() {
  return (
    <p
      role="note"
      aria-label="Preview"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <strong className="mr-2 rounded bg-amber-900 px-2 py-0.5 text-xs tracking-wide text-white uppercase">
        Preview
      </strong>
      This is a deploy preview: it works on its own copy of the data, keeps its own documents, and sends mail only to
      the staff inbox. Changes here never reach the live site.
    </p>
  );
}

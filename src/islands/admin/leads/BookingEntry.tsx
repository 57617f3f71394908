/** A call on a lead's timeline (docs/decisions/0046-bookings-from-the-schedulers.md): what happened, and the call's details. */
import type { TimelineEntry } from '../../../features/leads/contract.ts';
import type { Json } from '../../../lib/json.ts';

export function BookingEntry({ entry: e }: { entry: Json<Extract<TimelineEntry, { kind: 'booking' }>> }) {
  return (
    <div data-booking-entry={e.what}>
      <p className="font-medium">{e.title}</p>
      {e.times && <p className="text-sm text-slate-600">{e.times}</p>}
      {(e.location || e.host) && (
        <p className="text-sm text-slate-600">
          {e.location && <>Where: {e.location}</>}
          {e.location && e.host && ' · '}
          {e.host && <>Host: {e.host}</>}
        </p>
      )}
      {e.answers.length > 0 && (
        <dl className="mt-1 text-sm">
          {e.answers.map((a, i) => (
            <div key={i} className="flex flex-wrap gap-x-2">
              <dt className="font-medium">{a.question}</dt>
              <dd className="whitespace-pre-wrap">{a.answer}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

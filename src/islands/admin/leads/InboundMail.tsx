/** A mail the lead (or someone else) sent to the lead's reply address, as its timeline entry shows it. */
import type { TimelineEntry } from '../../../features/leads/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { DocumentDownload } from '../shared/DocumentDownload.tsx';

type Inbound = Json<Extract<TimelineEntry, { kind: 'inbound' }>>;

export function InboundMail({ entry }: { entry: Inbound }) {
  return (
    <>
      {entry.status === 'other_sender' && (
        <p className="text-sm font-semibold text-amber-800" data-other-sender>
          Sent from {entry.from}, not the lead’s address: shown here, the lead is unchanged
        </p>
      )}
      {entry.senderCheck === 'fail' && (
        <p className="text-sm font-semibold text-red-800" data-sender-check="fail">
          The sender’s address failed the receiving server’s check: this mail may not be from {entry.from}
        </p>
      )}
      {entry.senderCheck === 'unknown' && (
        <p className="text-sm text-slate-700" data-sender-check="unknown">
          Sender not verified: the receiving server gave no verdict on {entry.from}
        </p>
      )}
      <p className="font-medium">{entry.subject}</p>
      <p className="mt-1 whitespace-pre-wrap" data-new-text>
        {entry.newText}
      </p>
      {entry.fullText.trim() !== entry.newText.trim() && (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-slate-700">Show the whole mail (quoted text)</summary>
          <p className="mt-1 whitespace-pre-wrap text-slate-700">{entry.fullText}</p>
        </details>
      )}
      {entry.attachments.length > 0 && (
        <ul className="mt-2 text-sm" aria-label="Attachments">
          {entry.attachments.map((a, i) => (
            <li key={`${a.name}-${i}`} data-attachment={a.documentId ? 'stored' : 'refused'}>
              {a.name}
              {a.documentId ? (
                <>
                  {a.hasMacros && <span className="ml-2 font-semibold text-red-700">Contains macros</span>}
                  <DocumentDownload id={a.documentId} name={a.name} hasMacros={a.hasMacros} className="ml-2" />
                </>
              ) : (
                <span className="ml-2 text-red-800">not stored: {a.problem}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The offer of a saved draft to a returning visitor: pick up where they left off, or start over. */
import { formatDateTime } from '../../lib/format.ts';
import { buttonClass } from '../../lib/ui/button.ts';

interface Props {
  savedAt: number;
  onResume: () => void;
  onDiscard: () => void;
}

export function DraftOffer({ savedAt, onResume, onDiscard }: Props) {
  return (
    <div role="region" aria-label="Saved answers" className="mb-6 rounded-lg border border-brand-200 bg-brand-50 p-4">
      <p className="text-ink">
        You have unfinished answers from {formatDateTime(new Date(savedAt))}. Pick up where you left off? Documents need
        to be chosen again.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" onClick={onResume} className={buttonClass()}>
          Resume my answers
        </button>
        <button type="button" onClick={onDiscard} className={buttonClass({ variant: 'secondary' })}>
          Start over
        </button>
      </div>
    </div>
  );
}

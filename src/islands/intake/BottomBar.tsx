/** The bar fixed to the bottom of the screen: the privacy promise, a call booking, and Continue or Submit. */
import type { Phase } from './useSubmitThenUpload.ts';
import { buttonClass } from '../../lib/ui/button.ts';

interface Props {
  auditName: string;
  bookingUrl: string;
  /** On the last step the button submits the wizard's form; before it, it moves on like Next. */
  last: boolean;
  phase: Phase;
  /** A submit or an upload is under way. */
  busy: boolean;
  onNext: () => void;
}

const submitLabel: Record<Phase, string> = {
  editing: 'Submit Inquiry',
  submitting: 'Submitting...',
  uploading: 'Uploading documents...',
  'uploads-failed': 'Submit Inquiry',
};

export function BottomBar({ auditName, bookingUrl, last, phase, busy, onNext }: Props) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-600 sm:max-w-md">
          Your information is used solely to generate your {auditName} and is never shared without your permission.
        </p>
        <div className="flex items-center gap-3">
          <a
            href={bookingUrl}
            target="_blank"
            rel="noopener"
            data-booking="strategyCall"
            className="text-sm font-semibold text-brand-700 underline"
          >
            Book a call<span className="sr-only"> (opens in a new tab)</span>
          </a>
          {last ? (
            <button
              type="submit"
              form="intake-wizard"
              disabled={busy}
              className={buttonClass({ variant: 'accent', size: 'form' })}
            >
              {submitLabel[phase]}
            </button>
          ) : (
            <button type="button" onClick={onNext} className={buttonClass({ variant: 'accent', size: 'form' })}>
              Continue
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

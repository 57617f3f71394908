/** After a stored submit whose documents did not all upload: retry them, or go on without them. */
import { buttonClass } from '../../lib/ui/button.ts';
interface Props {
  auditName: string;
  onRetry: () => void;
  onContinue: () => void;
}

export function UploadFailures({ auditName, onRetry, onContinue }: Props) {
  return (
    <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">Your {auditName} request was received.</p>
      <p className="mt-1">
        Some documents could not be uploaded (see the reasons above). Try them again, remove them, or continue without
        them and email them to us later.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" onClick={onRetry} className={buttonClass({ variant: 'alert' })}>
          Retry failed uploads
        </button>
        <button type="button" onClick={onContinue} className={buttonClass({ variant: 'alertOutline' })}>
          Continue without them
        </button>
      </div>
    </div>
  );
}

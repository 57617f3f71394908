/** The submit button of a form: disabled until the island is live and while a submit is under way. */
import { useEffect, useState } from 'react';
import { buttonClass } from '../../lib/ui/button.ts';

export function SubmitButton({ submitting, label = 'Submit Inquiry' }: { submitting: boolean; label?: string }) {
  // Before hydration a click would send the form nowhere; the button waits for the island.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <button
      type="submit"
      disabled={!live || submitting}
      aria-busy={submitting || undefined}
      className={`inline-flex w-full items-center justify-center shadow-sm sm:w-auto ${buttonClass({ variant: 'accent', size: 'lg' })}`}
    >
      {submitting ? 'Submitting...' : label}
    </button>
  );
}

/** The submit button of a form: disabled until the island is live and while a submit is under way. */
import { useEffect, useState } from 'react';

export function SubmitButton({ submitting, label = 'Submit Inquiry' }: { submitting: boolean; label?: string }) {
  // Before hydration a click would send the form nowhere; the button waits for the island.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <button
      type="submit"
      disabled={!live || submitting}
      aria-busy={submitting || undefined}
      className="inline-flex w-full items-center justify-center rounded-md bg-accent-500 px-6 py-3 font-semibold text-white shadow-sm hover:bg-accent-600 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
    >
      {submitting ? 'Submitting...' : label}
    </button>
  );
}

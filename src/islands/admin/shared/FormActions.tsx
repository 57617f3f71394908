/** The buttons under a portal account form: submit (it says so while the form is being sent) and Cancel. */
import { linkButton, primaryButton } from './fields.ts';

export function FormActions({ label, busy, onCancel }: { label: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <button type="submit" disabled={busy} className={primaryButton}>
        {busy ? 'Please wait…' : label}
      </button>
      <button type="button" className={linkButton} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

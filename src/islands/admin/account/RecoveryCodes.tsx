/** The recovery codes of two-factor sign-in, to copy or to save as a text file, and the copy buttons. */
import { toast } from 'sonner';
import { secondaryButton } from '../shared/fields.ts';

export function RecoveryCodes({ email, codes }: { email: string; codes: string[] }) {
  const text = `Recovery codes for ${email} at ${location.host}\nEach code signs in once.\n\n${codes.join('\n')}\n`;
  const save = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `recovery-codes-${location.host}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div className="mt-2">
      <ul aria-label="Recovery codes" className="grid max-w-md grid-cols-2 gap-x-6 gap-y-1 font-mono text-ink">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-3">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <button type="button" className={secondaryButton} onClick={save}>
          Download .txt
        </button>
      </div>
    </div>
  );
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  // No clipboard on a plain-http LAN address: the call itself throws there, hence the promise around it.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(() => toast.success('Copied.'))
      .catch(() => toast.error('Copying did not work here: select the text and copy it.'));
  return (
    <button type="button" className={`mt-2 mr-3 ${secondaryButton}`} onClick={() => void copy()}>
      {label}
    </button>
  );
}

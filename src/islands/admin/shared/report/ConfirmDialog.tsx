/** A modal question before an action that cannot be undone (deliver, revoke): the browser's own dialog. */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { buttonClass } from '../../../../lib/ui/button.ts';

export function ConfirmDialog({
  title,
  confirm,
  busy = false,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  /** The confirm button's words, e.g. "Deliver". */
  confirm: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    // A modal dialog keeps the focus inside it and closes on Escape; `open` is the fallback without it.
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto max-w-lg rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h4 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {title}
      </h4>
      <div className="mt-3 space-y-2 text-sm text-slate-700">{children}</div>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onCancel} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          Cancel
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={onConfirm}
          className={buttonClass({ variant: 'primary', size: 'sm' })}
        >
          {confirm}
        </button>
      </div>
    </dialog>
  );
}

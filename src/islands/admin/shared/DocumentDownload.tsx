/** The Download button of a stored document (an upload or a mailed attachment): a warning first when it has macros. */
import { toast } from 'sonner';
import { buttonClass } from '../../../lib/ui/button.ts';
import { download } from './api.ts';

/** Asked before a document with macros downloads (the upload flagged it, src/features/uploads/macros.ts). */
export const macroWarning = (name: string) =>
  `"${name}" contains macros, code that runs when they are enabled and can take over the computer. ` +
  'Do not open it in Office with macros enabled (never click "Enable Content" or "Enable Macros"); ' +
  'open it in a viewer, or with macros disabled. Download it anyway?';

export function DocumentDownload({
  id,
  name,
  hasMacros,
  className = '',
}: {
  id: string;
  name: string;
  hasMacros: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`${className} ${buttonClass({ variant: 'link', size: 'inline' })}`.trim()}
      onClick={() => {
        if (hasMacros && !window.confirm(macroWarning(name))) return;
        download(`/api/admin/documents/${id}`, name).catch((error: Error) =>
          toast.error(`Error downloading file: ${error.message}`),
        );
      }}
    >
      Download<span className="sr-only"> {name}</span>
    </button>
  );
}

/**
 * The intake's last step, "Document Uploads (optional)": a drop zone with one Browse button, the files
 * chosen so far with their upload state, and every refused file with its reason. Controlled: the wizard
 * owns the list (it uploads it after the audit is submitted); only the refusals live here.
 */
import { useCallback, useId, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { accept, ACCEPTED_EXTENSIONS, formatBytes, MAX_FILE_BYTES } from '../../features/uploads/contract.ts';
import { chooseFiles, type ChosenFile, type RejectedFile } from './documents.ts';
import { buttonClass } from '../../lib/ui/button.ts';

export interface DocumentUploadsProps {
  files: ChosenFile[];
  onFilesChange(next: ChosenFile[]): void;
  disabled?: boolean;
}

const extensions = ACCEPTED_EXTENSIONS.map((extension) => extension.toUpperCase());
/** "PDF, DOC, DOCX, PPT, PPTX, JPG, JPEG or PNG, up to 10 MB each", from the same rules the server applies. */
export const acceptedTypesText = `${extensions.slice(0, -1).join(', ')} or ${extensions.at(-1)}, up to ${formatBytes(MAX_FILE_BYTES)} each`;

const secondaryButton =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-ink shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70';

/** The document step: choose, drop, review and remove files before the audit is submitted. */
export function DocumentUploads({ files, onFilesChange, disabled = false }: DocumentUploadsProps) {
  const hintId = useId();
  const browseRef = useRef<HTMLButtonElement>(null);
  // Shown until the visitor dismisses them or adds files again, so a refusal is never silent.
  const [rejected, setRejected] = useState<RejectedFile[]>([]);

  const onDrop = useCallback(
    (acceptedFiles: File[], fileRejections: { file: File }[]) => {
      // react-dropzone judges by MIME type with its own wording; every file goes through our rules instead,
      // so the reasons match the server's and a file the OS typed oddly is judged by its extension.
      const dropped = [...acceptedFiles, ...fileRejections.map((rejection) => rejection.file)];
      const choice = chooseFiles(files, dropped);
      setRejected(choice.rejected);
      if (choice.added.length) onFilesChange([...files, ...choice.added]);
    },
    [files, onFilesChange],
  );

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept,
    onDrop,
    // One control only: the Browse button. A clickable, focusable zone around it would nest two controls.
    noClick: true,
    noKeyboard: true,
    // Not `disabled`: that sets aria-disabled on the zone's role="presentation", which axe reports.
    noDrag: disabled,
  });

  const dismiss = () => {
    setRejected([]);
    // The Dismiss button disappears with the list; focus goes back to where files are chosen.
    browseRef.current?.focus();
  };

  const remove = (id: string) => onFilesChange(files.filter((chosen) => chosen.id !== id));

  return (
    <div>
      <div
        {...getRootProps({
          className: `rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors ${
            isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'
          }`,
        })}
      >
        {/* Hidden from assistive technology: the Browse button is the control, the input only its dialog. */}
        <input {...getInputProps({ 'aria-hidden': true })} />
        <p className="text-ink">
          {isDragActive ? 'Drop the files to add them' : 'Drag and drop files here, or'}{' '}
          <button
            ref={browseRef}
            type="button"
            onClick={open}
            disabled={disabled}
            aria-describedby={hintId}
            className={`ml-1 shadow-sm ${buttonClass({ variant: 'accent', size: 'sm' })}`}
          >
            Browse files
          </button>
        </p>
        <p id={hintId} className="mt-3 text-sm text-slate-600">
          {acceptedTypesText}
        </p>
      </div>

      <div role="alert" aria-live="assertive">
        {rejected.length > 0 && (
          <div className="mt-4 rounded-md border border-red-200 bg-red-50 p-4">
            <p className="text-sm font-medium text-red-700">
              {rejected.length === 1 ? 'This file was not added:' : 'These files were not added:'}
            </p>
            <ul className="mt-2 space-y-1 text-sm text-red-700">
              {rejected.map((file, index) => (
                <li key={`${index}-${file.name}`}>
                  <span className="font-medium break-all">{file.name}</span>: {file.reason}
                </li>
              ))}
            </ul>
            <button type="button" onClick={dismiss} className={`mt-3 ${secondaryButton}`}>
              Dismiss
            </button>
          </div>
        )}
      </div>

      {files.length > 0 && (
        <ul aria-label="Chosen documents" className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200">
          {files.map((chosen) => (
            <FileRow key={chosen.id} chosen={chosen} disabled={disabled} onRemove={() => remove(chosen.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** One chosen file: name, size, its upload state and, until it is on its way, a Remove button. */
function FileRow({ chosen, disabled, onRemove }: { chosen: ChosenFile; disabled: boolean; onRemove(): void }) {
  const { file, status } = chosen;
  const percent = Math.round(Math.min(Math.max(chosen.progress, 0), 1) * 100);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all text-ink">{file.name}</p>
        <p className="text-sm text-slate-600">{formatBytes(file.size)}</p>
        {status === 'uploading' && (
          <div className="mt-2 flex items-center gap-2">
            <progress
              max={100}
              value={percent}
              aria-label={`Uploading ${file.name}`}
              className="h-2 w-full max-w-xs accent-brand-600"
            />
            <span className="text-sm text-slate-600">{percent}%</span>
          </div>
        )}
        {status === 'done' && <p className="mt-1 text-sm font-medium text-brand-700">Uploaded</p>}
        {status === 'failed' && chosen.error && <p className="mt-1 text-sm font-medium text-red-700">{chosen.error}</p>}
      </div>
      {/* A file on its way or stored cannot be taken back from here; a failed one can. */}
      {(status === 'ready' || status === 'failed') && (
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${file.name}`}
          className={secondaryButton}
        >
          Remove
        </button>
      )}
    </li>
  );
}

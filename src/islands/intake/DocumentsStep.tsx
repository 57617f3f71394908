/** Step 5, Document Uploads (optional): the documents to send along, and the consent the submit needs. */
import { consent } from '../../lib/forms/consent.ts';
import { ConsentField } from '../forms/fields.tsx';
import type { ChosenFile } from './documents.ts';
import { DocumentUploads } from './DocumentUploads.tsx';

/** What the wizard hands every step; only this one uses it (the others keep their answers in the form). */
export interface StepProps {
  files: ChosenFile[];
  onFilesChange: (files: ChosenFile[]) => void;
  /** A submit or an upload is under way: the chosen documents cannot change. */
  busy: boolean;
}

export function DocumentsStep({ files, onFilesChange, busy }: StepProps) {
  return (
    <>
      <p className="text-slate-700">
        Share anything that helps us understand your marketing today: pitch decks, brochures, case studies, capability
        statements. This step is optional.
      </p>
      <DocumentUploads files={files} onFilesChange={onFilesChange} disabled={busy} />
      <ConsentField text={consent.audit.text} />
    </>
  );
}

/**
 * A gated resource's download form (docs/decisions/0041-resource-downloads.md): name, email, company (optional),
 * consent. The file goes by mail, so the page says a mail is on its way and what the link allows; a refusal keeps
 * every answer and shows the server's reason under its field or in a toast.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { track } from '../lib/analytics.ts';
import { consent } from '../lib/forms/consent.ts';
import { downloadFields, downloadLinkText, type DownloadValues } from '../lib/forms/download.schema.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { TextField } from './forms/fields.tsx';
import { PublicForm, usePublicSubmit } from './forms/PublicForm.tsx';

const defaults = (): DownloadValues => ({ name: '', email: '', company: '', consent: false as never });

interface Props {
  /** The resource's file name in content/resources. */
  resource: string;
  title: string;
}

function DownloadForm({ resource, title }: Props) {
  const form = useForm({ resolver: zodResolver(downloadFields), defaultValues: defaults(), mode: 'onSubmit' });
  const { honeypot, send, renew } = usePublicSubmit(form, '/api/downloads');
  const [sentTo, setSentTo] = useState('');

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await send({ ...values, resource });
    if (!result.ok) {
      // A field of the form shows its message under it; anything else (the resource itself, a 429) in a toast.
      const elsewhere = Object.entries(result.fields ?? {}).filter(([field]) => !(field in defaults()));
      if (!result.fields || elsewhere.length) toast.error(elsewhere.map(([, m]) => m).join(' ') || result.message);
      return;
    }
    track('download_requested', { resource });
    setSentTo(values.email);
    form.reset(defaults());
    renew();
  });

  if (sentTo) {
    return (
      <div role="status" className="rounded-lg bg-brand-50 p-6 text-ink">
        <p className="font-semibold">A mail is on its way to {sentTo}.</p>
        <p className="mt-2">
          It holds your private link to {title}. {downloadLinkText} Nothing there? Check your spam folder.
        </p>
      </div>
    );
  }
  return (
    <PublicForm
      form={form}
      onSubmit={onSubmit}
      label={`Get ${title}`}
      consentText={consent.download.text}
      honeypot={honeypot}
      submitLabel="Email Me the File"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name" required autoComplete="name" />
        <TextField name="email" label="Email" type="email" required autoComplete="email" />
      </div>
      <TextField name="company" label="Company" autoComplete="organization" />
    </PublicForm>
  );
}

export default withErrorBoundary(DownloadForm);

/**
 * The contact page's short "Start Your Lift Audit™" form (docs/product.md, docs/decisions/0003 to 0005). On
 * success it toasts, resets and goes to the thank-you page; on failure it names the error and stays.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { track } from '../lib/analytics.ts';
import { shortAuditOptions as o } from '../lib/forms/audit-options.ts';
import { consent } from '../lib/forms/consent.ts';
import { shortAuditDefaults, shortAuditLabels as l, shortAuditSchema } from '../lib/forms/short-audit.schema.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { AddressFields } from './forms/AddressFields.tsx';
import { CheckboxGroupField, SelectField, TextAreaField, TextField } from './forms/fields.tsx';
import { PublicForm, usePublicSubmit } from './forms/PublicForm.tsx';

/** How long the success toast shows before the thank-you page replaces this one. */
const NAVIGATE_AFTER_MS = 1200;

function ShortAuditForm({ auditName, thankYouPath }: { auditName: string; thankYouPath: string }) {
  const form = useForm({ resolver: zodResolver(shortAuditSchema), defaultValues: shortAuditDefaults() });
  const { honeypot, send, renew } = usePublicSubmit(form, '/api/audits');
  const [serviceType, channels, painPoints] = form.watch(['serviceType', 'marketingChannels', 'painPoints']);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await send({ source: 'contact_page', ...values });
    if (!result.ok) {
      toast.error(`Error submitting form: ${result.message}`);
      return;
    }
    toast.success('Your audit intake form has been submitted!', {
      description: `We review your answers within 24 hours and deliver your ${auditName} within 72 hours.`,
    });
    track('audit_submitted', { form: 'short_audit' });
    form.reset(shortAuditDefaults());
    renew();
    setTimeout(() => location.assign(thankYouPath), NAVIGATE_AFTER_MS);
  });

  return (
    <PublicForm
      form={form}
      onSubmit={onSubmit}
      label={`Start your ${auditName}`}
      consentText={consent.audit.text}
      honeypot={honeypot}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="fullName" label={l.fullName} required autoComplete="name" />
        <TextField name="workEmail" label={l.workEmail} type="email" required autoComplete="email" />
        <TextField name="phone" label={l.phone} type="tel" autoComplete="tel" />
        <TextField name="jobTitle" label={l.jobTitle} autoComplete="organization-title" />
        <TextField name="companyName" label={l.companyName} required autoComplete="organization" />
        <TextField
          name="websiteUrl"
          label={l.websiteUrl}
          type="url"
          required
          autoComplete="url"
          placeholder="https://"
        />
      </div>
      <AddressFields labels={l} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="serviceType" label={l.serviceType} options={o.serviceType} />
        <SelectField name="teamSize" label={l.teamSize} options={o.teamSize} />
      </div>
      {serviceType === 'other' && <TextField name="otherServiceType" label={l.otherServiceType} required />}
      <CheckboxGroupField name="marketingChannels" label={l.marketingChannels} options={o.marketingChannels} />
      {channels?.includes('other') && (
        <TextField name="otherMarketingChannel" label={l.otherMarketingChannel} required />
      )}
      <CheckboxGroupField name="painPoints" label={l.painPoints} options={o.painPoints} />
      {painPoints?.includes('other') && <TextField name="otherPainPoint" label={l.otherPainPoint} required />}
      <TextAreaField name="goals" label={l.goals} rows={3} />
    </PublicForm>
  );
}

export default withErrorBoundary(ShortAuditForm);

/**
 * Correcting a lead's name, company and phone (editors and admins; PUT /api/admin/leads/:id/details): a person's
 * right to have their details put right (docs/privacy.md). Shown behind "Correct details"; the change lands on the
 * timeline and in the action log.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { toast } from 'sonner';
import type { LeadListItem } from '../../../features/leads/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { leadDetailsSchema, type LeadDetailsValues } from '../../../lib/forms/people.schema.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { TextField } from '../../forms/fields.tsx';
import { api } from '../shared/api.ts';
import { FormActions } from '../shared/FormActions.tsx';
import { FormCard } from './LeadForms.tsx';
import { useLeadChanged } from '../shared/lead-queries.ts';
import { usePortalForm } from '../shared/usePortalForm.ts';

type Lead = Json<LeadListItem>;

export function LeadDetailsForm({ lead }: { lead: Lead }) {
  const [open, setOpen] = useState(false);
  const changed = useLeadChanged(lead.id);
  const initial = { name: lead.name, company: lead.company, phone: lead.phone };
  const { form, refuseFields } = usePortalForm(leadDetailsSchema, initial);
  const save = useMutation({
    mutationFn: (body: LeadDetailsValues) =>
      api<{ changes: unknown[] }>(`/api/admin/leads/${lead.id}/details`, { method: 'PUT', body }),
    onSuccess: ({ changes }) => {
      toast.success(changes.length ? 'Details corrected' : 'Nothing changed');
      setOpen(false);
      changed();
    },
    onError: (error) => {
      toast.error(`Error saving the details: ${error.message}`);
      refuseFields(error);
    },
  });
  if (!open)
    return (
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', size: 'sm' })}
        onClick={() => {
          form.reset(initial);
          setOpen(true);
        }}
      >
        Correct details
      </button>
    );
  return (
    <FormCard title="Correct the lead’s details">
      <FormProvider {...form}>
        <form
          aria-label="Lead details"
          noValidate
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
          className="mt-3 max-w-md space-y-3"
        >
          <TextField id="lead-details-name" name="name" label="Name" />
          <TextField id="lead-details-company" name="company" label="Company" />
          <TextField id="lead-details-phone" name="phone" label="Phone" type="tel" />
          <FormActions label="Save details" busy={save.isPending} onCancel={() => setOpen(false)} />
        </form>
      </FormProvider>
    </FormCard>
  );
}

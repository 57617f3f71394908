/**
 * The contact page's "Book a Strategy Call" form (docs/product.md): name, email, company and
 * message required, newsletter opt-in, consent. Success empties the form; failure keeps every answer.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { track } from '../lib/analytics.ts';
import { consent } from '../lib/forms/consent.ts';
import { contactFields, type ContactValues } from '../lib/forms/contact.schema.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { CheckboxField, TextAreaField, TextField } from './forms/fields.tsx';
import { PublicForm, usePublicSubmit } from './forms/PublicForm.tsx';

const defaults = (): ContactValues => ({
  name: '',
  email: '',
  company: '',
  message: '',
  subscribe: false,
  consent: false as never,
});

interface Props {
  /** Packages a `?package=<slug>` link may name; the message then starts with that package. */
  packages?: { slug: string; title: string }[];
}

function ContactForm({ packages = [] }: Props) {
  const form = useForm({ resolver: zodResolver(contactFields), defaultValues: defaults(), mode: 'onSubmit' });
  const { honeypot, send, renew } = usePublicSubmit(form, '/api/contact');

  useEffect(() => {
    const slug = new URLSearchParams(location.search).get('package');
    const chosen = packages.find((p) => p.slug === slug);
    if (chosen && !form.getValues('message'))
      form.setValue('message', `I'm interested in the ${chosen.title} package. `);
  }, [form, packages]);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await send(values);
    if (!result.ok) {
      console.error('Contact form not sent:', result.message);
      toast.error('Error submitting form. Please try again.');
      return;
    }
    toast.success('Your inquiry has been submitted!', { description: "We'll be in touch within 1 business day." });
    track('contact_submitted', { form: 'contact' });
    form.reset(defaults());
    renew();
  });

  return (
    <PublicForm
      form={form}
      onSubmit={onSubmit}
      label="Contact form"
      consentText={consent.contact.text}
      honeypot={honeypot}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name" required autoComplete="name" />
        <TextField name="email" label="Email" type="email" required autoComplete="email" />
      </div>
      <TextField name="company" label="Company" required autoComplete="organization" />
      <TextAreaField name="message" label="Message" required rows={5} />
      <CheckboxField name="subscribe" label="Send me occasional marketing insights for life-science companies" />
    </PublicForm>
  );
}

export default withErrorBoundary(ContactForm);

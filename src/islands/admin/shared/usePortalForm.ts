/**
 * A portal form on react-hook-form with a shared zod schema (src/lib/forms/*.schema.ts): the schema's
 * messages show under the fields on submit, and the server's refusals under the fields they are about.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { ApiError } from './api.ts';

export function usePortalForm<In extends FieldValues, Out = In>(
  schema: z.ZodMiniType<Out, In>,
  defaultValues: DefaultValues<In>,
) {
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema) as Resolver<In, unknown, Out>,
    defaultValues,
  });
  /** Shows a refusal of the server under `field`, and focuses it. */
  const refuse = (field: Path<In>, message: string) => form.setError(field, { message }, { shouldFocus: true });
  /** Shows the per-field messages of an API refusal (a 422 or 409 with `fields`) under their fields. */
  const refuseFields = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    Object.entries(error.fields ?? {}).forEach(([field, message], i) =>
      form.setError(field as Path<In>, { message }, { shouldFocus: i === 0 }),
    );
  };
  return { form, refuse, refuseFields };
}

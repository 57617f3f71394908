/**
 * The portal's add-role form as `POST /api/admin/roles` takes it: one schema for the island (zodResolver)
 * and the function (safeParse). No server imports: the island bundles this.
 */
import * as z from 'zod/mini';
import { roles } from '../statuses.ts';
import { emailField } from './fields.ts';

export const addRoleSchema = z.object({
  email: emailField('Email is required'),
  role: z._default(z.enum(roles, 'Choose admin, editor or viewer'), 'viewer'),
});

/** What the form holds while it is being filled in. */
export type AddRoleValues = z.input<typeof addRoleSchema>;

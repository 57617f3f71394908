/**
 * Colleagues (admins only, in User Roles; its own lazy chunk): reset a colleague's two-factor sign-in after
 * re-entering one's own password and code, or remove a colleague from staff in one action, then see the leads they
 * owned (handed to nobody by the removal), each a link to reassign (POST /api/admin/people/:id/…; docs/staff-guide.md, "People").
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { toast } from 'sonner';
import type { Json } from '../../../lib/json.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import {
  confirmIdentitySchema,
  type RemovedColleague,
  type RoleItem,
  type TwoFactorReset,
} from '../../../features/accounts/contract.ts';
import { TextField } from '../../forms/fields.tsx';
import { api, ApiError } from '../shared/api.ts';
import { FormActions } from '../shared/FormActions.tsx';
import type { Me } from '../shared/portal-session.ts';
import { usePortalForm } from '../shared/usePortalForm.ts';

type Person = { userId: string; email: string; roles: string[] };

/** Each account holding a role, once, with its roles. */
export function peopleOf(rows: readonly Json<RoleItem>[]): Person[] {
  const byId = new Map<string, Person>();
  for (const row of rows) {
    const person = byId.get(row.userId) ?? { userId: row.userId, email: row.email, roles: [] };
    person.roles.push(row.role);
    byId.set(row.userId, person);
  }
  return [...byId.values()].sort((a, b) => a.email.localeCompare(b.email));
}

function ResetTwoFactor({ person, me, onDone }: { person: Person; me: Me; onDone: () => void }) {
  const { form, refuseFields, refuse } = usePortalForm(confirmIdentitySchema, { password: '', code: '' });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await api<Json<TwoFactorReset>>(`/api/admin/people/${person.userId}/reset-two-factor`, { method: 'POST', body });
      toast.success(
        `Two-factor sign-in of ${person.email} reset: they were mailed, and set it up at their next sign-in.`,
      );
      onDone();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields) refuseFields(caught);
      else refuse('password', (caught as Error).message);
    }
  });
  return (
    <FormProvider {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={`Reset two-factor sign-in of ${person.email}`}
        className="mt-3 max-w-md space-y-3"
      >
        <p className="text-sm text-slate-700">
          Only after you have made sure, by phone or in person, that {person.email} asked for it. To be sure it is you,
          enter your own password{me.user.twoFactorEnabled ? ' and the code your authenticator app shows' : ''}.
        </p>
        <TextField
          id={`reset-password-${person.userId}`}
          name="password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          announce
        />
        {me.user.twoFactorEnabled && (
          <TextField
            id={`reset-code-${person.userId}`}
            name="code"
            label="Your authenticator code"
            autoComplete="one-time-code"
            inputMode="numeric"
            announce
          />
        )}
        <FormActions label="Reset two-factor sign-in" busy={form.formState.isSubmitting} onCancel={onDone} />
      </form>
    </FormProvider>
  );
}

function Removed({ removed }: { removed: Json<RemovedColleague> }) {
  return (
    <div role="status" className="mt-3 rounded-lg border border-slate-300 bg-white p-4">
      <p>
        {removed.email} is no longer staff: {removed.rolesRemoved.join(', ')} removed, {removed.sessionsEnded}{' '}
        session(s) ended.
      </p>
      {removed.leads.length ? (
        <>
          <p className="mt-2 font-medium">
            Leads they owned, now unowned (their notices go to the staff inbox): give each to someone.
          </p>
          <ul className="mt-1 list-disc pl-5">
            {removed.leads.map((lead) => (
              <li key={lead.id}>
                <a className="text-brand-700 underline" href={`/admin?lead=${lead.id}`}>
                  {lead.name || lead.email}
                  {lead.company ? ` (${lead.company})` : ''}
                </a>
                {lead.waiting && ' · waiting on a reply'}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2">They owned no lead.</p>
      )}
    </div>
  );
}

export function PeoplePanel({ rows, me }: { rows: readonly Json<RoleItem>[]; me: Me }) {
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState<string | null>(null);
  const [removed, setRemoved] = useState<Json<RemovedColleague> | null>(null);
  const remove = async (person: Person) => {
    if (!window.confirm(`Remove ${person.email} from staff? Every role of theirs goes and every session ends now.`))
      return;
    try {
      setRemoved(
        await api<Json<RemovedColleague>>(`/api/admin/people/${person.userId}/remove`, { method: 'POST', body: {} }),
      );
      void queryClient.invalidateQueries({ queryKey: ['roles'] });
    } catch (caught) {
      toast.error(`Not removed: ${(caught as Error).message}`);
    }
  };
  const others = peopleOf(rows).filter((p) => p.userId !== me.user.id);
  return (
    <section aria-labelledby="people-heading" className="mt-8">
      <h3 id="people-heading" className="text-lg font-semibold">
        Colleagues
      </h3>
      {removed && <Removed removed={removed} />}
      <ul className="mt-3 divide-y divide-slate-200">
        {others.map((person) => (
          <li key={person.userId} className="py-3" data-person={person.email}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>
                {person.email} <span className="text-sm text-slate-600">({person.roles.join(', ')})</span>
              </span>
              <span className="flex gap-2">
                <button
                  type="button"
                  className={buttonClass({ variant: 'secondary', size: 'xs' })}
                  onClick={() => setResetting(person.userId)}
                >
                  Reset two-factor sign-in<span className="sr-only"> of {person.email}</span>
                </button>
                <button
                  type="button"
                  className={buttonClass({ variant: 'alert', size: 'xs' })}
                  onClick={() => void remove(person)}
                >
                  Remove from staff<span className="sr-only"> {person.email}</span>
                </button>
              </span>
            </div>
            {resetting === person.userId && (
              <ResetTwoFactor person={person} me={me} onDone={() => setResetting(null)} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The leads' routes for the role matrix (role-routes.ts), each with a fresh lead (or note) per call. */
import * as leadsFn from '../../../netlify/functions/admin-leads.mts';
import * as peopleFn from '../../../netlify/functions/admin-people.mts';
import type { DbHandle } from '../../../src/db/client.ts';
import { leadEvents } from '../../../src/db/schema.ts';
import { addMessage, addUser, currentUser } from '../staff-harness.ts';
import { pipelineRoutes } from './pipeline-routes.ts';
import type { Route } from './route.ts';

export function leadRoutes(handle: DbHandle): Record<string, Route> {
  const fixed = (path: string, body?: unknown) => async () => ({ path, body });
  const lead = async () => (await addMessage(handle)).leadId;
  /** A note on a fresh lead by whoever is signed in (only its author may delete it), and its lead. */
  async function note(): Promise<string> {
    const leadId = await lead();
    const author = currentUser() ?? { id: 'nobody', email: 'nobody@example.com' };
    const [row] = await handle.db
      .insert(leadEvents)
      .values({ leadId, kind: 'note', actorId: author.id, actorEmail: author.email, body: 'Called them.' })
      .returning();
    return `/api/admin/leads/${leadId}/notes/${row!.id}`;
  }
  /** A colleague holding the viewer role, to remove from staff. */
  async function colleague(): Promise<string> {
    const id = `colleague-${Math.random().toString(36).slice(2)}`;
    const user = {
      id,
      email: `${id}@example.com`,
      name: 'Col',
      twoFactorEnabled: false,
      passwordChangeRequired: false,
    };
    await addUser(handle, user, ['viewer']);
    return id;
  }
  return {
    'PUT /api/admin/leads/:id/details': {
      fn: leadsFn,
      method: 'PUT',
      needs: 'editor',
      success: 200,
      prepare: async () => ({
        path: `/api/admin/leads/${await lead()}/details`,
        body: { name: 'Corrected Name', company: 'Corrected Co', phone: '+1 215 867 2210' },
      }),
    },
    'POST /api/admin/leads/:id/stage': {
      fn: leadsFn,
      method: 'POST',
      needs: 'editor',
      success: 200,
      prepare: async () => ({
        path: `/api/admin/leads/${await lead()}/stage`,
        body: { stage: 'qualified', value: 12000 },
      }),
    },
    // The reset of a colleague's two-factor sign-in asks the admin's own password: people.test.ts holds its roles.
    'POST /api/admin/people/:id/remove': {
      fn: peopleFn,
      method: 'POST',
      needs: 'admin',
      success: 200,
      prepare: async () => ({ path: `/api/admin/people/${await colleague()}/remove`, body: {} }),
    },
    'GET /api/admin/leads': {
      fn: leadsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/leads?owner=mine&state=open'),
    },
    'GET /api/admin/leads/export.csv': {
      fn: leadsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/leads/export.csv'),
    },
    'GET /api/admin/leads/overdue': {
      fn: leadsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/leads/overdue'),
    },
    'GET /api/admin/leads/revision': {
      fn: leadsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/leads/revision'),
    },
    'GET /api/admin/leads/staff': {
      fn: leadsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/leads/staff'),
    },
    'GET /api/admin/leads/:id': {
      fn: leadsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: async () => ({ path: `/api/admin/leads/${await lead()}` }),
    },
    'PUT /api/admin/leads/:id/owner': {
      fn: leadsFn,
      method: 'PUT',
      needs: 'editor',
      success: 200,
      prepare: async () => ({ path: `/api/admin/leads/${await lead()}/owner`, body: { ownerId: 'user-editor' } }),
    },
    'POST /api/admin/leads/:id/notes': {
      fn: leadsFn,
      method: 'POST',
      needs: 'editor',
      success: 201,
      prepare: async () => ({
        path: `/api/admin/leads/${await lead()}/notes`,
        body: { body: 'Called, deck Tuesday.' },
      }),
    },
    'DELETE /api/admin/leads/:id/notes/:noteId': {
      fn: leadsFn,
      method: 'DELETE',
      needs: 'editor',
      success: 204,
      prepare: async () => ({ path: await note() }),
    },
    'POST /api/admin/leads/:id/replies': {
      fn: leadsFn,
      method: 'POST',
      needs: 'editor',
      success: 201,
      prepare: async () => ({
        path: `/api/admin/leads/${await lead()}/replies`,
        body: { subject: 'Re: your message', body: 'Thank you, happy to talk on Tuesday.' },
      }),
    },
    'POST /api/admin/leads/:id/answered-elsewhere': {
      fn: leadsFn,
      method: 'POST',
      needs: 'editor',
      success: 201,
      prepare: async () => ({
        path: `/api/admin/leads/${await lead()}/answered-elsewhere`,
        body: { note: 'Called them back.' },
      }),
    },
    'GET /api/admin/leads/:id/export': {
      fn: leadsFn,
      method: 'GET',
      needs: 'admin',
      success: 200,
      prepare: async () => ({ path: `/api/admin/leads/${await lead()}/export` }),
    },
    'POST /api/admin/leads/:id/erase': {
      fn: leadsFn,
      method: 'POST',
      needs: 'admin',
      success: 200,
      prepare: async () => ({
        path: `/api/admin/leads/${await lead()}/erase`,
        body: { confirm: 'rosalind@example.com' },
      }),
    },
    'PUT /api/admin/leads/:id/client': {
      fn: leadsFn,
      method: 'PUT',
      needs: 'admin',
      success: 200,
      prepare: async () => ({ path: `/api/admin/leads/${await lead()}/client`, body: { isClient: true } }),
    },
    // The Pipeline tab's (docs/decisions/0047-pipeline.md), listed after the leads' as the matrix reads them.
    ...pipelineRoutes(),
  };
}

// Leads for staff (docs/decisions/0030-leads.md); viewers read, editors and admins work them:
//   GET    /api/admin/leads?q=&owner=mine|unassigned|<id>&state=open|answered|overdue&form=message|contact_page|intake&spam=&page=
//                                                     viewer → { items, total, page, pageSize } newest activity first
//   GET    /api/admin/leads/export.csv?<the filters>  viewer → text/csv attachment of every match
//   GET    /api/admin/leads/overdue                   viewer → { response } leads waiting past their response time
//   GET    /api/admin/leads/revision                 viewer → { revision, waiting } with its ETag; 304 on If-None-Match
//   GET    /api/admin/leads/staff                     viewer → { items: [{ id, name, email }] } who may own a lead
//   GET    /api/admin/leads/:id                       viewer → { lead, requests, timeline }
//   PUT    /api/admin/leads/:id/owner { ownerId }     editor → { lead } (null: nobody; the new owner is mailed)
//   PUT    /api/admin/leads/:id/details { name, company, phone }  editor → { changes, lead } (timeline + action log)
//   POST   /api/admin/leads/:id/notes { body }        editor → 201 { note }
//   DELETE /api/admin/leads/:id/notes/:noteId         editor → 204 (its author, within 15 minutes)
//   POST   /api/admin/leads/:id/replies { subject, body }       editor → 201 { reply, lead } (mailed through the outbox)
//   POST   /api/admin/leads/:id/answered-elsewhere { note }     editor → 201 { lead }
//   POST   /api/admin/leads/:id/stage { stage, value?, expectedCloseOn?, lostReason?, lostNote? }
//                                                     editor → { lead } (timeline + action log; docs/decisions/0047-pipeline.md)
//   GET    /api/admin/leads/:id/export                admin  → application/zip: person.json and their documents
//   POST   /api/admin/leads/:id/erase { confirm }     admin  → { erased: { leadId, counts, blobsPending } }
//   PUT    /api/admin/leads/:id/client { isClient }   admin  → { lead } (a client is kept past retention)
// (export, erasure and retention: docs/privacy.md)
// Every change is recorded in the audit log (lead.owner, lead.details, lead.note, lead.note-delete, lead.reply,
// lead.answered-elsewhere, lead.stage, lead.export, lead.erase, lead.client). 401/403/503 from the role guard, 403 not_author, 404 not_found, 409 too_late,
// 422 invalid_fields (a bad filter or body).
import type { Config } from '@netlify/functions';
import { adminEndpoint, deleteAction, listRoutes } from '../../src/features/accounts/staff-endpoint.ts';
import {
  answeredElsewhereSchema,
  leadNoteSchema,
  leadOwnerSchema,
  leadReplySchema,
} from '../../src/features/leads/contract.ts';
import {
  exportLeads,
  leadItem,
  leadsQuery,
  leadStaff,
  listLeads,
  overdueLeads,
} from '../../src/features/leads/leads.ts';
import { getLead } from '../../src/features/leads/lead-timeline.ts';
import { addNote, answeredElsewhere, assignLead, deleteNote, replyToLead } from '../../src/features/leads/lead-work.ts';
import { leadDetailsSchema, updateLeadDetails } from '../../src/features/leads/lead-details.ts';
import { stageChangeSchema } from '../../src/features/pipeline/contract.ts';
import { changeStage } from '../../src/features/pipeline/stage.ts';
import { clientSchema, eraseSchema } from '../../src/features/privacy/contract.ts';
import { setClient } from '../../src/features/privacy/client-flag.ts';
import { eraseLead } from '../../src/features/privacy/erase.ts';
import { exportPerson } from '../../src/features/privacy/export.ts';
import { readDocumentBytes, uploadStores } from '../../src/features/uploads/stores.ts';
import { attachment } from '../../src/server/download.ts';
import { readJson } from '../../src/server/guards.ts';
import { leadsRevision, revisionReply } from '../../src/features/leads/live.ts';
import { json } from '../../src/server/http.ts';
import { mailOrigin } from '../../src/server/origins.ts';
import { drainInBackground } from '../../src/server/mail/sender.ts';

export default adminEndpoint((url) => {
  // Told by path: which of several matching patterns names the params is the router's choice.
  const [id, part, noteId] = url.pathname
    .replace(/^\/api\/admin\/leads\/?/, '')
    .split('/')
    .filter(Boolean);
  if (id === 'overdue' && !part) {
    return { GET: { role: 'viewer', run: async ({ db }) => json(await overdueLeads(db)) } };
  }
  if (id === 'revision' && !part) {
    return {
      GET: { role: 'viewer', run: async ({ db }, request) => revisionReply(request, await leadsRevision(db)) },
    };
  }
  if (id === 'staff' && !part) {
    return { GET: { role: 'viewer', run: async ({ db }) => json({ items: await leadStaff(db) }) } };
  }
  const list = listRoutes(url, id, {
    role: 'viewer',
    exportPath: '/export.csv',
    file: 'leads',
    query: (u, { user }) => leadsQuery(u, user.id),
    page: listLeads,
    csv: exportLeads,
  });
  if (list) return list;
  if (part === 'owner' && !noteId) {
    return {
      PUT: {
        role: 'editor',
        run: async ({ db, user }, request, context) => {
          const { ownerId } = await readJson(request, leadOwnerSchema);
          await assignLead(db, user, id, ownerId, mailOrigin(request));
          context.waitUntil(drainInBackground(db));
          return json({ lead: await leadItem(db, id) });
        },
      },
    };
  }
  if (part === 'details' && !noteId) {
    return {
      PUT: {
        role: 'editor',
        run: async ({ db, user }, request) => {
          const values = await readJson(request, leadDetailsSchema);
          const changes = await updateLeadDetails(db, user, id, values);
          return json({ changes, lead: await leadItem(db, id) });
        },
      },
    };
  }
  if (part === 'notes' && noteId) {
    return { DELETE: deleteAction('editor', ({ db, user }) => deleteNote(db, user, id, noteId)) };
  }
  if (part === 'notes') {
    return {
      POST: {
        role: 'editor',
        run: async ({ db, user }, request) => {
          const { body } = await readJson(request, leadNoteSchema);
          return json({ note: await addNote(db, user, id, body) }, { status: 201 });
        },
      },
    };
  }
  if (part === 'replies' && !noteId) {
    return {
      POST: {
        role: 'editor',
        run: async ({ db, user }, request, context) => {
          const body = await readJson(request, leadReplySchema);
          const reply = await replyToLead(db, user, id, body);
          context.waitUntil(drainInBackground(db));
          return json({ reply, lead: await leadItem(db, id) }, { status: 201 });
        },
      },
    };
  }
  if (part === 'answered-elsewhere' && !noteId) {
    return {
      POST: {
        role: 'editor',
        run: async ({ db, user }, request) => {
          const { note } = await readJson(request, answeredElsewhereSchema);
          await answeredElsewhere(db, user, id, note);
          return json({ lead: await leadItem(db, id) }, { status: 201 });
        },
      },
    };
  }
  if (part === 'stage' && !noteId) {
    return {
      POST: {
        role: 'editor',
        run: async ({ db, user }, request) => {
          const change = await readJson(request, stageChangeSchema);
          await changeStage(db, user, id, change);
          return json({ lead: await leadItem(db, id) });
        },
      },
    };
  }
  if (part === 'export' && !noteId) {
    return {
      GET: {
        role: 'admin',
        run: async ({ db, user }) => {
          const zip = await exportPerson(db, user, id, readDocumentBytes);
          return attachment(zip.body, { name: zip.fileName, type: 'application/zip' });
        },
      },
    };
  }
  if (part === 'erase' && !noteId) {
    return {
      POST: {
        role: 'admin',
        run: async ({ db, user }, request) => {
          const { confirm } = await readJson(request, eraseSchema);
          return json({ erased: await eraseLead(db, uploadStores(), user, id, { confirm }) });
        },
      },
    };
  }
  if (part === 'client' && !noteId) {
    return {
      PUT: {
        role: 'admin',
        run: async ({ db, user }, request) => {
          const { isClient } = await readJson(request, clientSchema);
          await setClient(db, user, id, isClient);
          return json({ lead: await leadItem(db, id) });
        },
      },
    };
  }
  if (part) return {};
  return { GET: { role: 'viewer', run: async ({ db }) => json(await getLead(db, id)) } };
});

export const config: Config = {
  path: [
    '/api/admin/leads',
    '/api/admin/leads/export.csv',
    '/api/admin/leads/overdue',
    '/api/admin/leads/revision',
    '/api/admin/leads/staff',
    '/api/admin/leads/:id',
    '/api/admin/leads/:id/owner',
    '/api/admin/leads/:id/details',
    '/api/admin/leads/:id/notes',
    '/api/admin/leads/:id/notes/:noteId',
    '/api/admin/leads/:id/replies',
    '/api/admin/leads/:id/answered-elsewhere',
    '/api/admin/leads/:id/stage',
    '/api/admin/leads/:id/export',
    '/api/admin/leads/:id/erase',
    '/api/admin/leads/:id/client',
  ],
};

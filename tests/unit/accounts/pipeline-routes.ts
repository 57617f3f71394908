/** The pipeline's routes for the role matrix (role-routes.ts; docs/decisions/0047-pipeline.md). */
import * as pipelineFn from '../../../netlify/functions/admin-pipeline.mts';
import type { Route } from './route.ts';

export function pipelineRoutes(): Record<string, Route> {
  const fixed = (path: string, body?: unknown) => async () => ({ path, body });
  return {
    'GET /api/admin/pipeline': {
      fn: pipelineFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/pipeline?owner=mine&from=2026-03-02&to=2026-03-15'),
    },
    'GET /api/admin/pipeline/settings': {
      fn: pipelineFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/pipeline/settings'),
    },
    'PUT /api/admin/pipeline/settings': {
      fn: pipelineFn,
      method: 'PUT',
      needs: 'admin',
      success: 200,
      prepare: fixed('/api/admin/pipeline/settings', {
        stages: [{ stage: 'proposal', probability: 55, staleDays: 12 }],
      }),
    },
  };
}

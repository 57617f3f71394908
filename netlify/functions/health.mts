// GET /api/health: liveness probe for monitors and the local runtime's tests.
import type { Config } from '@netlify/functions';
import { allowMethods, json, withErrors } from '../../src/server/http.ts';

export default withErrors((request) => allowMethods(request, ['GET', 'HEAD']) ?? json({ ok: true }));

export const config: Config = { path: '/api/health' };

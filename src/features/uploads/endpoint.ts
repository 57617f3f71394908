/**
 * The shape of the document upload function, as `adminEndpoint` gives the admin ones: which methods a path
 * offers, then the guards every upload request passes (Origin, the per-address limit, the upload token of
 * `POST /api/audits`), then one upload step. Refusals thrown by the steps become the API's error answers here.
 */
import type { Db } from '../../db/client.ts';
import { answerOrFail, refusalResponse, unavailable } from '../../server/errors.ts';
import { checkOrigin } from '../../server/guards.ts';
import {
  apiError,
  requestLabel,
  routeAction,
  withErrors,
  type FnContext,
  type Handler,
  type Methods,
} from '../../server/http.ts';
import { clientAddressKey, limitedDb, UPLOAD_RATE_LIMIT } from '../../server/rate-limit.ts';
import { bearerToken, submissionForToken } from './tokens.ts';
import { loggable } from '../../server/loggable.ts';

/** The submission whose token came with the request, and the database to attach its documents with. */
export interface UploadScope {
  db: Db;
  submissionId: string;
}

/** One upload step, for the submission of the request's token. */
export type UploadAction = (scope: UploadScope, request: Request) => Promise<Response>;

const failed = () => unavailable('We could not handle your document just now. Please try again in a minute.');

/** The upload function: `routes` names the step of the requested path (from its URL and params). */
export function uploadEndpoint(routes: (url: URL, params: FnContext['params']) => Methods<UploadAction>): Handler {
  return withErrors(async (request, context) => {
    const action = routeAction(request, routes(new URL(request.url), context.params));
    if (action instanceof Response) return action;
    const forbidden = checkOrigin(request);
    if (forbidden) return forbidden;

    // Counted before the token is checked, so the limit also slows down anyone guessing tokens.
    const db = await limitedDb(
      `upload:${clientAddressKey(context.ip)}`,
      UPLOAD_RATE_LIMIT,
      failed(),
      'Too many upload requests from your network. Please try again later.',
    );
    if (db instanceof Response) return db;
    const token = bearerToken(request);
    let submissionId: string | null;
    try {
      submissionId = token ? await submissionForToken(db, token) : null;
    } catch (error) {
      console.error(`[${context.requestId}] upload token not checked:`, loggable(error));
      return refusalResponse(failed());
    }
    if (!submissionId) {
      return apiError(
        401,
        'invalid_upload_token',
        'The permission to upload documents for this audit is missing or has expired.',
      );
    }

    const scope = { db, submissionId };
    return answerOrFail(() => action(scope, request), failed(), `${requestLabel(request, context)} failed`);
  });
}

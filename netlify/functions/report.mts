// A lead's private report (docs/decisions/0027-audit-workbench.md), the version delivered to them:
//   GET  /report/:token         the page, in the site's frame /report-shell, with its own strict CSP
//   GET  /report/:token/pdf     the same report as a PDF to save
//   POST /report/:token/opened  the page's own beacon once it is shown to a person: stamps the first opening
//                               (once); 204, or 404 for a dead link; from the site's Origin only
// HEAD answers the headers of a GET and draws nothing. Reading records nothing: a mail scanner or a link preview
// fetches too. An unknown, expired or revoked link is the site's 404 page. Nothing is cached or indexed, and no
// Referer carries the token to another site; the log never prints the token (requestLabel).
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/db/client.ts';
import { attachment } from '../../src/server/download.ts';
import { notFoundPage, unavailablePage } from '../../src/server/built-page.ts';
import { ApiError, refusalResponse, unavailable } from '../../src/server/errors.ts';
import { checkOrigin } from '../../src/server/guards.ts';
import { allowMethods, noContent, requestLabel, withErrors } from '../../src/server/http.ts';
import { openDeliveredReport, recordFirstOpening } from '../../src/features/reports/links.ts';
import { renderReportPage, reportPageHeaders } from '../../src/features/reports/page.ts';
import { renderReportPdf } from '../../src/features/reports/pdf.ts';
import { reportFileName } from '../../src/features/reports/text.ts';
import { loggable } from '../../src/server/loggable.ts';

/** What every answer of a report link carries, the 404 included: the token is in its URL. */
function privately(response: Response): Response {
  response.headers.set('Cache-Control', 'private, no-store');
  response.headers.set('X-Robots-Tag', 'noindex');
  response.headers.set('Referrer-Policy', 'no-referrer');
  return response;
}

type Kind = 'page' | 'pdf' | 'opened';

const kindOf = (request: Request): Kind => {
  const path = new URL(request.url).pathname;
  return path.endsWith('/pdf') ? 'pdf' : path.endsWith('/opened') ? 'opened' : 'page';
};

export default withErrors(async (request, context) => {
  const kind = kindOf(request);
  const guard = allowMethods(request, kind === 'opened' ? ['POST'] : ['GET', 'HEAD']);
  if (guard) return privately(guard);
  const token = context.params.token ?? '';
  if (kind === 'opened') return privately(await opened(request, token, context.requestId));
  return privately(await answer(request, kind, token, context.requestId));
});

/** The beacon's POST: the first opening stamped once; the same 404 as the page for a dead link. */
async function opened(request: Request, token: string, requestId: string): Promise<Response> {
  const refused = checkOrigin(request);
  if (refused) return refused;
  try {
    const { db } = await getDb();
    await recordFirstOpening(db, token);
    return noContent();
  } catch (error) {
    if (error instanceof ApiError) return refusalResponse(error);
    console.error(`${requestLabel(request, { requestId })} not recorded:`, loggable(error));
    return refusalResponse(unavailable('Please try again in a minute.'));
  }
}

async function answer(request: Request, kind: Exclude<Kind, 'opened'>, token: string, requestId: string) {
  const head = request.method === 'HEAD';
  try {
    const { db } = await getDb();
    const { report } = await openDeliveredReport(db, token);
    if (kind === 'pdf') {
      const file = { name: reportFileName(report), type: 'application/pdf' };
      // A HEAD says what a GET would send, without drawing the PDF (so without its length).
      if (head) return attachment(new Uint8Array(), file);
      const pdf = await renderReportPdf(report);
      // pdf-lib types its bytes loosely (ArrayBufferLike); they are a plain ArrayBuffer.
      return attachment(pdf as Uint8Array<ArrayBuffer>, { ...file, size: pdf.length });
    }
    const headers = { 'Content-Type': 'text/html; charset=utf-8', ...(await reportPageHeaders()) };
    return new Response(head ? null : await renderReportPage(report, token), { headers });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return notFoundPage();
    // The database or the build's frame is missing: a plain page, the details in the log only.
    console.error(`${requestLabel(request, { requestId })} not rendered:`, loggable(error));
    return unavailablePage('Your report');
  }
}

// Literals: Netlify reads this object without running the module. Its Config type lists no HEAD, though
// its bundler (zip-it-and-ship-it's method list) and router take it.
export const config: Omit<Config, 'method'> & { method: ('GET' | 'HEAD' | 'POST')[] } = {
  path: ['/report/:token', '/report/:token/pdf', '/report/:token/opened'],
  method: ['GET', 'HEAD', 'POST'],
};

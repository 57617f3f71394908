// A lead's private report (docs/decisions/0027-audit-workbench.md), the version delivered to them:
//   GET /report/:token      the page, in the site's frame /report-shell
//   GET /report/:token/pdf  the same report as a PDF to save
// An unknown, expired or revoked link is the site's 404 page. Nothing is cached or indexed, and no
// Referer carries the token to another site.
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/db/client.ts';
import { attachment } from '../../src/server/download.ts';
import { notFoundPage, unavailablePage } from '../../src/server/built-page.ts';
import { ApiError } from '../../src/server/errors.ts';
import { allowMethods, requestLabel, withErrors } from '../../src/server/http.ts';
import { openDeliveredReport } from '../../src/features/reports/links.ts';
import { renderReportPage } from '../../src/features/reports/page.ts';
import { renderReportPdf } from '../../src/features/reports/pdf.ts';
import { reportFileName } from '../../src/features/reports/text.ts';

/** What every answer of a report link carries, the 404 included: the token is in its URL. */
function privately(response: Response): Response {
  response.headers.set('Cache-Control', 'private, no-store');
  response.headers.set('X-Robots-Tag', 'noindex');
  response.headers.set('Referrer-Policy', 'no-referrer');
  return response;
}

export default withErrors(async (request, context) => {
  const guard = allowMethods(request, ['GET', 'HEAD']);
  if (guard) return guard;
  return privately(await answer(request, context.params.token ?? '', context.requestId));
});

async function answer(request: Request, token: string, requestId: string): Promise<Response> {
  try {
    const { db } = await getDb();
    const { report } = await openDeliveredReport(db, token);
    if (new URL(request.url).pathname.endsWith('/pdf')) {
      const pdf = await renderReportPdf(report);
      // pdf-lib types its bytes loosely (ArrayBufferLike); they are a plain ArrayBuffer.
      return attachment(pdf as Uint8Array<ArrayBuffer>, {
        name: reportFileName(report),
        type: 'application/pdf',
        size: pdf.length,
      });
    }
    const page = await renderReportPage(report, token);
    return new Response(page, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return notFoundPage();
    // The database or the build's frame is missing: a plain page, the details in the log only.
    console.error(`${requestLabel(request, { requestId })} not rendered:`, error);
    return unavailablePage('Your report');
  }
}

// Literals: Netlify reads this object without running the module. Its Config type lists no HEAD, though
// its bundler (zip-it-and-ship-it's method list) and router take it.
export const config: Omit<Config, 'method'> & { method: ('GET' | 'HEAD')[] } = {
  path: ['/report/:token', '/report/:token/pdf'],
  method: ['GET', 'HEAD'],
};

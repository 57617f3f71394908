/**
 * The packages an audit report may recommend, as JSON in the build (`/report-packages.json`): the admin
 * report function reads this file, so a package added by pull request is offered once it is deployed, and
 * the content schema has checked it on the way.
 */
import { getCollection } from 'astro:content';
import { reportPackages } from '../features/reports/totals.ts';

export async function GET() {
  return new Response(JSON.stringify(reportPackages(await getCollection('packages'))), {
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The packages a report may recommend, from the build's `/report-packages.json` (src/pages/report-packages.json.ts). */
import type { ReportPackage } from './contract.ts';
import { loadBuiltFile } from '../../server/built-page.ts';

export async function loadReportPackages(): Promise<ReportPackage[]> {
  return JSON.parse(await loadBuiltFile('/report-packages.json')) as ReportPackage[];
}

/**
 * A delivered report as the lead reads it (docs/decisions/0027-audit-workbench.md): the built frame
 * `/report-shell` (the site's header, footer, fonts and styles) filled with the report. Everything an
 * editor wrote is plain text, escaped here; paragraphs and line breaks are kept.
 */
import { site } from '../../config/site.ts';
import { bookingLabels } from '../../config/navigation.ts';
import { buttonClass } from '../../lib/ui/button.ts';
import { escapeHtml as esc } from '../../lib/html.ts';
import { MAX_SCORE } from '../../lib/audit-report.ts';
import type { DeliveredArea, DeliveredReport } from './contract.ts';
import { fillShell, loadBuiltPage, type FramePage } from '../../server/built-page.ts';
import * as wording from './text.ts';
import { reportPageHeaders as pageHeaders, withOpenedBeacon } from './page-policy.ts';

/** The filled bar of each score, 0 to 5 (literal class names, so Tailwind finds them). */
const barWidths = ['w-0', 'w-1/5', 'w-2/5', 'w-3/5', 'w-4/5', 'w-full'];

const prose = (text: string) =>
  wording
    .paragraphs(text)
    .map((lines) => `<p class="mt-3">${lines.map(esc).join('<br>')}</p>`)
    .join('');

const button = (variant: 'accent' | 'light') =>
  `inline-block text-center shadow-sm ${buttonClass({ variant, size: 'lg' })}`;

// As BookingButton.astro: a new tab, `rel="noopener"`, and the booking_click event of the site's analytics.
const bookingButton = () =>
  `<a href="${esc(site.scheduling.strategyCall)}" target="_blank" rel="noopener" data-booking="strategyCall" class="${button('accent')}">${bookingLabels.strategyCall}<span class="sr-only"> (opens in a new tab)</span></a>`;

function score(value: number | null): string {
  if (value === null) return '<p class="mt-4 font-semibold text-slate-600">Not scored</p>';
  return `<div class="mt-4"><p class="flex flex-wrap items-baseline gap-x-3"><span class="font-semibold">Score</span>
<span class="text-2xl font-bold text-brand-900"><span aria-hidden="true">${wording.scoreText(value)}</span><span class="sr-only">${value} out of ${MAX_SCORE}</span></span>
<span class="text-slate-600">${wording.scoreMeaning(value)}</span></p>
<div class="mt-2 h-2 max-w-xs rounded-full bg-slate-200" aria-hidden="true"><div class="h-2 rounded-full bg-brand-600 ${barWidths[value] ?? 'w-0'}"></div></div></div>`;
}

function area(a: DeliveredArea): string {
  const id = `area-${esc(a.id)}`;
  const parts = wording
    .areaSections(a)
    .filter((s) => wording.paragraphs(s.text).length)
    .map((s) => `<h4 class="mt-6 font-semibold text-ink">${s.heading}</h4>${prose(s.text)}`)
    .join('');
  const pkg = a.package
    ? `<p class="mt-6 rounded-md bg-brand-50 px-4 py-3"><span class="font-semibold">Recommended package:</span> ${esc(a.package.title)}, ${esc(wording.priceText(a.package))}</p>`
    : '';
  return `<article aria-labelledby="${id}" class="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
<h3 id="${id}" class="text-xl font-semibold text-ink">${esc(a.title)}</h3>${score(a.score)}${parts}${pkg}</article>`;
}

const section = (id: string, title: string, body: string) =>
  `<section aria-labelledby="${id}" class="mt-14"><h2 id="${id}" class="text-2xl font-bold text-brand-900">${title}</h2>${body}</section>`;

function budget(report: DeliveredReport): string {
  const rows = wording.budgetRows(report.totals);
  const body = rows.length
    ? `<p class="mt-3 text-slate-600">Each recommended package, once for every area that recommends it.</p>
<dl class="mt-6 grid gap-4 sm:grid-cols-3">${rows
        .map(
          (r) =>
            `<div class="rounded-xl border border-slate-200 p-5"><dt class="text-sm font-semibold text-slate-600">${r.label}</dt><dd class="mt-1 text-xl font-bold text-brand-900">${esc(r.value)}</dd></div>`,
        )
        .join('')}</dl>`
    : '<p class="mt-3">This report recommends no package.</p>';
  return section('report-budget', 'Suggested budget', body);
}

/** The main part of the page: summary, the two groups of five areas, the budget and the next step. */
export function reportMain(report: DeliveredReport, token: string): string {
  const delivered = new Date(report.deliveredAt).toISOString().slice(0, 10);
  const actions = `<div class="flex flex-wrap items-center gap-4">${bookingButton()}
<a href="${esc(wording.reportPaths.pdf(token))}" download class="${button('light')}">Download PDF</a></div>`;
  const summary = wording.paragraphs(report.summary).length
    ? section('report-summary', 'Summary', `<div class="text-lg">${prose(report.summary)}</div>`)
    : '';
  const groups = wording
    .groupedAreas(report)
    .map((g) =>
      section(`group-${g.id}`, esc(g.title), `<div class="mt-6 space-y-6">${g.areas.map(area).join('')}</div>`),
    )
    .join('');
  const next = section(
    'report-next',
    'Next step',
    `<p class="mt-3">Talk these findings through with ${esc(site.agencyName)} and agree where to start.</p><div class="mt-6">${bookingButton()}</div>`,
  );
  return `<div class="px-6 py-16"><div class="mx-auto max-w-4xl">
<p class="mb-6 text-slate-600">Delivered <time datetime="${delivered}">${wording.deliveredOn(report)}</time></p>${actions}
${summary}${groups}${budget(report)}${next}</div></div>`;
}

/** The page's values for the frame. */
export function reportPage(report: DeliveredReport, token: string): FramePage {
  return {
    title: wording.reportShell.title,
    description: wording.reportShell.description,
    path: wording.reportPaths.page(token).slice(1),
    image: '',
    ogType: 'website',
    heroTitle: wording.reportTitle(report),
    heroSubtitle: `Prepared by ${site.agencyName} for ${report.contactName}`,
    main: reportMain(report, token),
    jsonLd: [],
    noindex: true,
  };
}

const loadFrame = () => loadBuiltPage(wording.reportShell.path);

/** The whole HTML page of a delivered report, in the frame of the current build, with its opening beacon. */
export async function renderReportPage(report: DeliveredReport, token: string): Promise<string> {
  return withOpenedBeacon(fillShell(await loadFrame(), reportPage(report, token)));
}

/** The page's own headers (its CSP for the current build's frame, page-policy.ts); no report is drawn for them. */
export async function reportPageHeaders(): Promise<Record<string, string>> {
  return pageHeaders(await loadFrame());
}

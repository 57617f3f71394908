/**
 * The Dashboard tab (every staff role): for the chosen period, the headline figures and a figure per question
 * (where leads come from, how fast they are answered, whether audits and reports go out and are read, where the
 * intake loses people, which pages and campaigns bring leads, how visits become leads and calls, which files are
 * asked for), from `GET /api/admin/dashboard`. Its own chunk,
 * loaded when the tab opens: the charts' code never reaches the public pages or the portal's other tabs.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DashboardReply } from '../../../features/dashboard/contract.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { TabSection } from '../../ui/TabSection.tsx';
import { api, ApiError, query } from '../shared/api.ts';
import { day } from '../shared/format.ts';
import { FunnelChart, WeekChart } from './Charts.tsx';
import { RevenueFigures } from './RevenueFigures.tsx';
import { Cards, ChartFigure } from './ChartFigure.tsx';
import { DEFAULT_PERIOD, periodRange, type Period } from '../shared/period.ts';
import { PeriodPicker } from './PeriodPicker.tsx';
import * as series from './series.ts';
import * as calls from './call-series.ts';

/** The key of a period's figures in the portal's query cache. */
export const dashboardKey = (range: { from: string; to: string }) => ['dashboard', range.from, range.to] as const;

/** The funnel's groupings as their figures' slugs and titles name them. */
const funnelSlug = { bySource: 'source', byCampaign: 'campaign', byLandingPage: 'landing-page' } as const;

export function DashboardTab() {
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const range = periodRange(period);
  const reply = useQuery({
    queryKey: dashboardKey(range),
    queryFn: () => api<DashboardReply>(`/api/admin/dashboard${query(range)}`),
    // The last period's figures stay while the next load, or when the next is refused.
    placeholderData: keepPreviousData,
  });
  const refused = reply.error instanceof ApiError && reply.error.status === 422 ? reply.error : null;

  return (
    <TabSection title="Dashboard" hideTitle>
      <PeriodPicker
        period={period}
        onChange={setPeriod}
        errors={refused ? (refused.fields ?? { _: refused.message }) : undefined}
      />
      <p role="status" className="mt-3 min-h-5 text-sm text-slate-600">
        {reply.isFetching
          ? 'Loading the dashboard…'
          : reply.data
            ? `Figures for ${day(`${reply.data.from}T12:00`)} to ${day(`${reply.data.to}T12:00`)} (days in New York time), ${reply.data.weeks.length} week(s).`
            : ''}
      </p>
      {reply.error && !refused && (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">The dashboard could not load.</p>
          <p className="mt-1">{reply.error.message}</p>
          <button
            type="button"
            onClick={() => void reply.refetch()}
            className={`mt-3 ${buttonClass({ variant: 'alert', size: 'sm' })}`}
          >
            Try again
          </button>
        </div>
      )}
      {reply.data && <Figures data={reply.data} />}
    </TabSection>
  );
}

function Figures({ data }: { data: DashboardReply }) {
  const period = { from: data.from, to: data.to };
  const bySource = series.leadsBySource(data);
  const byForm = series.leadsByForm(data);
  const response = series.responseTimes(data);
  const audits = series.auditDelivery(data);
  const reports = series.reportOpens(data);
  const funnel = series.funnel(data);
  const toCalls = calls.visitsToCalls(data);
  const common = { period };
  return (
    <>
      <Cards label="Headline figures" cards={series.cards(data.totals)} columns={3} className="mt-4" />
      <div className="mt-6 grid gap-4 xl:grid-cols-2">
        <ChartFigure
          {...common}
          slug="leads-per-week"
          title="Leads per week by source"
          description="New leads each week (spam aside), by where their first visit came from."
          table={bySource.table}
        >
          <WeekChart weeks={data.weeks} bands={bySource.bands} />
        </ChartFigure>
        <ChartFigure
          {...common}
          slug="leads-by-form"
          title="Leads per week by form"
          description="New leads each week by the form of their first request."
          table={byForm.table}
        >
          <WeekChart weeks={data.weeks} bands={byForm.bands} />
        </ChartFigure>
        <ChartFigure
          {...common}
          slug="first-response"
          title="First response time per week"
          description={`Hours from a lead’s first request to its first response, median and 90th percentile, against the ${series.PROMISE_HOURS}-hour promise. The share within it counts only the leads answered or past their due time: a lead still inside its time is on neither side yet.`}
          table={response.table}
        >
          <WeekChart
            weeks={data.weeks}
            lines={response.lines}
            reference={{ value: series.PROMISE_HOURS, label: `${series.PROMISE_HOURS} h promise` }}
          />
        </ChartFigure>
        <ChartFigure
          {...common}
          slug="audit-delivery"
          title={`Audits delivered within ${series.AUDIT_PROMISE_HOURS} hours`}
          description="Audit requests each week by when their first report went out."
          table={audits.table}
        >
          <WeekChart weeks={data.weeks} bands={audits.bands} />
        </ChartFigure>
        <ChartFigure
          {...common}
          slug="report-opens"
          title="Report opens"
          description="Reports delivered each week, opened or not yet, and the median hours to the first opening."
          table={reports.table}
        >
          <WeekChart weeks={data.weeks} bands={reports.bands} />
        </ChartFigure>
        <ChartFigure
          {...common}
          slug="intake-funnel"
          title="Intake funnel"
          description="Visits that reached each step of the intake, and the intakes sent, over the period."
          table={funnel.table}
        >
          <FunnelChart steps={funnel.steps} />
        </ChartFigure>
        <ChartFigure
          {...common}
          slug="top-landing-pages"
          title="Top landing pages"
          description="The first page of the visits that brought leads, most leads first."
          table={series.topLandingPages(data)}
          empty="No lead of this period has a recorded landing page."
        />
        <ChartFigure
          {...common}
          slug="top-campaigns"
          title="Top campaigns"
          description="The campaigns (utm_campaign) that brought leads, most leads first."
          table={series.topCampaigns(data)}
          empty="No lead of this period came from a campaign."
        />
        <ChartFigure
          {...common}
          slug="visits-to-calls"
          title="From visit to call held"
          description="The visits that began in the period (counted once per visit, no visitor kept), the period’s leads (a request or a booking), the calls booked and the calls held."
          table={toCalls.table}
        >
          <FunnelChart steps={toCalls.steps} />
        </ChartFigure>
        {(['bySource', 'byCampaign', 'byLandingPage'] as const).map((by) => (
          <ChartFigure
            {...common}
            key={by}
            slug={`visits-to-calls-${funnelSlug[by]}`}
            title={`From visit to call held by ${funnelSlug[by].replace('-', ' ')}`}
            description="Each step under its own first touch: the visits, the leads and the calls of the period, side by side."
            table={calls.visitFunnelBy(data, by)}
            empty="No visit, lead or call in this period."
          />
        ))}
        <ChartFigure
          {...common}
          slug="calls-by-source"
          title="Calls by source"
          description="Calls booked at the scheduler, held, missed (no-show) or cancelled, by where the visit began."
          table={calls.callsBy(data, 'bySource')}
          empty="No call was booked in this period."
        />
        <ChartFigure
          {...common}
          slug="calls-by-campaign"
          title="Calls by campaign"
          description="Calls booked from each campaign (utm_campaign), most first."
          table={calls.callsBy(data, 'byCampaign')}
          empty="No call of this period came from a campaign."
        />
        <ChartFigure
          {...common}
          slug="calls-by-landing-page"
          title="Calls by landing page"
          description="Calls booked by the first page of the visit (Cal.com only: Calendly does not pass it back)."
          table={calls.callsBy(data, 'byLandingPage')}
          empty="No call of this period has a recorded landing page."
        />
        <ChartFigure
          {...common}
          slug="downloads-by-resource"
          title="Downloads by resource"
          description="Files asked for through the download form, links opened, and the leads who later asked for an audit or wrote."
          table={series.downloadsByResource(data)}
          empty="No file was asked for in this period."
        />
        <ChartFigure
          {...common}
          slug="downloads-by-source"
          title="Downloads by source"
          description="Files asked for, and links opened, by where the asking lead first came from."
          table={series.downloadsBySource(data)}
          empty="No file was asked for in this period."
        />
      </div>
      <RevenueFigures revenue={data.revenue} period={period} />
    </>
  );
}

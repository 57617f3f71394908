/** The Dashboard's revenue (docs/decisions/0047-pipeline.md): cards, then a figure per question with its table and CSV. */
import type { RevenueFigures as Revenue } from '../../../features/pipeline/contract.ts';
import { usd } from '../shared/pipeline-format.ts';
import { BarList } from './Charts.tsx';
import { Cards, ChartFigure } from './ChartFigure.tsx';
import * as series from './revenue-series.ts';

export function RevenueFigures({ revenue, period }: { revenue: Revenue; period: { from: string; to: string } }) {
  const open = series.openPipeline(revenue);
  const figures = [
    {
      slug: 'won-by-source',
      title: 'Won value by first-touch source',
      description: 'Deals won in the period, by where the client’s first visit came from.',
      ...series.wonBySource(revenue),
    },
    {
      slug: 'won-by-campaign',
      title: 'Won value by campaign',
      description: 'Deals won in the period, by the campaign (utm_campaign) of the client’s first visit.',
      ...series.wonByCampaign(revenue),
    },
    {
      slug: 'won-by-landing-page',
      title: 'Won value by landing page',
      description: 'Deals won in the period, by the first page of the client’s first visit.',
      ...series.wonByLandingPage(revenue),
    },
    {
      slug: 'won-by-resource',
      title: 'Won value by resource downloaded',
      description: 'Deals won in the period, by the first file the client asked for.',
      ...series.wonByResource(revenue),
    },
  ];
  return (
    <section aria-labelledby="revenue-title" className="mt-8">
      <h3 id="revenue-title" className="text-lg font-semibold text-ink">
        Pipeline and revenue
      </h3>
      <Cards label="Revenue figures" cards={series.revenueCards(revenue)} columns={4} className="mt-3" />
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <ChartFigure
          period={period}
          slug="open-pipeline"
          title="Open pipeline by stage"
          description="The value of the open deals now, by stage, and weighted by each stage’s win probability."
          table={open.table}
        >
          <BarList bars={open.bars} format={usd} />
        </ChartFigure>
        {figures.map((f) => (
          <ChartFigure
            key={f.slug}
            period={period}
            slug={f.slug}
            title={f.title}
            description={f.description}
            table={f.table}
            empty="No deal was won in this period."
          >
            {f.bars.length > 0 ? <BarList bars={f.bars} format={usd} /> : undefined}
          </ChartFigure>
        ))}
      </div>
    </section>
  );
}

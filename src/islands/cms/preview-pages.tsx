/**
 * The CMS previews of a resource, a case study and a service page: the markup of
 * src/pages/resources/[slug].astro, src/pages/case-studies/[slug].astro and src/pages/services/[slug].astro
 * without the header and footer, filled from the entry the editor is changing.
 */
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format.ts';
import { branded, date, fields, num, records, str, strings, type Fields, type PreviewProps } from './preview-data.ts';
import type { PreviewSite } from './preview-data.ts';
import {
  ButtonLink,
  CheckList,
  CtaBand,
  Hero,
  LinkedText,
  Metrics,
  Section,
  ServiceCards,
  Steps,
  SuccessStory,
  Tags,
} from './preview-parts.tsx';

/** The entry's fields as plain data, brand tokens filled. */
export const entryData = (props: PreviewProps, site: PreviewSite): Fields =>
  branded(fields(props.entry.getIn(['data'])), site);

/** The displayable address of an image field's value, or '' while there is none. */
export function assetUrl(props: PreviewProps, path: string): string {
  if (!path) return '';
  try {
    const asset = props.getAsset(path);
    if (!asset) return '';
    return typeof asset.url === 'string' ? asset.url : String(asset);
  } catch {
    return '';
  }
}

/** The rendered body (the markdown widget's HTML); nothing when the collection has no such field yet. */
function body(props: PreviewProps): ReactNode {
  try {
    return props.widgetFor('body');
  } catch {
    return null;
  }
}

const metrics = (value: unknown) =>
  records(value)
    .map((m) => ({ value: str(m.value), label: str(m.label) }))
    .filter((m) => m.value || m.label);

const bookingLabel = (site: PreviewSite, call: string) =>
  site.bookingLabels?.[call as keyof NonNullable<PreviewSite['bookingLabels']>] ?? 'Book a call';

function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="font-semibold text-brand-700 hover:underline">
      <span aria-hidden="true">←</span> {children}
    </a>
  );
}

/** src/pages/resources/[slug].astro (with resources/ResourceMeta.astro in the hero). */
export function ResourcePage({ props, site }: { props: PreviewProps; site: PreviewSite }) {
  const data = entryData(props, site);
  const when = date(data.date);
  // The type and size come from the file at build; the preview names the kind of download only.
  const kind = str(data.file) ? 'Download' : str(data.tab) === 'blog' ? 'Article' : 'PDF';
  const line = [kind, str(data.readTime)].filter(Boolean).join(' · ');
  const image = assetUrl(props, str(data.image));
  const cta = fields(data.cta);
  return (
    <>
      <Hero title={str(data.title)} subtitle={str(data.description)}>
        <div className="flex w-full flex-col items-center gap-4">
          <p className="flex flex-wrap gap-x-2 text-sm justify-center text-brand-100">
            {when && <time dateTime={when.toISOString().slice(0, 10)}>{formatDate(when)}</time>}
            {when && line && <span aria-hidden="true">·</span>}
            {line && <span>{line}</span>}
          </p>
          <Tags tags={strings(data.tags)} dark />
        </div>
      </Hero>
      <Section narrow>
        {image && (
          <img src={image} alt={str(data.imageAlt)} className="aspect-[40/21] w-full rounded-xl object-cover" />
        )}
        <div className="mt-10 prose max-w-none prose-slate prose-a:text-brand-700 prose-code:before:content-none prose-code:after:content-none">
          {body(props)}
        </div>
        <p className="mt-12">
          <BackLink href="/resources">All resources</BackLink>
        </p>
      </Section>
      <CtaBand title={str(cta.title)} text={str(cta.text)}>
        {str(cta.label) && <ButtonLink href={str(cta.href)}>{str(cta.label)}</ButtonLink>}
        <ButtonLink href="#" variant="ghost">
          {bookingLabel(site, str(cta.booking) || 'strategyCall')}
        </ButtonLink>
      </CtaBand>
    </>
  );
}

/** src/pages/case-studies/[slug].astro. */
export function CaseStudyPage({ props, site }: { props: PreviewProps; site: PreviewSite }) {
  const data = entryData(props, site);
  const figures = metrics(data.metrics);
  const outcome = str(data.outcome);
  return (
    <>
      <Hero title={str(data.title)} subtitle={str(data.summary)} />
      <Section narrow>
        {figures.length > 0 && <Metrics metrics={figures} look="page" className="gap-4 sm:grid-cols-3" />}
        <p className="mt-8 text-sm text-slate-600">
          <span className="font-semibold text-ink">Industry:</span> {str(data.industry)}
        </p>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
          {strings(data.tags).map((t, i) => (
            <li key={i} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">
              {t}
            </li>
          ))}
        </ul>
        <p className="mt-8 text-lg text-slate-700">{str(data.description)}</p>
        <div className="mt-8 prose max-w-none prose-slate prose-a:text-brand-700">{body(props)}</div>
        {outcome && (
          <p className="mt-10 border-l-4 border-accent-500 pl-4 text-lg font-semibold text-ink">Outcome: {outcome}</p>
        )}
        <p className="mt-10">
          <BackLink href="/case-studies">All case studies</BackLink>
        </p>
      </Section>
      <CtaBand
        title="Could This Be Your Story?"
        text={branded('Start with a free {auditName} of your marketing and BD.', site)}
      >
        <ButtonLink href="/bolesta-audit">Learn About the Audit</ButtonLink>
        <ButtonLink href="/contact" variant="ghost">
          Contact Us
        </ButtonLink>
      </CtaBand>
    </>
  );
}

/** services/ServiceSection.astro: one block of a service page, by its `type`. */
function ServiceSection({ block, index }: { block: Fields; index: number }) {
  const type = str(block.type);
  const items = records(block.items);
  const narrow = type === 'checklist' || (type === 'stories' && items.length === 1);
  const note = str(block.note);
  const stories = items.map((s) => ({
    client: str(s.client),
    title: str(s.title),
    text: str(s.text),
    outcome: str(s.outcome),
    metrics: metrics(s.metrics),
  }));
  return (
    <Section
      id={str(block.id)}
      tone={index % 2 === 1 ? 'muted' : 'white'}
      title={str(block.title)}
      intro={str(block.intro)}
      narrow={narrow}
    >
      {type === 'cards' && (
        <ServiceCards
          items={items.map((c) => ({
            title: str(c.title),
            icon: str(c.icon),
            text: str(c.text),
            points: strings(c.points),
          }))}
        />
      )}
      {type === 'steps' && <Steps steps={items.map((s) => ({ title: str(s.title), text: str(s.text) }))} />}
      {type === 'checklist' && (
        <>
          <CheckList
            items={strings(block.items)}
            className={
              num(block.columns) === 2
                ? 'text-lg text-slate-700 sm:columns-2 sm:gap-8 [&>li]:mb-3 [&>li]:break-inside-avoid'
                : 'text-lg text-slate-700'
            }
          />
          {note && (
            <p className="mt-8 text-slate-700">
              <LinkedText text={note} />
            </p>
          )}
        </>
      )}
      {type === 'stories' &&
        (stories.length === 1 ? (
          <SuccessStory {...stories[0]!} />
        ) : (
          <div className="grid gap-8 lg:grid-cols-2">
            {stories.map((story, i) => (
              <SuccessStory key={i} {...story} />
            ))}
          </div>
        ))}
    </Section>
  );
}

/** src/pages/services/[slug].astro: hero, the sections top to bottom, the closing call to action. */
export function ServicePage({ props, site }: { props: PreviewProps; site: PreviewSite }) {
  const data = entryData(props, site);
  const hero = fields(data.hero);
  const cta = fields(data.cta);
  return (
    <>
      <Hero title={str(hero.title)} subtitle={str(hero.subtitle)} />
      {records(data.sections).map((block, index) => (
        <ServiceSection key={index} block={block} index={index} />
      ))}
      <CtaBand title={str(cta.title)} text={str(cta.text)}>
        {records(cta.buttons).map((button, i) => (
          <ButtonLink
            key={i}
            href={str(button.booking) ? '#' : str(button.href)}
            variant={i === 0 ? 'primary' : 'ghost'}
          >
            {str(button.label)}
          </ButtonLink>
        ))}
      </CtaBand>
    </>
  );
}

/**
 * The site's presentational Astro components as React, for the CMS preview: the same elements and Tailwind
 * classes as src/components/sections and src/components/ui, so the site's stylesheet styles them alike.
 * Keep each in step with the component it names.
 */
import type { ReactNode } from 'react';
import { buttonClass } from '../../lib/ui/button.ts';
import { CheckCircle2, IconTile } from './preview-icons.tsx';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** sections/Hero.astro, `compact` (every page the CMS edits uses the compact hero). */
export function Hero({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <section className="relative isolate overflow-hidden bg-brand-900 text-white">
      <div className="mx-auto max-w-5xl px-6 text-center py-16 sm:py-20">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {subtitle && <p className="mx-auto mt-6 max-w-3xl text-lg leading-8 text-pretty text-brand-100">{subtitle}</p>}
        {children && <div className="mt-10 flex flex-wrap items-center justify-center gap-4">{children}</div>}
      </div>
    </section>
  );
}

const tones = { white: 'bg-white text-ink', muted: 'bg-brand-50 text-ink' };

/** ui/Section.astro: a page section with an optional heading and intro. */
export function Section(props: {
  id?: string;
  title?: string;
  intro?: string;
  tone?: keyof typeof tones;
  narrow?: boolean;
  children?: ReactNode;
}) {
  const { id, title, intro, tone = 'white', narrow = false, children } = props;
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id || undefined}
      aria-labelledby={title ? headingId : undefined}
      className={cx(tones[tone], 'py-16 sm:py-20')}
    >
      <div className={cx('mx-auto px-6', narrow ? 'max-w-3xl' : 'max-w-7xl')}>
        {(title || intro) && (
          <div className="mx-auto mb-12 max-w-3xl text-center">
            {title && (
              <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
                {title}
              </h2>
            )}
            {intro && <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{intro}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

/** sections/CtaBand.astro: the closing call to action. */
export function CtaBand({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <section className="bg-brand-800 py-16 text-white">
      <div className="mx-auto max-w-4xl px-6 text-center">
        <h2 className="text-3xl font-bold tracking-tight text-balance">{title}</h2>
        {text && <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{text}</p>}
        <div className="mt-8 flex flex-wrap justify-center gap-4">{children}</div>
      </div>
    </section>
  );
}

const looks = { primary: 'accent', secondary: 'light', ghost: 'ghost' } as const;

/** ui/ButtonLink.astro: a link styled as a button. */
export function ButtonLink(props: { href: string; variant?: keyof typeof looks; children: ReactNode }) {
  const { href, variant = 'primary', children } = props;
  const look = buttonClass({ variant: looks[variant], size: 'lg' });
  return (
    <a href={href || '#'} className={cx('inline-block text-center shadow-sm', look)}>
      {children}
    </a>
  );
}

type Metric = { value: string; label: string };
const metricLooks = {
  card: {
    item: 'rounded-lg bg-brand-50 p-4 text-center',
    label: 'order-2 text-sm text-slate-600',
    value: 'text-2xl font-bold text-brand-800',
  },
  page: {
    item: 'flex flex-col-reverse rounded-xl bg-brand-50 p-5 text-center',
    label: 'text-sm text-slate-600',
    value: 'text-3xl font-bold text-brand-800',
  },
};

/** ui/Metrics.astro: figures with their labels as a description list. */
export function Metrics({
  metrics,
  look,
  className,
}: {
  metrics: Metric[];
  look: keyof typeof metricLooks;
  className: string;
}) {
  const style = metricLooks[look];
  return (
    <dl className={cx('grid', className)}>
      {metrics.map((m, i) => (
        <div key={i} className={style.item}>
          <dt className={style.label}>{m.label}</dt>
          <dd className={style.value}>{m.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** resources/Tags.astro and the case study's tag list: chips, light on the hero's dark background. */
export function Tags({ tags, dark = false }: { tags: string[]; dark?: boolean }) {
  if (!tags.length) return null;
  const chip = dark ? 'bg-white/10 text-white ring-1 ring-white/30' : 'bg-brand-50 text-brand-800';
  return (
    <ul className={cx('flex flex-wrap gap-2', dark && 'justify-center')} aria-label="Tags">
      {tags.map((tag, i) => (
        <li key={i} className={cx('rounded-full px-3 py-1 text-xs font-medium', chip)}>
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** ui/CheckList.astro: a list with a check mark before each item. */
export function CheckList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={cx('space-y-3', className)}>
      {items.map((item, i) => (
        <li key={i} className="flex gap-3">
          <CheckCircle2 className="mt-0.5 size-5 flex-none text-brand-600" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export type CardItem = { title: string; icon: string; text: string; points: string[] };

/** services/ServiceCards.astro over ui/CardGrid.astro and ui/Card.astro: the columns follow the number of cards. */
export function ServiceCards({ items }: { items: CardItem[] }) {
  const n = items.length;
  const columns =
    n === 1 ? '' : n === 2 || n === 4 ? 'md:grid-cols-2' : n === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2 lg:grid-cols-3';
  return (
    <div className={cx('grid gap-8', columns)}>
      {items.map((item, i) => (
        <article key={i} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          {item.icon && <IconTile name={item.icon} className="mb-4" />}
          <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
          <div className="mt-2 text-slate-600">
            {item.points.length ? <CheckList items={item.points} className="mt-2" /> : <p>{item.text}</p>}
          </div>
        </article>
      ))}
    </div>
  );
}

/** ui/Steps.astro: a numbered process, one card per step. */
export function Steps({ steps }: { steps: { title: string; text: string }[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, i) => (
        <li key={i} className="rounded-xl border border-slate-200 bg-white p-6">
          <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
          <p className="mt-2 text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

export type Story = { client: string; title: string; text: string; outcome: string; metrics: Metric[] };

/** services/SuccessStory.astro: who, what we did, and the outcome with its figures. */
export function SuccessStory({ client, title, text, outcome, metrics }: Story) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{client}</p>
      <h3 className="mt-2 text-xl font-semibold">{title}</h3>
      <p className="mt-3 text-slate-600">{text}</p>
      {metrics.length > 0 && (
        <Metrics metrics={metrics} look="card" className="mt-6 grid-cols-2 gap-4 sm:grid-cols-3" />
      )}
      <p className="mt-6 border-l-4 border-accent-500 pl-4 font-medium text-ink">Outcome: {outcome}</p>
    </article>
  );
}

/** services/LinkedText.astro: a sentence in which `[words](/path)` is a link. */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(\[[^\]]+\]\([^)\s]+\))/).filter(Boolean);
  return parts.map((part, i) => {
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    return link ? (
      <a key={i} className="font-semibold text-brand-700 underline" href={link[2]}>
        {link[1]}
      </a>
    ) : (
      part
    );
  });
}

/**
 * The paged case-study list: 4 cards a page, numbered page buttons, Previous only after page 1, Next only
 * before the last page, and no pager when everything fits on one page. Changing page moves focus to the
 * list so keyboard and screen-reader users land on the new cards.
 */
import { useRef, useState } from 'react';
import { withErrorBoundary } from './ErrorBoundary.tsx';

export const PAGE_SIZE = 4;

export interface CaseStudyCard {
  slug: string;
  title: string;
  industry: string;
  summary: string;
  description: string;
  tags: readonly string[];
  outcome: string;
}

/** Number of pages for a list of `count` items. */
export const pageCount = (count: number, size = PAGE_SIZE): number => Math.max(1, Math.ceil(count / size));

function CaseStudyPager({ studies }: { studies: readonly CaseStudyCard[] }) {
  const [page, setPage] = useState(1);
  const listRef = useRef<HTMLHeadingElement>(null);
  const total = pageCount(studies.length);
  const shown = studies.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const go = (next: number) => {
    setPage(next);
    requestAnimationFrame(() => listRef.current?.focus());
  };
  const pagerButton = 'min-w-11 rounded-md px-3 py-2 text-sm font-semibold ring-1 ring-brand-200';

  return (
    <div>
      <h3 ref={listRef} tabIndex={-1} className="sr-only">
        Case studies, page {page} of {total}
      </h3>
      <ul className="grid gap-8 md:grid-cols-2" data-case-list>
        {shown.map((s) => (
          <li
            key={s.slug}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            data-case-card
          >
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{s.industry}</p>
            <h4 className="mt-2 text-xl font-semibold text-ink">{s.title}</h4>
            <p className="mt-3 font-medium text-slate-800">{s.summary}</p>
            <p className="mt-2 text-slate-600">{s.description}</p>
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
              {s.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">
                  {tag}
                </li>
              ))}
            </ul>
            <p className="mt-4 flex-1 border-l-4 border-accent-500 pl-4 font-medium text-ink">{s.outcome}</p>
            <a href={`/case-studies/${s.slug}`} className="mt-6 font-semibold text-brand-700 hover:underline">
              View full case study<span className="sr-only">: {s.title}</span> <span aria-hidden="true">→</span>
            </a>
          </li>
        ))}
      </ul>
      {total > 1 && (
        <nav aria-label="Case study pages" className="mt-10 flex flex-wrap items-center justify-center gap-2">
          {page > 1 && (
            <button
              type="button"
              className={`${pagerButton} bg-white text-brand-800 hover:bg-brand-50`}
              onClick={() => go(page - 1)}
            >
              Previous
            </button>
          )}
          {Array.from({ length: total }, (_, i) => i + 1).map((n) => (
            <button
              key={n}
              type="button"
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => go(n)}
              className={`${pagerButton} ${n === page ? 'bg-brand-800 text-white' : 'bg-white text-brand-800 hover:bg-brand-50'}`}
            >
              {n}
            </button>
          ))}
          {page < total && (
            <button
              type="button"
              className={`${pagerButton} bg-white text-brand-800 hover:bg-brand-50`}
              onClick={() => go(page + 1)}
            >
              Next
            </button>
          )}
        </nav>
      )}
    </div>
  );
}

export default withErrorBoundary(CaseStudyPager);

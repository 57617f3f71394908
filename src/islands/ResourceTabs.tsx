/**
 * The resources page's tabs (WAI-ARIA tabs pattern). The panels' cards are static HTML that Astro passes
 * in as named slots (`blog`, `whitepapers`, `ebooks`), so the island only switches between them.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { withErrorBoundary } from './ErrorBoundary.tsx';

export const resourceTabLabels = {
  blog: 'Blog Articles',
  whitepapers: 'Whitepapers',
  ebooks: 'E-Books & Downloads',
} as const;

type TabId = keyof typeof resourceTabLabels;
const tabIds = Object.keys(resourceTabLabels) as TabId[];

type Props = Partial<Record<TabId, ReactNode>>;

function ResourceTabs(panels: Props) {
  const [active, setActive] = useState<TabId>('blog');
  const base = useId();
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});

  const select = (id: TabId) => {
    setActive(id);
    tabRefs.current[id]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabIds.indexOf(active);
    const next =
      e.key === 'ArrowRight'
        ? tabIds[(i + 1) % tabIds.length]
        : e.key === 'ArrowLeft'
          ? tabIds[(i - 1 + tabIds.length) % tabIds.length]
          : e.key === 'Home'
            ? tabIds[0]
            : e.key === 'End'
              ? tabIds[tabIds.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    select(next);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label="Resource types"
        className="flex flex-wrap justify-center gap-2 border-b border-slate-200"
      >
        {tabIds.map((id) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[id] = el;
            }}
            id={`${base}-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={active === id}
            aria-controls={`${base}-panel-${id}`}
            tabIndex={active === id ? 0 : -1}
            onClick={() => select(id)}
            onKeyDown={onKeyDown}
            className={`-mb-px border-b-2 px-4 py-3 font-semibold ${
              active === id
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-600 hover:text-brand-700'
            }`}
          >
            {resourceTabLabels[id]}
          </button>
        ))}
      </div>
      {tabIds.map((id) => (
        <div
          key={id}
          id={`${base}-panel-${id}`}
          role="tabpanel"
          aria-labelledby={`${base}-tab-${id}`}
          hidden={active !== id}
          tabIndex={0}
          data-panel={id}
          className="pt-10"
        >
          {panels[id]}
        </div>
      ))}
    </div>
  );
}

export default withErrorBoundary(ResourceTabs);

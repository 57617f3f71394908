/** A portal tab's section, named by its heading: hidden (the tab already says it) or shown with its actions. */
import { useId, type ReactNode } from 'react';

export function TabSection({
  title,
  hideTitle = false,
  actions,
  children,
}: {
  title: string;
  hideTitle?: boolean;
  /** Shown beside a visible title, e.g. New Post. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const heading = (
    <h3 id={id} className={hideTitle ? 'sr-only' : 'text-lg font-semibold'}>
      {title}
    </h3>
  );
  return (
    <section aria-labelledby={id}>
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

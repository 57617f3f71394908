/** A titled group of questions inside a step. */
import type { ReactNode } from 'react';

export function StepSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      <h3 className="text-lg font-semibold text-ink">{title}</h3>
      {children}
    </section>
  );
}

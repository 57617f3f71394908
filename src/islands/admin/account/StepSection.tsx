/** The card of a screen of steps (Account security, Active sessions): its heading takes the focus at each new step. */
import type { ReactNode, RefObject } from 'react';

export function StepSection(props: {
  id: string;
  title: string;
  heading: RefObject<HTMLHeadingElement | null>;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={props.id}
      className={`${props.wide ? 'max-w-4xl' : 'max-w-2xl'} rounded-xl border border-slate-200 bg-white p-6`}
    >
      <h3 id={props.id} ref={props.heading} tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none">
        {props.title}
      </h3>
      {props.children}
    </section>
  );
}

/**
 * The home page's testimonial carousel: one quote at a time, Previous/Next buttons and the left/right
 * arrow keys, disabled at the ends (no wrap-around), the position announced politely.
 */
import { ChevronLeft, ChevronRight, Quote } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { withErrorBoundary } from './ErrorBoundary.tsx';

export interface Testimonial {
  quote: string;
  /** The person's role. */
  author: string;
  /** The kind of organisation. */
  position: string;
}

function TestimonialCarousel({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const [index, setIndex] = useState(0);
  const last = testimonials.length - 1;
  const go = (next: number) => setIndex(Math.min(last, Math.max(0, next)));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(index - 1);
    else if (e.key === 'ArrowRight') go(index + 1);
    else return;
    e.preventDefault();
  };
  const current = testimonials[index];
  if (!current) return null;

  const button =
    'flex size-11 items-center justify-center rounded-full border border-brand-200 bg-white text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40';

  // The carousel region itself takes focus so the arrow keys work even when a button at an end is disabled.
  /* eslint-disable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Client testimonials"
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="mx-auto max-w-3xl rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 sm:p-12"
    >
      <figure aria-roledescription="slide" aria-label={`${index + 1} of ${testimonials.length}`}>
        <Quote aria-hidden="true" className="size-10 text-brand-200" />
        <blockquote className="mt-4 text-xl leading-8 text-ink sm:text-2xl">“{current.quote}”</blockquote>
        <figcaption className="mt-6">
          <span className="block font-semibold text-ink">{current.author}</span>
          <span className="block text-slate-600">{current.position}</span>
        </figcaption>
      </figure>
      <div className="mt-8 flex items-center justify-between">
        <p aria-live="polite" className="text-sm text-slate-600">
          {index + 1} of {testimonials.length}
        </p>
        <div className="flex gap-3">
          <button
            type="button"
            className={button}
            onClick={() => go(index - 1)}
            disabled={index === 0}
            aria-label="Previous testimonial"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            className={button}
            onClick={() => go(index + 1)}
            disabled={index === last}
            aria-label="Next testimonial"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
    </section>
  );
  /* eslint-enable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */
}

export default withErrorBoundary(TestimonialCarousel);

/** Colours of the testimonial tags (badge background and text, AA contrast); unknown tags use the last. */
const tagColours: Record<string, string> = {
  Website: 'bg-sky-100 text-sky-900',
  LinkedIn: 'bg-blue-100 text-blue-900',
  'Business Development': 'bg-emerald-100 text-emerald-900',
  Webinars: 'bg-violet-100 text-violet-900',
  'Investor Relations': 'bg-amber-100 text-amber-900',
  'Market Entry': 'bg-rose-100 text-rose-900',
  Events: 'bg-orange-100 text-orange-900',
};

const fallback = 'bg-slate-100 text-slate-900';

/** Tailwind classes of a testimonial tag's badge. */
export const tagColour = (tag: string): string => tagColours[tag] ?? fallback;

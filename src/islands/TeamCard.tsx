/**
 * A team member's card: circular photo that falls back to initials, position, years of experience,
 * expertise tags, a bio cut at 120 characters with Read more / Show less, and the LinkedIn link.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { withErrorBoundary } from './ErrorBoundary.tsx';

/** Bios longer than this are cut with an ellipsis until the visitor asks for more. */
export const BIO_LIMIT = 120;

export interface TeamMember {
  name: string;
  position: string;
  bio: string;
  image?: { src: string; width: number; height: number };
  expertise: readonly string[];
  experience: number;
  linkedin: string;
}

type ImageState = 'idle' | 'loading' | 'loaded' | 'error';

/** "Dana Whitfield" → "DW". */
export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join('');

/** The bio as shown while collapsed. */
export const shortBio = (bio: string): string =>
  bio.length > BIO_LIMIT ? `${bio.slice(0, BIO_LIMIT).trimEnd()}…` : bio;

function Avatar({ name, image }: Pick<TeamMember, 'name' | 'image'>) {
  const [state, setState] = useState<ImageState>(image ? 'loading' : 'idle');
  const ref = useRef<HTMLImageElement>(null);

  // The image may have finished (or failed) before hydration attached the handlers.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? 'loaded' : 'error');
  }, []);

  return (
    <div className="relative mx-auto size-32 overflow-hidden rounded-full bg-brand-100 ring-4 ring-white shadow">
      {state !== 'loaded' && (
        <span
          aria-hidden="true"
          data-initials
          className="absolute inset-0 flex items-center justify-center text-3xl font-bold text-brand-800"
        >
          {initials(name)}
        </span>
      )}
      {image && state !== 'error' && (
        <img
          ref={ref}
          src={image.src}
          width={image.width}
          height={image.height}
          alt={`Portrait of ${name}`}
          loading="lazy"
          decoding="async"
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
          // Shown from the server HTML on (the island hydrates only on interaction): the initials under it show
          // through until it has loaded. Its alt text is not drawn over them if it fails before hydration.
          className="absolute inset-0 size-full object-cover text-transparent"
        />
      )}
    </div>
  );
}

function TeamCard({ name, position, bio, image, expertise, experience, linkedin }: TeamMember) {
  const [expanded, setExpanded] = useState(false);
  const bioId = useId();
  const long = bio.length > BIO_LIMIT;

  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <Avatar name={name} image={image} />
      <h3 className="mt-4 text-lg font-semibold text-ink">{name}</h3>
      <p className="text-brand-700">{position}</p>
      <p className="mt-1 text-sm text-slate-600">{experience} years of experience</p>
      <ul className="mt-4 flex flex-wrap justify-center gap-2" aria-label={`${name}'s expertise`}>
        {expertise.map((tag) => (
          <li key={tag} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">
            {tag}
          </li>
        ))}
      </ul>
      <p id={bioId} className="mt-4 flex-1 text-left text-slate-700" data-bio>
        {expanded || !long ? bio : shortBio(bio)}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bioId}
          onClick={() => setExpanded((e) => !e)}
          className="mt-2 self-start text-sm font-semibold text-brand-700 hover:underline"
        >
          {expanded ? 'Show less' : 'Read more'}
          <span className="sr-only"> about {name}</span>
        </button>
      )}
      <a
        href={linkedin}
        target="_blank"
        rel="noopener"
        className="mt-4 inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
      >
        Connect on LinkedIn<span className="sr-only"> with {name} (opens in a new tab)</span>
      </a>
    </article>
  );
}

export default withErrorBoundary(TeamCard);

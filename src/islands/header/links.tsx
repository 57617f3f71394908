/** The small pieces the desktop and the mobile header share: the chevron, a list of plain links, the call to action. */
import type { NavLink } from '../../config/navigation.ts';

export function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
      fill="currentColor"
    >
      <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
    </svg>
  );
}

/** One `<li><a>` per link; with `currentPath`, the link to the current page is marked `aria-current="page"`. */
export function LinkItems({
  links,
  className,
  currentPath,
}: {
  links: readonly NavLink[];
  className: string;
  currentPath?: string;
}) {
  return links.map((link) => (
    <li key={link.href}>
      <a
        href={link.href}
        aria-current={currentPath !== undefined && link.href === currentPath ? 'page' : undefined}
        className={className}
      >
        {link.label}
      </a>
    </li>
  ));
}

/** The phone's full-width call-to-action button, in the open menu and in the fixed bottom bar. */
export function MobileCtaLink({ cta, className = '' }: { cta: NavLink; className?: string }) {
  return (
    <a
      href={cta.href}
      className={`${className} block rounded-md bg-accent-500 px-4 py-3 text-center font-semibold text-white hover:bg-accent-600`.trim()}
    >
      {cta.label}
    </a>
  );
}

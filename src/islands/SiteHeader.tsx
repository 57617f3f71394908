/**
 * The site header. Astro renders its full HTML at build time (every link is in the page); hydration
 * only adds the behaviour: hover dropdowns with Radix NavigationMenu's timings, keyboard support, and
 * the mobile menu with its accordion sections and the bottom "Start Your Audit" bar.
 */
import { useEffect, useState } from 'react';
import type { NavLink, NavMenu } from '../config/navigation.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { DesktopMenu, useHoverMenu } from './header/DesktopMenu.tsx';
import { LinkItems } from './header/links.tsx';
import { MobileCtaBar, MobileMenu } from './header/MobileMenu.tsx';
import { buttonClass } from '../lib/ui/button.ts';

interface Props {
  agencyName: string;
  menus: readonly NavMenu[];
  links: readonly NavLink[];
  cta: NavLink;
  currentPath: string;
  /** Whether the page shows the phone's fixed call-to-action bar (pages with their own bottom bar do not). */
  mobileCta: boolean;
}

function SiteHeader({ agencyName, menus, links, cta, currentPath, mobileCta }: Props) {
  const state = useHoverMenu();
  const [mobileOpen, setMobileOpen] = useState(false);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && setMobileOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <header className="fixed inset-x-0 top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <a href="/" className="text-xl font-bold tracking-tight text-brand-900">
            {agencyName}
          </a>
          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {menus.map((menu) => (
                <DesktopMenu key={menu.id} menu={menu} state={state} currentPath={currentPath} />
              ))}
              <LinkItems
                links={links}
                currentPath={currentPath}
                className="rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700"
              />
            </ul>
          </nav>
          <a
            href={cta.href}
            className={`hidden shadow-sm lg:inline-block ${buttonClass({ variant: 'accent', size: 'sm' })}`}
          >
            {cta.label}
          </a>
          <button
            type="button"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((o) => !o)}
            className="rounded-md p-2 text-ink hover:bg-brand-50 lg:hidden"
          >
            <span className="sr-only">{mobileOpen ? 'Close menu' : 'Open menu'}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {mobileOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
        <MobileMenu menus={menus} links={links} cta={cta} open={mobileOpen} />
      </header>
      {!mobileOpen && mobileCta && <MobileCtaBar cta={cta} />}
    </>
  );
}

export default withErrorBoundary(SiteHeader);

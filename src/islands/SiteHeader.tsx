/**
 * The site header. Astro renders its full HTML at build time (every link is in the page); hydration
 * only adds the behaviour: hover dropdowns with Radix NavigationMenu's timings, keyboard support, and
 * the mobile menu with its accordion sections and the bottom "Start Your Audit" bar.
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { NavLink, NavMenu } from '../config/navigation.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';

/** Hover delays of the desktop dropdowns (the values Radix NavigationMenu uses). */
export const MENU_TIMING = { openDelay: 200, skipDelay: 300, closeDelay: 150 } as const;

interface Props {
  agencyName: string;
  menus: readonly NavMenu[];
  links: readonly NavLink[];
  cta: NavLink;
  currentPath: string;
  /** Whether the page shows the phone's fixed call-to-action bar (pages with their own bottom bar do not). */
  mobileCta: boolean;
}

type MenuId = NavMenu['id'];

function Chevron({ open }: { open: boolean }) {
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

/** Desktop dropdown state with hover intent: open after a delay, skip it right after a close, close late. */
function useHoverMenu() {
  const [open, setOpen] = useState<MenuId | null>(null);
  const openTimer = useRef<number | undefined>(undefined);
  const closeTimer = useRef<number | undefined>(undefined);
  const skipUntil = useRef(0);
  const openRef = useRef<MenuId | null>(null);

  const set = useCallback((id: MenuId | null) => {
    if (openRef.current && !id) skipUntil.current = Date.now() + MENU_TIMING.skipDelay;
    openRef.current = id;
    setOpen(id);
  }, []);
  const clear = () => {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
  };

  const enter = (id: MenuId) => {
    clear();
    // Moving between triggers while one is open, or just after one closed, switches at once.
    if (openRef.current || Date.now() < skipUntil.current) set(id);
    else openTimer.current = window.setTimeout(() => set(id), MENU_TIMING.openDelay);
  };
  const leave = () => {
    clear();
    closeTimer.current = window.setTimeout(() => set(null), MENU_TIMING.closeDelay);
  };
  const toggle = (id: MenuId) => {
    clear();
    set(openRef.current === id ? null : id);
  };
  const close = () => {
    clear();
    set(null);
  };

  useEffect(() => clear, []);
  return { open, enter, leave, toggle, close };
}

function DesktopMenu({
  menu,
  state,
  currentPath,
}: {
  menu: NavMenu;
  state: ReturnType<typeof useHoverMenu>;
  currentPath: string;
}) {
  const panelId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const isOpen = state.open === menu.id;
  const active = menu.links.some((l) => l.href === currentPath);

  const onPointerEnter = (e: PointerEvent) => e.pointerType === 'mouse' && state.enter(menu.id);
  const onPointerLeave = (e: PointerEvent) => e.pointerType === 'mouse' && state.leave();
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && isOpen) {
      state.close();
      triggerRef.current?.focus();
    }
    if (e.key === 'ArrowDown' && e.target === triggerRef.current) {
      e.preventDefault();
      if (!isOpen) state.toggle(menu.id);
      requestAnimationFrame(() => document.getElementById(panelId)?.querySelector('a')?.focus());
    }
  };
  const onBlur = (e: FocusEvent) => {
    if (isOpen && !e.currentTarget.contains(e.relatedTarget as Node | null)) state.close();
  };

  return (
    // The item only delegates hover, Escape and focus-leave for its button and links; it is not a control.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => state.toggle(menu.id)}
        className={`flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700 ${
          active ? 'text-brand-700' : 'text-ink'
        }`}
      >
        {menu.label}
        <Chevron open={isOpen} />
      </button>
      <div
        id={panelId}
        hidden={!isOpen}
        data-menu={menu.id}
        className="absolute top-full left-0 z-50 mt-1 w-80 rounded-lg border border-slate-200 bg-white p-2 shadow-xl"
      >
        <ul>
          {menu.links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={link.href === currentPath ? 'page' : undefined}
                className="block rounded-md px-3 py-2 hover:bg-brand-50 focus:bg-brand-50"
              >
                <span className="block text-sm font-semibold text-ink">{link.label}</span>
                {link.description && <span className="block text-xs text-slate-600">{link.description}</span>}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

function MobileMenu({ menus, links, cta, open }: Pick<Props, 'menus' | 'links' | 'cta'> & { open: boolean }) {
  const [expanded, setExpanded] = useState<ReadonlySet<MenuId>>(new Set());
  const toggle = (id: MenuId) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div
      id="mobile-menu"
      hidden={!open}
      className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-6 lg:hidden"
    >
      <ul className="divide-y divide-slate-100">
        {menus.map((menu) => {
          const isOpen = expanded.has(menu.id);
          return (
            <li key={menu.id} data-section={menu.id}>
              <button
                type="button"
                aria-expanded={isOpen}
                aria-controls={`mobile-section-${menu.id}`}
                onClick={() => toggle(menu.id)}
                className="flex w-full items-center justify-between py-3 text-left font-medium"
              >
                {menu.label}
                <Chevron open={isOpen} />
              </button>
              <ul id={`mobile-section-${menu.id}`} hidden={!isOpen} className="pb-3 pl-3">
                {menu.links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} className="block py-2 text-slate-700 hover:text-brand-700">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="block py-3 font-medium hover:text-brand-700">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <a
        href={cta.href}
        className="mt-4 block rounded-md bg-accent-500 px-4 py-3 text-center font-semibold text-white hover:bg-accent-600"
      >
        {cta.label}
      </a>
    </div>
  );
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
              {links.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    aria-current={link.href === currentPath ? 'page' : undefined}
                    className="rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <a
            href={cta.href}
            className="hidden rounded-md bg-accent-500 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-accent-600 lg:inline-block"
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
      {!mobileOpen && mobileCta && (
        <nav
          aria-label="Start your audit"
          data-mobile-cta
          className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-3 lg:hidden"
        >
          <a
            href={cta.href}
            className="block rounded-md bg-accent-500 px-4 py-3 text-center font-semibold text-white hover:bg-accent-600"
          >
            {cta.label}
          </a>
        </nav>
      )}
    </>
  );
}

export default withErrorBoundary(SiteHeader);

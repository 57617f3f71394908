/** The desktop dropdowns: hover intent with Radix NavigationMenu's timings, keyboard support, close on focus leave. */
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
import type { NavMenu } from '../../config/navigation.ts';
import { Chevron } from './links.tsx';

/** Hover delays of the desktop dropdowns (the values Radix NavigationMenu uses). */
export const MENU_TIMING = { openDelay: 200, skipDelay: 300, closeDelay: 150 } as const;

type MenuId = NavMenu['id'];

/** Desktop dropdown state with hover intent: open after a delay, skip it right after a close, close late. */
export function useHoverMenu() {
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

export function DesktopMenu({
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

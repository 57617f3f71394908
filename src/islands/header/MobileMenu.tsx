/** The phone's menu: accordion sections, plain links and the call to action, and the fixed bottom bar. */
import { useState } from 'react';
import type { NavLink, NavMenu } from '../../config/navigation.ts';
import { Chevron, LinkItems, MobileCtaLink } from './links.tsx';

type MenuId = NavMenu['id'];

interface Props {
  menus: readonly NavMenu[];
  links: readonly NavLink[];
  cta: NavLink;
  open: boolean;
}

export function MobileMenu({ menus, links, cta, open }: Props) {
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
                <LinkItems links={menu.links} className="block py-2 text-slate-700 hover:text-brand-700" />
              </ul>
            </li>
          );
        })}
        <LinkItems links={links} className="block py-3 font-medium hover:text-brand-700" />
      </ul>
      <MobileCtaLink cta={cta} className="mt-4" />
    </div>
  );
}

/** The fixed "Start Your Audit" bar at the bottom of the phone's screen. */
export function MobileCtaBar({ cta }: { cta: NavLink }) {
  return (
    <nav
      aria-label="Start your audit"
      data-mobile-cta
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-3 lg:hidden"
    >
      <MobileCtaLink cta={cta} />
    </nav>
  );
}

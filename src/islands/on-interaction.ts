/**
 * The `client:interaction` directive (registered in astro.config.mjs, docs/decisions/0020): an island loads its
 * component and React, and hydrates, on the visitor's first interaction with it (a pointer over or down, a touch,
 * focus or a key inside it), so a page loads no island script before that. The server HTML is the island until
 * then, so it must read and work as plain HTML.
 *
 * The first interaction is not lost: a click on a button that came before the island hydrated (a tap on the
 * mobile menu's toggle, a tab, a pager button) is clicked again once it has, a mouse still over the island is
 * moved over it again (so the desktop menu's hover intent runs its 200 ms from there), and focus goes back where it
 * was. Clicks on links are never repeated: the browser follows them without the island.
 *
 * Astro inlines this module (minified) into every page that uses it: keep it small, and run `npm run csp` after a
 * change, since its hash is in the Content-Security-Policy.
 */
import type { ClientDirective } from 'astro';

const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];
/** What the island remembers until it hydrates: the clicked button and the element under the mouse. */
const TRACKED = ['click', 'pointerover', 'pointerout'];

const onInteraction: ClientDirective = (load, _options, el) => {
  let clicked: HTMLElement | null = null;
  let hovered: Element | null = null;
  const track = (e: Event) => {
    const target = e.target as Element;
    if (e.type == 'click') clicked = target.closest('button');
    // A touch also fires pointerover: only a mouse hovers.
    else hovered = e.type == 'pointerover' && (e as PointerEvent).pointerType == 'mouse' ? target : null;
  };
  const start = async () => {
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    const hydrate = await load();
    const focused = document.activeElement as HTMLElement | null;
    await hydrate();
    for (const type of TRACKED) el.removeEventListener(type, track, true);
    if (focused && el.contains(focused) && document.activeElement != focused) focused.focus();
    clicked?.click();
    hovered?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
  };
  for (const type of TRACKED) el.addEventListener(type, track, true);
  for (const type of TRIGGERS) el.addEventListener(type, start, { passive: true });
};

export default onInteraction;

// The page shell's keyboard and focus helpers, plain DOM (no React): the header's <details> menus and the bottom
// bars. Installed by the React shell (app/components/Header.tsx, app/root.tsx) on the pages React hydrates, and by
// the shell island (app/islands/shell.ts) on the pages it does not (docs/decisions/0222).

/** Bars that stay on screen at the bottom: the organiser's save bar and the event's register bar on phones. */
const STICKY_BARS = ".form-submit, .register-bar";

/**
 * WCAG 2.4.11 (focus not obscured): when the focus lands on an element that a bottom bar covers, even partly,
 * scroll it above the bar. (CSS scroll-padding-bottom covers elements out of view, but the browser does not scroll
 * an element that is already partly visible.)
 */
export function keepFocusAboveBars(e: FocusEvent) {
  const el = e.target;
  if (!(el instanceof HTMLElement)) return;
  for (const bar of document.querySelectorAll<HTMLElement>(STICKY_BARS)) {
    if (bar.contains(el)) continue;
    const t = bar.getBoundingClientRect();
    if (t.height === 0) continue; // not shown (the register bar above phone widths)
    const b = el.getBoundingClientRect();
    if (b.bottom > t.top && b.top < t.bottom) window.scrollBy({ top: b.bottom - t.top + 12 });
  }
}

/**
 * Keyboard for the <details> menus (with JavaScript): Escape closes the open one and gives the focus back to its
 * summary. The mobile menu covers the page: Tab cycles between its items and its close button (the summary) instead
 * of reaching the page behind, and a tap outside its panel (on the dimmed page, the <details> itself) closes it.
 */
export function onMenuKey(e: KeyboardEvent) {
  const menu = document.querySelector<HTMLDetailsElement>(".mobile-menu[open], .user-menu[open]");
  if (!menu) return;
  if (e.key === "Escape") {
    menu.open = false;
    (menu.firstElementChild as HTMLElement).focus();
    return;
  }
  if (e.key !== "Tab" || !menu.classList.contains("mobile-menu")) return;
  const items = [...menu.querySelectorAll<HTMLElement>("summary, a[href], button")];
  const i = items.indexOf(document.activeElement as HTMLElement);
  const to = e.shiftKey ? (i <= 0 ? items.length - 1 : -1) : i < 0 || i === items.length - 1 ? 0 : -1;
  if (to >= 0) {
    e.preventDefault();
    items[to].focus();
  }
}

export function onMenuBackdrop(e: MouseEvent) {
  if (e.target instanceof HTMLDetailsElement && e.target.matches(".mobile-menu[open]")) e.target.open = false;
}

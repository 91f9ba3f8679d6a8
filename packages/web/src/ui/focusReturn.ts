/**
 * Focus goes back to what opened a dialog, drawer, popover or app window when it closes: one
 * document-level rule for every Mantine Modal/Drawer, `confirmAction` and the workspace windows.
 *
 *   <FocusReturn />                        mounted once (src/main.tsx; ui/test-utils for tests)
 *   <section data-focus-scope tabIndex={-1}>  a scope of our own (an app window); role="dialog" is one too
 *   <button data-focus-fallback>           where focus lands when nothing that led there is left
 *
 * Mantine's own `returnFocus` remembers `document.activeElement` when `opened` turns true, which
 * misses in three ways this house hits: a drawer keyed to remount on every open never sees
 * `opened` change (roleManager's editors, the gateway editor), a dialog opened from a menu item
 * remembers the item, gone with its menu, and one opened after an await (a token shown once the
 * save answered) remembers whatever held focus by then. Here the opener is the element focus came
 * from when it first entered the scope, a menu item standing for its menu's button; when a scope
 * closes (removed or hidden) and took focus with it, focus goes to that opener, else to the scope
 * that held it (the window whose row vanished), else along that scope's own opener, else to the
 * fallback. Where Mantine already returned focus, focus is not lost and nothing happens.
 */
import { useEffect } from 'react';

const SCOPE = '[role="dialog"], [data-focus-scope]';
const FOCUSABLE = 'button, a[href], input, select, textarea, summary, [tabindex]';

/** Visible to the user: in the document and not inside a hidden element. */
function isShown(element: Element): boolean {
  return element.isConnected && element.closest('[hidden]') === null;
}

/** The element that stands for `element` as an opener: a menu item's menu button, else itself. */
function originOf(element: EventTarget | null, doc: Document): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === doc.body) return null;
  const labelledBy = element.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  return (labelledBy && doc.getElementById(labelledBy)) || element;
}

/** Installs the rule on a document; returns its removal. */
export function installFocusReturn(doc: Document = document): () => void {
  const openers = new WeakMap<Element, HTMLElement>();
  /** The scope an opener sat in when it opened something: still there when the opener is not. */
  const holders = new WeakMap<HTMLElement, Element>();
  /** Scopes entered and not yet seen closing, oldest first. */
  const tracked = new Set<Element>();
  let lastFocused: HTMLElement | null = null;

  const canFocus = (element: Element) => isShown(element) && element.closest('[inert]') === null;

  /** Walks opener → holder → holder's opener…, calling `visit` until it accepts one. */
  const walk = (scope: Element, visit: (element: HTMLElement) => boolean): boolean => {
    const seen = new Set<Element>();
    let from = openers.get(scope);
    while (from && !seen.has(from)) {
      seen.add(from);
      if (visit(from)) return true;
      const holder = holders.get(from);
      if (!holder) return false;
      if (holder instanceof HTMLElement && visit(holder)) return true;
      from = openers.get(holder);
    }
    return false;
  };

  const tryFocus = (element: HTMLElement) => {
    if (!canFocus(element)) return false;
    element.focus({ preventScroll: true });
    return doc.activeElement === element;
  };

  /** Notes where an element sits while it still does: once removed, its scope cannot be asked. */
  const remember = (element: HTMLElement | null) => {
    const holder = element?.closest(SCOPE);
    if (element && holder && holder !== element) holders.set(element, holder);
    return element;
  };

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    // With no element losing focus (its button vanished, or a click on plain text), the last one focused.
    const from = remember(originOf(event.relatedTarget, doc)) ?? lastFocused;
    for (let scope = target.closest(SCOPE); scope; scope = scope.parentElement?.closest(SCOPE) ?? null) {
      // Re-entering a scope (Tab back into a window) is not opening it: keep an opener that still leads somewhere.
      if (walk(scope, canFocus) || !from || scope.contains(from)) continue;
      openers.set(scope, from);
      tracked.add(scope);
    }
    lastFocused = remember(target);
  };

  // A click on something that cannot take focus leaves focus on the body: remember what was clicked.
  const onPointerDown = (event: PointerEvent) => {
    const target = event.target instanceof Element ? event.target.closest(FOCUSABLE) : null;
    lastFocused = remember(target instanceof HTMLElement ? target : null);
  };

  const focusLost = () => {
    const active = doc.activeElement;
    return !active || active === doc.body || !isShown(active);
  };

  const onMutation = () => {
    if (tracked.size === 0) return;
    const closed = [...tracked].filter((scope) => !isShown(scope));
    if (closed.length === 0) return;
    for (const scope of closed) tracked.delete(scope);
    if (!focusLost()) return;
    // The latest scope first: a confirm closing with the drawer that opened it returns past both.
    for (const scope of closed.reverse()) if (walk(scope, tryFocus)) return;
    const fallback = doc.querySelector<HTMLElement>('[data-focus-fallback]');
    if (fallback) tryFocus(fallback);
  };

  const observer = new MutationObserver(onMutation);
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['hidden'],
  });
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('pointerdown', onPointerDown, true);
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('pointerdown', onPointerDown, true);
  };
}

/** Mount once near the root: installs the focus-return rule for the document while mounted. */
export function FocusReturn(): null {
  useEffect(() => installFocusReturn(document), []);
  return null;
}

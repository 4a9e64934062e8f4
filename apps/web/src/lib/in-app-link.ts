/**
 * Which clicks on a link the storefront opens in-app (through the router, without reloading the page), as Next's
 * `Link` would: a plain click, with the main button, on a link to another page of this shop. The browser keeps
 * everything else: a new tab or window (modifier keys, middle button, `target`), downloads, other sites, a jump
 * within the same page, and clicks a handler has already dealt with (`preventDefault`, as the language toggle does
 * for its full reload).
 */

type Click = Pick<MouseEvent, 'defaultPrevented' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>;
type Anchor = Pick<HTMLAnchorElement, 'target' | 'origin' | 'pathname' | 'search' | 'hash' | 'hasAttribute'>;
type Here = Pick<Location, 'origin' | 'pathname' | 'search'>;

/** The path (with query and fragment) to open in-app, or null when the browser should follow the link itself. */
export function inAppHref(click: Click, link: Anchor, here: Here): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if (link.target || link.hasAttribute('download') || link.origin !== here.origin) return null;
  if (link.hash && link.pathname === here.pathname && link.search === here.search) return null;
  return link.pathname + link.search + link.hash;
}

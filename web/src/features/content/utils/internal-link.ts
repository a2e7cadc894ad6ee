/**
 * Links inside a block's HTML are plain `<a href>`s. A click on one that
 * leads to a page of this app is taken over and becomes a navigation of the
 * router (no full page load); anything else is left to the browser: another
 * origin, a path the app has no page for (the server's own pages, such as
 * an order's payment page, or a file), a link to elsewhere on the same page
 * (`#part`), a `target` or `download` link, a modified or non-primary
 * click.
 */
import { matchPath } from 'react-router';

type Click = Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented' | 'target'>;

type Here = Pick<Location, 'origin' | 'pathname' | 'search'>;

/** The path (with query and hash) the router should go to, or null to let the browser follow the link. */
export function internalLinkPath(click: Click, here: Here, patterns: readonly string[]): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  const anchor = click.target instanceof Element ? click.target.closest('a') : null;
  if (!(anchor instanceof HTMLAnchorElement) || !anchor.hasAttribute('href')) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;

  let url: URL;
  try {
    url = new URL(anchor.href);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  if (!patterns.some((pattern) => matchPath(pattern, url.pathname))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

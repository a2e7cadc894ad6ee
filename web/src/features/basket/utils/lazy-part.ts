/**
 * A lazily loaded part of the basket (the mini basket's list, the modals):
 * its code and the shop part of the page's dictionary, together, within
 * the chunk timeout (spec 8). Should either not come, the part shows a short
 * failure text instead of taking the page down (the generic notification
 * has been raised).
 */
import { createElement, lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';

import { getDocumentLocale } from '@/lib/i18n/locale';
import { loadDictionary } from '@/lib/i18n/messages';
import { loadChunk } from '@/lib/load-chunk';

/**
 * React keeps what a `lazy()` resolved to, a failure too: after one chunk
 * timeout the part would fail for good without a page reload. So once the
 * failure text is closed (unmounted), a new lazy component is built, which
 * the part takes when it is next mounted: the modal or panel opened again
 * tries again. A part on screen keeps its own, so it does not reload there.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Failed: ComponentType<P>,
): ComponentType<P> {
  function FailedUntilClosed(props: P) {
    useEffect(
      () => () => {
        latest = build();
      },
      [],
    );
    return createElement(Failed, props);
  }
  const build = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => {
      const locale = getDocumentLocale();
      try {
        const [component] = await loadChunk(() => Promise.all([load(), loadDictionary(locale, 'shop')]), locale);
        return { default: component };
      } catch {
        return { default: FailedUntilClosed };
      }
    });
  let latest = build();

  return function LazyPart(props: P) {
    const [Part] = useState(() => latest);
    return createElement(Part, props);
  };
}

/**
 * A lazily loaded part of the basket (the mini basket's list, the modals):
 * its code and the shop part of the page's dictionary, together, within
 * the chunk timeout (spec 8). Should either not come, the part shows a short
 * failure text instead of taking the page down (the generic notification
 * has been raised).
 */
import { createElement, lazy, type ComponentType } from 'react';

import { getDocumentLocale } from '@/lib/i18n/locale';
import { loadDictionary } from '@/lib/i18n/messages';
import { loadChunk } from '@/lib/load-chunk';

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Failed: ComponentType<P>,
): ComponentType<P> {
  return lazy(async () => {
    const locale = getDocumentLocale();
    try {
      const [component] = await loadChunk(() => Promise.all([load(), loadDictionary(locale, 'shop')]), locale);
      return { default: component };
    } catch {
      return { default: (props: P) => createElement(Failed, props) };
    }
  });
}

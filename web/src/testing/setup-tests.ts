import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { LOCALES } from '@/lib/i18n/locale';
import { loadDictionary } from '@/lib/i18n/messages';
import { notifications } from '@/lib/notifications';

import { server } from './mocks/server';

// A request no handler answers is a test bug, not a silent pass.
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // The app loads the page's language before it renders (the basket, account,
  // checkout, site, content, editor and staff parts with the pages that use them); tests use all three.
  await Promise.allSettled(
    LOCALES.flatMap((locale) => [
      loadDictionary(locale),
      loadDictionary(locale, 'shop'),
      loadDictionary(locale, 'account'),
      loadDictionary(locale, 'checkout'),
      loadDictionary(locale, 'site'),
      loadDictionary(locale, 'content'),
      loadDictionary(locale, 'editor'),
      loadDictionary(locale, 'staff'),
    ]),
  );
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  notifications.clear();
  // The basket is kept in localStorage.
  localStorage.clear();
  document.documentElement.lang = 'pl';
  document.title = '';
  // Cookies (agePermission) would leak from one test into the next.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

afterAll(() => server.close());

// jsdom does not implement scrolling.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

import { http, HttpResponse } from 'msw';

import type { Locale } from '@/lib/i18n/locale';

import { demoGuesthouse, listingItem, listingResponse, roomAvailability, roomPartialHtml, taxon } from './fixtures';

/** The shop API path as the app calls it (same origin). */
export const apiPath = (path: string) => `*/shop-api${path}`;

/** Default answers; a test overrides them with `server.use(...)`. */
export const handlers = [
  // Nobody is logged in (the header asks on every page).
  http.get(apiPath('/me'), () => new HttpResponse(null, { status: 204 })),
  // No login provider is configured.
  http.get(apiPath('/auth/providers'), () => HttpResponse.json({ items: [] })),
  http.get(apiPath('/offer/:type'), () =>
    HttpResponse.json(
      listingResponse([
        listingItem({ name: 'Masaż gorącymi kamieniami' }),
        listingItem({ name: 'Rytuał z olejkiem różanym' }),
      ]),
    ),
  ),
  // A main taxon without categories.
  http.get(apiPath('/taxons/:code'), ({ params }) =>
    HttpResponse.json(taxon(String(params.code), String(params.code))),
  ),
  http.get(apiPath('/products/:code/associations/related'), () => HttpResponse.json({ items: [] })),
  // Every night bookable.
  http.get(apiPath('/rooms/availability'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    return HttpResponse.json(
      roomAvailability(query.get('roomCode') ?? '', query.get('from') ?? '', query.get('to') ?? ''),
    );
  }),
  // No content page at the path (pages that show the content system's blocks ask for theirs).
  http.get(apiPath('/pages'), () =>
    HttpResponse.json({ code: 'page_not_found', message: 'Page not found.' }, { status: 404 }),
  ),
  // The demo guesthouse, in the asked language (the contact page).
  http.get(apiPath('/guesthouse'), ({ request }) =>
    HttpResponse.json(demoGuesthouse((new URL(request.url).searchParams.get('locale') ?? 'pl') as Locale)),
  ),
  // Loaded on every page once it is idle: no weather (the widget hides) and no poll (no pop-up).
  http.get(apiPath('/weather'), () =>
    HttpResponse.json({ code: 'service_unavailable', message: 'No weather now.' }, { status: 503 }),
  ),
  http.get(apiPath('/poll'), () => HttpResponse.json({ code: 'not_found', message: 'No poll runs.' }, { status: 404 })),
  // The room popup's fragment (outside /shop-api).
  http.get('*/:lang/_partial/rooms/:code', ({ params }) =>
    HttpResponse.text(roomPartialHtml(String(params.code), 'Pokój testowy'), {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    }),
  ),
];

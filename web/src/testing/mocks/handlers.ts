import { http, HttpResponse } from 'msw';

import { listingItem, listingResponse } from './fixtures';

/** The shop API path as the app calls it (same origin). */
export const apiPath = (path: string) => `*/shop-api${path}`;

/** Default answers; a test overrides them with `server.use(...)`. */
export const handlers = [
  http.get(apiPath('/offer/:type'), () =>
    HttpResponse.json(
      listingResponse([
        listingItem({ name: 'Masaż gorącymi kamieniami' }),
        listingItem({ name: 'Rytuał z olejkiem różanym' }),
      ]),
    ),
  ),
];

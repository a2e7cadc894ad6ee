import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { notifications } from '@/lib/notifications';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

import { searchRooms, type RoomSearchParams } from './search-rooms';

const params: RoomSearchParams = { locale: 'de', from: '2026-07-15', to: '2026-07-18', adults: 2, children: 0, babies: 0 };
const toasts = () => notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`);

describe('searchRooms', () => {
  it("shows a refused search (400) in an error toast with the server's message, as sent", async () => {
    server.use(
      http.get(apiPath('/rooms/search'), () =>
        HttpResponse.json(
          {
            code: 'invalid_stay',
            message: 'Das Anreisedatum darf nicht in der Vergangenheit liegen.',
            errors: [{ field: 'from', message: 'must be today or later' }],
          },
          { status: 422 },
        ),
      ),
    );
    const error = await searchRooms(params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, errors: [{ field: 'from' }] });
    expect(toasts()).toEqual(['error: Das Anreisedatum darf nicht in der Vergangenheit liegen.']);
  });

  it("shows a server failure in an error toast with the server's message", async () => {
    server.use(
      http.get(apiPath('/rooms/search'), () =>
        HttpResponse.json({ code: 'unavailable', message: 'Dienst nicht verfügbar' }, { status: 503 }),
      ),
    );
    await expect(searchRooms(params)).rejects.toMatchObject({ status: 503 });
    expect(toasts()).toEqual(['error: Dienst nicht verfügbar']);
  });

  it('shows the localized generic message when the request cannot be sent', async () => {
    server.use(http.get(apiPath('/rooms/search'), () => HttpResponse.error()));
    await expect(searchRooms({ ...params, locale: 'en_GB' })).rejects.toMatchObject({ status: 0 });
    expect(toasts()).toEqual(['error: An unexpected error has occurred...']);
  });

  it("sends the basket's token, and takes that answer never from the browser's cache", async () => {
    const seen: { token: string | null; cache: RequestCache }[] = [];
    server.use(
      http.get(apiPath('/rooms/search'), ({ request }) => {
        seen.push({ token: new URL(request.url).searchParams.get('orderToken'), cache: request.cache });
        return HttpResponse.json({ items: [], emptyReason: null });
      }),
    );
    await searchRooms({ ...params, orderToken: 'f'.repeat(32) });
    await searchRooms(params);
    expect(seen).toEqual([
      { token: 'f'.repeat(32), cache: 'no-store' },
      { token: null, cache: 'default' },
    ]);
  });
});

import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

import { getRoomAvailability, type RoomAvailabilityParams } from './get-room-availability';

const params: RoomAvailabilityParams = {
  locale: 'pl',
  roomCode: 'ROOM_LAKE_VIEW',
  from: '2026-07-01',
  to: '2026-10-01',
  adults: 2,
  children: 0,
  babies: 0,
};
const toasts = () => notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`);

describe('getRoomAvailability', () => {
  it("shows a failure in an error toast with the server's message, as sent", async () => {
    server.use(
      http.get(apiPath('/rooms/availability'), () =>
        HttpResponse.json({ code: 'invalid_window', message: 'Okno dostępności jest za długie.' }, { status: 400 }),
      ),
    );
    await expect(getRoomAvailability(params)).rejects.toMatchObject({ status: 400, code: 'invalid_window' });
    expect(toasts()).toEqual(['error: Okno dostępności jest za długie.']);
  });

  it('shows the same failure of several calendars once', async () => {
    server.use(
      http.get(apiPath('/rooms/availability'), () =>
        HttpResponse.json({ code: 'unavailable', message: 'Usługa niedostępna' }, { status: 503 }),
      ),
    );
    await Promise.allSettled([
      getRoomAvailability(params),
      getRoomAvailability({ ...params, roomCode: 'ROOM_FAMILY' }),
    ]);
    expect(toasts()).toEqual(['error: Usługa niedostępna']);
  });

  it('shows the localized generic message when the request cannot be sent', async () => {
    server.use(http.get(apiPath('/rooms/availability'), () => HttpResponse.error()));
    await expect(getRoomAvailability({ ...params, locale: 'de' })).rejects.toMatchObject({ status: 0 });
    expect(toasts()).toEqual(['error: Ein unerwarteter Fehler ist aufgetreten...']);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { basketStorage } from '@/features/basket/utils/storage';
import type { PackageChoice } from '@/lib/basket-actions';
import { notifications } from '@/lib/notifications';
import { createCartServer } from '@/testing/mocks/cart-server';
import { cart, lineProduct, packageLine, reservationLine, roomOffer, treatment } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderRoutes } from '@/testing/test-utils';
import type { CartItem, PackageRoomSearch, RoomOffer } from '@/types/api';
import { addDays, todayIso } from '@/utils/calendar-date';

import { PackageReservationModal } from './package-reservation-modal';

const TOKEN = '0123456789abcdef0123456789abcdef';
const checkIn = addDays(todayIso(), 3);
const checkOut = addDays(todayIso(), 6);

const choice: PackageChoice = {
  code: 'PKG_WEEKEND',
  variantCode: 'PKG_WEEKEND',
  name: 'Weekend we dwoje',
  numNights: 2,
  configuration: {
    persons: 1,
    primary: [treatment({ code: 'TR_A', quantity: 1, minQuantity: 1, maxQuantity: 2 })],
  },
};

function serve(items: CartItem[], rooms: RoomOffer[] = []) {
  const fake = createCartServer({ known: { PKG_WEEKEND: { name: 'Weekend we dwoje', numNights: 2 } } });
  if (items.length > 0) {
    fake.seed(TOKEN, items);
    basketStorage.save(cart(items, { tokenValue: TOKEN }));
  }
  const searches: PackageRoomSearch[] = [];
  server.use(
    ...fake.handlers,
    http.post(apiPath('/rooms/search'), async ({ request }) => {
      searches.push((await request.json()) as PackageRoomSearch);
      return HttpResponse.json(rooms);
    }),
  );
  return { fake, searches };
}

/** The modal as the basket opens it: a button mounts it, closing unmounts it. */
function Opener({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Otwórz
      </button>
      {open && (
        <PackageReservationModal
          choice={choice}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function renderModal(onClose = vi.fn()) {
  const result = renderRoutes(
    [
      { path: '/oferta/pakiety/weekend', element: <Opener onClose={onClose} /> },
      { path: '/basket/suggestion', element: <p>propozycje</p> },
    ],
    '/oferta/pakiety/weekend',
  );
  return { ...result, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: 'Zarezerwuj pakiet: Weekend we dwoje' });
const day = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;

async function pickStay(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(dialog()).getByTestId('date-field-toggle'));
  await user.click(day(checkIn));
  await user.click(day(checkOut));
}

describe('PackageReservationModal', () => {
  it('offers only the stays in the basket long enough with enough adults, and attaches the package to one', async () => {
    const fits = reservationLine({
      id: 1,
      dateFrom: checkIn,
      dateTo: checkOut,
      adults: 1,
      childItems: [packageLine({ id: 9, product: lineProduct({ name: 'Stary pakiet' }) })],
    });
    const short = reservationLine({ id: 2, dateFrom: checkIn, dateTo: addDays(checkIn, 1), adults: 2 });
    const sold = reservationLine({ id: 3, dateFrom: checkIn, dateTo: checkOut, adults: 2, isAvailable: false });
    const { fake } = serve([fits, short, sold]);
    const { router, onClose } = renderModal();

    const stays = await within(dialog()).findByTestId('package-stays');
    const offered = within(stays).getAllByRole('button', { name: /^Dodaj do tego pobytu/ });
    expect(offered).toHaveLength(1);
    expect(dialog().textContent).toContain('Pakiet wymaga pobytu co najmniej 3 dni (2 noce).');
    // A stay holds one package: attaching replaces the one it has.
    expect(stays.textContent).toContain('(zastąpi pakiet: Stary pakiet)');

    await userEvent.setup().click(offered[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/suggestion'));
    expect(onClose).toHaveBeenCalled();
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: `/carts/${TOKEN}/items/1/children-items`,
      body: {
        type: 'package',
        packageCode: 'PKG_WEEKEND',
        variantCode: 'PKG_WEEKEND',
        quantity: 1,
        options: { treatments: [{ code: 'TR_A', quantity: 1 }] },
      },
    });
    expect(router.state.location.search).toBe('?variantCode=PKG_WEEKEND');
  });

  it('searches rooms for new dates once both are picked, and books the chosen room with the package', async () => {
    const { fake, searches } = serve([], [roomOffer({ code: 'ROOM_LAKE', name: 'Pokój nad jeziorem' })]);
    const { router } = renderModal();
    const user = userEvent.setup();
    expect(within(dialog()).queryByTestId('package-stays')).toBeNull();
    expect(dialog().textContent).toContain('Wybierz termin i gości, aby zobaczyć wolne pokoje.');

    await pickStay(user);
    const room = await within(dialog()).findByTestId('package-room');
    expect(searches).toEqual([
      {
        packageCode: 'PKG_WEEKEND',
        options: { from: checkIn, to: checkOut, adults: 1, children: 0, babies: 0, treatments: [{ code: 'TR_A', quantity: 1 }] },
      },
    ]);

    await user.click(within(room).getByRole('button', { name: 'Wybierz ten pokój: Pokój nad jeziorem' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/suggestion'));
    const token = basketStorage.getToken();
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /carts/${token}`, `POST /carts/${token}/items`]);
    expect(fake.requests[1]?.body).toEqual({
      type: 'reservation_with_package',
      packageCode: 'PKG_WEEKEND',
      productCode: 'ROOM_LAKE',
      variantCode: 'PKG_WEEKEND',
      options: {
        checkIn,
        checkOut,
        adults: 1,
        children: 0,
        babies: 0,
        treatments: [{ code: 'TR_A', quantity: 1 }],
      },
    });
    expect(router.state.location.search).toBe('?variantCode=ROOM_LAKE');
  });

  it('moves the treatments with the adults of the new stay', async () => {
    const { searches } = serve([], []);
    renderModal();
    const user = userEvent.setup();
    await user.click(within(dialog()).getByTestId('guest-picker-toggle'));
    await user.click(within(dialog()).getByRole('button', { name: 'Zwiększ: Dorośli' }));
    await pickStay(user);
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]?.options).toMatchObject({ adults: 2, treatments: [{ code: 'TR_A', quantity: 2 }] });
  });

  it('brings the opened calendar’s month header into view inside the scrolling dialog', async () => {
    serve([]);
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    try {
      renderModal();
      await userEvent.setup().click(within(dialog()).getByTestId('date-field-toggle'));
      const title = within(dialog()).getByRole('dialog', { name: 'Termin pobytu' }).querySelector('.date-picker__month-title');
      expect(title).toBeTruthy();
      expect(scroll.mock.contexts).toContain(title);
      expect(scroll).toHaveBeenCalledWith({ block: 'nearest' });
    } finally {
      scroll.mockRestore();
    }
  });

  it('says so when no room is free', async () => {
    serve([], []);
    renderModal();
    await pickStay(userEvent.setup());
    expect((await within(dialog()).findByTestId('package-rooms-empty')).textContent).toContain(
      'Brak wolnych pokoi dla tego pakietu w wybranym terminie.',
    );
  });

  it('offers the stored stays while the basket is being asked for', () => {
    const fits = reservationLine({ id: 1, dateFrom: checkIn, dateTo: checkOut, adults: 1 });
    serve([fits]);
    // The basket's answer does not come while the modal is looked at.
    server.use(http.get(apiPath('/carts/:token'), () => new Promise<Response>(() => undefined)));
    renderModal();
    expect(within(dialog()).getByTestId('package-stays').textContent).toContain('Pokój z widokiem na jezioro');
  });

  it('announces the rooms found in a status region there from the start', async () => {
    serve([], [roomOffer({ code: 'ROOM_A', name: 'Pokój A' })]);
    renderModal();
    const status = within(dialog()).getByTestId('package-rooms-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');
    await pickStay(userEvent.setup());
    await waitFor(() => expect(status.textContent).not.toBe(''));
    expect(within(dialog()).getByTestId('package-rooms-status')).toBe(status);
  });

  it('still says "added" and goes to the suggestion page when closed while the room was being added', async () => {
    const { fake } = serve([], [roomOffer({ code: 'ROOM_LAKE', name: 'Pokój nad jeziorem' })]);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The add is made, but its answer comes only after the visitor has closed
    // the modal (this handler waits, then leaves the request to the fake server).
    server.use(
      http.post(apiPath('/carts/:token/items'), async () => {
        await held;
      }),
    );
    const { router, onClose } = renderModal();
    const user = userEvent.setup();
    await pickStay(user);
    const room = await within(dialog()).findByTestId('package-room');
    await user.click(within(room).getByRole('button', { name: 'Wybierz ten pokój: Pokój nad jeziorem' }));
    await waitFor(() => expect(within(room).getByRole('button', { name: 'Wybierz ten pokój: Pokój nad jeziorem' }).textContent).toBe('Dodawanie…'));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    release();

    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/suggestion'));
    expect(router.state.location.search).toBe('?variantCode=ROOM_LAKE');
    expect(notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`)).toEqual(['success: Dodano do koszyka']);
    expect(onClose).toHaveBeenCalled();
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/carts/${basketStorage.getToken()}/items` });
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { basketStorage } from '@/features/basket/utils/storage';
import { notifications } from '@/lib/notifications';
import { createCartServer } from '@/testing/mocks/cart-server';
import { cart, listingItem, listingResponse, packageCost, packageDetails, packageLine, treatment } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderRoutes } from '@/testing/test-utils';
import type { PackageCostRequest } from '@/types/api';

import { BasketItems } from './basket-items';

const TOKEN = '0123456789abcdef0123456789abcdef';

/** A package that lets the bath go (and be swapped). */
const product = packageDetails({
  treatments: {
    primary: [
      treatment({ code: 'TR_MASSAGE', name: 'Masaż', deletable: false, replacable: true }),
      treatment({ code: 'TR_BATH', name: 'Kąpiel', deletable: true, replacable: true }),
    ],
    additional: [
      treatment({ code: 'TR_WRAP', name: 'Zawijanie', additional: true }),
      treatment({ code: 'TR_FACIAL', name: 'Maseczka', additional: true }),
    ],
  },
  minTreatments: 2,
});

function serve() {
  const fake = createCartServer({
    known: { TR_MASSAGE: { name: 'Masaż' }, TR_BATH: { name: 'Kąpiel' }, TR_WRAP: { name: 'Zawijanie' }, TR_FACIAL: { name: 'Maseczka' } },
  });
  const line = packageLine({
    id: 5,
    quantity: 1,
    treatments: [
      { code: 'TR_MASSAGE', name: 'Masaż', quantity: 1 },
      { code: 'TR_BATH', name: 'Kąpiel', quantity: 1 },
    ],
  });
  fake.seed(TOKEN, [line]);
  basketStorage.save(cart([line], { tokenValue: TOKEN }));
  const pages: string[] = [];
  const costs: PackageCostRequest[] = [];
  server.use(
    ...fake.handlers,
    http.get(apiPath('/products/:code'), () => HttpResponse.json(product)),
    // 1000 zł + 100 zł per treatment unit; the regular price 10% more.
    http.post(apiPath('/packages/:code/estimated-cost'), async ({ request }) => {
      const body = (await request.json()) as PackageCostRequest;
      costs.push(body);
      const units = body.treatments.reduce((sum, t) => sum + t.quantity, 0);
      const current = 100000 + units * 10000;
      return HttpResponse.json(packageCost(current, 50000 * body.persons, current * 1.1));
    }),
    http.get(apiPath('/offer/treatment'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      pages.push(`${query.get('page')}/${query.get('limit')}`);
      const page = Number(query.get('page'));
      const items =
        page === 1
          ? [listingItem({ code: 'TR_OTHER', name: 'Inny zabieg' }), listingItem({ code: 'TR_MASSAGE', name: 'Masaż' })]
          : [listingItem({ code: 'TR_FACIAL', name: 'Maseczka' })];
      return HttpResponse.json(listingResponse(items, { page, pages: 2, limit: 20, total: 21 }));
    }),
  );
  return { fake, pages, costs };
}

async function openConfiguration() {
  renderRoutes(
    [{ path: '/basket/items', element: <BasketItems renderCard={() => null} headingRef={{ current: null }} /> }],
    '/basket/items',
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Zmień: Romantyczny weekend we dwoje' }));
  const dialog = await screen.findByRole('dialog', { name: 'Konfiguracja pakietu: Romantyczny weekend we dwoje' });
  await within(dialog).findByTestId('config-included');
  return { user, dialog };
}

const included = (dialog: HTMLElement) =>
  within(within(dialog).getByTestId('config-included'))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('PackageConfigurationModal', () => {
  it("shows the line's treatments and the minimum; adds a suggestion and removes a treatment; saves them", async () => {
    const { fake } = serve();
    const { user, dialog } = await openConfiguration();
    expect(included(dialog)).toEqual(['Masaż', 'Kąpiel']);
    expect(within(dialog).getByTestId('min-treatments').textContent).toBe('Pakiet obejmuje co najmniej 2 zabiegi.');
    // The massage cannot be removed, only swapped (for a suggestion).
    expect(within(dialog).queryByRole('button', { name: 'Usuń: Masaż' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Zamień: Masaż' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Dodaj: Zawijanie' }));
    expect(included(dialog)).toEqual(['Masaż', 'Kąpiel', 'Zawijanie']);
    await user.click(within(dialog).getByRole('button', { name: 'Usuń: Kąpiel' }));
    expect(included(dialog)).toEqual(['Masaż', 'Zawijanie']);
    expect(within(within(dialog).getByTestId('config-suggested')).getByRole('heading', { name: 'Kąpiel' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.requests.at(-1)).toEqual({
      method: 'PUT',
      path: `/carts/${TOKEN}/items/5`,
      body: {
        quantity: 1,
        options: {
          treatments: [
            { code: 'TR_MASSAGE', quantity: 1 },
            { code: 'TR_WRAP', quantity: 1 },
          ],
        },
      },
    });
    expect(await screen.findByText('Zabiegi: Masaż × 1, Zawijanie × 1')).toBeTruthy();
  });

  it('swaps a treatment for one picked from the paged treatment list; only what the package offers can be picked', async () => {
    const { fake, pages } = serve();
    const { user, dialog } = await openConfiguration();

    await user.click(within(dialog).getByRole('button', { name: 'Zamień: Kąpiel' }));
    const picker = await screen.findByRole('dialog', { name: 'Zamień zabieg: Kąpiel' });
    const options = await within(picker).findByTestId('treatment-options');
    expect(within(options).queryByRole('button', { name: 'Wybierz: Inny zabieg' })).toBeNull();
    expect(options.textContent).toContain('Niedostępny w tym pakiecie');
    expect(options.textContent).toContain('Już w pakiecie');

    await user.click(within(picker).getByRole('button', { name: 'Następna' }));
    await user.click(await within(picker).findByRole('button', { name: 'Wybierz: Maseczka' }));
    expect(pages).toEqual(['1/20', '2/20']);
    expect(screen.queryByRole('dialog', { name: 'Zamień zabieg: Kąpiel' })).toBeNull();
    expect(included(dialog)).toEqual(['Masaż', 'Maseczka']);

    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));
    await waitFor(() => expect(fake.requests.at(-1)?.method).toBe('PUT'));
    expect(fake.requests.at(-1)?.body).toEqual({
      quantity: 1,
      options: {
        treatments: [
          { code: 'TR_MASSAGE', quantity: 1 },
          { code: 'TR_FACIAL', quantity: 1 },
        ],
      },
    });
  });

  it('moves the treatments with the persons, and keeps the save unavailable below the minimum', async () => {
    const { fake } = serve();
    const { user, dialog } = await openConfiguration();
    await user.click(within(dialog).getByRole('button', { name: 'Zwiększ: Liczba osób' }));
    expect(within(dialog).getByRole('group', { name: 'Liczba zabiegów: Masaż' }).textContent).toContain('2');

    await user.click(within(dialog).getByRole('button', { name: 'Usuń: Kąpiel' }));
    const save = within(dialog).getByRole('button', { name: 'Zapisz zmiany' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    await user.click(save);
    expect(fake.requests.some((r) => r.method === 'PUT')).toBe(false);

    // Escape leaves without saving; focus returns to "change".
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Zmień: Romantyczny weekend we dwoje' }));
  });

  it('announces dropping below the minimum in a status region there from the start', async () => {
    serve();
    const { user, dialog } = await openConfiguration();
    const status = within(dialog).getByTestId('below-minimum');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Usuń: Kąpiel' }));
    expect(within(dialog).getByTestId('below-minimum')).toBe(status);
    expect(status.textContent).not.toBe('');
  });

  it("counts persons within the server's bounds for the line", async () => {
    serve();
    const { dialog } = await openConfiguration();
    const persons = within(dialog).getByRole('group', { name: 'Liczba osób' });
    const buttons = within(persons).getAllByRole('button');
    // One person, the line's minimum: fewer is unavailable, two (its maximum) is not.
    expect(buttons.map((b) => b.getAttribute('aria-disabled'))).toEqual(['true', 'false']);
  });

  it('still says "saved" when closed while the change was being saved', async () => {
    const { fake } = serve();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Waits, then leaves the change to the fake server.
    server.use(
      http.put(apiPath('/carts/:token/items/:id'), async () => {
        await held;
      }),
    );
    const { user, dialog } = await openConfiguration();
    await user.click(within(dialog).getByRole('button', { name: 'Dodaj: Zawijanie' }));
    notifications.clear();
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    release();

    await waitFor(() =>
      expect(notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`)).toEqual(['success: Zapisano konfigurację pakietu']),
    );
    expect(fake.requests.at(-1)?.method).toBe('PUT');
    expect(await screen.findByText('Zabiegi: Masaż × 1, Kąpiel × 1, Zawijanie × 1')).toBeTruthy();
  });

  it('says in the dialog that the save failed, and keeps the changes for another try', async () => {
    serve();
    server.use(
      http.put(apiPath('/carts/:token/items/:id'), () =>
        HttpResponse.json({ code: 'service_unavailable', message: 'Koszyk jest chwilowo niedostępny.' }, { status: 503 }),
      ),
    );
    const { user, dialog } = await openConfiguration();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Dodaj: Zawijanie' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Nie udało się zapisać zmian pakietu. Spróbuj ponownie.');
    expect(included(dialog)).toEqual(['Masaż', 'Kąpiel', 'Zawijanie']);
    expect(notifications.getSnapshot().some((n) => n.message === 'Zapisano konfigurację pakietu')).toBe(false);
  });

  it('shows the price of the configuration, asked for again 50 ms after the last change, in a polite live region', async () => {
    const { costs } = serve();
    const { dialog } = await openConfiguration();
    const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
    const price = () => plain(within(dialog).getByTestId('package-price').textContent);

    await waitFor(() => expect(price()).toBe('1200,00 zł'));
    // The regular price, higher, struck through.
    expect(plain(within(dialog).getByTestId('package-price-box').querySelector('del')?.textContent)).toBe('1320,00 zł');
    expect(within(dialog).getByTestId('package-price-row').getAttribute('aria-live')).toBe('polite');
    expect(costs).toEqual([
      {
        persons: 1,
        treatments: [
          { code: 'TR_MASSAGE', quantity: 1 },
          { code: 'TR_BATH', quantity: 1 },
        ],
      },
    ]);

    // One more person and a suggestion added in one burst: one new request.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zwiększ: Liczba osób' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dodaj: Zawijanie' }));
    expect(within(dialog).getByText('Przeliczanie ceny…')).toBeTruthy();
    await waitFor(() => expect(price()).toBe('1500,00 zł'));
    expect(costs).toHaveLength(2);
    expect(costs[1]).toEqual({
      persons: 2,
      treatments: [
        { code: 'TR_MASSAGE', quantity: 2 },
        { code: 'TR_BATH', quantity: 2 },
        { code: 'TR_WRAP', quantity: 1 },
      ],
    });
  });
});

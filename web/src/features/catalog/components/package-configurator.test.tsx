import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { fakeBasketActions, WithBasketActions } from '@/testing/basket-actions';
import { packageCost, packageDetails } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import type { PackageCostRequest } from '@/types/api';

import { PackageConfigurator } from './package-configurator';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Serves the estimated cost (1000 zł + 100 zł per treatment unit) and records the bodies. */
function serveCost(respond?: (body: PackageCostRequest) => Response | Promise<Response>) {
  const bodies: PackageCostRequest[] = [];
  server.use(
    http.post(apiPath('/packages/:code/estimated-cost'), async ({ request, params }) => {
      expect(params.code).toBe('PKG_ROMANTIC_WEEKEND');
      const body = (await request.json()) as PackageCostRequest;
      bodies.push(body);
      if (respond) return respond(body);
      const units = body.treatments.reduce((sum, t) => sum + t.quantity, 0);
      return HttpResponse.json(packageCost(100000 + units * 10000, 50000 * body.persons));
    }),
  );
  return bodies;
}

const price = () => plain(screen.getByTestId('package-price').textContent);
const included = () => screen.getByRole('list', { name: 'Zabiegi w pakiecie' });
const suggested = () => screen.queryByRole('list', { name: 'Proponowane zabiegi' });
const counterValue = (name: string) =>
  within(screen.getByRole('group', { name })).getByRole('status').textContent;

describe('PackageConfigurator', () => {
  it('asks for the price of the package as it comes and shows the minimum treatment count', async () => {
    const bodies = serveCost();
    renderWithProviders(<PackageConfigurator product={packageDetails()} />);

    await waitFor(() => expect(price()).toBe('1300,00 zł'));
    expect(bodies).toEqual([
      {
        persons: 1,
        treatments: [
          { code: 'TR_AROMATHERAPY_MASSAGE', quantity: 1 },
          { code: 'TR_HERBAL_BATH', quantity: 1 },
          { code: 'TR_SAUNA_RITUAL', quantity: 1 },
        ],
      },
    ]);
    expect(plain(screen.getByTestId('package-base-price').textContent)).toBe('500,00 zł');
    expect(screen.getByTestId('min-treatments').textContent).toBe('Pakiet obejmuje co najmniej 3 zabiegi.');
    expect(counterValue('Liczba osób')).toBe('1 osoba');
  });

  it('changes every primary quantity with the persons and recalculates once per burst', async () => {
    const bodies = serveCost();
    renderWithProviders(<PackageConfigurator product={packageDetails()} />);
    await waitFor(() => expect(bodies).toHaveLength(1));
    await waitFor(() => expect(price()).toBe('1300,00 zł'));

    const morePersons = screen.getByRole('button', { name: 'Zwiększ: Liczba osób' });
    fireEvent.click(morePersons);
    expect(counterValue('Liczba osób')).toBe('2 osoby');
    expect(morePersons.getAttribute('aria-disabled')).toBe('true');
    expect(counterValue('Liczba zabiegów: Masaż aromaterapeutyczny')).toBe('2');
    expect(counterValue('Liczba zabiegów: Ceremonia saunowa')).toBe('2');
    // In the same burst: one more massage (now up to 3).
    fireEvent.click(screen.getByRole('button', { name: 'Zwiększ: Liczba zabiegów: Masaż aromaterapeutyczny' }));
    expect(counterValue('Liczba zabiegów: Masaż aromaterapeutyczny')).toBe('3');
    expect(screen.getByText('Przeliczanie ceny…')).toBeTruthy();

    await waitFor(() => expect(price()).toBe('1700,00 zł'));
    expect(screen.queryByText('Przeliczanie ceny…')).toBeNull();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      persons: 2,
      treatments: [
        { code: 'TR_AROMATHERAPY_MASSAGE', quantity: 3 },
        { code: 'TR_HERBAL_BATH', quantity: 2 },
        { code: 'TR_SAUNA_RITUAL', quantity: 2 },
      ],
    });
    expect(plain(screen.getByTestId('package-base-price').textContent)).toBe('1000,00 zł');

    // Back to one person: one step down, never below the minimum.
    fireEvent.click(screen.getByRole('button', { name: 'Zmniejsz: Liczba osób' }));
    expect(counterValue('Liczba zabiegów: Masaż aromaterapeutyczny')).toBe('2');
    expect(counterValue('Liczba zabiegów: Kąpiel ziołowa')).toBe('1');
    await waitFor(() => expect(price()).toBe('1400,00 zł'));
  });

  it('adds a suggested treatment with a notification and can remove it again', async () => {
    const bodies = serveCost();
    const user = userEvent.setup();
    renderWithProviders(<PackageConfigurator product={packageDetails()} />);
    await waitFor(() => expect(bodies).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Dodaj: Masaż gorącymi kamieniami' }));

    expect(notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`)).toEqual([
      'success: Dodano zabieg: Masaż gorącymi kamieniami',
    ]);
    expect(within(included()).getByRole('heading', { name: 'Masaż gorącymi kamieniami' })).toBeTruthy();
    expect(within(suggested() as HTMLElement).queryByRole('heading', { name: 'Masaż gorącymi kamieniami' })).toBeNull();
    await waitFor(() => expect(bodies.at(-1)?.treatments.map((t) => t.code)).toContain('TR_HOT_STONE'));
    await waitFor(() => expect(price()).toBe('1400,00 zł'));

    await user.click(within(included()).getByRole('button', { name: 'Usuń: Masaż gorącymi kamieniami' }));
    expect(within(included()).queryByRole('heading', { name: 'Masaż gorącymi kamieniami' })).toBeNull();
    expect(within(suggested() as HTMLElement).getByRole('heading', { name: 'Masaż gorącymi kamieniami' })).toBeTruthy();
    // Back to the first configuration: its price is known, no new request.
    await waitFor(() => expect(price()).toBe('1300,00 zł'));
    expect(bodies).toHaveLength(2);
  });

  it('offers removal only for deletable treatments and returns them to the suggestions', async () => {
    serveCost();
    const user = userEvent.setup();
    renderWithProviders(<PackageConfigurator product={packageDetails()} />);

    const removable = within(included()).getAllByRole('button', { name: /^Usuń/ });
    expect(removable.map((b) => b.getAttribute('aria-label'))).toEqual(['Usuń: Kąpiel ziołowa']);
    await user.click(removable[0] as HTMLElement);
    expect(within(suggested() as HTMLElement).getByRole('heading', { name: 'Kąpiel ziołowa' })).toBeTruthy();
    // Below the minimum now: the visitor is told how many to add.
    expect(screen.getByText('Dodaj jeszcze 1 zabieg, aby osiągnąć minimum.')).toBeTruthy();
  });

  it('keeps quantities within their limits', async () => {
    serveCost();
    renderWithProviders(<PackageConfigurator product={packageDetails()} />);
    const less = screen.getByRole('button', { name: 'Zmniejsz: Liczba zabiegów: Kąpiel ziołowa' });
    const more = screen.getByRole('button', { name: 'Zwiększ: Liczba zabiegów: Kąpiel ziołowa' });
    expect(less.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(more);
    expect(counterValue('Liczba zabiegów: Kąpiel ziołowa')).toBe('2');
    expect(more.getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(price()).not.toBe('…'));
  });

  it('strikes the original price when it is higher', async () => {
    serveCost(() => HttpResponse.json(packageCost(129900, 64950, 144900)));
    renderWithProviders(<PackageConfigurator product={packageDetails()} />);
    await waitFor(() => expect(price()).toBe('1299,00 zł'));
    expect(plain(screen.getByTestId('package-price-box').querySelector('del')?.textContent)).toBe('1449,00 zł');
  });

  it('shows the pending state while the server calculates', async () => {
    serveCost(async () => {
      await delay(150);
      return HttpResponse.json(packageCost(129900));
    });
    renderWithProviders(<PackageConfigurator product={packageDetails()} />);
    expect(screen.getByTestId('package-price-box').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Przeliczanie ceny…')).toBeTruthy();
    await waitFor(() => expect(price()).toBe('1299,00 zł'));
    expect(screen.getByTestId('package-price-box').getAttribute('aria-busy')).toBe('false');
  });

  it('reports a refused configuration with the server message', async () => {
    serveCost(() =>
      HttpResponse.json(
        { code: 'invalid_quantity', message: 'Nieprawidłowa liczba zabiegów', errors: [{ field: 'treatments[0].quantity', message: 'max 2' }] },
        { status: 422 },
      ),
    );
    renderWithProviders(<PackageConfigurator product={packageDetails()} />);
    await waitFor(() =>
      expect(notifications.getSnapshot().map((n) => n.message)).toEqual(['Nieprawidłowa liczba zabiegów']),
    );
  });

  it('"reserve" hands a stay package with its configuration to the basket', async () => {
    serveCost();
    const actions = fakeBasketActions();
    renderWithProviders(
      <WithBasketActions actions={actions}>
        <PackageConfigurator product={packageDetails()} />
      </WithBasketActions>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Zwiększ: Liczba osób' }));
    await user.click(screen.getByRole('button', { name: 'Zarezerwuj' }));
    const choice = actions.addPackage.mock.calls[0]?.[0];
    expect(choice).toMatchObject({ code: 'PKG_ROMANTIC_WEEKEND', name: 'Romantyczny weekend we dwoje', numNights: 2 });
    expect(choice?.configuration?.persons).toBe(2);
    expect(choice?.configuration?.primary.map((t) => [t.code, t.quantity])).toEqual([
      ['TR_AROMATHERAPY_MASSAGE', 2],
      ['TR_HERBAL_BATH', 2],
      ['TR_SAUNA_RITUAL', 2],
    ]);
  });

  it('adds a treatment-day package to the basket, not before the minimum of treatments is reached', async () => {
    serveCost();
    const actions = fakeBasketActions();
    renderWithProviders(
      <WithBasketActions actions={actions}>
        <PackageConfigurator product={packageDetails({ numNights: 0, minTreatments: 4 })} />
      </WithBasketActions>,
    );
    const user = userEvent.setup();
    const add = screen.getByRole('button', { name: 'Dodaj do koszyka' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    await user.click(add);
    expect(actions.addPackage).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Dodaj: Masaż gorącymi kamieniami' }));
    expect(add.getAttribute('aria-disabled')).toBe('false');
    await user.click(add);
    expect(actions.addPackage).toHaveBeenCalledTimes(1);
  });
});

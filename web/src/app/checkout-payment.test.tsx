import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { BASKET_STORAGE_KEY } from '@/features/basket/utils/storage';
import { goToPage } from '@/features/checkout/utils/go-to-page';
import { cartItem } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

import { renderCheckout, requestsTo, setUpCheckout, STATES, stay, TOKEN, type State, loadCheckoutPages } from './checkout-test-support';

beforeAll(loadCheckoutPages);

vi.mock('@/features/checkout/utils/go-to-page', () => ({ goToPage: vi.fn() }));

const ALLOWED: State[] = ['vouchered', 'vouchering_skipped', 'payment_selected', 'payment_skipped'];
const product = () => cartItem({ id: 5, code: 'PR_HONEY_BODY_BALM', price: { current: 4900, original: 4900, currency: 'PLN' } });

beforeEach(() => {
  vi.mocked(goToPage).mockClear();
});

describe('checkout: payment step', () => {
  it.each(STATES.map((state) => [state, ALLOWED.includes(state)] as const))(
    'in state %s opens: %s (else the basket)',
    async (state, allowed) => {
      setUpCheckout({ state });
      const { router } = renderCheckout('/basket/payment');
      if (allowed) {
        expect(await screen.findByRole('button', { name: 'Zapłać i zakończ' })).toBeTruthy();
        expect(router.state.location.pathname).toBe('/basket/payment');
      } else {
        await waitFor(() => expect(router.state.location.pathname).toBe('/basket/items'));
      }
    },
  );

  it('offers the payment methods and asks for one', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout({ items: [product()], state: 'vouchering_skipped' });
    renderCheckout('/basket/payment');
    const methods = await screen.findByRole('group', { name: /^Metoda płatności/ });
    expect(within(methods).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Przelew bankowy',
      'Przelewy24',
      'PayPal',
    ]);
    // No stay, no advance payment.
    expect(screen.queryByTestId('deposit-choice')).toBeNull();
    expect(screen.getByTestId('price-summary')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Zapłać i zakończ' }));
    expect(await within(methods).findByText('Wybierz metodę płatności.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(methods).getAllByRole('radio')[0]));
    expect(requestsTo(checkout, 'PUT', /payment|complete/)).toEqual([]);
  });

  it('says so, with the way to the guesthouse, when no way to pay is offered', async () => {
    const { checkout } = setUpCheckout({ items: [product()], state: 'vouchering_skipped' });
    server.use(http.get(apiPath('/checkout/:token/payment'), () => HttpResponse.json({ payments: [{ methods: [], method: null, deposit: null }] })));
    renderCheckout('/basket/payment');
    const notice = (await screen.findByText(/nie przyjmuje teraz płatności przez internet/)).closest('[role]') as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'Kontakt' }).getAttribute('href')).toBe('/kontakt');
    expect(screen.queryByRole('button', { name: 'Zapłać i zakończ' })).toBeNull();
    expect(requestsTo(checkout, 'PUT', /payment|complete/)).toEqual([]);
  });

  it('names the gift voucher codes paying for lines in the summary, with what they pay', async () => {
    const code = 'GV-7KM4-XQ9D-3HPW';
    setUpCheckout({
      items: [stay({ redemption: { code, amount: 20000, balance: 30000, validUntil: '2099-12-31' } }), product()],
      state: 'vouchering_skipped',
    });
    renderCheckout('/basket/payment');
    const summary = await screen.findByTestId('price-summary');
    const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(within(summary).getByTestId('summary-vouchers').textContent)).toBe(`Voucher-200,00 złKody: ${code}`);
    expect(plain(within(summary).getByTestId('summary-leftToPay').textContent)).toBe('Pozostało do zapłaty929,00 zł');
  });

  it('offers the advance payment for a stay: the amount now and the rest later', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout({ state: 'vouchering_skipped' });
    renderCheckout('/basket/payment');
    const choice = await screen.findByTestId('deposit-choice');
    const group = within(choice).getByRole('group', { name: 'Ile płacisz teraz?' });
    const full = within(group).getByRole('radio', { name: 'Całą kwotę' });
    const deposit = within(group).getByRole('radio', { name: 'Zaliczkę' });
    expect((full as HTMLInputElement).checked).toBe(true);
    expect(choice.textContent).toMatch(/1080,00\szł teraz\./);
    expect(choice.textContent).toMatch(/324,00\szł teraz, resztę \(756,00\szł\) później\./);
    await user.click(within(await screen.findByRole('group', { name: /^Metoda płatności/ })).getByRole('radio', { name: 'Przelew bankowy' }));
    await user.click(deposit);
    await user.click(screen.getByRole('button', { name: 'Zapłać i zakończ' }));
    await waitFor(() => expect(requestsTo(checkout, 'PUT', /payment\/0$/)).toHaveLength(1));
    expect(requestsTo(checkout, 'PUT', /payment\/0$/)[0]?.body).toEqual({ method: 'bank_transfer', deposit: true, expectedDueNow: 32_400 });
  });

  it('says the cancellation terms before "pay and finish", in the page\'s language', async () => {
    setUpCheckout({ state: 'vouchering_skipped' });
    renderCheckout('/basket/payment');
    const terms = await screen.findByRole('region', { name: 'Warunki anulowania' });
    // The fake's demo policy: free until 14 days before the first arrival, then 30 %.
    expect(terms.textContent).toMatch(/^Warunki anulowaniaDo \d\d\.\d\d\.\d{4} anulujesz rezerwację bezpłatnie\. Później zatrzymujemy 30% ceny pobytów\.$/);
    const submit = screen.getByRole('button', { name: 'Zapłać i zakończ' });
    expect(terms.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names no cancellation terms for a basket without a stay', async () => {
    setUpCheckout({ state: 'vouchering_skipped', items: [cartItem({ id: 5 })] });
    renderCheckout('/basket/payment');
    await screen.findByRole('group', { name: /^Metoda płatności/ });
    expect(screen.queryByTestId('cancellation-terms')).toBeNull();
  });

  it('places the order under the payment loader, forgets the basket and goes to the payment site', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout({ state: 'vouchering_skipped' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put(apiPath('/checkout/:token/complete'), async () => {
        await held;
        return undefined; // on to the checkout server's own answer
      }),
    );
    renderCheckout('/basket/payment');
    await user.click(within(await screen.findByRole('group', { name: /^Metoda płatności/ })).getByRole('radio', { name: 'Przelew bankowy' }));
    await user.click(screen.getByRole('button', { name: 'Zapłać i zakończ' }));

    const loader = await screen.findByRole('dialog', { name: 'Składamy Twoje zamówienie…' });
    expect(within(loader).getByTestId('payment-loader')).toBeTruthy();
    expect(goToPage).not.toHaveBeenCalled();
    release();

    await waitFor(() => expect(goToPage).toHaveBeenCalledWith(`/order/${TOKEN}/pay`));
    expect(localStorage.getItem(BASKET_STORAGE_KEY)).toBeNull();
    expect(checkout.orders.get(TOKEN)?.bookingCode).toBe('SPA-7KM4-XQ9D');
    const [complete] = requestsTo(checkout, 'PUT', /complete$/);
    expect(complete?.headers['idempotency-key']).toMatch(/\S{8,}/);
    // The page stays under the loader until the browser has left it.
    expect(screen.getByRole('dialog', { name: 'Składamy Twoje zamówienie…' })).toBeTruthy();
  });

  it('shows a room booked meanwhile in the loader, and the basket its way out', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout({ items: [stay(), product()], state: 'payment_selected' });
    checkout.choosePayment(TOKEN, 'bank_transfer');
    renderCheckout('/basket/payment');
    await screen.findByRole('group', { name: /^Metoda płatności/ });
    checkout.sellOut(1);
    await user.click(screen.getByRole('button', { name: 'Zapłać i zakończ' }));

    const failed = await screen.findByRole('alertdialog', { name: 'Coś poszło nie tak...' });
    expect(failed.textContent).toContain('Ten pokój został właśnie zarezerwowany na termin 2026-07-10 - 2026-07-13.');
    expect(within(failed).getByRole('link', { name: 'Kontakt' }).getAttribute('href')).toBe('/kontakt');
    expect(goToPage).not.toHaveBeenCalled();
    // The basket is still there: nothing was ordered.
    expect(localStorage.getItem(BASKET_STORAGE_KEY)).toContain(TOKEN);

    await user.click(within(failed).getByRole('button', { name: 'Wróć do koszyka' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const conflict = await screen.findByTestId('room-conflict');
    expect(conflict.textContent).toMatch(/10\.07\.2026 - 13\.07\.2026/);
    expect(within(conflict).getByRole('link', { name: 'Wyszukaj inny termin lub pokój' })).toBeTruthy();
  });

  it('says the price changed, places nothing, and places the order once the guest confirmed the new amount', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout({ state: 'vouchering_skipped' });
    const message = 'Cena zmieniła się w międzyczasie: teraz do zapłaty 1100.00 PLN zamiast 1080.00 PLN. Sprawdź koszyk i potwierdź ponownie.';
    checkout.failCompletion({ status: 409, code: 'price_changed', message });
    const { router } = renderCheckout('/basket/payment');
    await user.click(within(await screen.findByRole('group', { name: /^Metoda płatności/ })).getByRole('radio', { name: 'Przelew bankowy' }));
    const offersBefore = requestsTo(checkout, 'GET', /payment$/).length;
    await user.click(screen.getByRole('button', { name: 'Zapłać i zakończ' }));

    const changed = await screen.findByRole('alertdialog', { name: 'Coś poszło nie tak...' });
    expect(changed.textContent).toContain(message);
    expect(goToPage).not.toHaveBeenCalled();
    expect(localStorage.getItem(BASKET_STORAGE_KEY)).toContain(TOKEN);
    // The new amounts are asked for while the guest reads why.
    await waitFor(() => expect(requestsTo(checkout, 'GET', /payment$/).length).toBeGreaterThan(offersBefore));
    await user.click(within(changed).getByRole('button', { name: 'Sprawdź nową kwotę' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/basket/payment');

    await user.click(screen.getByRole('button', { name: 'Zapłać i zakończ' }));
    await waitFor(() => expect(goToPage).toHaveBeenCalledWith(`/order/${TOKEN}/pay`));
    expect(requestsTo(checkout, 'PUT', /complete$/)).toHaveLength(2);
  });

  it('sends the amount it shows, and a price raised since is shown before anything is chosen or placed', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout({ items: [product()], state: 'vouchering_skipped' });
    const { router } = renderCheckout('/basket/payment');
    await user.click(within(await screen.findByRole('group', { name: /^Metoda płatności/ })).getByRole('radio', { name: 'Przelew bankowy' }));
    const shown = checkout.requests.length;
    checkout.raisePrice(TOKEN, 5, 2_000);
    await user.click(screen.getByRole('button', { name: 'Zapłać i zakończ' }));

    const changed = await screen.findByRole('alertdialog', { name: 'Coś poszło nie tak...' });
    expect(changed.textContent).toMatch(/Cena zmieniła się w międzyczasie/);
    const [choice] = requestsTo(checkout, 'PUT', /payment\/0$/).slice(-1);
    expect(choice?.body).toMatchObject({ method: 'bank_transfer', deposit: false });
    // 49.00 zł shown, 69.00 zł charged now: refused.
    expect(choice?.body).toMatchObject({ expectedDueNow: 4_900 });
    expect(requestsTo(checkout, 'PUT', /complete$/)).toHaveLength(0);
    expect(checkout.requests.length).toBeGreaterThan(shown);
    await user.click(within(changed).getByRole('button', { name: 'Sprawdź nową kwotę' }));
    expect(router.state.location.pathname).toBe('/basket/payment');
    // The summary shows the new amount before the guest confirms it.
    await waitFor(() => expect(screen.getByRole('complementary').textContent).toMatch(/69,00/));

    // Confirmed again at the new amount: placed.
    await user.click(screen.getByRole('button', { name: 'Zapłać i zakończ' }));
    await waitFor(() => expect(goToPage).toHaveBeenCalledWith(`/order/${TOKEN}/pay`));
    expect(requestsTo(checkout, 'PUT', /payment\/0$/).at(-1)?.body).toMatchObject({ expectedDueNow: 6_900 });
    expect(requestsTo(checkout, 'PUT', /complete$/)).toHaveLength(1);
  });

  it('tries again with the same Idempotency-Key after a failure', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout({ state: 'vouchering_skipped' });
    checkout.failCompletion({ status: 503, code: 'service_unavailable', message: 'Usługa jest chwilowo niedostępna.' });
    const { router } = renderCheckout('/basket/payment');
    await user.click(within(await screen.findByRole('group', { name: /^Metoda płatności/ })).getByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Zapłać i zakończ' }));

    const failed = await screen.findByRole('alertdialog', { name: 'Coś poszło nie tak...' });
    expect(failed.textContent).toContain(
      'Wystąpił błąd podczas przetwarzania rezerwacji. Spróbuj ponownie, a jeśli podobny błąd wystąpi znowu, skontaktuj się z naszym zespołem.',
    );
    await user.click(within(failed).getByRole('button', { name: 'Wróć do koszyka' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/items'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Koszyk' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await router.navigate('/basket/payment');
    const methods = await screen.findByRole('group', { name: /^Metoda płatności/ });
    // The method chosen before is chosen still.
    expect(within(methods).getByRole<HTMLInputElement>('radio', { name: 'PayPal' }).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Zapłać i zakończ' }));
    await waitFor(() => expect(goToPage).toHaveBeenCalledWith(`/order/${TOKEN}/pay`));

    const keys = requestsTo(checkout, 'PUT', /complete$/).map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });
});

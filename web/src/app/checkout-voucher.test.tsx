import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

import { giftVoucher, renderCheckout, requestsTo, setUpCheckout, STATES, stay, type State, loadCheckoutPages } from './checkout-test-support';

beforeAll(loadCheckoutPages);

const describedError = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent;

const ALLOWED: State[] = ['addressed', 'vouchered', 'payment_selected', 'payment_skipped'];

async function dedicate(user: ReturnType<typeof userEvent.setup>) {
  const voucher = await screen.findByTestId('voucher-config');
  await user.type(within(voucher).getByLabelText(/^Dla/), 'Ewa');
  await user.type(within(voucher).getByLabelText(/^Od/), 'Adam');
  await user.type(within(voucher).getByLabelText(/^Dedykacja/), 'Wszystkiego najlepszego!');
  return voucher;
}

describe('checkout: voucher step', () => {
  it.each(STATES.map((state) => [state, ALLOWED.includes(state)] as const))(
    'in state %s opens: %s (else the personal data step)',
    async (state, allowed) => {
      setUpCheckout({ items: [stay(), giftVoucher()], state });
      const { router } = renderCheckout('/basket/voucher');
      if (allowed) {
        expect(await screen.findByTestId('voucher-config')).toBeTruthy();
        expect(router.state.location.pathname).toBe('/basket/voucher');
      } else {
        await waitFor(() => expect(router.state.location.pathname).toBe('/basket/personal'));
        expect(await screen.findByLabelText(/^Imię/)).toBeTruthy();
      }
    },
  );

  it('sends an empty basket to the personal data step, which sends it on to the basket', async () => {
    setUpCheckout({ items: [], state: 'addressed' });
    const { router } = renderCheckout('/basket/voucher');
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/items'));
  });

  it('shows the design, the dedication and the delivery, switching between e-mail and postal address', async () => {
    const user = userEvent.setup();
    setUpCheckout({ items: [stay(), giftVoucher()], state: 'addressed' });
    renderCheckout('/basket/voucher');
    const voucher = await screen.findByTestId('voucher-config');
    expect(screen.getByRole('group', { name: /^Voucher 1 z 1: Voucher kwotowy, 200,00\szł$/ })).toBe(voucher);
    const designs = within(voucher).getByRole('group', { name: /^Wzór/ });
    expect(within(designs).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Klasyczny',
      'Kwiatowy',
      'Relaks',
    ]);
    expect(within(voucher).queryByLabelText(/^Adres e-mail, na który wyślemy voucher/)).toBeNull();
    expect(within(voucher).queryByTestId('voucher-postal')).toBeNull();

    await user.click(within(voucher).getByRole('radio', { name: 'E-mailem' }));
    expect(within(voucher).getByLabelText(/^Adres e-mail, na który wyślemy voucher/)).toBeTruthy();
    expect(within(voucher).queryByTestId('voucher-postal')).toBeNull();

    await user.click(within(voucher).getByRole('radio', { name: 'Pocztą, wydrukowany' }));
    expect(within(voucher).queryByLabelText(/^Adres e-mail, na który wyślemy voucher/)).toBeNull();
    const postal = within(voucher).getByTestId('voucher-postal');
    for (const label of [/^Imię/, /^Nazwisko/, /^Adres/, /^Kod pocztowy/, /^Miejscowość/, /^Kraj/]) {
      expect(within(postal).getByLabelText(label)).toBeTruthy();
    }
    expect(
      within(within(postal).getByLabelText(/^Kraj/)).getAllByRole('option').map((option) => option.textContent),
    ).toEqual(['Polska', 'Niemcy']);
    expect(screen.getByText('Sposób wysyłki wydrukowanego vouchera wybierzesz po kliknięciu „Dalej”.')).toBeTruthy();
  });

  it('previews the voucher as it is typed', async () => {
    const user = userEvent.setup();
    setUpCheckout({ items: [giftVoucher()], state: 'addressed' });
    renderCheckout('/basket/voucher');
    const voucher = await dedicate(user);
    await user.click(within(voucher).getByRole('radio', { name: 'Kwiatowy' }));
    const preview = within(voucher).getByTestId('voucher-preview');
    expect(within(preview).getByText('Podgląd vouchera: Kwiatowy')).toBeTruthy();
    expect(preview.textContent).toMatch(/200,00\szł/);
    expect(preview.textContent).toContain('DlaEwa');
    expect(preview.textContent).toContain('OdAdam');
    expect(preview.textContent).toContain('Wszystkiego najlepszego!');
  });

  it('says what is missing beside the fields', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout({ items: [giftVoucher()], state: 'addressed' });
    renderCheckout('/basket/voucher');
    const voucher = await screen.findByTestId('voucher-config');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    const recipient = within(voucher).getByLabelText(/^Dla/);
    await waitFor(() => expect(document.activeElement).toBe(recipient));
    expect(describedError(recipient)).toBe('Podaj, dla kogo jest voucher (od 1 do 60 znaków).');
    expect(within(voucher).getByText('Wybierz sposób dostarczenia vouchera: e-mailem lub pocztą.')).toBeTruthy();

    await user.click(within(voucher).getByRole('radio', { name: 'E-mailem' }));
    await user.type(within(voucher).getByLabelText(/^Adres e-mail, na który/), 'ewa@');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(describedError(within(voucher).getByLabelText(/^Adres e-mail, na który/))).toBe(
      'Podaj poprawny adres e-mail, na który wyślemy voucher.',
    );
    expect(requestsTo(checkout, 'PUT', /vouchers/)).toEqual([]);
  });

  it('saves an e-mailed voucher and goes on to payment once vouchered', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout({ items: [stay(), giftVoucher()], state: 'addressed' });
    const { router } = renderCheckout('/basket/voucher');
    const voucher = await dedicate(user);
    await user.click(within(voucher).getByRole('radio', { name: 'Relaks' }));
    await user.click(within(voucher).getByRole('radio', { name: 'E-mailem' }));
    await user.type(within(voucher).getByLabelText(/^Adres e-mail, na który/), 'ewa@example.pl');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/payment'));
    expect(requestsTo(checkout, 'PUT', /vouchers\/0$/).map((request) => request.body)).toEqual([
      {
        for: 'Ewa',
        from: 'Adam',
        message: 'Wszystkiego najlepszego!',
        design: 'relax',
        delivery: 'email',
        email: 'ewa@example.pl',
      },
    ]);
    expect(requestsTo(checkout, 'PUT', /shipping/)).toEqual([]);
  });

  it('asks for the shipping method of a posted voucher, then goes on to payment', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout({ items: [giftVoucher()], state: 'addressed' });
    const { router } = renderCheckout('/basket/voucher');
    const voucher = await dedicate(user);
    await user.click(within(voucher).getByRole('radio', { name: 'Pocztą, wydrukowany' }));
    const postal = within(voucher).getByTestId('voucher-postal');
    await user.type(within(postal).getByLabelText(/^Imię/), 'Ewa');
    await user.type(within(postal).getByLabelText(/^Nazwisko/), 'Zielińska');
    await user.type(within(postal).getByLabelText(/^Adres/), 'Polna 2');
    await user.type(within(postal).getByLabelText(/^Kod pocztowy/), '00-950');
    await user.type(within(postal).getByLabelText(/^Miejscowość/), 'Warszawa');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));

    const methods = await screen.findByRole('group', { name: /^Sposób wysyłki/ });
    const post = within(methods).getByRole('radio', { name: /^Poczta Polska, list polecony – 12,00\szł$/ });
    await waitFor(() => expect(document.activeElement).toBe(post));
    expect(within(methods).getByText('Wybierz sposób wysyłki wydrukowanego vouchera.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/basket/voucher');

    await user.click(within(methods).getByRole('radio', { name: /^Kurier – 25,00\szł$/ }));
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/payment'));
    expect(requestsTo(checkout, 'PUT', /shipping\/0$/).map((request) => request.body)).toEqual([{ method: 'courier' }]);
    // The voucher, saved once: unchanged, it was not sent again.
    expect(requestsTo(checkout, 'PUT', /vouchers\/0$/)).toHaveLength(1);
    expect(requestsTo(checkout, 'PUT', /vouchers\/0$/)[0]?.body).toMatchObject({
      delivery: 'post',
      firstName: 'Ewa',
      lastName: 'Zielińska',
      street: 'Polna 2',
      postcode: '00-950',
      city: 'Warszawa',
      countryCode: 'PL',
    });
    // The shipping is in the totals.
    expect(within(await screen.findByTestId('summary-shipping')).getByText(/25,00\szł/)).toBeTruthy();
  });

  it("puts the server's field errors on the voucher's fields", async () => {
    const user = userEvent.setup();
    setUpCheckout({ items: [giftVoucher()], state: 'addressed' });
    server.use(
      http.put(apiPath('/checkout/:token/vouchers/:index'), () =>
        HttpResponse.json(
          {
            code: 'invalid_voucher_configuration',
            message: 'Sprawdź dane vouchera: zaznaczonych pól brakuje lub są niepoprawne.',
            errors: [{ field: 'from', message: 'Serwer: podaj, od kogo jest voucher.' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderCheckout('/basket/voucher');
    const voucher = await dedicate(user);
    await user.click(within(voucher).getByRole('radio', { name: 'E-mailem' }));
    await user.type(within(voucher).getByLabelText(/^Adres e-mail, na który/), 'ewa@example.pl');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    const sender = within(voucher).getByLabelText(/^Od/);
    await waitFor(() => expect(describedError(sender)).toBe('Serwer: podaj, od kogo jest voucher.'));
    expect(document.activeElement).toBe(sender);
  });

  it('fills in a dedication made before checkout', async () => {
    setUpCheckout({
      items: [giftVoucher({ voucher: { for: 'Ewa', from: 'Adam', message: 'Dla Ciebie', email: 'ewa@example.pl' } })],
      state: 'addressed',
    });
    renderCheckout('/basket/voucher');
    const voucher = await screen.findByTestId('voucher-config');
    expect(within(voucher).getByLabelText<HTMLInputElement>(/^Dla/).value).toBe('Ewa');
    expect(within(voucher).getByRole<HTMLInputElement>('radio', { name: 'E-mailem' }).checked).toBe(true);
    expect(within(voucher).getByLabelText<HTMLInputElement>(/^Adres e-mail, na który/).value).toBe('ewa@example.pl');
  });
});

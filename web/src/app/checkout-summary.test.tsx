import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { cartItem, lineProduct, packageLine } from '@/testing/mocks/fixtures';

import { giftVoucher, loadCheckoutPages, renderCheckout, requestsTo, setUpCheckout, stay, TOKEN } from './checkout-test-support';

beforeAll(loadCheckoutPages);

afterEach(() => {
  vi.unstubAllGlobals();
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** A viewport `width` pixels wide, as media queries see it. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  });
}

/** A stay with its package (3 nights, the package paying for 2 of them) and a balm. */
const withPackage = () => [
  stay({ price: { current: 48_000, original: 48_000, currency: 'PLN' }, total: 48_000, childItems: [packageLine({ id: 3, quantity: 2 })] }),
  cartItem({ id: 5, code: 'PR_BALM', quantity: 2, product: lineProduct({ code: 'PR_BALM', name: 'Balsam miodowy' }) }),
];

const rows = (summary: HTMLElement) => within(summary).getAllByTestId('order-line').map((line) => plain(line.textContent));

describe('checkout: the order summary', () => {
  it('shows beside the personal data form what is being bought: each line, its facts, and the price summary', async () => {
    viewport(1280);
    setUpCheckout({ items: withPackage() });
    renderCheckout('/basket/personal');

    const summary = await screen.findByRole('complementary', { name: 'Twoje zamówienie' });
    expect(within(summary).getByRole('heading', { level: 2, name: 'Twoje zamówienie' })).toBeTruthy();
    const [room, pack, balm] = rows(summary);
    expect(room).toContain('Pokój z widokiem na jezioro');
    expect(room).toContain('480,00 zł');
    expect(room).toContain('10.07.2026 – 13.07.2026, 3 noce');
    expect(room).toContain('2 gości');
    expect(room).toContain('Cena z pakietem: pakiet obejmuje 2 noce');
    expect(pack).toContain('Pakiet do tego pobytu');
    expect(pack).toContain('Romantyczny weekend we dwoje');
    expect(pack).toContain('dla 2 osób');
    expect(pack).toContain('Zabiegi: Masaż aromaterapeutyczny × 1, Kąpiel ziołowa × 1, Ceremonia saunowa × 1');
    expect(balm).toContain('Balsam miodowy');
    expect(balm).toContain('Ilość: 2');
    expect(balm).toContain('98,00 zł');
    // The package is listed under its stay.
    expect(within(summary).getAllByTestId('order-line')[0]?.contains(within(summary).getAllByTestId('order-line')[1] ?? null)).toBe(true);

    const prices = within(summary).getByTestId('price-summary');
    expect(within(prices).getByRole('heading', { level: 3, name: 'Podsumowanie' })).toBeTruthy();
    expect(plain(within(prices).getByTestId('summary-total').textContent)).toBe('Wartość koszyka1877,00 zł');
    // Beside the form: it comes after it, not in the way.
    const form = screen.getByLabelText(/^Imię/).closest('form') as HTMLElement;
    expect(form.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(summary.querySelector('details')).toBeNull();
  });

  it('comes folded to "your order (total)" above the form on a phone, and opens to the lines', async () => {
    viewport(360);
    const user = userEvent.setup();
    setUpCheckout({ items: withPackage() });
    renderCheckout('/basket/personal');

    const summary = await screen.findByRole('complementary', { name: 'Twoje zamówienie' });
    const details = summary.querySelector('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    const toggle = within(summary).getByText((_, element) => element?.tagName === 'SUMMARY');
    expect(plain(toggle.textContent)).toBe('Twoje zamówienie (1877,00 zł)');
    // Above the form, and small until opened: the form is reached at once.
    const form = (await screen.findByLabelText(/^Imię/)).closest('form') as HTMLElement;
    expect(summary.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(toggle);
    expect(details.open).toBe(true);
    expect(rows(summary)[0]).toContain('10.07.2026 – 13.07.2026, 3 noce');
    expect(within(summary).getByTestId('price-summary')).toBeTruthy();
  });

  it('shows the lines beside the voucher step too', async () => {
    viewport(1280);
    setUpCheckout({ items: [stay(), giftVoucher()], state: 'addressed' });
    renderCheckout('/basket/voucher');
    const summary = await screen.findByRole('complementary', { name: 'Twoje zamówienie' });
    expect(rows(summary)).toEqual([
      expect.stringContaining('Pokój z widokiem na jezioro'),
      expect.stringContaining('Wartość: 200,00 zł'),
    ]);
  });

  it('shows the advance due now and the rest later as soon as the guest ticks it, before anything is saved', async () => {
    viewport(1280);
    const user = userEvent.setup();
    const { checkout } = setUpCheckout({ state: 'vouchering_skipped' });
    renderCheckout('/basket/payment');
    const choice = await screen.findByTestId('deposit-choice');
    const summary = screen.getByRole('complementary', { name: 'Twoje zamówienie' });
    const row = (key: string) => plain(within(summary).getByTestId(`summary-${key}`).textContent);
    expect(row('deposit')).toBe('Zaliczka0,00 zł');
    expect(row('leftToPay')).toBe('Pozostało do zapłaty1080,00 zł');

    await user.click(within(choice).getByRole('radio', { name: 'Zaliczkę' }));
    expect(row('deposit')).toBe('Zaliczka, płatna teraz324,00 zł');
    expect(row('leftToPay')).toBe('Pozostało do zapłaty później756,00 zł');
    expect(row('total')).toBe('Wartość koszyka1080,00 zł');
    expect(requestsTo(checkout, 'PUT', /payment|complete/)).toEqual([]);

    await user.click(within(choice).getByRole('radio', { name: 'Całą kwotę' }));
    expect(row('deposit')).toBe('Zaliczka0,00 zł');
    expect(row('leftToPay')).toBe('Pozostało do zapłaty1080,00 zł');
  });

  it('starts from the advance the basket has saved, and drops it from the summary when the full amount is ticked', async () => {
    viewport(360);
    const user = userEvent.setup();
    const { checkout } = setUpCheckout({ state: 'payment_selected' });
    checkout.choosePayment(TOKEN, 'bank_transfer', true);
    renderCheckout('/basket/payment');
    const choice = await screen.findByTestId('deposit-choice');
    const summary = screen.getByRole('complementary', { name: 'Twoje zamówienie' });
    await user.click(within(summary).getByText((_, element) => element?.tagName === 'SUMMARY'));
    const row = (key: string) => plain(within(summary).getByTestId(`summary-${key}`).textContent);
    await waitFor(() => expect(row('deposit')).toBe('Zaliczka, płatna teraz324,00 zł'));

    await user.click(within(choice).getByRole('radio', { name: 'Całą kwotę' }));
    expect(row('deposit')).toBe('Zaliczka0,00 zł');
    expect(row('leftToPay')).toBe('Pozostało do zapłaty1080,00 zł');
    expect(requestsTo(checkout, 'PUT', /payment|complete/)).toEqual([]);
  });
});

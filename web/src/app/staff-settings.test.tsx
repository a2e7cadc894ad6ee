import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { notifications } from '@/lib/notifications';
import { createContentServer } from '@/testing/mocks/content-server';
import { customer, guesthouseDetails } from '@/testing/mocks/fixtures';
import { createGuesthouseSettingsServer } from '@/testing/mocks/guesthouse-settings-server';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { BankAccountSettings, CheckoutSettings, CheckoutSettingsChange, Customer, MailSettings, PaymentSettings } from '@/types/api';

import { createRoutes } from './router';

// The back office's code, loaded once before the tests (the first lazy load takes a while in tests).
beforeAll(() => import('./routes/staff'));

const SAVED_AT = '2027-05-03T12:00:00Z';

/** The PUTs' bodies as the fake reads them. */
type CheckoutBody = Record<keyof CheckoutSettingsChange, number>;
type PaymentBody = { methods: string[]; bankAccount: BankAccountSettings | null };

const LIMITS: Record<keyof CheckoutBody, [number, number]> = {
  depositPercent: [0, 100],
  bankTransferHoldDays: [1, 14],
  onlineHoldMinutes: [15, 1440],
  cancellationFreeDays: [0, 365],
  cancellationFeePercent: [0, 100],
};

const invalid = (field: string, message: string) =>
  HttpResponse.json({ code: 'invalid_settings', message: 'The settings were refused.', errors: [{ field, message }] }, { status: 422 });

/**
 * The settings page over a fake settings service keeping what is saved:
 * administrators only, the guesthouse's details by their rules
 * (testing/mocks/guesthouse-settings-server.ts), the checkout numbers within their ranges, a method
 * offered only when ready (a bank transfer with an account, Przelewy24
 * with its keys; PayPal has none), an IBAN of the right shape. `payments`:
 * the payment settings it starts with, besides none of a bank account.
 */
function renderSettings(locale: Locale, me: Customer, payments: Partial<PaymentSettings> = {}) {
  const store: { checkout: CheckoutSettings; payments: PaymentSettings; mail: MailSettings } = {
    mail: { smtp: false, sender: 'Pensjonat Spa <rezerwacje@spa.localhost>', tests: [] },
    checkout: {
      depositPercent: 30,
      bankTransferHoldDays: 3,
      onlineHoldMinutes: 30,
      cancellationFreeDays: 14,
      cancellationFeePercent: 50,
      updatedAt: '2027-04-01T12:00:00Z',
      updatedBy: 'anna@example.pl',
    },
    payments: {
      methods: ['przelewy24'],
      available: [
        { code: 'bank_transfer', ready: false },
        { code: 'przelewy24', ready: true },
        { code: 'paypal', ready: false },
      ],
      bankAccount: null,
      updatedAt: null,
      updatedBy: '',
      ...payments,
    },
  };
  const sent: { path: string; body: unknown }[] = [];
  const admin = me.roles.includes('admin');
  const forbidden = () => HttpResponse.json({ code: 'forbidden', message: 'No.' }, { status: 403 });
  const guesthouse = createGuesthouseSettingsServer({ me });
  // The home page's blocks (its banner's section); the settings' own handlers come first.
  const content = createContentServer({ loggedIn: me });
  server.use(...content.handlers);
  server.use(
    ...guesthouse.handlers,
    http.get(apiPath('/me'), () => HttpResponse.json(me)),
    http.get(apiPath('/backend/settings/checkout'), () => (admin ? HttpResponse.json(store.checkout) : forbidden())),
    http.get(apiPath('/backend/settings/payments'), () => (admin ? HttpResponse.json(store.payments) : forbidden())),
    // A test e-mail leaves on the second look at it.
    http.get(apiPath('/backend/settings/mail'), () => {
      if (!admin) return forbidden();
      store.mail.tests = store.mail.tests.map((mail) => ({ ...mail, sentAt: mail.sentAt ?? SAVED_AT }));
      return HttpResponse.json(store.mail);
    }),
    http.post(apiPath('/backend/settings/mail/test'), async ({ request }) => {
      const body = (await request.json()) as { recipient: string };
      sent.push({ path: '/backend/settings/mail/test', body });
      if (!body.recipient.includes('.')) return invalid('recipient', 'Not an e-mail address.');
      store.mail.tests = [{ recipient: body.recipient, queuedAt: SAVED_AT, sentAt: null, attempts: 0, lastError: '' }, ...store.mail.tests];
      return HttpResponse.json(store.mail, { status: 202 });
    }),
    http.put(apiPath('/backend/settings/checkout'), async ({ request }) => {
      const body = (await request.json()) as CheckoutBody;
      sent.push({ path: '/backend/settings/checkout', body });
      for (const [field, [min, max]] of Object.entries(LIMITS)) {
        const value = body[field as keyof CheckoutBody];
        if (!Number.isInteger(value) || value < min || value > max) return invalid(field, `From ${min} to ${max}.`);
      }
      store.checkout = { ...body, updatedAt: SAVED_AT, updatedBy: me.email };
      return HttpResponse.json(store.checkout);
    }),
    http.put(apiPath('/backend/settings/payments'), async ({ request }) => {
      const body = (await request.json()) as PaymentBody;
      sent.push({ path: '/backend/settings/payments', body });
      if (body.bankAccount && !/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(body.bankAccount.iban)) return invalid('bankAccount.iban', 'Not an IBAN.');
      const available = store.payments.available.map((method) =>
        method.code === 'bank_transfer' ? { ...method, ready: body.bankAccount !== null } : method,
      );
      if (body.methods.some((code) => !available.find((method) => method.code === code)?.ready)) {
        return invalid('methods', 'A method is not ready.');
      }
      store.payments = { methods: body.methods, available, bankAccount: body.bankAccount, updatedAt: SAVED_AT, updatedBy: me.email };
      return HttpResponse.json(store.payments);
    }),
    // Przelewy24 takes the first test payment and refuses the second.
    http.post(apiPath('/backend/settings/payments/test'), async ({ request }) => {
      const body = await request.json();
      sent.push({ path: '/backend/settings/payments/test', body });
      const first = sent.filter((s) => s.path === '/backend/settings/payments/test').length === 1;
      return HttpResponse.json(
        first
          ? { registered: true, url: 'https://sandbox.przelewy24.pl/trnRequest/T1', error: '' }
          : { registered: false, url: '', error: 'the payment provider refused the request: Incorrect authentication' },
      );
    }),
  );
  const queryClient = createTestQueryClient();
  return { ...renderRoutes(createRoutes(locale, queryClient), '/backend/settings', { locale, queryClient }), sent, guesthouse, content, user: userEvent.setup() };
}

const adminMe = () => customer({ email: 'admin@example.pl', roles: ['customer', 'admin'] });

/** The texts a control's description points to: its hint, its error, a checkbox's state. */
const described = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean);

const value = (form: HTMLElement, label: string) => within(form).getByLabelText<HTMLInputElement>(label).value;

describe('the settings', () => {
  it('shows both forms as the server has them, and saves a new advance share', async () => {
    const { sent, user } = renderSettings('en_GB', adminMe());
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    const checkout = await screen.findByRole('form', { name: 'Checkout' });
    const payments = screen.getByRole('form', { name: 'Payments' });
    expect(screen.getByText(/Secrets – the payment providers’ keys and the e-mail \(SMTP\) password – are kept in the server’s environment/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');

    expect(value(checkout, 'Advance payment (% of the stay)')).toBe('30');
    expect(value(checkout, 'Time to pay by bank transfer (days)')).toBe('3');
    expect(value(checkout, 'Time to pay online (minutes)')).toBe('30');
    expect(value(checkout, 'Free cancellation (days before arrival)')).toBe('14');
    expect(value(checkout, 'Cancellation fee after that (% of the stay)')).toBe('50');
    const deposit = within(checkout).getByLabelText('Advance payment (% of the stay)');
    expect(deposit.getAttribute('inputmode')).toBe('numeric');
    expect(described(deposit)[0]).toContain('the rest is paid on arrival');
    const section = checkout.closest('section')!;
    expect(within(section).getByText(/^Last changed 01\.04\.2027 \d\d:\d\d by anna@example\.pl\.$/)).toBeTruthy();
    expect(within(payments.closest('section')!).queryByText(/Last changed/)).toBeNull();

    await user.clear(deposit);
    await user.type(deposit, '50');
    await user.click(within(checkout).getByRole('button', { name: 'Save the checkout settings' }));
    const saved = await within(section).findByText('Checkout settings saved.');
    expect(saved.closest('[role="status"]')).toBeTruthy();
    expect(sent).toEqual([
      {
        path: '/backend/settings/checkout',
        body: { depositPercent: 50, bankTransferHoldDays: 3, onlineHoldMinutes: 30, cancellationFreeDays: 14, cancellationFeePercent: 50 },
      },
    ]);
    expect(value(checkout, 'Advance payment (% of the stay)')).toBe('50');
    expect(within(section).getByText(/^Last changed 03\.05\.2027 \d\d:\d\d by admin@example\.pl\.$/)).toBeTruthy();
  });

  it('checks each number’s range in the page, and shows a field the server refused at that field', async () => {
    const { sent, user } = renderSettings('pl', adminMe());
    const checkout = await screen.findByRole('form', { name: 'Warunki rezerwacji' });
    const deposit = within(checkout).getByLabelText('Zaliczka (% ceny pobytu)');
    const hold = within(checkout).getByLabelText('Czas na przelew (dni)');
    const save = () => user.click(within(checkout).getByRole('button', { name: 'Zapisz warunki rezerwacji' }));

    await user.clear(deposit);
    await user.type(deposit, '101');
    await user.clear(hold);
    await save();
    expect(deposit.getAttribute('aria-invalid')).toBe('true');
    expect(described(deposit)).toContain('Wpisz liczbę całkowitą od 0 do 100 (%).');
    expect(described(hold)).toContain('Wpisz liczbę dni od 1 do 14.');
    expect(document.activeElement).toBe(deposit);
    expect(sent).toEqual([]);

    // What the page cannot know, the server says: at its field.
    server.use(http.put(apiPath('/backend/settings/checkout'), () => invalid('cancellationFreeDays', 'Bezpłatne anulowanie nie może kończyć się po otwarciu rezerwacji.')));
    await user.clear(deposit);
    await user.type(deposit, '40');
    await user.type(hold, '5');
    await save();
    const free = within(checkout).getByLabelText('Bezpłatne anulowanie (dni przed przyjazdem)');
    await waitFor(() => expect(free.getAttribute('aria-invalid')).toBe('true'));
    expect(described(free)).toContain('Bezpłatne anulowanie nie może kończyć się po otwarciu rezerwacji.');
    expect(deposit.getAttribute('aria-invalid')).toBeNull();
    expect(within(checkout.closest('section')!).queryByText('Warunki rezerwacji zapisane.')).toBeNull();
    // The page says it itself: no notification besides.
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('offers only the methods that are ready, and saves a bank account with its IBAN checked', async () => {
    const { sent, user } = renderSettings('en_GB', adminMe());
    const payments = await screen.findByRole('form', { name: 'Payments' });
    const section = payments.closest('section')!;
    const methods = within(payments).getByRole('group', { name: 'Offered to guests' });
    const bankTransfer = within(methods).getByLabelText<HTMLInputElement>('Bank transfer');
    const przelewy24 = within(methods).getByLabelText<HTMLInputElement>('Przelewy24');
    const paypal = within(methods).getByLabelText<HTMLInputElement>('PayPal');
    expect(within(section).getByText('No bank account is set, so bank transfer is not offered to guests.')).toBeTruthy();

    expect([paypal.disabled, paypal.checked]).toEqual([true, false]);
    expect(described(paypal)).toEqual(['No keys: set them in the server’s environment.']);
    expect([przelewy24.disabled, przelewy24.checked]).toEqual([false, true]);
    expect(described(przelewy24)).toEqual(['Keys set.']);
    expect(bankTransfer.disabled).toBe(true);
    expect(described(bankTransfer)).toEqual(['Needs a bank account: fill it in below.']);

    // The account filled in, a bank transfer can be offered.
    await user.type(within(payments).getByLabelText('Account holder'), 'Pensjonat Pod Lipami');
    const iban = within(payments).getByLabelText<HTMLInputElement>('IBAN');
    await user.type(iban, 'pl61 1090 1014 0000 0712 1981 2875');
    await user.type(within(payments).getByLabelText('Bank name (optional)'), 'mBank');
    const bic = within(payments).getByLabelText<HTMLInputElement>('BIC (SWIFT)');
    expect([bic.getAttribute('autocomplete'), bic.getAttribute('spellcheck')]).toEqual(['off', 'false']);
    expect(described(bic)).toEqual(['Needed by guests paying from abroad, e.g. BPKOPLPW.']);
    await user.type(bic, 'bpko plpw');
    expect(bankTransfer.disabled).toBe(false);
    expect(described(bankTransfer)).toEqual(['Guests pay into the account below.']);
    await user.click(bankTransfer);
    // Once typed, in upper case without spaces, as it is sent.
    expect(bic.value).toBe('BPKOPLPW');
    const save = () => user.click(within(payments).getByRole('button', { name: 'Save the payment settings' }));

    await save();
    expect(iban.getAttribute('aria-invalid')).toBe('true');
    expect(described(iban)).toContain('This is not a valid IBAN: check the country code and the digits.');
    expect(sent).toEqual([]);

    await user.clear(iban);
    await user.type(iban, 'pl61 1090 1014 0000 0712 1981 2874');
    await save();
    expect((await within(section).findByText('Payment settings saved.')).closest('[role="status"]')).toBeTruthy();
    expect(sent).toEqual([
      {
        path: '/backend/settings/payments',
        body: {
          methods: ['bank_transfer', 'przelewy24'],
          bankAccount: { holder: 'Pensjonat Pod Lipami', iban: 'PL61109010140000071219812874', bank: 'mBank', bic: 'BPKOPLPW' },
        },
      },
    ]);
    expect(iban.value).toBe('PL61 1090 1014 0000 0712 1981 2874');
    expect(bic.value).toBe('BPKOPLPW');
    expect([bankTransfer.checked, przelewy24.checked, paypal.checked]).toEqual([true, true, false]);
    expect(within(section).queryByText('No bank account is set, so bank transfer is not offered to guests.')).toBeNull();
    expect(within(section).getByText(/^Last changed 03\.05\.2027 \d\d:\d\d by admin@example\.pl\.$/)).toBeTruthy();
  });

  it('shows the saved BIC, checks it against the IBAN’s country, and shows the server’s refusal at it', async () => {
    const { sent, user } = renderSettings('pl', adminMe(), {
      methods: ['bank_transfer', 'przelewy24'],
      available: [
        { code: 'bank_transfer', ready: true },
        { code: 'przelewy24', ready: true },
        { code: 'paypal', ready: false },
      ],
      bankAccount: { holder: 'Pensjonat Pod Lipami', iban: 'PL61109010140000071219812874', bank: 'PKO BP', bic: 'BPKOPLPW' },
    });
    const payments = await screen.findByRole('form', { name: 'Płatności' });
    const section = payments.closest('section')!;
    const bic = within(payments).getByLabelText<HTMLInputElement>('BIC (SWIFT)');
    expect(bic.value).toBe('BPKOPLPW');
    expect(described(bic)).toEqual(['Potrzebny gościom płacącym z zagranicy, np. BPKOPLPW.']);
    const save = () => user.click(within(payments).getByRole('button', { name: 'Zapisz ustawienia płatności' }));

    // A German bank for a Polish account: not sent.
    await user.clear(bic);
    await user.type(bic, 'coba de ff');
    await save();
    expect(bic.value).toBe('COBADEFF');
    expect(bic.getAttribute('aria-invalid')).toBe('true');
    expect(described(bic)).toContain('Ten BIC należy do banku w innym kraju: jego 5. i 6. litera muszą być kodem kraju z numeru IBAN.');
    expect(document.activeElement).toBe(bic);
    expect(sent).toEqual([]);

    // Seven characters: not a BIC.
    await user.clear(bic);
    expect(bic.getAttribute('aria-invalid')).toBeNull();
    await user.type(bic, 'BPKOPLP');
    await save();
    expect(bic.getAttribute('aria-invalid')).toBe('true');
    expect(described(bic)).toContain('To nie jest poprawny kod BIC: 8 lub 11 liter i cyfr, np. BPKOPLPW.');
    expect(sent).toEqual([]);

    // With a branch, typed in lower case with spaces: sent compacted in upper case.
    await user.clear(bic);
    await user.type(bic, 'bpko pl pw xxx');
    await save();
    expect((await within(section).findByText('Ustawienia płatności zapisane.')).closest('[role="status"]')).toBeTruthy();
    expect(sent).toEqual([
      {
        path: '/backend/settings/payments',
        body: {
          methods: ['bank_transfer', 'przelewy24'],
          bankAccount: { holder: 'Pensjonat Pod Lipami', iban: 'PL61109010140000071219812874', bank: 'PKO BP', bic: 'BPKOPLPWXXX' },
        },
      },
    ]);
    expect(bic.value).toBe('BPKOPLPWXXX');

    // What the page cannot know, the server says: at the BIC.
    server.use(http.put(apiPath('/backend/settings/payments'), () => invalid('bankAccount.bic', 'Nie znamy banku o tym kodzie BIC.')));
    await save();
    await waitFor(() => expect(bic.getAttribute('aria-invalid')).toBe('true'));
    expect(described(bic)).toContain('Nie znamy banku o tym kodzie BIC.');
    expect(document.activeElement).toBe(bic);
    expect(within(payments).getByLabelText('Numer konta (IBAN)').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('shows a method the server refused beside the methods', async () => {
    const { user } = renderSettings('de', adminMe());
    const payments = await screen.findByRole('form', { name: 'Zahlungen' });
    server.use(http.put(apiPath('/backend/settings/payments'), () => invalid('methods', 'Przelewy24 ist nicht eingerichtet.')));
    await user.click(within(payments).getByRole('button', { name: 'Zahlungseinstellungen speichern' }));
    const methods = within(payments).getByRole('group', { name: 'Für Gäste angeboten' });
    expect(await within(methods).findByText('Przelewy24 ist nicht eingerichtet.')).toBeTruthy();
    expect(described(methods)).toEqual(['Przelewy24 ist nicht eingerichtet.']);
  });

  it('says how e-mails leave and sends a test e-mail, which shows once it left', async () => {
    const { sent, user } = renderSettings('en_GB', adminMe());
    const section = await screen.findByRole('region', { name: 'E-mail' });
    expect(within(section).getByText(/No mail server is set/)).toBeTruthy();
    expect(within(section).getByText('Sender: Pensjonat Spa <rezerwacje@spa.localhost>')).toBeTruthy();
    const field = within(section).getByLabelText('Send a test e-mail to');
    await user.click(within(section).getByRole('button', { name: 'Send a test e-mail' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    await user.type(field, 'owner@localhost');
    await user.click(within(section).getByRole('button', { name: 'Send a test e-mail' }));
    expect(await within(section).findByText('Enter an e-mail address, e.g. reception@guesthouse.co.uk.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'owner@example.co.uk');
    await user.click(within(section).getByRole('button', { name: 'Send a test e-mail' }));
    expect(await within(section).findByText('The test e-mail to owner@example.co.uk is waiting to be sent.')).toBeTruthy();
    expect(sent.at(-1)).toEqual({ path: '/backend/settings/mail/test', body: { recipient: 'owner@example.co.uk' } });
    expect(within(section).getByRole('listitem').textContent).toMatch(/^owner@example.co.uk: waiting to be sent/);
    // Asked again while it waits (every 3 s): the next answer has it sent.
    await waitFor(() => expect(within(section).getByRole('listitem').textContent).toMatch(/^owner@example.co.uk: sent /), { timeout: 8000 });
  }, 15_000);

  it('registers a test payment with each provider whose keys are set, and says how it went', async () => {
    const { sent, user } = renderSettings('en_GB', adminMe());
    const tests = await screen.findByRole('group', { name: 'Test payment' });
    // PayPal has no keys: no test of it.
    expect(within(tests).getAllByRole('button').map((b) => b.textContent)).toEqual(['Register a test payment: Przelewy24']);
    const button = within(tests).getByRole('button', { name: 'Register a test payment: Przelewy24' });
    await user.click(button);
    expect(await within(tests).findByText(/Przelewy24 took the test payment: the keys work\./)).toBeTruthy();
    const page = within(tests).getByRole('link', { name: 'Open its page at the provider (opens in a new window)' });
    expect([page.getAttribute('href'), page.getAttribute('target')]).toEqual(['https://sandbox.przelewy24.pl/trnRequest/T1', '_blank']);
    expect(sent.at(-1)).toEqual({ path: '/backend/settings/payments/test', body: { method: 'przelewy24' } });
    await user.click(button);
    expect(
      await within(tests).findByText('Przelewy24 refused the test payment: the payment provider refused the request: Incorrect authentication'),
    ).toBeTruthy();
    expect(within(tests).queryByRole('link')).toBeNull();
  });

  it('tells a receptionist that only administrators change the settings', async () => {
    renderSettings('de', customer({ roles: ['customer', 'reception'] }));
    expect(await screen.findByText('Nur Administratoren ändern die Einstellungen.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByText(/Geheimnisse/)).toBeNull();
  });
});

describe('the guesthouse’s details', () => {
  /** The PUTs of the guesthouse's details: each body, and whether it came with `X-Requested-With: XMLHttpRequest`. */
  const puts = (guesthouse: ReturnType<typeof renderSettings>['guesthouse']) =>
    guesthouse.requests.filter((request) => request.method === 'PUT').map(({ body, marker }) => ({ body, marker }));
  const group = (within_: HTMLElement, name: string) => within(within_).getByRole('group', { name });
  /** The input of a language in a group of texts (`Country`, a phone's `Label`). */
  const text = (scope: HTMLElement, legend: string, language: string) => within(group(scope, legend)).getByLabelText<HTMLInputElement>(language);

  it('comes first, shows the details as the server has them and saves them whole, with the marker', async () => {
    const { guesthouse, user } = renderSettings('en_GB', adminMe());
    const form = await screen.findByRole('form', { name: 'Guesthouse' });
    const section = form.closest('section')!;
    expect(screen.getAllByRole('heading', { level: 2 })[0]?.textContent).toBe('Guesthouse');
    // Not changed since the demo values: no "last changed" line.
    expect(within(section).queryByText(/Last changed/)).toBeNull();

    expect(value(form, 'Name')).toBe('Pensjonat Spa & Wellness');
    const address = group(form, 'Address');
    expect(value(address, 'Street and number')).toBe('ul. Jeziorna 12');
    expect(value(address, 'Postcode')).toBe('69-220');
    expect(value(address, 'Town')).toBe('Ośno Lubuskie');
    expect([text(address, 'Country', 'Polish').value, text(address, 'Country', 'German').value, text(address, 'Country', 'English').value]).toEqual([
      'Polska',
      'Polen',
      'Poland',
    ]);
    const phones = group(form, 'Phones');
    expect(within(phones).getAllByRole('group', { name: /^Phone \d$/ })).toHaveLength(3);
    const first = group(phones, 'Phone 1');
    expect(text(first, 'Label', 'Polish').value).toBe('Recepcja');
    expect(text(first, 'Label', 'English').value).toBe('Reception');
    expect(value(first, 'Number')).toBe('+48 95 757 20 10');
    const reception = group(form, 'Reception');
    expect(value(reception, 'E-mail')).toBe('recepcja@pensjonat-spa.example');
    const receptionHours = group(reception, 'Hours 1');
    expect(text(receptionHours, 'Days', 'Polish').value).toBe('Codziennie');
    const opens = within(receptionHours).getByLabelText<HTMLInputElement>('From');
    expect([opens.type, opens.value, value(receptionHours, 'To')]).toEqual(['time', '07:00', '22:00']);
    expect(text(reception, 'Note', 'German').value).toBe('Check-in ab 15:00 Uhr, Check-out bis 11:00 Uhr.');
    const office = group(form, 'Office');
    expect(value(office, 'Phone (optional)')).toBe('+48 95 757 20 12');
    expect(value(office, 'E-mail (optional)')).toBe('biuro@pensjonat-spa.example');
    expect(within(office).getAllByRole('group', { name: /^Hours \d$/ })).toHaveLength(2);
    const latitude = within(group(form, 'Position on the map')).getByLabelText<HTMLInputElement>('Latitude');
    expect([latitude.type, latitude.step, latitude.value, value(form, 'Longitude')]).toEqual(['number', 'any', '52.46', '14.86']);
    // Every text there in every language: nothing is said missing.
    expect(within(form).queryByText(/missing/)).toBeNull();

    // A German text cleared: the form says its guests see the Polish one.
    await user.clear(text(address, 'Country', 'German'));
    expect(within(form).getByText('Some texts are missing in German: guests in these languages see the Polish ones there.')).toBeTruthy();
    expect(described(text(address, 'Country', 'German'))).toEqual(['missing Guests in this language see the Polish text.']);
    expect(described(text(address, 'Country', 'English'))).toEqual([]);

    const name = within(form).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, '  Pensjonat Pod Lipami ');
    await user.click(within(form).getByRole('button', { name: 'Save the guesthouse details' }));
    const saved = await within(section).findByText('Guesthouse details saved.');
    expect(saved.closest('[role="status"]')).toBeTruthy();
    const details = guesthouseDetails();
    expect(puts(guesthouse)).toEqual([{ marker: true, body: { ...details, name: 'Pensjonat Pod Lipami', country: { ...details.country, de: '' } } }]);
    expect(name).toHaveProperty('value', 'Pensjonat Pod Lipami');
    expect(within(section).getByText(/^Last changed 03\.05\.2027 \d\d:\d\d by admin@example\.pl\.$/)).toBeTruthy();
  });

  it('names a broken rule at its field without sending anything', async () => {
    const { guesthouse, user } = renderSettings('pl', adminMe());
    const form = await screen.findByRole('form', { name: 'Pensjonat' });
    const number = within(group(form, 'Telefon 1')).getByLabelText('Numer');
    await user.clear(number);
    await user.type(number, '12 34');
    await user.click(within(form).getByRole('button', { name: 'Zapisz dane pensjonatu' }));
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(described(number)).toContain('Od 7 do 30 znaków: cyfry, na początku może być +, a także spacje, -, (, ), . lub /, np. +48 95 757 20 10.');
    expect(document.activeElement).toBe(number);
    expect(puts(guesthouse)).toEqual([]);

    // Hours that close before they open, a reception without an e-mail address: said at their fields too.
    const hours = group(group(form, 'Recepcja'), 'Godziny 1');
    const to = within(hours).getByLabelText('Do');
    await user.clear(to);
    await user.type(to, '06:00');
    const email = within(group(form, 'Recepcja')).getByLabelText('E-mail');
    await user.clear(email);
    await user.click(within(form).getByRole('button', { name: 'Zapisz dane pensjonatu' }));
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(described(to)).toContain('Godzina zamknięcia musi być późniejsza niż otwarcia.');
    expect(described(email)).toContain('Podaj adres e-mail recepcji.');
    expect(document.activeElement).toBe(number);
    expect(puts(guesthouse)).toEqual([]);
  });

  it('shows a field the server refused at its input', async () => {
    const { guesthouse, user } = renderSettings('de', adminMe());
    const form = await screen.findByRole('form', { name: 'Pension' });
    server.use(
      http.put(apiPath('/backend/settings/guesthouse'), () =>
        invalid('phones[0].number', 'Diese Nummer ist nicht erreichbar.'),
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Angaben zur Pension speichern' }));
    const number = within(group(form, 'Telefon 1')).getByLabelText('Nummer');
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(described(number)).toContain('Diese Nummer ist nicht erreichbar.');
    expect(document.activeElement).toBe(number);
    expect(within(group(form, 'Telefon 2')).getByLabelText('Nummer').getAttribute('aria-invalid')).toBeNull();
    expect(within(form.closest('section')!).queryByText('Angaben zur Pension gespeichert.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // The page says it itself: no notification besides.
    expect(notifications.getSnapshot()).toEqual([]);
    expect(guesthouse.requests.filter((request) => request.method === 'PUT')).toEqual([]);

    // Typed again, the field's error goes.
    await user.type(number, '1');
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBeNull());
  });

  it('adds and removes phones, the keyboard following', async () => {
    const { guesthouse, user } = renderSettings('en_GB', adminMe());
    const form = await screen.findByRole('form', { name: 'Guesthouse' });
    const phones = group(form, 'Phones');
    const add = within(phones).getByRole('button', { name: 'Add a phone' });

    await user.click(add);
    const fourth = group(phones, 'Phone 4');
    expect(document.activeElement).toBe(text(fourth, 'Label', 'Polish'));
    await user.type(text(fourth, 'Label', 'Polish'), 'Basen');
    await user.type(within(fourth).getByLabelText('Number'), '+48 600 000 000');
    // A label given in Polish only: its other languages are said missing.
    expect(within(form).getByText('Some texts are missing in German, English: guests in these languages see the Polish ones there.')).toBeTruthy();

    await user.click(within(phones).getByRole('button', { name: 'Remove: Phone 2' }));
    expect(within(phones).getAllByRole('group', { name: /^Phone \d$/ })).toHaveLength(3);
    const second = group(phones, 'Phone 2');
    expect(text(second, 'Label', 'Polish').value).toBe('Strefa spa');
    expect(document.activeElement).toBe(text(second, 'Label', 'Polish'));
    expect(screen.getByText('Phone 2 removed.')).toBeTruthy();

    // Six at most: then none is added.
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(within(phones).getAllByRole('group', { name: /^Phone \d$/ })).toHaveLength(6);
    expect(add).toHaveProperty('disabled', true);
    expect(within(phones).getByText('At most 6 phones.')).toBeTruthy();
    for (const row of [6, 5, 4]) await user.click(within(phones).getByRole('button', { name: `Remove: Phone ${row}` }));
    // The last row removed: the keyboard goes back up to the row before it.
    expect(document.activeElement).toBe(text(group(phones, 'Phone 3'), 'Label', 'Polish'));

    await user.click(within(phones).getByRole('button', { name: 'Remove: Phone 3' }));
    await user.click(within(phones).getByRole('button', { name: 'Remove: Phone 2' }));
    await user.click(within(phones).getByRole('button', { name: 'Remove: Phone 1' }));
    // None left: the keyboard is on the button adding one.
    expect(within(phones).queryAllByRole('group', { name: /^Phone \d$/ })).toEqual([]);
    expect(within(phones).getByText('No phone given.')).toBeTruthy();
    expect(document.activeElement).toBe(add);
    await user.click(add);
    const only = group(phones, 'Phone 1');
    await user.type(text(only, 'Label', 'Polish'), 'Basen');
    await user.type(text(only, 'Label', 'German'), 'Schwimmbad');
    await user.type(text(only, 'Label', 'English'), 'Pool');
    await user.type(within(only).getByLabelText('Number'), '+48 600 000 000');

    await user.click(within(form).getByRole('button', { name: 'Save the guesthouse details' }));
    expect(await within(form.closest('section')!).findByText('Guesthouse details saved.')).toBeTruthy();
    expect(puts(guesthouse).map(({ body }) => (body as { phones: unknown }).phones)).toEqual([
      [{ label: { pl: 'Basen', de: 'Schwimmbad', en_GB: 'Pool' }, number: '+48 600 000 000' }],
    ]);
  });
});

describe('the home page’s banner', () => {
  it('lists the slides by their headings, removes one after a confirmation and adds one, opened in the block editor', async () => {
    const { content, user } = renderSettings('en_GB', adminMe());
    const section = (await screen.findByRole('heading', { level: 2, name: 'Home page' })).closest('section')!;
    const names = () => within(section).queryAllByRole('listitem').map((item) => item.firstChild?.textContent);
    await waitFor(() => expect(names()).toEqual(['Stay packages', 'Rooms with a lake view', 'Day spa for two', 'A voucher as a gift']));
    expect(within(section).getByRole('link', { name: 'Edit the welcome text' }).getAttribute('href')).toBe('/backend/block/edit/home-welcome?locale=en_GB');

    // Removing asks first; "keep it" takes nothing away.
    await user.click(within(section).getByRole('button', { name: 'Remove the slide “Rooms with a lake view”' }));
    await user.click(within(section).getByRole('button', { name: 'Keep it' }));
    expect(content.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'Remove the slide “Rooms with a lake view”' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, remove “Rooms with a lake view” in every language' }));
    expect(await within(section).findByText('The slide “Rooms with a lake view” is off the home page.')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Stay packages', 'Day spa for two', 'A voucher as a gift']));
    const removed = content.requests.filter((r) => r.method === 'DELETE');
    expect(removed.map((r) => [r.path, r.marker])).toEqual([['/backend/slides/home-slide-rooms', true]]);

    // A new slide starts with a heading and a line, and opens in the editor.
    await user.click(within(section).getByRole('button', { name: 'Add a slide' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit a block' })).toBeTruthy();
    const posted = content.requests.filter((r) => r.method === 'POST' && r.path === '/backend/slides');
    expect(posted.map((r) => [r.body, r.marker, r.query.locale])).toEqual([
      [{ content: '<h2>New slide</h2><p>Write a short text here and link to an offer.</p>' }, true, 'en_GB'],
    ]);
  });

  it('says why a slide could not be added', async () => {
    const { user } = renderSettings('pl', adminMe());
    server.use(http.post(apiPath('/backend/slides'), () => HttpResponse.json({ code: 'too_many_slides', message: 'Baner ma już 12 slajdów.' }, { status: 409 })));
    const section = (await screen.findByRole('heading', { level: 2, name: 'Strona główna' })).closest('section')!;
    await user.click(await within(section).findByRole('button', { name: 'Dodaj slajd' }));
    expect(await within(section).findByText('Baner ma już 12 slajdów.')).toBeTruthy();
  });
});

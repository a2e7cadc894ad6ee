import { randomUUID } from 'node:crypto';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { addDays, daysFromToday } from './helpers/dates';
import { linkInMail, urlInMail } from './helpers/mail-db';
import { messages, type E2eLocale } from './helpers/messages';
import { clearCookiesButVotePopup } from './helpers/vote-popup';

/**
 * Customers' accounts against the real stack: registration, logout and
 * login from the header, the profile in two languages; the e-mail links
 * (address confirmation, password reset) read from the e-mails the stack
 * wrote (`helpers/mail-db.ts`). Every test registers its own customer (a
 * random address), so the suite can run again on the same stack.
 */

const pl = messages('pl');
const en = messages('en_GB');

const newCustomer = () => ({
  email: `e2e-${randomUUID()}@example.pl`,
  firstName: 'Ola',
  lastName: `Testowa-${randomUUID().slice(0, 6)}`,
  password: `sekretne hasło ${randomUUID().slice(0, 8)}`,
});
type NewCustomer = ReturnType<typeof newCustomer>;

const header = (page: Page) => page.getByRole('banner');
const toasts = (page: Page, t = pl) => page.getByRole('region', { name: t('notifications.label') });
const nameLink = (page: Page, who: NewCustomer, t = pl) =>
  header(page).getByRole('link', { name: `${t('nav.account')}: ${who.firstName} ${who.lastName}` });

/** Registers through the API (the tests of the e-mail links need a customer, not the form). */
async function registerByApi(request: APIRequestContext, who: NewCustomer, locale: E2eLocale = 'pl') {
  const response = await request.post(`/shop-api/register?channel=web_pl&locale=${locale}`, { data: who });
  expect(response.status()).toBe(201);
}

async function logIn(page: Page, who: Pick<NewCustomer, 'email' | 'password'>) {
  await page.getByLabel(pl('account.field.email'), { exact: true }).fill(who.email);
  await page.getByLabel(pl('account.field.password'), { exact: true }).fill(who.password);
  await page.getByRole('button', { name: pl('account.login.submit') }).click();
}

test('register, log out and log in again: the profile and the header name the customer', async ({ page }) => {
  const who = newCustomer();

  // Registration, from the page of the route table (spec 2.1).
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: pl('account.register.title') })).toBeVisible();
  await expect(header(page).getByRole('link', { name: pl('nav.login') })).toBeVisible();
  await page.getByLabel(pl('account.field.firstName'), { exact: true }).fill(who.firstName);
  await page.getByLabel(pl('account.field.lastName'), { exact: true }).fill(who.lastName);
  await page.getByLabel(pl('account.field.email'), { exact: true }).fill(who.email);
  await page.getByLabel(pl('account.field.password'), { exact: true }).fill('krótkie');
  await page.getByRole('button', { name: pl('account.register.submit') }).click();
  // The rule beside the password, the terms beside their box; nothing sent.
  await expect(page.getByText(pl('account.error.passwordLength'))).toBeVisible();
  await expect(page.getByText(pl('account.error.terms'))).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await page.getByLabel(pl('account.field.password'), { exact: true }).fill(who.password);
  await page.getByLabel(pl('account.field.terms'), { exact: true }).check();
  await page.getByRole('button', { name: pl('account.register.submit') }).click();

  // Logged in at once: the profile, the name in the header.
  await expect(page).toHaveURL(/\/profil$/);
  await expect(toasts(page)).toContainText(pl('account.register.success', { email: who.email }));
  await expect(page.getByRole('heading', { level: 1, name: pl('account.profile.title') })).toBeVisible();
  await expect(page.getByText(pl('account.profile.greeting', { name: who.firstName }))).toBeVisible();
  await expect(page.getByRole('region', { name: pl('account.profile.details') })).toContainText(who.email);
  await expect(page.getByText(pl('account.profile.bookingsEmpty'))).toBeVisible();
  await expect(nameLink(page, who)).toHaveAttribute('href', '/profil');
  await expectNoSeriousA11yIssues(page);

  // Logout: home, and "log in" in the header again.
  await page.getByRole('button', { name: pl('account.profile.logout') }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('link', { name: pl('nav.login') })).toBeVisible();
  await page.goto('/profil');
  await expect(page.getByText(pl('account.profile.loginPrompt'))).toBeVisible();

  // A wrong password is said above the form; the right one logs in.
  await page.goto('/');
  await header(page).getByRole('link', { name: pl('nav.login') }).click();
  await expect(page).toHaveURL(/\/logowanie$/);
  await logIn(page, { email: who.email, password: 'nie to hasło 123' });
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/logowanie$/);
  await expectNoSeriousA11yIssues(page);
  await logIn(page, who);
  await expect(page).toHaveURL(/\/profil$/);
  await expect(toasts(page)).toContainText(pl('account.login.success'));
  await expect(page.getByText(pl('account.profile.greeting', { name: who.firstName }))).toBeVisible();
  await expect(nameLink(page, who)).toBeVisible();

  // The same session in English.
  await page.goto('/en/profile');
  await expect(page.getByRole('heading', { level: 1, name: en('account.profile.title') })).toBeVisible();
  await expect(page.getByText(en('account.profile.greeting', { name: who.firstName }))).toBeVisible();
  await expect(nameLink(page, who, en)).toHaveAttribute('href', '/en/profile');

  // A changed name is the header's too.
  await page.getByLabel(en('account.field.firstName'), { exact: true }).fill('Aleksandra');
  await page.getByRole('button', { name: en('account.profile.save') }).click();
  await expect(toasts(page, en)).toContainText(en('account.profile.saved'));
  await expect(nameLink(page, { ...who, firstName: 'Aleksandra' }, en)).toBeVisible();
});

test('the basket login step offers registration, a guest booking and the login form', async ({ page }) => {
  const who = newCustomer();
  await registerByApi(page.request, who);
  // The registration logged this browser in: start logged out.
  await clearCookiesButVotePopup(page.context());
  // Something in the basket, so the personal data step the login leads to
  // stays open (an empty basket sends the visitor on to its items).
  const token = randomUUID().replace(/-/g, '');
  const q = 'channel=web_pl&locale=en_GB';
  expect((await page.request.post(`/shop-api/carts/${token}?${q}`, { data: { locale: 'en_GB' } })).ok()).toBe(true);
  const voucher = { type: 'voucher', productCode: 'VC_AMOUNT', options: { priceOption: 0 } };
  expect((await page.request.post(`/shop-api/carts/${token}/items?${q}`, { data: voucher })).ok()).toBe(true);
  const basket = JSON.stringify({ tokenValue: token, items: [], billingAddress: null, checkoutState: 'cart' });
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    ['spa.basket', basket] as const,
  );

  await page.goto('/en/basket/login');
  await expect(page.getByRole('heading', { level: 1, name: en('basket.steps.login') })).toBeVisible();
  const newCustomerPart = page.getByRole('region', { name: en('account.checkout.newCustomer') });
  await expect(newCustomerPart.getByRole('link', { name: en('account.checkout.register') })).toHaveAttribute(
    'href',
    '/en/basket/personal?account=register',
  );
  await expect(newCustomerPart.getByRole('link', { name: en('account.checkout.guest') })).toHaveAttribute(
    'href',
    '/en/basket/personal?account=guest',
  );
  // No social login is configured.
  await expect(page.getByText(en('account.social.label'))).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);

  const returning = page.getByRole('region', { name: en('account.checkout.returning') });
  await returning.getByLabel(en('account.field.email'), { exact: true }).fill(who.email);
  await returning.getByLabel(en('account.field.password'), { exact: true }).fill(who.password);
  await returning.getByRole('button', { name: en('account.login.submit') }).click();
  await expect(page).toHaveURL(/\/en\/basket\/personal$/);
  await expect(toasts(page, en)).toContainText(en('account.login.success'));
});

test('the confirmation e-mail’s link confirms the address once, then offers a new link', async ({ page }) => {
  const who = newCustomer();
  await registerByApi(page.request, who);
  const link = await linkInMail(who.email, '/verify-account/');

  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page)).toContainText(pl('account.verify.verified'));

  // Used: the home page says so and sends a new one.
  await page.goto(link);
  const resend = page.getByRole('region', { name: pl('account.verify.resendTitle') });
  await expect(resend).toContainText(pl('account.verify.expired'));
  await resend.getByLabel(pl('account.field.email'), { exact: true }).fill(who.email);
  await resend.getByRole('button', { name: pl('account.verify.resend') }).click();
  await expect(resend.getByRole('status')).toHaveText(pl('account.verify.sent'));
  await expectNoSeriousA11yIssues(page);
});

for (const { locale, lang, home } of [
  { locale: 'en_GB', lang: 'en-GB', home: /^http:\/\/localhost:\d+\/en$/ },
  { locale: 'de', lang: 'de', home: /^http:\/\/de\.localhost:\d+\/$/ },
] as const) {
  test(`the confirmation e-mail’s link opens the shop in the e-mail’s language (${locale})`, async ({ page }) => {
    const t = messages(locale);
    const who = newCustomer();
    await registerByApi(page.request, who, locale);
    const link = await urlInMail(who.email, '/verify-account/');
    expect(link).toMatch(locale === 'de' ? /^http:\/\/de\.localhost:\d+\/verify-account\// : /\/en\/verify-account\//);
    await page.goto(link);
    await expect(page).toHaveURL(home);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(toasts(page, t)).toContainText(t('account.verify.verified'));
  });
}

test('a forgotten password is reset through the e-mail’s link', async ({ page }) => {
  const who = newCustomer();
  await registerByApi(page.request, who);
  await clearCookiesButVotePopup(page.context());

  await page.goto('/logowanie');
  await page.getByRole('link', { name: pl('account.login.forgot') }).click();
  await expect(page).toHaveURL(/\/nie-pamietam-hasla$/);
  await page.getByLabel(pl('account.field.email'), { exact: true }).fill(who.email);
  await page.getByRole('button', { name: pl('account.forgot.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: pl('account.forgot.sent') })).toBeVisible();

  const link = await linkInMail(who.email, '/reset-password/');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: pl('account.reset.title') })).toBeVisible();
  const fresh = `całkiem nowe hasło ${randomUUID().slice(0, 6)}`;
  await page.getByLabel(pl('account.field.newPassword'), { exact: true }).fill(fresh);
  await page.getByRole('button', { name: pl('account.reset.submit') }).click();
  await expect(page).toHaveURL(/\/logowanie$/);
  await expect(toasts(page)).toContainText(pl('account.reset.done'));

  await logIn(page, { email: who.email, password: fresh });
  await expect(page).toHaveURL(/\/profil$/);

  // The link works once.
  await page.goto(link);
  await page.getByLabel(pl('account.field.newPassword'), { exact: true }).fill(`${fresh} 2`);
  await page.getByRole('button', { name: pl('account.reset.submit') }).click();
  await expect(page.getByRole('alert')).toContainText(pl('account.reset.invalidLink'));
});

test('a customer registers, confirms the e-mail, books, finds the booking in the profile and logs out', async ({ page }) => {
  test.setTimeout(120_000);
  const who = newCustomer();

  // Registration, then the confirmation link from the e-mail.
  await page.goto('/register');
  await page.getByLabel(pl('account.field.firstName'), { exact: true }).fill(who.firstName);
  await page.getByLabel(pl('account.field.lastName'), { exact: true }).fill(who.lastName);
  await page.getByLabel(pl('account.field.email'), { exact: true }).fill(who.email);
  await page.getByLabel(pl('account.field.password'), { exact: true }).fill(who.password);
  await page.getByLabel(pl('account.field.terms'), { exact: true }).check();
  await page.getByRole('button', { name: pl('account.register.submit') }).click();
  await expect(page).toHaveURL(/\/profil$/);
  await page.goto(await linkInMail(who.email, '/verify-account/'));
  await expect(toasts(page)).toContainText(pl('account.verify.verified'));

  // A stay, booked while logged in: the login step lets the customer on.
  const checkIn = daysFromToday(120 + Math.floor(Math.random() * 200));
  await page.goto(`/reservation/rooms?dateFrom=${checkIn}&dateTo=${addDays(checkIn, 2)}&adults=2&children=0&babies=0`);
  const room = page.getByTestId('room-result').first();
  const roomName = (await room.getByRole('heading', { level: 2 }).innerText()).trim();
  await room.getByRole('button', { name: pl('rooms.reserveLabel', { name: roomName }) }).click();
  await expect(page).toHaveURL(/\/basket\/suggestion\?variantCode=/);
  await page.goto('/basket/items');
  await page.getByRole('link', { name: pl('basket.items.next') }).click();
  await expect(page).toHaveURL(/\/basket\/login$/);
  await expect(page.getByText(pl('account.login.loggedInAs', { name: `${who.firstName} ${who.lastName}` }))).toBeVisible();
  await page.getByRole('link', { name: pl('account.checkout.continue') }).click();

  // The personal data come from the account; the phone and regulations are the guest's to give.
  await expect(page).toHaveURL(/\/basket\/personal/);
  await expect(page.getByLabel(pl('checkout.field.email'), { exact: false }).first()).toHaveValue(who.email);
  await expect(page.getByLabel(pl('checkout.field.firstName'), { exact: false }).first()).toHaveValue(who.firstName);
  await page.getByLabel(pl('checkout.field.phone'), { exact: false }).first().fill('+48 600 100 200');
  await page.getByRole('checkbox', { name: pl('checkout.personal.regulations') }).check();
  await page.getByRole('button', { name: pl('checkout.continue') }).click();
  await expect(page).toHaveURL(/\/basket\/payment$/);
  await page.getByRole('group', { name: pl('checkout.payment.method') }).getByRole('radio', { name: 'Przelew bankowy' }).check();
  await page.getByRole('button', { name: pl('checkout.payment.submit') }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f]{32}\/pay$/);
  const code = (await page.getByText(/SPA-[0-9A-Z]{4}-[0-9A-Z]{4}/).first().innerText()).match(/SPA-[0-9A-Z]{4}-[0-9A-Z]{4}/)?.[0];
  expect(code).toBeTruthy();

  // The profile lists the booking with its code and the room's stay.
  await page.goto('/profil');
  const booking = page.getByRole('article', { name: pl('account.bookings.code', { code: code! }) });
  await expect(booking).toBeVisible();
  await expect(booking).toContainText(roomName);
  await expect(booking.getByRole('link', { name: pl('account.bookings.open', { code: code! }) })).toHaveAttribute('href', /\/order\/[0-9a-f]{32}\/pay$/);
  await expectNoSeriousA11yIssues(page);

  // Logout: the profile is closed to the browser again.
  await page.getByRole('button', { name: pl('account.profile.logout') }).click();
  await expect(header(page).getByRole('link', { name: pl('nav.login') })).toBeVisible();
  const me = await page.request.get('/shop-api/me');
  expect(me.status()).toBe(204);
});

import { randomInt, randomUUID } from 'node:crypto';

import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { addDays, daysFromToday } from './helpers/dates';
import { messages } from './helpers/messages';
import { linkInMail, mailsTo } from './helpers/mail-db';
import { bookByTransfer } from './helpers/orders';

/**
 * The front desk against the real stack: guests' bank-transfer orders
 * (placed through the shop's API, `helpers/orders.ts`); the administrator
 * of playwright.config.ts logs in, records a part payment then the rest,
 * and cancels another booking, whose night is then free on the board and
 * whose guest gets the cancellation e-mail; a guest cancels an unpaid
 * booking from its page.
 */

const pl = messages('pl');
const admin = { email: 'recepcja@example.pl', password: 'hasło recepcji e2e 2026' };

/** From a back-office page's login link: the administrator logs in and comes back. */
async function logIn(page: Page) {
  await page.getByRole('main').getByRole('link', { name: pl('staff.login') }).click();
  await page.getByLabel(pl('account.field.email'), { exact: true }).fill(admin.email);
  await page.getByLabel(pl('account.field.password'), { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: pl('account.login.submit') }).click();
}

test('the front desk takes a part payment then the rest, and cancels another booking whose nights go back on sale', async ({
  page,
  request,
}) => {
  // Dates of this run only: a rerun on the same stack finds them unsold.
  const checkIn = daysFromToday(200 + randomInt(0, 60));
  const checkOut = addDays(checkIn, 2);
  const order = await bookByTransfer(request, 'ROOM_STANDARD_DOUBLE', checkIn, checkOut, { locale: 'pl' });
  const other = await bookByTransfer(request, 'ROOM_STANDARD_DOUBLE', checkIn, checkOut, { locale: 'pl' });
  const desk = `/backend/orders?code=${order.bookingCode}`;

  // Not logged in: the desk leads to the login, which comes back to it.
  await page.goto(desk);
  await expect(page.getByText(pl('staff.loginNeeded'))).toBeVisible();
  await logIn(page);
  await expect(page).toHaveURL(new RegExp(`/backend/orders\\?code=${order.bookingCode}$`));

  // The order, awaiting its payment, with what is open filled in.
  await expect(page.getByRole('heading', { name: pl('staff.order.heading', { code: order.bookingCode }) })).toBeVisible();
  await expect(page.getByText(pl('staff.payment.awaiting_payment'), { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: pl('staff.money.formHeading') });
  const amount = form.getByLabel(pl('staff.money.amount'));
  const zloty = (grosze: number) => `${Math.floor(grosze / 100)},${String(grosze % 100).padStart(2, '0')}`;
  await expect(amount).toHaveValue(zloty(order.dueNow));
  // Below it, the payments to give back: none came for nothing on this stack.
  await expect(page.getByRole('heading', { level: 2, name: pl('staff.refunds.heading') })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // A part in cash: partly paid, the rest prefilled.
  await amount.fill('100,00');
  await form.getByLabel(pl('staff.money.method')).selectOption('cash');
  await form.getByLabel(pl('staff.money.reference')).fill('KP/1/2026');
  await form.getByRole('button', { name: pl('staff.money.submit') }).click();
  await expect(page.getByText(pl('staff.payment.partially_paid'), { exact: true })).toBeVisible();
  await expect(amount).toHaveValue(zloty(order.dueNow - 10000));
  // The rest by card: paid in full, both records kept with who recorded them.
  await form.getByLabel(pl('staff.money.method')).selectOption('card_terminal');
  await form.getByLabel(pl('staff.money.reference')).fill('TERM 0042');
  await form.getByRole('button', { name: pl('staff.money.submit') }).click();
  await expect(page.getByText(pl('staff.payment.paid'), { exact: true })).toBeVisible();
  const payments = page.getByRole('table', { name: pl('staff.money.heading') });
  await expect(payments.getByRole('row')).toHaveCount(3);
  await expect(payments).toContainText(admin.email);
  await expect(page.getByRole('region', { name: pl('staff.history.heading') }).getByRole('listitem')).toHaveCount(3);
  await expectNoSeriousA11yIssues(page);

  // The guest's order page says the payment arrived.
  await page.goto(`/order/${order.tokenValue}/pay`);
  await expect(page.getByRole('status')).toContainText('płatność dotarła');

  // Another booking cancelled: the quote first, then its nights on sale again.
  const board = async () => {
    const answer = await page.request.get(`/shop-api/backend/board?from=${checkIn}&days=1&locale=pl`);
    expect(answer.ok()).toBe(true);
    const rooms = ((await answer.json()) as { rooms: { code: string; nights: { free: number }[] }[] }).rooms;
    return rooms.find((room) => room.code === 'ROOM_STANDARD_DOUBLE')?.nights[0]?.free ?? -1;
  };
  const freeBefore = await board();
  await page.goto(`/backend/orders?code=${other.bookingCode}`);
  await page.getByRole('button', { name: pl('staff.cancel.open') }).click();
  const cancel = page.getByRole('form', { name: pl('staff.cancel.heading') });
  await expect(cancel.getByText(pl('staff.cancel.refund'), { exact: true })).toBeVisible();
  await cancel.getByRole('button', { name: pl('staff.cancel.confirm') }).click();
  await expect(page.getByText(pl('staff.cancel.done', { code: other.bookingCode }), { exact: true })).toBeVisible();
  await expect(page.getByText(pl('staff.state.cancelled'), { exact: true })).toBeVisible();
  expect(await board()).toBe(freeBefore + 1);
  await expect
    .poll(() => mailsTo('ewa@example.pl').filter((mail) => mail.subject === `Rezerwacja anulowana – ${other.bookingCode}`).length)
    .toBe(1);
});

test('the front desk moves a booking a day later: priced first, its nights follow it, the guest gets the updated confirmation', async ({
  page,
  request,
}) => {
  const checkIn = daysFromToday(200 + randomInt(0, 60));
  const checkOut = addDays(checkIn, 2);
  const order = await bookByTransfer(request, 'ROOM_STANDARD_DOUBLE', checkIn, checkOut, { locale: 'pl' });
  const free = async (night: string) => {
    const answer = await page.request.get(`/shop-api/backend/board?from=${night}&days=1&locale=pl`);
    expect(answer.ok()).toBe(true);
    const rooms = ((await answer.json()) as { rooms: { code: string; nights: { free: number }[] }[] }).rooms;
    return rooms.find((room) => room.code === 'ROOM_STANDARD_DOUBLE')?.nights[0]?.free ?? -1;
  };
  await page.goto(`/backend/orders?code=${order.bookingCode}`);
  await logIn(page);
  await expect(page.getByRole('heading', { name: pl('staff.order.heading', { code: order.bookingCode }) })).toBeVisible();
  const [firstBefore, newBefore] = [await free(checkIn), await free(checkOut)];

  await page.getByRole('button', { name: /^Zmień pobyt w:/ }).click();
  const form = page.getByRole('form', { name: /^Zmiana pobytu w:/ });
  await form.getByLabel(pl('staff.stay.checkOut')).fill(addDays(checkOut, 1));
  await form.getByLabel(pl('staff.stay.checkIn')).fill(addDays(checkIn, 1));
  await form.getByRole('button', { name: pl('staff.stay.check') }).click();
  await expect(form.getByText(pl('staff.quote.difference'), { exact: true })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await form.getByRole('button', { name: pl('staff.stay.confirm') }).click();
  await expect(page.getByText(pl('staff.stay.done', { code: order.bookingCode }), { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: pl('staff.history.heading') })).toContainText(pl('staff.change.stay_changed'));
  // The first night is for sale again; the new last night is taken.
  expect([await free(checkIn), await free(checkOut)]).toEqual([firstBefore + 1, newBefore - 1]);
  await expect
    .poll(() => mailsTo('ewa@example.pl').filter((mail) => mail.subject === `Zmiana rezerwacji ${order.bookingCode}`).length)
    .toBe(1);
});

test('the front desk books a stay for a guest on the phone, to be paid at the guesthouse', async ({ page }) => {
  test.setTimeout(90_000);
  const checkIn = daysFromToday(200 + randomInt(0, 60));
  const checkOut = addDays(checkIn, 2);
  const guestEmail = `telefon.${randomUUID().slice(0, 8)}@example.pl`;
  await page.goto('/backend/board');
  await logIn(page);
  // Logged in and back on the board: the session is there before the shop is opened.
  await expect(page).toHaveURL(/\/backend\/board$/);
  await expect(page.getByRole('heading', { level: 1, name: pl('staff.board.title') })).toBeVisible();

  // The shop's own search and basket, as a guest would use them.
  await page.goto(`/reservation/rooms?dateFrom=${checkIn}&dateTo=${checkOut}&adults=2&children=0&babies=0`);
  const room = page.getByTestId('room-result').first();
  const roomName = (await room.getByRole('heading', { level: 2 }).innerText()).trim();
  await room.getByRole('button', { name: pl('rooms.reserveLabel', { name: roomName }) }).click();
  await expect(page).toHaveURL(/\/basket\/suggestion/);
  await page.goto('/basket/items');
  await page.getByRole('link', { name: pl('basket.items.next') }).click();
  await expect(page.getByText(pl('account.checkout.forGuest'))).toBeVisible();
  await page.getByRole('link', { name: pl('account.checkout.continue') }).click();
  await expect(page).toHaveURL(/\/basket\/personal/);

  // The guest's details, not the receptionist's: the form starts empty.
  await expect(page.getByText(pl('checkout.personal.forGuest'))).toBeVisible();
  const field = (key: string) => page.getByLabel(pl(key), { exact: false }).first();
  await expect(field('checkout.field.email')).toHaveValue('');
  await field('checkout.field.firstName').fill('Zofia');
  await field('checkout.field.lastName').fill('Telefoniczna');
  await field('checkout.field.email').fill(guestEmail);
  await field('checkout.field.phone').fill('+48 601 200 300');
  await page.getByRole('checkbox', { name: pl('checkout.personal.regulations') }).check();
  await page.getByRole('button', { name: pl('checkout.continue') }).click();
  await expect(page).toHaveURL(/\/basket\/payment/);
  const methods = page.getByRole('group', { name: pl('checkout.payment.method') });
  await methods.getByRole('radio', { name: 'Płatność na miejscu, w pensjonacie' }).check();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: pl('checkout.payment.submit') }).click();

  // The order's page says where it is paid; the guest gets the confirmation.
  await expect(page).toHaveURL(/\/order\/[0-9a-f]{32}\/pay$/);
  await expect(page.getByRole('status')).toContainText('Zapłacisz na miejscu');
  const code = (await page.getByText(/SPA-[0-9A-Z]{4}-[0-9A-Z]{4}/).first().innerText()).match(/SPA-[0-9A-Z]{4}-[0-9A-Z]{4}/)?.[0] ?? '';
  await expect.poll(() => mailsTo(guestEmail).filter((mail) => mail.subject === `Twoja rezerwacja ${code}`).length).toBe(1);

  // At the desk it is the guest's booking, paid at the guesthouse.
  await page.goto(`/backend/orders?code=${code}`);
  await expect(page.getByRole('heading', { name: pl('staff.order.heading', { code }) })).toBeVisible();
  await expect(page.getByText(pl('staff.method.guesthouse'), { exact: true })).toBeVisible();
  await expect(page.getByText(guestEmail).first()).toBeVisible();
});

test('a guest cancels their unpaid booking from its page', async ({ page, request }) => {
  const checkIn = daysFromToday(200 + randomInt(0, 60));
  const order = await bookByTransfer(request, 'ROOM_STANDARD_DOUBLE', checkIn, addDays(checkIn, 2), { locale: 'pl' });
  await page.goto(`/order/${order.tokenValue}/pay`);
  await page.getByText('Anuluj tę rezerwację').click();
  await page.getByRole('button', { name: 'Anuluj rezerwację' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.tokenValue}/pay$`));
  await expect(page.getByRole('status')).toContainText('anulowana na Twoją prośbę');
  await expect(page.getByRole('button', { name: 'Anuluj rezerwację' })).toHaveCount(0);
});

test('the front desk sees a new booking held on the occupancy board, on a phone too', async ({ page, request }) => {
  const checkIn = daysFromToday(200 + randomInt(0, 60));
  const board = `/backend/board?from=${checkIn}`;
  await page.goto(board);
  await expect(page.getByText(pl('staff.board.loginNeeded'))).toBeVisible();
  await logIn(page);
  await expect(page).toHaveURL(new RegExp(`/backend/board\\?from=${checkIn}$`));

  // The double's first two nights: what awaits payment there now.
  const double = page.getByRole('row', { name: /Pokój dwuosobowy Standard/ });
  const nights = double.getByRole('cell');
  await expect(nights).toHaveCount(14);
  const awaiting = async (night: number) => {
    const words = (await nights.nth(night).locator('.sr-only').textContent()) ?? '';
    return Number(/czeka na płatność (\d+)/.exec(words)?.[1]);
  };
  const before = [await awaiting(0), await awaiting(1), await awaiting(2)];
  await expectNoSeriousA11yIssues(page);

  // A guest books two nights and pays by transfer: held until paid.
  const order = await bookByTransfer(request, 'ROOM_STANDARD_DOUBLE', checkIn, addDays(checkIn, 2), { locale: 'pl' });
  await page.reload();
  await expect(nights).toHaveCount(14);
  expect([await awaiting(0), await awaiting(1), await awaiting(2)]).toEqual([before[0]! + 1, before[1]! + 1, before[2]]);

  // The night leads to its guests, this booking among them.
  await nights.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/backend/bookings\\?from=${checkIn}&to=${checkIn}$`));
  await expect(page.getByRole('row', { name: new RegExp(order.bookingCode) })).toBeVisible();
  await page.goBack();
  await expect(nights).toHaveCount(14);

  // On a 360 px phone the board scrolls sideways inside its frame; the page does not.
  await page.setViewportSize({ width: 360, height: 740 });
  const frame = page.getByRole('region', { name: /Obłożenie od/ });
  await expect(frame).toBeVisible();
  const widths = await frame.evaluate((el) => ({ inner: el.scrollWidth, outer: el.clientWidth, page: document.documentElement.scrollWidth }));
  expect(widths.inner).toBeGreaterThan(widths.outer);
  expect(widths.page).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: pl('staff.board.next') }).click();
  await expect(page).toHaveURL(new RegExp(`/backend/board\\?from=${addDays(checkIn, 14)}$`));
});

test('the front desk finds a booking by its guest, sees it among the day’s arrivals and opens it with the guest’s details', async ({ page, request }) => {
  const checkIn = daysFromToday(200 + randomInt(0, 60));
  const order = await bookByTransfer(request, 'ROOM_STANDARD_DOUBLE', checkIn, addDays(checkIn, 2), { locale: 'pl' });

  await page.goto('/backend/bookings');
  await expect(page.getByText(pl('staff.desk.loginNeeded'))).toBeVisible();
  await logIn(page);
  await expect(page).toHaveURL(/\/backend\/bookings$/);

  // Found by part of its booking code, with the guest and what is owed.
  const search = page.getByRole('search', { name: pl('staff.bookings.search') });
  await search.getByLabel(pl('staff.bookings.q')).fill(order.bookingCode.slice(4, 9).toLowerCase());
  await search.getByRole('button', { name: pl('staff.bookings.submit') }).click();
  const row = page.getByRole('row', { name: new RegExp(order.bookingCode) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${checkIn} – ${addDays(checkIn, 2)}`);
  await expectNoSeriousA11yIssues(page);

  // The day it arrives: the guest among the arrivals.
  await page.getByRole('navigation', { name: pl('staff.nav.label') }).getByRole('link', { name: pl('staff.nav.arrivals') }).click();
  await page.getByLabel(pl('staff.day.date')).fill(checkIn);
  await expect(page).toHaveURL(new RegExp(`/backend/arrivals\\?date=${checkIn}$`));
  const arriving = page.getByRole('region', { name: /^Przyjazdy/ });
  const card = arriving.getByRole('article').filter({ has: page.getByRole('link', { name: order.bookingCode }) });
  await expect(card).toContainText(pl('staff.day.owed', { amount: '' }).trim());
  await expectNoSeriousA11yIssues(page);

  // Its order, with the guest's phone to call.
  await card.getByRole('link', { name: order.bookingCode }).click();
  await expect(page.getByRole('heading', { name: pl('staff.order.heading', { code: order.bookingCode }) })).toBeVisible();
  const guest = page.getByRole('region', { name: pl('staff.guest.heading') });
  await expect(guest.getByRole('link', { name: /\d{3}/ })).toHaveAttribute('href', /^tel:\+?\d+$/);
});

test('an administrator invites an editor, who sets a password and is refused the front desk', async ({ page, browser }) => {
  const editor = `redakcja-${randomUUID().slice(0, 8)}@example.pl`;
  await page.goto('/backend/staff');
  await logIn(page);
  await expect(page.getByRole('heading', { level: 1, name: pl('staff.team.title') })).toBeVisible();
  const invite = page.getByRole('form', { name: pl('staff.team.inviteHeading') });
  await invite.getByLabel(pl('staff.team.email')).fill(editor);
  await invite.getByLabel(pl('staff.team.role')).selectOption('editor');
  await invite.getByRole('button', { name: pl('staff.team.invite') }).click();
  await expect(page.getByText(pl('staff.team.invited', { email: editor }), { exact: true })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // In another browser: the invitation's link, a password, a login.
  const context = await browser.newContext();
  const invited = await context.newPage();
  await invited.goto(await linkInMail(editor, '/reset-password/'));
  const password = `redakcja ${randomUUID().slice(0, 8)}`;
  await invited.getByLabel(pl('account.field.newPassword'), { exact: true }).fill(password);
  await invited.getByRole('button', { name: pl('account.reset.submit') }).click();
  await expect(invited).toHaveURL(/\/logowanie$/);
  await invited.getByLabel(pl('account.field.email'), { exact: true }).fill(editor);
  await invited.getByLabel(pl('account.field.password'), { exact: true }).fill(password);
  await invited.getByRole('button', { name: pl('account.login.submit') }).click();
  await expect(invited).toHaveURL(/\/profil$/);

  // An editor: no back-office link, the server refuses the front desk (403) and the page says who may.
  await expect(invited.getByRole('link', { name: pl('nav.desk') })).toHaveCount(0);
  const refused = await invited.request.get('/shop-api/backend/arrivals?date=2027-01-04');
  expect(refused.status()).toBe(403);
  await invited.goto('/backend/arrivals');
  await expect(invited.getByRole('alert')).toContainText(pl('staff.desk.forbidden'));
  await context.close();
});

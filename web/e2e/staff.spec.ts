import { randomInt } from 'node:crypto';

import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { addDays, daysFromToday } from './helpers/dates';
import { messages } from './helpers/messages';
import { bookByTransfer } from './helpers/orders';

/**
 * The staff's order desk against the real stack: a guest's bank-transfer
 * order (placed through the shop's API, `helpers/orders.ts`), the administrator of
 * playwright.config.ts logs in, finds it by its booking code and records
 * the transfer; the guest's order page then says it is paid. The desk's
 * list of payments to give back is read from the stack too (empty there).
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

test('the staff find a guest’s order by its booking code and record the bank transfer that paid it', async ({ page, request }) => {
  // Dates of this run only: a rerun on the same stack finds them unsold.
  const checkIn = daysFromToday(200 + randomInt(0, 60));
  const order = await bookByTransfer(request, 'ROOM_STANDARD_DOUBLE', checkIn, addDays(checkIn, 2), { locale: 'pl' });
  const desk = `/backend/orders?code=${order.bookingCode}`;

  // Not logged in: the desk leads to the login, which comes back to it.
  await page.goto(desk);
  await expect(page.getByText(pl('staff.loginNeeded'))).toBeVisible();
  await logIn(page);
  await expect(page).toHaveURL(new RegExp(`/backend/orders\\?code=${order.bookingCode}$`));

  // The order, awaiting its transfer, with the amount it awaits filled in.
  await expect(page.getByRole('heading', { name: pl('staff.order.heading', { code: order.bookingCode }) })).toBeVisible();
  await expect(page.getByText(pl('staff.payment.awaiting_payment'), { exact: true })).toBeVisible();
  const amount = page.getByLabel(pl('staff.transfer.amount'));
  const zloty = `${Math.floor(order.dueNow / 100)},${String(order.dueNow % 100).padStart(2, '0')}`;
  await expect(amount).toHaveValue(zloty);
  // Below it, the payments to give back: none came for nothing on this stack.
  await expect(page.getByRole('heading', { level: 2, name: pl('staff.refunds.heading') })).toBeVisible();
  await expect(page.getByText(pl('staff.refunds.empty'))).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // A wrong amount is refused beside its field, in the server's words.
  await amount.fill('1,00');
  await page.getByLabel(pl('staff.transfer.reference')).fill(`Przelew ${order.bookingCode}`);
  await page.getByRole('button', { name: pl('staff.transfer.submit') }).click();
  await expect(page.getByText(/na którą czeka zamówienie/)).toBeVisible();

  await amount.fill(zloty);
  await page.getByRole('button', { name: pl('staff.transfer.submit') }).click();
  await expect(page.getByText(pl('staff.transfer.recorded', { code: order.bookingCode }), { exact: true })).toBeVisible();
  await expect(page.getByText(pl('staff.payment.paid'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: pl('staff.transfer.submit') })).toHaveCount(0);

  // The guest's order page says the payment arrived.
  await page.goto(`/order/${order.tokenValue}/pay`);
  await expect(page.getByRole('status')).toContainText('płatność dotarła');
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

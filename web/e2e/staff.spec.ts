import { randomUUID } from 'node:crypto';

import { expect, test, type APIRequestContext } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { addDays, daysFromToday } from './helpers/dates';
import { messages } from './helpers/messages';

/**
 * The staff's order desk against the real stack: a guest's bank-transfer
 * order (placed through the shop's API), the administrator of
 * playwright.config.ts logs in, finds it by its booking code and records
 * the transfer; the guest's order page then says it is paid.
 */

const pl = messages('pl');
const admin = { email: 'recepcja@example.pl', password: 'hasło recepcji e2e 2026' };

type Order = { bookingCode: string; dueNow: number; tokenValue: string };

/** A guest's stay, paid by bank transfer, placed through the API. */
async function transferOrder(request: APIRequestContext): Promise<Order> {
  const token = randomUUID().replace(/-/g, '');
  const q = 'channel=web_pl&locale=pl';
  // Dates of this run only: a rerun on the same stack finds them unsold.
  const checkIn = daysFromToday(200 + Math.floor(Math.random() * 60));
  const ok = async <T>(answer: Promise<{ ok(): boolean; text(): Promise<string>; json(): Promise<T> }>) => {
    const a = await answer;
    expect(a.ok(), await a.text()).toBe(true);
    return a.json();
  };
  await ok(request.post(`/shop-api/carts/${token}?${q}`, { data: { locale: 'pl' } }));
  const stay = { type: 'reservation', productCode: 'ROOM_STANDARD_DOUBLE', options: { checkIn, checkOut: addDays(checkIn, 2), adults: 2 } };
  await ok(request.post(`/shop-api/carts/${token}/items?${q}`, { data: stay }));
  const guest = {
    customer: { firstName: 'Ewa', lastName: 'Kowalska', email: 'ewa@example.pl', phone: '+48 600 200 300' },
    billingAddress: { countryCode: 'PL' },
    regulationsAccepted: true,
  };
  await ok(request.put(`/shop-api/checkout/${token}/address?${q}`, { data: guest }));
  await ok(request.put(`/shop-api/checkout/${token}/payment/0?${q}`, { data: { method: 'bank_transfer' } }));
  return ok<Order>(request.put(`/shop-api/checkout/${token}/complete?${q}`));
}

test('the staff find a guest’s order by its booking code and record the bank transfer that paid it', async ({ page, request }) => {
  const order = await transferOrder(request);
  const desk = `/backend/orders?code=${order.bookingCode}`;

  // Not logged in: the desk leads to the login, which comes back to it.
  await page.goto(desk);
  await expect(page.getByText(pl('staff.loginNeeded'))).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: pl('staff.login') }).click();
  await page.getByLabel(pl('account.field.email'), { exact: true }).fill(admin.email);
  await page.getByLabel(pl('account.field.password'), { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: pl('account.login.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/backend/orders\\?code=${order.bookingCode}$`));

  // The order, awaiting its transfer, with the amount it awaits filled in.
  await expect(page.getByRole('heading', { name: pl('staff.order.heading', { code: order.bookingCode }) })).toBeVisible();
  await expect(page.getByText(pl('staff.payment.awaiting_payment'), { exact: true })).toBeVisible();
  const amount = page.getByLabel(pl('staff.transfer.amount'));
  const zloty = `${Math.floor(order.dueNow / 100)},${String(order.dueNow % 100).padStart(2, '0')}`;
  await expect(amount).toHaveValue(zloty);
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

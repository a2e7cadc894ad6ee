import { randomInt } from 'node:crypto';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { addDays, daysFromToday } from './helpers/dates';
import { mailsTo } from './helpers/mail-db';
import { gatewayTexts, messages, money } from './helpers/messages';

/**
 * Paying online, in German, against the real stack and a local fake of
 * Przelewy24 (e2e/fakes/przelewy24.js, started by playwright.config.ts, which
 * checks auth and signs as the provider does): a guest puts a room stay into
 * the basket on the German host, gives their details, chooses Przelewy24 and
 * "pay and finish". The order's page offers the online payment; it leads to
 * the provider's page, the guest pays and comes back. Przelewy24 notifies
 * the shop on its own time, so the test waits for the shop to have taken
 * the notification, then the order's page says the order is paid. The fake
 * saw one registration and one verification, of the amount the shop showed
 * as due; the order e-mail went out.
 *
 * Placing an order holds the stay's nights: each run books dates of its own.
 */

const base = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080');
const port = base.port ? `:${base.port}` : '';
const german = `${base.protocol}//de.localhost${port}`;
const p24 = process.env.E2E_P24_URL;

const t = messages('de');

const order = gatewayTexts('de');

/** `1.234,56 zł` (how the server writes złoty in German) in grosze. */
function grosze(shown: string): number {
  const amount = /^([\d.]+),(\d{2})\s*zł$/.exec(shown.replace(/\u00a0/g, ' ').trim());
  if (!amount?.[1] || !amount[2]) throw new Error(`not an amount in złoty: ${shown}`);
  return Number(amount[1].replace(/\./g, '')) * 100 + Number(amount[2]);
}

type Transaction = {
  token: string;
  state: string;
  registration: { sessionId: string; amount: number; currency: string; email: string; language: string; urlReturn: string; urlStatus: string };
  notification: { amount: number; orderId: number } | null;
  deliveries: { status: number | null; body: string }[];
  verifications: { sessionId: string; amount: number; orderId: number }[];
};
type Refusal = { path: string; status: number; error: string; sessionId?: unknown; urlReturn?: unknown };
type FakeRecord = { transactions: Transaction[]; refused: Refusal[] };

/**
 * What the fake Przelewy24 has seen of one order: its transactions (by the
 * return URL, which names the order) and the calls refused for them.
 */
async function fakeRecord(request: APIRequestContext, orderToken: string) {
  const response = await request.get(`${p24}/transactions`);
  expect(response.ok()).toBe(true);
  const record = (await response.json()) as FakeRecord;
  const ours = (url: unknown) => typeof url === 'string' && url.endsWith(`/order/${orderToken}/pay/return`);
  const transactions = record.transactions.filter((tx) => ours(tx.registration.urlReturn));
  const sessions = new Set<unknown>(transactions.map((tx) => tx.registration.sessionId));
  const refused = record.refused.filter((r) => ours(r.urlReturn) || sessions.has(r.sessionId));
  return { transactions, refused };
}

const storedToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('spa.basket') ?? '{}') as { tokenValue?: string }).tokenValue ?? null);

test('a guest books a room in German and pays online through Przelewy24', async ({ page, request }) => {
  test.skip(!p24, 'E2E_P24_URL: the stack is not connected to the fake Przelewy24');
  test.setTimeout(90_000);
  const checkIn = daysFromToday(90 + randomInt(0, 55));
  const checkOut = addDays(checkIn, 2);
  const email = `lena.${Date.now()}@example.de`;

  // A room stay from the results, on the German host.
  await page.goto(`${german}/reservation/rooms?dateFrom=${checkIn}&dateTo=${checkOut}&adults=2&children=0&babies=0`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const room = page.getByTestId('room-result').first();
  await expect(room).toBeVisible();
  const roomName = (await room.getByRole('heading', { level: 2 }).innerText()).trim();
  await room.getByRole('button', { name: t('rooms.reserveLabel', { name: roomName }) }).click();
  await expect(page).toHaveURL(new RegExp(`^${german}/basket/suggestion\\?variantCode=`));

  // The basket, its login step, and on as a guest to the personal data.
  await page.goto(`${german}/basket/items`);
  await expect(page.getByTestId('basket-line')).toHaveCount(1);
  await page.getByRole('link', { name: t('basket.items.next') }).click();
  await expect(page).toHaveURL(`${german}/basket/login`);
  await page.getByRole('link', { name: t('account.checkout.guest') }).click();
  await expect(page).toHaveURL(`${german}/basket/personal?account=guest`);

  await expect(page.getByRole('heading', { level: 1, name: t('basket.steps.personal') })).toBeVisible();
  await page.getByLabel(t('checkout.field.firstName'), { exact: false }).first().fill('Lena');
  await page.getByLabel(t('checkout.field.lastName'), { exact: false }).first().fill('Müller');
  await page.getByLabel(t('checkout.field.email'), { exact: false }).first().fill(email);
  await page.getByLabel(t('checkout.field.phone'), { exact: false }).first().fill('+49 30 1234567');
  await page.getByRole('checkbox', { name: t('checkout.personal.regulations') }).check();
  await page.getByRole('button', { name: t('checkout.continue') }).click();

  // Payment: the bank transfer and Przelewy24 on offer; Przelewy24 chosen,
  // the full amount (the server's total) paid now.
  await expect(page).toHaveURL(`${german}/basket/payment`);
  await expect(page.getByRole('heading', { level: 1, name: t('basket.steps.payment') })).toBeVisible();
  const methods = page.getByRole('group', { name: t('checkout.payment.method') });
  await expect(methods.getByRole('radio')).toHaveCount(2);
  await expect(methods.getByRole('radio', { name: 'Banküberweisung' })).toBeVisible();
  await methods.getByRole('radio', { name: 'Przelewy24' }).check();
  const token = (await storedToken(page)) ?? '';
  expect(token).toMatch(/^[0-9a-f]{32}$/);
  const cart = await request.get(`/shop-api/carts/${token}?channel=web_pl&locale=de`);
  expect(cart.ok()).toBe(true);
  const totals = ((await cart.json()) as { totals: { total: number; vouchers: number } }).totals;
  const due = totals.total - totals.vouchers;
  expect(due).toBeGreaterThan(0);
  const full = page.getByRole('radio', { name: t('checkout.payment.full') });
  await expect(full).toBeChecked();
  await expect(full).toHaveAccessibleDescription(t('checkout.payment.fullNow', { amount: money('de', due) }));
  await expectNoSeriousA11yIssues(page);

  const completed = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/checkout/${token}/complete`));
  await page.getByRole('button', { name: t('checkout.payment.submit') }).click();
  expect((await completed).status()).toBe(200);

  // The order's page, in German: the amount due now and the way to pay it online.
  await expect(page).toHaveURL(`${german}/order/${token}/pay`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const bookingCode = (await page.getByText(/^SPA-[0-9A-Z]{4}-[0-9A-Z]{4}$/).first().innerText()).trim();
  expect(await storedToken(page)).toBeNull();
  const shownDue = (await page.locator('dt', { hasText: order('order-amount') }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
  expect(grosze(shownDue)).toBe(due);
  const payOnline = page.getByRole('link', { name: order('order-pay-online-przelewy24') });
  await expect(payOnline).toBeVisible();
  // Nothing is registered before the guest asks to pay.
  expect((await fakeRecord(request, token)).transactions).toHaveLength(0);

  // Przelewy24's page: the amount, in German; the guest pays.
  await payOnline.click();
  await expect(page).toHaveURL(new RegExp(`^${p24}/trnRequest/[0-9A-F-]+$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('p24-amount')).toHaveAttribute('data-amount', String(due));
  await page.getByRole('button', { name: 'Bezahlen' }).click();

  // Back at the shop (PUBLIC_URL), on the order's page. The notification
  // may come after the guest: once the shop has taken it, the page says paid.
  await expect(page).toHaveURL(new RegExp(`/order/${token}/pay$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // Whichever came first, the guest is told the payment is on its way or has arrived.
  const either = [order('order-payment-pending'), order('order-paid')].map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^(${either.join('|')})$`));
  await expect
    .poll(async () => (await fakeRecord(request, token)).transactions[0]?.deliveries.at(-1)?.status, {
      message: 'the shop to take the payment notification',
    })
    .toBe(200);
  await page.reload();
  await expect(page.getByRole('status')).toHaveText(order('order-paid'));
  await expect(page.getByText(bookingCode, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: order('order-pay-online-przelewy24') })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: order('order-transfer-heading') })).toHaveCount(0);

  // The provider: registered once, with the amount the shop showed as due,
  // for the guest, in German; notified and verified once; nothing refused.
  const { transactions, refused } = await fakeRecord(request, token);
  expect(refused).toEqual([]);
  expect(transactions).toHaveLength(1);
  const [tx] = transactions;
  expect(tx?.registration).toMatchObject({ amount: due, currency: 'PLN', email, language: 'de' });
  expect(tx?.registration.urlStatus).toMatch(/\/payments\/przelewy24\/status$/);
  expect(tx?.state).toBe('verified');
  expect(tx?.deliveries.filter((d) => d.status === 200)).toHaveLength(1);
  expect(tx?.verifications).toHaveLength(1);
  expect(tx?.verifications[0]).toMatchObject({
    sessionId: tx?.registration.sessionId,
    amount: due,
    orderId: tx?.notification?.orderId,
  });

  // The order e-mail, in German, with the booking code and the amount due.
  await expect
    .poll(() => mailsTo(email).length, { timeout: 15_000, message: `the order e-mail to ${email}` })
    .toBeGreaterThanOrEqual(1);
  const [mail] = mailsTo(email);
  expect(mail?.subject).toBe(`Ihre Buchung ${bookingCode}`);
  expect(mail?.body).toContain(`/order/${token}/pay`);
  expect(mail?.body.replace(/\u00a0/g, ' ')).toContain(`Jetzt zu zahlen: ${shownDue.replace(/\u00a0/g, ' ')}`);
});

import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { addDays, daysFromToday } from './helpers/dates';
import { messages, type E2eLocale } from './helpers/messages';

/**
 * Checkout against the real stack, in Polish and English: a guest puts a
 * room stay (in Polish with a stay package attached) into the basket, gives their details, pays by bank transfer,
 * and the browser goes to the order's payment page (/order/{token}/pay,
 * served by the server, with the booking code and the transfer's details).
 * The basket is forgotten then: it became an order.
 *
 * Placing an order holds the stay's nights, so each run books dates of its
 * own (random, months ahead): the suite can run again on the same stack.
 */

const base = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080');

type Language = { locale: E2eLocale; prefix: string; lang: string };

const LANGUAGES: Language[] = [
  { locale: 'pl', prefix: '', lang: 'pl' },
  { locale: 'en_GB', prefix: '/en', lang: 'en-GB' },
];

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');

/** The app's texts (e2e/helpers/messages.ts) with the checkout part of the dictionary. */
function texts(locale: E2eLocale) {
  const t = messages(locale);
  const checkout = JSON.parse(readFileSync(path.join(locales, `checkout/${locale}.json`), 'utf8')) as Record<string, string>;
  return (key: string, values: Record<string, string | number> = {}): string => {
    const message = checkout[key];
    if (message === undefined) return t(key, values);
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

const storedToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('spa.basket') ?? '{}') as { tokenValue?: string }).tokenValue ?? null);

LANGUAGES.forEach(({ locale, prefix, lang }, index) => {
  // In Polish the stay comes with a stay package (the spec's journey); in English a room alone.
  const withPackage = locale === 'pl';
  test(`a guest books a ${withPackage ? 'stay with a package' : 'room'} and pays by bank transfer (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = texts(locale);
    const checkIn = daysFromToday(150 + index * 70 + randomInt(0, 60));
    const checkOut = addDays(checkIn, 2);

    // A room stay from the results.
    await page.goto(`${base.origin}${prefix}/reservation/rooms?dateFrom=${checkIn}&dateTo=${checkOut}&adults=2&children=0&babies=0`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const room = page.getByTestId('room-result').first();
    await expect(room).toBeVisible();
    const roomName = (await room.getByRole('heading', { level: 2 }).innerText()).trim();
    await room.getByRole('button', { name: t('rooms.reserveLabel', { name: roomName }) }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/basket/suggestion\\?variantCode=`));

    if (withPackage) {
      // The weekend package, attached to that stay through the package reservation modal.
      const response = await page.request.get(`/shop-api/products/PKG_ROMANTIC_WEEKEND?channel=web_pl&locale=${locale}`);
      expect(response.ok()).toBe(true);
      const pkg = (await response.json()) as { name: string; links: { self: string } };
      await page.goto(`${base.origin}${pkg.links.self}`);
      await page.locator('#package-configurator').getByRole('button', { name: t('card.action.reserve') }).click();
      const modal = page.getByRole('dialog', { name: t('packageModal.title', { name: pkg.name }) });
      await expect(modal.getByTestId('package-stays')).toContainText(roomName);
      await modal.getByTestId('package-stays').getByRole('button', { name: new RegExp(`^${t('packageModal.attach')}`) }).first().click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/basket/suggestion\\?variantCode=PKG_ROMANTIC_WEEKEND`));
    }

    // The basket, its login step, and on as a guest to the personal data.
    await page.goto(`${base.origin}${prefix}/basket/items`);
    await expect(page.getByTestId('basket-line')).toHaveCount(withPackage ? 2 : 1);
    await page.getByRole('link', { name: t('basket.items.next') }).click();
    await expect(page).toHaveURL(`${base.origin}${prefix}/basket/login`);
    await page.getByRole('link', { name: t('account.checkout.guest') }).click();
    await expect(page).toHaveURL(`${base.origin}${prefix}/basket/personal?account=guest`);

    // Personal data: the guest's details and the regulations, with what is being bought beside the form.
    await expect(page.getByRole('heading', { level: 1, name: t('basket.steps.personal') })).toBeVisible();
    const summary = page.getByRole('complementary', { name: t('checkout.summary.title') });
    await expect(summary).toContainText(roomName);
    if (withPackage) await expect(summary).toContainText('Romantyczny weekend');
    const form = page.getByRole('button', { name: t('checkout.continue') });
    expect((await summary.boundingBox())!.x, 'the summary beside the form').toBeGreaterThan((await form.boundingBox())!.x);
    const steps = page.getByRole('navigation', { name: t('checkout.steps.label') });
    await expect(steps.locator('[aria-current="step"]')).toContainText(t('checkout.steps.personal'));
    // Submitted empty: the errors beside the fields, the first field focused.
    await page.getByRole('button', { name: t('checkout.continue') }).click();
    const firstName = page.getByLabel(t('checkout.field.firstName'), { exact: false }).first();
    await expect(firstName).toBeFocused();
    await expect(page.getByText(t('checkout.error.firstName'))).toBeVisible();
    await firstName.fill('Anna');
    await page.getByLabel(t('checkout.field.lastName'), { exact: false }).first().fill('Nowak');
    await page.getByLabel(t('checkout.field.email'), { exact: false }).first().fill(`anna.${Date.now()}@example.pl`);
    await page.getByLabel(t('checkout.field.phone'), { exact: false }).first().fill('+48 600 100 200');
    await page.getByLabel(t('checkout.field.notes'), { exact: false }).fill('Przyjazd około 18:00');
    await page.getByRole('checkbox', { name: t('checkout.personal.regulations') }).check();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: t('checkout.continue') }).click();

    // No gift voucher: straight on to payment.
    await expect(page).toHaveURL(`${base.origin}${prefix}/basket/payment`);
    await expect(page.getByRole('heading', { level: 1, name: t('basket.steps.payment') })).toBeVisible();
    const methods = page.getByRole('group', { name: t('checkout.payment.method') });
    await methods.getByRole('radio', { name: locale === 'pl' ? 'Przelew bankowy' : 'Bank transfer' }).check();
    // A stay: the advance payment is offered; the full amount stays chosen.
    await expect(page.getByTestId('deposit-choice')).toBeVisible();
    await expect(page.getByRole('radio', { name: t('checkout.payment.full') })).toBeChecked();
    // The summary beside the payment step follows the advance as soon as it is ticked, and back.
    const paySummary = page.getByRole('complementary', { name: t('checkout.summary.title') });
    await expect(paySummary).toContainText(roomName);
    await page.getByRole('radio', { name: t('checkout.payment.deposit') }).check();
    await expect(paySummary).toContainText(t('basket.summary.depositNow'));
    await page.getByRole('radio', { name: t('checkout.payment.full') }).check();
    await expect(paySummary).not.toContainText(t('basket.summary.depositNow'));
    await expectNoSeriousA11yIssues(page);

    const token = await storedToken(page);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const completed = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/checkout/${token}/complete`));
    await page.getByRole('button', { name: t('checkout.payment.submit') }).click();
    const order = await completed;
    expect(order.status()).toBe(200);
    expect(order.request().headers()['idempotency-key']).toBeTruthy();

    // The order's page, by a full page load (its body is gone with the
    // navigation: the page itself shows the code), in the order's language,
    // with the bank transfer's details; the basket is forgotten.
    await expect(page).toHaveURL(`${base.origin}/order/${token}/pay`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByText(/SPA-[0-9A-Z]{4}-[0-9A-Z]{4}/).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: locale === 'pl' ? 'Zapłać przelewem' : 'Pay by bank transfer' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });
});

import { randomInt } from 'node:crypto';

import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { addDays, daysFromToday } from './helpers/dates';
import { gatewayTexts, type E2eLocale } from './helpers/messages';
import { bookByTransfer } from './helpers/orders';

/**
 * The order's page (/order/{token}/pay), where "pay and finish" lands and
 * every e-mail links: the gateway writes it in the order's language, as the
 * shop's own page (header, footer with the guesthouse's address), with the
 * order's summary, the account grouped with its BIC, copy buttons for the
 * account and the title, and the deadline on the guesthouse's clock. On a
 * 360 px phone nothing scrolls sideways; on a desktop the summary is beside
 * the payment.
 */

// The account the e2e stack starts with (playwright.config.ts).
const IBAN = 'PL61109010140000071219812874';

const LANGUAGES: { locale: E2eLocale; lang: string; nights: string; guests: string; zone: string }[] = [
  { locale: 'pl', lang: 'pl', nights: '2 noce', guests: '2 gości', zone: 'czasu polskiego' },
  { locale: 'de', lang: 'de', nights: '2 Nächte', guests: '2 Gäste', zone: 'polnische Zeit' },
  { locale: 'en_GB', lang: 'en-GB', nights: '2 nights', guests: '2 guests', zone: 'Polish time' },
];

const dmy = (ymd: string) => ymd.split('-').reverse().join('.');

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

LANGUAGES.forEach(({ locale, lang, nights, guests, zone }, index) => {
  test(`the order's page is the shop's, with the summary and the transfer's details (${locale})`, async ({ page, context }) => {
    const t = gatewayTexts(locale);
    const checkIn = daysFromToday(200 + index * 40 + randomInt(0, 30));
    const checkOut = addDays(checkIn, 2);
    const order = await bookByTransfer(page.request, 'ROOM_STANDARD_DOUBLE', checkIn, checkOut, { locale });
    const guesthouse = (await (await page.request.get(`/shop-api/guesthouse?locale=${locale}`)).json()) as { street: string };
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/order/${order.tokenValue}/pay`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('link', { name: t('order-shop-name') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: t('order-title') })).toBeVisible();
    await expect(page.getByText(order.bookingCode).first()).toBeVisible();

    // What was bought: the room, its days as guests read them, its guests.
    const summary = page.getByRole('region', { name: t('order-summary-heading') });
    await expect(summary).toContainText(`${dmy(checkIn)} – ${dmy(checkOut)}, ${nights}`);
    await expect(summary).toContainText(guests);
    await expect(summary).toContainText(t('order-due-now'));

    // How to pay it: the account in groups of four, the BIC, the title.
    const transfer = page.getByRole('region', { name: t('order-transfer-heading') });
    await expect(transfer).toContainText('PL61 1090 1014 0000 0712 1981 2874');
    await expect(transfer).toContainText('WBKPPLPP');
    await expect(transfer).toContainText(new RegExp(`\\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2} \\(${zone}\\)`));
    await transfer.getByRole('button', { name: t('order-copy-account') }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(IBAN);
    await expect(page.locator('#copy-status')).toHaveText(t('order-copied-account'));
    await transfer.getByRole('button', { name: t('order-copy-title') }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.bookingCode);

    // The guesthouse's own address, from its settings.
    await expect(page.getByRole('contentinfo')).toContainText(guesthouse.street);
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousA11yIssues(page);

    // A desktop: the summary beside the payment.
    await page.setViewportSize({ width: 1280, height: 900 });
    const [pay, sum] = [await transfer.boundingBox(), await summary.boundingBox()];
    expect(sum!.x).toBeGreaterThan(pay!.x + pay!.width - 1);
    expect(await scrollsSideways(page)).toBe(false);
  });
});

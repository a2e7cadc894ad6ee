import { randomInt, randomUUID } from 'node:crypto';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { addDays, daysFromToday, shown } from './helpers/dates';
import { messages, money, plural, type E2eLocale } from './helpers/messages';
import { bookByTransfer } from './helpers/orders';

/**
 * The basket against the real stack, in Polish, German and English: a room
 * stay from the results, a stay package attached to it through the package
 * reservation modal, its treatments reconfigured (a swap through the
 * treatment modal), a product and a gift voucher, quantities, removal and
 * the totals the server computes; and a room sold while it sat in the
 * basket. Relied upon from the demo data: PKG_WELLNESS_RESET (3 nights, its
 * herbal bath may be swapped for one of its suggestions), PR_HONEY_BODY_BALM
 * and VC_AMOUNT (several values).
 *
 * Each test uses its own dates: adding does not hold rooms, but the sold-out
 * test books a room's nights in the rooms store directly, on dates of its
 * own run (random), so that the suite can run again on the same stack.
 */

const base = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080');
const port = base.port ? `:${base.port}` : '';
const german = `${base.protocol}//de.localhost${port}`;

type Language = {
  locale: E2eLocale;
  origin: string;
  prefix: string;
  products: string;
  lang: string;
};

const LANGUAGES: Language[] = [
  { locale: 'pl', origin: base.origin, prefix: '', products: '/oferta/produkty/', lang: 'pl' },
  { locale: 'de', origin: german, prefix: '', products: '/angebot/produkte', lang: 'de' },
  { locale: 'en_GB', origin: base.origin, prefix: '/en', products: '/en/offer/products', lang: 'en-GB' },
];

type Product = {
  name: string;
  links: { self: string };
  voucherValues?: number[];
  treatments?: { primary: { code: string; name: string }[]; additional: { code: string; name: string }[] };
};

async function product(request: APIRequestContext, code: string, locale: E2eLocale): Promise<Product> {
  const response = await request.get(`/shop-api/products/${code}?channel=web_pl&locale=${locale}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

type Cart = { items: { id: number; total: number; childItems: { total: number }[] }[]; totals: { total: number } };

/** The basket as the server has it now, by the token the page stored. */
async function serverCart(page: Page, request: APIRequestContext, locale: E2eLocale): Promise<Cart> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('spa.basket') ?? '{}') as { tokenValue?: string }).tokenValue);
  expect(token).toMatch(/^[0-9a-f]{32}$/);
  const response = await request.get(`/shop-api/carts/${token}?channel=web_pl&locale=${locale}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Cart;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const starts = (text: string) => new RegExp(`^${escape(text)}`);
const toasts = (page: Page, t: ReturnType<typeof messages>) => page.getByRole('region', { name: t('notifications.label') });
const rows = (page: Page) => page.getByTestId('basket-line');

async function expectAdded(page: Page, t: ReturnType<typeof messages>, language: Language, variantCode: string) {
  await expect(toasts(page, t)).toContainText(t('basket.added'));
  await expect(page).toHaveURL(`${language.origin}${language.prefix}/basket/suggestion?variantCode=${variantCode}`);
  await expect(page.getByTestId('suggestion-added')).toBeVisible();
}

LANGUAGES.forEach((language, index) => {
  const { locale, origin, prefix } = language;

  test(`the basket journey in ${locale}: a stay, its package, treatments, a product, a voucher, quantities and totals`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const t = messages(locale);
    // The age question (asked when alcohol is added, age-gate.spec.ts) is answered beforehand.
    await page.context().addCookies([{ name: 'agePermission', value: '1', url: origin }]);
    const checkIn = daysFromToday(60 + index * 7);
    const checkOut = addDays(checkIn, 3);
    const pkg = await product(request, 'PKG_WELLNESS_RESET', locale);
    const balm = await product(request, 'PR_HONEY_BODY_BALM', locale);
    const voucher = await product(request, 'VC_AMOUNT', locale);
    const bath = pkg.treatments?.primary.find((tr) => tr.code === 'TR_HERBAL_BATH');
    const aromatherapy = pkg.treatments?.additional.find((tr) => tr.code === 'TR_AROMATHERAPY_MASSAGE');
    if (!bath || !aromatherapy) throw new Error('the demo package has changed');

    // A room stay from the results.
    await page.goto(`${origin}${prefix}/reservation/rooms?dateFrom=${checkIn}&dateTo=${checkOut}&adults=2&children=0&babies=0`);
    await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
    const room = page.getByTestId('room-result').first();
    await expect(room).toBeVisible();
    const roomName = (await room.getByRole('heading', { level: 2 }).innerText()).trim();
    const roomCode = (await room.getAttribute('data-room-code')) ?? '';
    await room.getByRole('button', { name: t('rooms.reserveLabel', { name: roomName }) }).click();
    await expectAdded(page, t, language, roomCode);
    await expect(page.getByTestId('suggestion-added')).toContainText(roomName);
    await expect(page.getByTestId('suggestion-added')).toContainText(`${shown(checkIn)} – ${shown(checkOut)}`);
    await expect(page.getByTestId('mini-basket-toggle')).toHaveText(/: 1 (pozycja|Artikel|item)$/);

    // A stay package, attached to that stay through the package reservation modal.
    await page.goto(`${origin}${pkg.links.self}`);
    const configurator = page.locator('#package-configurator');
    await configurator.getByRole('button', { name: t('card.action.reserve') }).click();
    const modal = page.getByRole('dialog', { name: t('packageModal.title', { name: pkg.name }) });
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('package-stays')).toContainText(roomName);
    await expectNoSeriousA11yIssues(page, '.modal');
    await modal.getByTestId('package-stays').getByRole('button', { name: starts(t('packageModal.attach')) }).first().click();
    await expectAdded(page, t, language, 'PKG_WELLNESS_RESET');
    await expect(modal).toBeHidden();

    // Its treatments: the herbal bath swapped for the aromatherapy massage it suggests.
    await page.goto(`${origin}${prefix}/basket/items`);
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(1)).toContainText(t('basket.line.package'));
    await expect(rows(page).nth(1).getByTestId('line-treatments')).toContainText(bath.name);
    await rows(page).nth(1).getByRole('button', { name: t('basket.items.changeLabel', { name: pkg.name }) }).click();
    const config = page.getByRole('dialog', { name: t('configModal.title', { name: pkg.name }) });
    await expect(config.getByTestId('config-included')).toContainText(bath.name);
    await config.getByRole('button', { name: t('configModal.swapNamed', { name: bath.name }) }).click();
    const picker = page.getByRole('dialog', { name: t('treatmentModal.swapTitle', { name: bath.name }) });
    await expect(picker.getByTestId('treatment-options')).toBeVisible();
    await expectNoSeriousA11yIssues(page, '.treatment-modal');
    await picker.getByRole('button', { name: t('treatmentModal.chooseNamed', { name: aromatherapy.name }) }).click();
    await expect(picker).toBeHidden();
    await expect(config.getByTestId('config-included')).toContainText(aromatherapy.name);
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/items/'));
    await config.getByRole('button', { name: t('configModal.save') }).click();
    expect((await saved).status()).toBe(200);
    await expect(config).toBeHidden();
    await expect(rows(page).nth(1).getByTestId('line-treatments')).toContainText(aromatherapy.name);
    await expect(rows(page).nth(1).getByTestId('line-treatments')).not.toContainText(bath.name);

    // A product from its listing card, and a gift voucher at its second value.
    await page.goto(`${origin}${language.products}`);
    await page.getByRole('button', { name: t('card.addToBasketLabel', { name: balm.name }) }).click();
    await expectAdded(page, t, language, 'PR_HONEY_BODY_BALM');

    await page.goto(`${origin}${voucher.links.self}`);
    const values = page.getByRole('group', { name: t('voucher.value') });
    await values.getByRole('radio').nth(1).check();
    await page.getByTestId('price-box').getByRole('button', { name: t('card.addToBasket') }).click();
    await expectAdded(page, t, language, 'VC_AMOUNT');

    // The basket: four lines, a quantity changed, a line removed, the server's totals.
    await page.goto(`${origin}${prefix}/basket/items`);
    await expect(rows(page)).toHaveCount(4);
    const balmRow = rows(page).filter({ hasText: balm.name });
    const voucherRow = rows(page).filter({ hasText: voucher.name });
    await expect(voucherRow.getByTestId('line-total')).toHaveText(money(locale, voucher.voucherValues?.[1] ?? 0));
    await balmRow.getByRole('button', { name: t('counter.increase', { label: t('basket.items.quantityOf', { name: balm.name }) }) }).click();
    await expect(balmRow.getByRole('group').locator('output')).toHaveText('2');
    await voucherRow.getByRole('button', { name: t('basket.items.removeLabel', { name: voucher.name }) }).click();
    // The notification first: it is gone after 2 seconds.
    await expect(toasts(page, t)).toContainText(t('basket.items.removed', { name: voucher.name }));
    await expect(rows(page)).toHaveCount(3);

    const cart = await serverCart(page, request, locale);
    await expect(page.getByTestId('summary-total')).toContainText(money(locale, cart.totals.total));
    await expect(page.getByTestId('summary-leftToPay')).toContainText(money(locale, cart.totals.total));
    const lineTotals = cart.items.flatMap((line) => [line.total, ...line.childItems.map((child) => child.total)]);
    expect(lineTotals.reduce((sum, total) => sum + total, 0)).toBe(cart.totals.total);
    await expect(rows(page).getByTestId('line-total')).toHaveText(lineTotals.map((total) => money(locale, total)));

    // The mini basket lists the same three lines.
    await page.getByTestId('mini-basket-toggle').click();
    await expect(page.getByTestId('mini-basket-lines').getByRole('listitem')).toHaveCount(3);
    await expect(page.getByTestId('mini-basket-total')).toHaveText(money(locale, cart.totals.total));
    await page.keyboard.press('Escape');
    await expectNoSeriousA11yIssues(page);
  });
});

test('a room in the basket counts against the rooms left; sold meanwhile: the conflict, a new search with the same guests, "Delete Room"', async ({
  page,
  request,
}) => {
  const t = messages('en_GB');
  // Dates of this run only: a rerun on the same stack finds them unsold.
  const checkIn = daysFromToday(280 + randomInt(0, 60));
  const checkOut = addDays(checkIn, 2);
  const results = `/en/reservation/rooms?dateFrom=${checkIn}&dateTo=${checkOut}&adults=2&children=1&babies=0`;

  // An empty basket from the start: every search then sends its token and
  // is the visitor's own.
  const token = randomUUID().replace(/-/g, '');
  const created = await request.post(`/shop-api/carts/${token}?channel=web_pl&locale=en_GB`, {
    data: { channel: 'web_pl', locale: 'en_GB' },
  });
  expect(created.ok()).toBe(true);
  const basket = JSON.stringify({ tokenValue: token, items: [], billingAddress: null, checkoutState: 'cart' });
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    ['spa.basket', basket] as const,
  );
  const searched = page.waitForRequest((r) => r.url().includes('/shop-api/rooms/search?'));
  await page.goto(results);
  expect(new URL((await searched).url()).searchParams.get('orderToken')).toBe(token);
  const roomsLeft = async (code: string) =>
    Number(/\d+/.exec(await page.locator(`[data-room-code="${code}"]`).getByTestId('rooms-left').innerText())?.[0]);
  // A room type with more than one left, so that it stays listed with one in the basket.
  await expect(page.getByTestId('room-result').first()).toBeVisible();
  const oneLeft = plural('en_GB', t('rooms.roomsLeft'), 1);
  const room = page.getByTestId('room-result').filter({ hasNot: page.getByText(oneLeft, { exact: true }) }).first();
  const roomName = (await room.getByRole('heading', { level: 2 }).innerText()).trim();
  const roomCode = (await room.getAttribute('data-room-code')) ?? '';
  const left = await roomsLeft(roomCode);
  await room.getByRole('button', { name: t('rooms.reserveLabel', { name: roomName }) }).click();
  await expect(page).toHaveURL(/\/en\/basket\/suggestion\?variantCode=/);

  // The results count the stay in the basket against the rooms left (the search sends the basket's token).
  await page.goto(results);
  await expect.poll(() => roomsLeft(roomCode)).toBe(left - 1);

  // Other guests book the rest of this room type meanwhile; the basket
  // shows it once the booking's change of availability has reached it.
  await bookByTransfer(request, roomCode, checkIn, checkOut, { units: left });
  await expect
    .poll(async () => {
      const cart = (await (await request.get(`/shop-api/carts/${token}?locale=en_GB`)).json()) as { items: { isAvailable: boolean }[] };
      return cart.items[0]?.isAvailable;
    })
    .toBe(false);

  await page.goto('/en/basket/items');
  const conflict = page.getByTestId('room-conflict');
  await expect(conflict).toHaveText(new RegExp(escape(t('basket.conflict.text', { from: shown(checkIn), to: shown(checkOut) }))));
  await expect(conflict.getByRole('link', { name: t('basket.conflict.search') })).toHaveAttribute(
    'href',
    '/en/reservation/search?adults=2&children=1&babies=0',
  );
  await expect(page.getByTestId('basket-line').getByTestId('line-total')).toHaveText(t('basket.line.unavailable'));
  await expect(page.getByTestId('summary-total')).toContainText(money('en_GB', 0));
  await expect(page.getByTestId('basket-blocked')).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await conflict.getByRole('button', { name: t('basket.conflict.deleteLabel', { name: roomName }) }).click();
  await expect(page.getByTestId('basket-empty')).toContainText(t('basket.empty'));
  await expect(page.getByTestId('mini-basket-toggle')).toHaveText(plural('en_GB', t('miniBasket.label'), 0));
});

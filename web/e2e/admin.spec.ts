import { randomInt, randomUUID } from 'node:crypto';

import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { addDays, daysFromToday } from './helpers/dates';
import { messages } from './helpers/messages';
import { png } from './helpers/png';

/**
 * The administrators' back office against the real stack: the rate
 * calendar sets a weekend's price and minimum stay and closes a unit, and
 * the guests' search obeys at once; the settings change the advance
 * payment, and the next checkout offers it.
 */

// Plural texts are written out: the helper reads plain messages.
const pl = messages('pl');
const admin = { email: 'recepcja@example.pl', password: 'hasło recepcji e2e 2026' };
const ROOM = 'ROOM_STANDARD_DOUBLE';

async function logIn(page: Page) {
  await page.getByRole('main').getByRole('link', { name: pl('staff.login') }).click();
  await page.getByLabel(pl('account.field.email'), { exact: true }).fill(admin.email);
  await page.getByLabel(pl('account.field.password'), { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: pl('account.login.submit') }).click();
}

/** The double in the guests' search for two from `from` to `to`: its price text and rooms left, or nothing. */
async function searchDouble(page: Page, from: string, to: string) {
  await page.goto(`/reservation/rooms?dateFrom=${from}&dateTo=${to}&adults=2&children=0&babies=0`);
  await expect(page.getByTestId('room-result').first()).toBeVisible();
  const double = page.locator(`[data-testid="room-result"][data-room-code="${ROOM}"]`);
  if ((await double.count()) === 0) return null;
  const left = (await double.getByTestId('rooms-left').innerText()).match(/\d+/)?.[0];
  return { price: (await double.getByTestId('room-price').innerText()).replace(/\s/g, ' '), left: Number(left) };
}

/** A Friday of this run only, far enough ahead that no other spec books it. */
function friday(): string {
  let day = daysFromToday(290 + randomInt(0, 50));
  while (new Date(`${day}T12:00:00`).getDay() !== 5) day = addDays(day, 1);
  return day;
}

test('an administrator sets a weekend’s price and a two-night minimum, closes a room for three nights, and the search obeys at once', async ({ page }) => {
  const fri = friday();
  const sat = addDays(fri, 1);
  const sun = addDays(fri, 2);
  const before = await searchDouble(page, fri, sun);
  expect(before).not.toBeNull();

  await page.goto(`/backend/rates?room=${ROOM}&month=${fri.slice(0, 7)}`);
  await expect(page.getByText(pl('staff.rates.loginNeeded'))).toBeVisible();
  await logIn(page);
  await expect(page.getByRole('heading', { level: 1, name: pl('staff.rates.title') })).toBeVisible();
  const form = page.getByRole('form', { name: pl('staff.rates.editHeading') });
  await expect(form).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Friday and Saturday: 420 zł, at least two nights from a Friday arrival.
  await form.getByLabel(pl('staff.rates.first')).fill(fri);
  await form.getByLabel(pl('staff.rates.last')).fill(sat);
  await form.getByLabel(pl('staff.rates.priceField')).fill('420');
  await form.getByLabel(pl('staff.rates.minStay')).fill('2');
  await form.getByRole('button', { name: pl('staff.rates.preview') }).click();
  const preview = page.getByRole('region', { name: 'Zmienią się 2 noce' });
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await preview.getByRole('button', { name: 'Zapisz 2 noce' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pokój dwuosobowy Standard: zapisano 2 noce.' })).toBeVisible();

  // The guests' search: 840 zł for the weekend, and no double for the Friday night alone. The
  // server answers the change at once; a browser may keep the search it had for 10 s (max-age).
  await expect.poll(async () => (await searchDouble(page, fri, sun))?.price, { timeout: 15_000 }).toMatch(/840,00 zł$/);
  expect(await searchDouble(page, fri, sat)).toBeNull();

  // One room out of order for three nights from Friday: a room fewer.
  await page.goto(`/backend/rates?room=${ROOM}&month=${fri.slice(0, 7)}`);
  await form.getByLabel(pl('staff.rates.first')).fill(fri);
  await form.getByLabel(pl('staff.rates.last')).fill(sun);
  await form.getByLabel(pl('staff.rates.outOfOrder')).fill('1');
  await form.getByRole('button', { name: pl('staff.rates.preview') }).click();
  await page.getByRole('button', { name: 'Zapisz 3 noce' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pokój dwuosobowy Standard: zapisano 3 noce.' })).toBeVisible();
  await expect.poll(async () => (await searchDouble(page, fri, sun))?.left, { timeout: 15_000 }).toBe(before!.left - 1);

  // On a 360 px phone the month scrolls in its frame; the page does not.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/backend/rates?room=${ROOM}&month=${fri.slice(0, 7)}`);
  await expect(form).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

/** A guest's basket with a stay, at the payment step, as the shop's API leaves it; its token. */
async function basketAtPayment(page: Page, checkIn: string): Promise<{ token: string; stay: number }> {
  const token = randomUUID().replace(/-/g, '');
  const q = 'channel=web_pl&locale=pl';
  expect((await page.request.post(`/shop-api/carts/${token}?${q}`, { data: { locale: 'pl' } })).ok()).toBe(true);
  const stay = { type: 'reservation', productCode: ROOM, options: { checkIn, checkOut: addDays(checkIn, 2), adults: 2 } };
  const added = await page.request.post(`/shop-api/carts/${token}/items?${q}`, { data: stay });
  expect(added.ok()).toBe(true);
  const cart = (await added.json()) as { totals: { total: number } };
  const guest = {
    customer: { firstName: 'Ewa', lastName: 'Kowalska', email: 'ewa@example.pl', phone: '+48 600 200 300' },
    billingAddress: { countryCode: 'PL' },
    regulationsAccepted: true,
  };
  expect((await page.request.put(`/shop-api/checkout/${token}/address?${q}`, { data: guest })).ok()).toBe(true);
  return { token, stay: cart.totals.total };
}

/** Grosze as the shop writes them in Polish: `1 234,00 zł`. */
const zloty = (grosze: number) =>
  `${Math.floor(grosze / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${String(grosze % 100).padStart(2, '0')}\u00a0zł`;

test('an administrator changes the advance payment, and the next checkout offers the new share', async ({ page }) => {
  await page.goto('/backend/settings');
  await expect(page.getByText(pl('staff.settings.loginNeeded'))).toBeVisible();
  await logIn(page);
  const terms = page.getByRole('form', { name: pl('staff.settings.checkout.heading') });
  const share = terms.getByLabel(pl('staff.settings.deposit'));
  await expect(share).toHaveValue('30');
  await expect(page.getByRole('form', { name: pl('staff.settings.payments.heading') })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Refused in the page first, then half in advance.
  await share.fill('150');
  await terms.getByRole('button', { name: pl('staff.settings.checkout.save') }).click();
  await expect(terms.getByText(pl('staff.settings.depositRange'))).toBeVisible();
  await share.fill('50');
  await terms.getByRole('button', { name: pl('staff.settings.checkout.save') }).click();
  await expect(page.getByText(pl('staff.settings.checkout.saved'))).toBeVisible();

  try {
    // The next guest's payment step: half the stay now, the rest later.
    const { token, stay } = await basketAtPayment(page, daysFromToday(260 + randomInt(0, 40)));
    await page.evaluate((tokenValue) => localStorage.setItem('spa.basket', JSON.stringify({ tokenValue, items: [], billingAddress: null, checkoutState: 'addressed' })), token);
    await page.goto('/basket/payment');
    await page.getByRole('group', { name: 'Metoda płatności' }).getByRole('radio', { name: 'Przelew bankowy' }).check();
    const half = Math.ceil(Math.ceil(stay / 2) / 100) * 100;
    await expect(page.getByTestId('deposit-choice')).toContainText(zloty(half));
  } finally {
    // The other specs expect the first share.
    await page.goto('/backend/settings');
    await share.fill('30');
    await terms.getByRole('button', { name: pl('staff.settings.checkout.save') }).click();
    await expect(page.getByText(pl('staff.settings.checkout.saved'))).toBeVisible();
  }
});

test('an administrator puts a product on promotion, marks another sold out and creates a treatment in three languages with its picture, and the shop shows each at once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/backend/products?code=PR_LINDEN_HONEY');
  await expect(page.getByText(pl('staff.products.loginNeeded'))).toBeVisible();
  await logIn(page);
  const save = page.getByRole('button', { name: pl('staff.products.save'), exact: true });
  await expect(save).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Linden honey: 39 zł, 49 zł before the promotion.
  await page.getByLabel(pl('staff.products.originalPrice')).fill('49');
  await save.click();
  await expect(page.getByText(pl('staff.products.saved'))).toBeVisible();

  // The herbal tea: counted, none left.
  await page.goto('/backend/products?code=PR_HERBAL_TEA');
  await page.getByLabel(pl('staff.products.stockField')).fill('0');
  await save.click();
  await expect(page.getByText(pl('staff.products.saved'))).toBeVisible();

  // The products' listing: the honey's struck price, the tea sold out, not addable.
  // The listing may be kept for a minute by the browser (max-age): each look is a fresh load.
  const card = (name: RegExp) => page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name }) });
  await expect
    .poll(async () => {
      await page.goto(`/oferta/produkty/?reload=${Date.now()}`);
      return (await card(/Miód lipowy/).getByRole('deletion').textContent())?.replace(/\s/g, ' ');
    })
    .toBe('49,00 zł');
  await expect(card(/herbatka/).getByTestId('sold-out')).toHaveText('Wyprzedane');
  await expect(card(/herbatka/).getByRole('button')).toHaveCount(0);

  // Back as they were for the other specs: no promotion, the tea not counted.
  for (const [code, field] of [
    ['PR_LINDEN_HONEY', pl('staff.products.originalPrice')],
    ['PR_HERBAL_TEA', pl('staff.products.stockField')],
  ] as const) {
    await page.goto(`/backend/products?code=${code}`);
    await page.getByLabel(field).fill('');
    await save.click();
    await expect(page.getByText(pl('staff.products.saved'))).toBeVisible();
  }

  // A new treatment in Polish, German and English, published.
  const code = `TR_E2E_${randomInt(100_000, 999_999)}`;
  const names = { pl: `Rytuał lawendowy ${code.slice(-6)}`, de: `Lavendelritual ${code.slice(-6)}`, en_GB: `Lavender ritual ${code.slice(-6)}` };
  await page.goto('/backend/products?new=1');
  await page.getByLabel(pl('staff.products.code'), { exact: true }).fill(code);
  await page.getByLabel(pl('staff.products.typeLabel')).selectOption('treatment');
  await page.getByLabel(pl('staff.products.mainTaxon')).selectOption('massages');
  for (const [locale, legend] of [['pl', 'Polski'], ['de', 'Niemiecki'], ['en_GB', 'Angielski']] as const) {
    const language = page.getByRole('group', { name: new RegExp(`^${legend}`) });
    await language.getByLabel(pl('staff.products.nameField')).fill(names[locale]);
    await language.getByRole('button', { name: pl('staff.products.makeSlug') }).click();
  }
  await page.getByLabel(pl('staff.products.priceField')).fill('210');
  await page.getByLabel(pl('staff.products.duration')).fill('75');
  await page.getByLabel(pl('staff.products.publishedField')).check();
  await page.getByRole('button', { name: pl('staff.products.create') }).click();
  await expect(page).toHaveURL(new RegExp(`/backend/products\\?code=${code}$`));

  // Its picture, uploaded in the browser: the card shows the listing's size.
  await page.getByLabel(pl('staff.products.addPicture')).setInputFiles({ name: 'lawenda.png', mimeType: 'image/png', buffer: png(1600, 1000) });
  await expect(page.getByText(pl('staff.products.pictureAdded'))).toBeVisible();

  // Listed in each language under its own name.
  const german = `${new URL(page.url()).protocol}//de.localhost:${new URL(page.url()).port}`;
  for (const [url, name] of [
    ['/oferta/zabiegi/', names.pl],
    [`${german}/angebot/behandlungen`, names.de],
    ['/en/offer/treatments', names.en_GB],
  ] as const) {
    await expect
      .poll(async () => {
        await page.goto(`${url}${url.includes('?') ? '&' : '?'}reload=${Date.now()}`);
        await expect(page.getByTestId('product-card').first()).toBeVisible();
        return page.getByRole('heading', { name }).count();
      })
      .toBe(1);
    const picture = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name }) }).locator('img');
    await expect(picture).toHaveAttribute('src', new RegExp(`^/pictures/${code}/[0-9a-f]{32}-listing\\.jpg$`));
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  }
});

test('an administrator adds a season at the top of the list, and the guests’ search prices its night by it', async ({ page }) => {
  test.setTimeout(90_000);
  // A Thursday of this run only: a weekday night, 320 zł for the double before seasons.
  let thursday = daysFromToday(290 + randomInt(0, 50));
  while (new Date(`${thursday}T12:00:00`).getDay() !== 4) thursday = addDays(thursday, 1);
  const friday = addDays(thursday, 1);
  const name = `Długi weekend ${thursday}`;

  await page.goto(`/backend/rates?room=${ROOM}&month=${thursday.slice(0, 7)}`);
  await logIn(page);
  const add = page.getByRole('button', { name: pl('staff.rates.seasons.add') });
  await expect(add).toBeVisible();
  const seasons = page.getByRole('group', { name: /^Sezon \d+$/ });
  const count = await seasons.count();
  await add.click();
  const row = page.getByRole('group', { name: `Sezon ${count + 1}` });
  await row.getByLabel(pl('staff.rates.seasons.name')).fill(name);
  for (const part of [pl('staff.rates.seasons.from'), pl('staff.rates.seasons.to')]) {
    const day = row.getByRole('group', { name: part });
    await day.getByLabel(new RegExp(`^${pl('staff.rates.seasons.month')}`)).selectOption(thursday.slice(5, 7));
    await day.getByLabel(new RegExp(`^${pl('staff.rates.seasons.day')}`)).selectOption(thursday.slice(8, 10));
  }
  await row.getByLabel(pl('staff.rates.seasons.percent')).fill('150');
  // First on the list: it prices the night whatever other season covers it.
  for (let i = 0; i < count; i += 1) await page.getByRole('button', { name: new RegExp(`^${pl('staff.rates.seasons.moveUp')}\\s*: ${name}$`) }).click();
  await page.getByRole('button', { name: pl('staff.rates.seasons.save') }).click();
  await expect(page.getByText(pl('staff.rates.seasons.saved'))).toBeVisible();

  try {
    await expect.poll(async () => (await searchDouble(page, thursday, friday))?.price, { timeout: 15_000 }).toMatch(/480,00 zł$/);
  } finally {
    // The other specs price their nights without it.
    await page.goto(`/backend/rates?room=${ROOM}&month=${thursday.slice(0, 7)}`);
    await page.getByRole('button', { name: new RegExp(`^${pl('staff.rates.seasons.remove')}\\s*: ${name}$`) }).click();
    await page.getByRole('button', { name: pl('staff.rates.seasons.save') }).click();
    await expect(page.getByText(pl('staff.rates.seasons.saved'))).toBeVisible();
  }
});

test('an administrator changes the guesthouse’s street and a phone, and the contact page shows them', async ({ page }) => {
  await page.goto('/backend/settings');
  await logIn(page);
  const details = page.getByRole('form', { name: pl('staff.settings.guesthouse.heading') });
  const street = details.getByLabel(pl('staff.settings.guesthouse.street'));
  await expect(street).toHaveValue('ul. Jeziorna 12');
  const number = details
    .getByRole('group', { name: pl('staff.settings.guesthouse.phone', { number: 1 }), exact: true })
    .getByLabel(pl('staff.settings.guesthouse.number'));
  const save = async () => {
    await details.getByRole('button', { name: pl('staff.settings.guesthouse.save') }).click();
  };

  // Refused in the page first.
  await number.fill('12');
  await save();
  await expect(details.getByText(pl('staff.settings.guesthouse.problem.phone'))).toBeVisible();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await number.fill('+48 95 757 20 99');
  await street.fill('ul. Leśna 3');
  await save();
  await expect(page.getByText(pl('staff.settings.guesthouse.saved'))).toBeVisible();
  try {
    await page.goto('/kontakt');
    await expect(page.getByRole('region', { name: pl('contact.address') })).toContainText('ul. Leśna 3');
    await expect(page.getByRole('region', { name: pl('contact.phones') }).getByRole('link').first()).toHaveAttribute('href', 'tel:+48957572099');
  } finally {
    // The other specs expect the demo guesthouse.
    await page.goto('/backend/settings');
    await street.fill('ul. Jeziorna 12');
    await number.fill('+48 95 757 20 10');
    await save();
    await expect(page.getByText(pl('staff.settings.guesthouse.saved'))).toBeVisible();
  }
});

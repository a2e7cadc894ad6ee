import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';

/**
 * Packages against the real stack: browse, filter by stay length and by
 * price, open a package and configure it while the server prices it.
 * Only the shape of the demo data is relied upon (several packages of
 * 3 to 6 days, each with suggested treatments).
 */

const cards = (page: Page) => page.getByTestId('product-card');

async function openPackages(page: Page) {
  await page.goto('/oferta/pakiety/');
  await expect(page.getByRole('heading', { level: 1, name: 'Pakiety' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
}

test('browse packages: grouped by category, "from" prices and days', async ({ page }) => {
  await openPackages(page);
  await expect(page).toHaveTitle(/^Pakiety \|/);

  // No filter: the list is grouped under category headings (h2), card titles are h3.
  const main = page.getByRole('main');
  expect(await main.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(2);
  await expect(main.getByRole('heading', { level: 3 })).toHaveCount(await cards(page).count());

  const count = await cards(page).count();
  const each = (pattern: RegExp) => Array.from({ length: count }, () => pattern);
  await expect(cards(page).getByTestId('card-price')).toHaveText(each(/^od .*\d[\d\s.,]*[.,]\d{2}/));
  // Stay packages show their days, treatment-day packages their duration.
  await expect(cards(page).getByTestId('card-facts')).toHaveText(each(/\d+ dni|\d+ min/));
  await expect(cards(page).getByTestId('card-facts').filter({ hasText: /\d+ dni/ }).first()).toBeVisible();
  await expect(cards(page).getByTestId('card-facts').filter({ hasText: /\d+ min/ }).first()).toBeVisible();
  await expect(cards(page).getByRole('link', { name: /^Zobacz szczegóły/ }).filter({ visible: true })).toHaveCount(count);

  await expectNoSeriousA11yIssues(page);
});

test('filter packages by stay length: a flat list of stays that long', async ({ page }) => {
  await openPackages(page);
  const all = await cards(page).count();

  await page.getByLabel('Długość pobytu').selectOption('3'); // 4 days = 3 nights
  await expect(page).toHaveURL(/[?&]nights=3(&|$)/);
  await expect(cards(page).first()).toBeVisible();
  // Flat: no group headings, the card titles are the h2s.
  await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveCount(0);
  // Until the filtered list arrives the previous one stays, marked busy: count the new one.
  await expect(page.locator('section.listing')).toHaveAttribute('aria-busy', 'false');

  const filtered = await cards(page).count();
  expect(filtered).toBeLessThan(all);
  await expect(cards(page).getByTestId('card-facts')).toHaveText(Array.from({ length: filtered }, () => '4 dni'));

  // The filter is in the URL: a reload (or a shared link) shows the same list.
  await page.reload();
  await expect(page.getByLabel('Długość pobytu')).toHaveValue('3');
  await expect(cards(page)).toHaveCount(filtered);

  await page.getByRole('button', { name: 'Wyczyść filtry' }).first().click();
  await expect(page).not.toHaveURL(/nights=/);
  await expect(cards(page)).toHaveCount(all);
});

test('filter packages by price with the keyboard', async ({ page }) => {
  await openPackages(page);
  const all = await cards(page).count();

  const max = page.getByRole('slider', { name: 'Cena maksymalna' });
  const min = page.getByRole('slider', { name: 'Cena minimalna' });
  const top = Number(await max.getAttribute('aria-valuemax'));
  const bottom = Number(await min.getAttribute('aria-valuemin'));
  expect(top).toBeGreaterThan(bottom);

  // A tenth of the range off the top leaves out at least the most expensive package.
  await max.focus();
  await page.keyboard.press('PageDown');
  await expect(page).toHaveURL(/[?&]price_to=\d+/);
  const priceTo = Number(new URL(page.url()).searchParams.get('price_to'));
  expect(priceTo).toBeLessThan(top);
  await expect.poll(() => cards(page).count()).toBeLessThan(all);
  await expect(max).toBeFocused();
  // The bounds stay those of the unfiltered list.
  await expect(max).toHaveAttribute('aria-valuemax', String(top));

  await page.keyboard.press('End');
  await expect(page).not.toHaveURL(/price_to=/);
  await expect(cards(page)).toHaveCount(all);
});

test('configure a package: persons and treatments change the server price', async ({ page }) => {
  await openPackages(page);
  await cards(page).first().getByRole('link', { name: /^Zobacz szczegóły/ }).click();

  await expect(page).toHaveURL(/\/oferta\/pakiety\/[^/?]+$/);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(/\S/);
  await expect(page).toHaveTitle(new RegExp(`^${await title.innerText()} \\|`));
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);

  const configurator = page.getByRole('region', { name: 'Skonfiguruj pakiet' });
  await expect(configurator).toBeVisible();
  await expect(configurator.getByTestId('min-treatments')).toHaveText(/co najmniej \d+ zabieg/);

  const price = configurator.getByTestId('package-price');
  await expect(price).toHaveText(/\d[.,]\d{2}/);
  const priceFor1 = await price.innerText();

  // Two persons: one request (after 50 ms), a new price.
  const twoPersons = page.waitForResponse(
    (r) => r.url().includes('/estimated-cost') && r.request().method() === 'POST' && r.ok(),
  );
  await configurator.getByRole('button', { name: 'Zwiększ: Liczba osób' }).click();
  const body = (await (await twoPersons).request().postDataJSON()) as { persons: number };
  expect(body.persons).toBe(2);
  await expect(configurator.getByRole('group', { name: 'Liczba osób' })).toContainText('2 osoby');
  await expect(price).not.toHaveText(priceFor1);
  const priceFor2 = await price.innerText();

  // A suggested treatment joins the package: a notification, and the price moves again.
  const suggested = configurator.getByRole('list', { name: 'Proponowane zabiegi' });
  const add = suggested.getByRole('button', { name: /^Dodaj/ }).first();
  const treatmentName = ((await add.getAttribute('aria-label'))?.split(':')[1] ?? '').trim();
  const withTreatment = page.waitForResponse((r) => r.url().includes('/estimated-cost') && r.ok());
  await add.click();
  await expect(page.getByRole('region', { name: 'Powiadomienia' })).toContainText('Dodano zabieg');
  await withTreatment;
  const included = configurator.getByRole('list', { name: 'Zabiegi w pakiecie' });
  await expect(included.getByRole('heading', { name: treatmentName })).toBeVisible();
  await expect(price).not.toHaveText(priceFor2);

  // And it can be taken out again.
  await included.getByRole('button', { name: `Usuń: ${treatmentName}` }).click();
  await expect(suggested.getByRole('heading', { name: treatmentName })).toBeVisible();
  await expect(price).toHaveText(priceFor2);
});

test('a package page in English', async ({ page }) => {
  await page.goto('/en/offer/packages');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await cards(page).first().getByRole('link', { name: /^See details/ }).click();
  await expect(page).toHaveURL(/\/en\/offer\/packages\/[^/?]+$/);
  await expect(page.getByRole('region', { name: 'Configure your package' })).toBeVisible();
  await expect(page.getByTestId('package-price')).toHaveText(/PLN\s?\d/);

  // Opened directly, the page comes with its head from the server: the
  // product's JSON-LD (the server's, the app adds none) and its crumbs, Open
  // Graph, one canonical link (the app's); moving on takes them away.
  const url = page.url();
  await page.goto(url);
  await expect(page.getByRole('region', { name: 'Configure your package' })).toBeVisible();
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(2);
  await expect(page.locator('script[type="application/ld+json"][data-head="product"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`${new URL(url).pathname}$`));
  await page.getByRole('link', { name: 'Offer' }).first().click();
  await expect(page.locator('[data-head]')).toHaveCount(0);
});

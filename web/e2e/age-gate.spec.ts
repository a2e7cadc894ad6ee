import { randomUUID } from 'node:crypto';

import { expect, test, type Page } from '@playwright/test';

import { clearCookiesButVotePopup } from './helpers/vote-popup';

/**
 * The alcohol age gate (spec 4) against the real stack. The demo data has
 * age-restricted products in taxon wine-and-spirits. Their pages ask on
 * arrival; the products listing, which contains them, does not: adding one
 * from it without the cookie is refused by the server, and the question is
 * asked then.
 */

const gate = (page: Page) => page.getByRole('dialog', { name: /18/ });

async function agePermission(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'agePermission');
}

/** The products listing filtered to the age-restricted products. */
async function openAlcoholListing(page: Page) {
  await page.goto('/oferta/produkty/');
  const filtered = page.waitForResponse((r) => r.url().includes('/offer/product') && r.url().includes('wine-and-spirits'));
  await page.getByLabel('Kategoria').selectOption('wine-and-spirits');
  await expect(page).toHaveURL(/category=wine-and-spirits/);
  await filtered;
  await expect(page.locator('section.listing')).toHaveAttribute('aria-busy', 'false');
}

/** The path of an age-restricted product, found through the products listing. */
async function findAlcoholProduct(page: Page): Promise<string> {
  await openAlcoholListing(page);
  const link = page.getByTestId('product-card').first().getByRole('heading').getByRole('link');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/oferta\/produkty\/[^/]+$/);
  await clearCookiesButVotePopup(page.context());
  return href ?? '';
}

const isHome = (url: URL) => url.pathname === '/';

test('the products listing does not ask; adding alcohol from it does: "No" adds nothing, "Yes" adds', async ({ page }) => {
  await openAlcoholListing(page);
  await expect(gate(page)).toHaveCount(0);

  const add = page.getByTestId('product-card').first().getByRole('button', { name: /^Dodaj do koszyka: / });
  await add.click();
  await expect(gate(page)).toBeVisible();
  await expect(gate(page)).toHaveAttribute('aria-modal', 'true');
  // The focus starts inside the dialog and stays there.
  await expect(gate(page).getByRole('button', { name: 'Tak' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(gate(page).getByRole('button', { name: 'Tak' })).toBeFocused();

  // "No": the question closes, the page stays, nothing is added and no error is shown.
  await gate(page).getByRole('button', { name: 'Nie' }).click();
  await expect(gate(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/oferta\/produkty\/\?.*category=wine-and-spirits/);
  await expect(add).toBeFocused();
  await expect(page.locator('.toast--error')).toHaveCount(0);
  expect(await agePermission(page)).toBeUndefined();

  // "Yes": the cookie is set and the product goes into the basket.
  await add.click();
  await gate(page).getByRole('button', { name: 'Tak' }).click();
  await expect(page).toHaveURL(/\/basket\/suggestion/);
  await expect(page.getByTestId('suggestion-added')).toBeVisible();
  expect((await agePermission(page))?.value).toBe('1');
  await expect(page.locator('.toast--error')).toHaveCount(0);
});

test('the alcohol product page: "No" leaves, "Yes" stays and is remembered', async ({ page }) => {
  const productPath = await findAlcoholProduct(page);

  // Without the cookie the product page asks.
  await page.goto(productPath);
  await expect(gate(page)).toBeVisible();
  await gate(page).getByRole('button', { name: 'Nie' }).click();
  await expect(page).toHaveURL(isHome);
  expect(await agePermission(page)).toBeUndefined();

  await page.goto(productPath);
  await expect(gate(page)).toBeVisible();
  await gate(page).getByRole('button', { name: 'Tak' }).click();
  await expect(gate(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Sprzedaż wyłącznie osobom pełnoletnim')).toBeVisible();

  const cookie = await agePermission(page);
  expect(cookie?.value).toBe('1');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  // About a year.
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 360 * 24 * 3600);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('price-box')).toBeVisible();
  await expect(gate(page)).toHaveCount(0);
});

test('the server adds alcohol only for a visitor who said they are of age', async ({ request }) => {
  const token = randomUUID().replace(/-/g, '');
  const q = 'channel=web_pl&locale=pl';
  expect((await request.post(`/shop-api/carts/${token}?${q}`, { data: { locale: 'pl' } })).status()).toBe(201);
  const liqueur = { type: 'product', productCode: 'PR_CHERRY_LIQUEUR' };
  const refused = await request.post(`/shop-api/carts/${token}/items?${q}`, { data: liqueur });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('age_confirmation_required');
  const added = await request.post(`/shop-api/carts/${token}/items?${q}`, { data: liqueur, headers: { cookie: 'agePermission=1' } });
  expect(added.status()).toBe(201);
});

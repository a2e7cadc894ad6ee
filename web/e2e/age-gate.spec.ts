import { expect, test, type Page } from '@playwright/test';

import { clearCookiesButVotePopup } from './helpers/vote-popup';

/**
 * The alcohol age gate (spec 4) against the real stack. The demo data has
 * age-restricted products in taxon wine-and-spirits; the products listing
 * contains them, so the gate guards the listing as well as their pages.
 */

const gate = (page: Page) => page.getByRole('dialog', { name: /18/ });

async function agePermission(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'agePermission');
}

/** The path of an age-restricted product, found through the products listing. */
async function findAlcoholProduct(page: Page): Promise<string> {
  await page.goto('/oferta/produkty/');
  await expect(gate(page)).toBeVisible();
  await gate(page).getByRole('button', { name: 'Tak' }).click();
  const filtered = page.waitForResponse((r) => r.url().includes('/offer/product') && r.url().includes('wine-and-spirits'));
  await page.getByLabel('Kategoria').selectOption('wine-and-spirits');
  await expect(page).toHaveURL(/category=wine-and-spirits/);
  await filtered;
  await expect(page.locator('section.listing')).toHaveAttribute('aria-busy', 'false');
  const link = page.getByTestId('product-card').first().getByRole('heading').getByRole('link');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/oferta\/produkty\/[^/]+$/);
  await clearCookiesButVotePopup(page.context());
  return href ?? '';
}

const isHome = (url: URL) => url.pathname === '/';

test('"No" on the products listing leads to the home page', async ({ page }) => {
  await page.goto('/oferta/produkty/');
  await expect(gate(page)).toBeVisible();
  await expect(gate(page)).toHaveAttribute('aria-modal', 'true');
  // The focus starts inside the dialog and stays there.
  await expect(gate(page).getByRole('button', { name: 'Tak' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(gate(page).getByRole('button', { name: 'Tak' })).toBeFocused();

  await gate(page).getByRole('button', { name: 'Nie' }).click();
  await expect(page).toHaveURL(isHome);
  await expect(gate(page)).toHaveCount(0);
  expect(await agePermission(page)).toBeUndefined();
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

import { expect, test, type Locator, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';

/**
 * The products listing against the real stack: items priced in euro show
 * their PLN price, as the basket charges it, with the euro price beside and
 * why (spec 1, 9), and the price slider, which shows złoty, filters by the
 * PLN amounts. Demo data may change: a product priced in euro is looked for,
 * not named.
 */

const cards = (page: Page) => page.getByTestId('product-card');

/** "1 234,56 zł" -> 1234.56 */
const zloty = (text: string) => Number(/([\d\s\u00a0\u202f]+,\d{2})\s*zł/.exec(text)?.[1]?.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'));

/** The card's price in złoty. */
async function cardZloty(card: Locator): Promise<number> {
  return zloty(await card.locator('.price__current').innerText());
}

test('euro prices show in złoty with the euro price beside, and the price slider filters in złoty', async ({ page }) => {
  await page.goto('/oferta/produkty/');
  await expect(cards(page).first()).toBeVisible();
  const all = await cards(page).count();

  const euro = cards(page).filter({ has: page.getByTestId('price-foreign') });
  expect(await euro.count()).toBeGreaterThan(0);
  await expect(euro.first().locator('.price__current')).toHaveText(/^\d[\d\s]*,\d{2}\s*zł$/);
  await expect(euro.first().getByTestId('price-foreign')).toHaveText(
    /^\s*\(cena w walucie obcej: \d+,\d{2}\s*€; płacisz w złotych po bieżącym kursie\)$/,
  );
  // No card shows a price in euro as its price.
  await expect(cards(page).locator('.price__current', { hasText: '€' })).toHaveCount(0);

  const max = page.getByRole('slider', { name: 'Cena maksymalna' });
  await expect(max).toHaveAttribute('aria-valuetext', /zł$/);
  await max.focus();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await expect(page).toHaveURL(/[?&]price_to=\d+/);
  const priceTo = Number(new URL(page.url()).searchParams.get('price_to')) / 100;
  await expect.poll(() => cards(page).count()).toBeLessThan(all);
  // What the slider shows is what it filtered by: every card left costs at most that many złoty.
  expect(zloty((await max.getAttribute('aria-valuetext')) ?? '')).toBe(priceTo);
  for (const card of await cards(page).all()) expect(await cardZloty(card)).toBeLessThanOrEqual(priceTo);

  await expectNoSeriousA11yIssues(page);
});

import { expect, test, type Locator, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';

/**
 * The products listing against the real stack: items priced in euro show
 * their PLN amount beside (spec 1, 9), and the price slider, which shows
 * złoty, filters by the PLN amounts. Demo data may change: a product priced
 * in euro is looked for, not named.
 */

const cards = (page: Page) => page.getByTestId('product-card');

/** "1 234,56 zł" -> 1234.56 */
const zloty = (text: string) => Number(/([\d\s\u00a0\u202f]+,\d{2})\s*zł/.exec(text)?.[1]?.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'));

/** The card's amount in złoty: its PLN amount beside a foreign price, else its price. */
async function cardZloty(card: Locator): Promise<number> {
  const base = card.getByTestId('price-base');
  const text = (await base.count()) > 0 ? await base.innerText() : await card.locator('.price__current').innerText();
  return zloty(text);
}

test('euro prices show their PLN amount, and the price slider filters in złoty', async ({ page }) => {
  await page.goto('/oferta/produkty/');
  await expect(cards(page).first()).toBeVisible();
  const all = await cards(page).count();

  const euro = cards(page).filter({ has: page.locator('.price__current', { hasText: '€' }) });
  expect(await euro.count()).toBeGreaterThan(0);
  await expect(euro.first().getByTestId('price-base')).toHaveText(/^\s*\(w złotych: \d[\d\s]*,\d{2}\s*zł\)$/);
  // A złoty price has none.
  const zl = cards(page).filter({ has: page.locator('.price__current', { hasText: 'zł' }) });
  await expect(zl.first().getByTestId('price-base')).toHaveCount(0);

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

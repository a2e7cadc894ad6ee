import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The treatments listing against the real stack, in Polish and English.
 * Product names come from demo data that may change: only the shape is checked.
 */

async function expectTreatmentCards(page: Page) {
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(3);

  for (let i = 0; i < count; i += 1) {
    const card = cards.nth(i);
    await expect(card.getByRole('heading')).toHaveText(/\S/);
    // A price: digits with two decimals and a currency (zł, PLN, €, £ ...).
    await expect(card.getByTestId('card-price')).toHaveText(/\d[\d\s.,]*[.,]\d{2}/);
  }
}

const languages = [
  { name: 'Polish', url: '/oferta/zabiegi/', lang: 'pl', heading: 'Zabiegi', comingSoon: /nie jest jeszcze dostępna/i },
  { name: 'English', url: '/en/offer/treatments', lang: 'en-GB', heading: 'Treatments', comingSoon: /not available yet/i },
] as const;

for (const { name, url, lang, heading, comingSoon } of languages) {
  test(`treatments listing in ${name}`, async ({ page }) => {
    await page.goto(url);

    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectTreatmentCards(page);
    await expect(page.getByText(comingSoon)).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(`^${heading} \\|`));
  });
}

test('treatments listing has no serious accessibility violations', async ({ page }) => {
  await page.goto('/oferta/zabiegi/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

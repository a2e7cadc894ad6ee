import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';

/**
 * The treatments listing against the real stack, in Polish and English.
 * Product names come from demo data that may change: only the shape is checked.
 */

async function expectTreatmentCards(page: Page) {
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(3);

  const each = (pattern: RegExp) => Array.from({ length: count }, () => pattern);
  await expect(cards.getByRole('heading')).toHaveText(each(/\S/));
  // A price on every card: digits with two decimals and a currency (zł, PLN, €, £ ...).
  await expect(cards.getByTestId('card-price')).toHaveText(each(/\d[\d\s.,]*[.,]\d{2}/));
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

  await expectNoSeriousA11yIssues(page);
});

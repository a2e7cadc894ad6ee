import { expect, test } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';

/**
 * Pages of the content system against the real stack: the regulations
 * page's title, description and blocks come from `GET /shop-api/pages` by
 * path and language (the demo pages, services/content/seed/pages.json).
 * Polish and English on the stack's own host (English under /en), German on
 * de.localhost with the same port.
 */

// The address playwright.config.ts gives the tests.
const base = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080');
const port = base.port ? `:${base.port}` : '';
const german = `${base.protocol}//de.localhost${port}`;

const languages = [
  {
    name: 'Polish',
    url: '/regulamin',
    lang: 'pl',
    heading: 'Regulamin sklepu i rezerwacji',
    site: 'Pensjonat Spa & Wellness',
    blocks: ['Rezerwacja i płatność', 'Vouchery podarunkowe'],
    description: /^Zasady rezerwacji/,
  },
  {
    name: 'English',
    url: '/en/regulations',
    lang: 'en-GB',
    heading: 'Terms of sale and booking',
    site: 'Spa & Wellness Guesthouse',
    blocks: ['Booking and payment', 'Gift vouchers'],
    description: /^How booking, payment/,
  },
  {
    name: 'German',
    url: `${german}/regulations`,
    lang: 'de',
    heading: 'Geschäfts- und Buchungsbedingungen',
    site: 'Pension Spa & Wellness',
    blocks: ['Buchung und Zahlung', 'Geschenkgutscheine'],
    description: /^Regeln für Buchung/,
  },
] as const;

for (const { name, url, lang, heading, site, blocks, description } of languages) {
  test(`the regulations page in ${name} shows its content`, async ({ page }) => {
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);

    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([...blocks]);
    await expect(page).toHaveTitle(`${heading} | ${site}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
    // Nobody is logged in: no edit mode.
    await expect(page.getByRole('button', { name: /^(Tryb edycji|Edit mode|Bearbeitungsmodus)$/ })).toHaveCount(0);
  });
}

test('the regulations page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/regulamin');
  await expect(page.getByRole('heading', { level: 2, name: 'Rezerwacja i płatność' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});

test('a link in the offer page’s block opens the listing within the app', async ({ page }) => {
  await page.goto('/oferta');
  await expect(page.getByRole('heading', { level: 1, name: 'Oferta – pakiety, zabiegi, day spa' })).toBeVisible();
  // Gone after a full page load.
  await page.evaluate(() => {
    (window as unknown as { __samePage?: boolean }).__samePage = true;
  });

  await page.getByRole('main').getByRole('link', { name: 'Pakiety pobytowe' }).click();

  await expect(page).toHaveURL(`${base.origin}/oferta/pakiety/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pakiety' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});

import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';

/**
 * All three languages through the language switcher, as the product runs
 * out of the box: Polish and English on the stack's own host (English under
 * /en), German on de.localhost with the same port (browsers resolve any
 * *.localhost name to this machine). The gateway names these hosts in every
 * page; nothing is configured for the test.
 */

// The address playwright.config.ts gives the tests.
const base = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080');
const port = base.port ? `:${base.port}` : '';
/** Where the gateway sends Polish and English from the German host: PUBLIC_URL's host, this port. */
const mainFromGerman = `${base.protocol}//localhost${port}`;
const german = `${base.protocol}//de.localhost${port}`;

async function expectPage(page: Page, url: string, lang: string, heading: string) {
  await expect(page).toHaveURL(url);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function switchTo(page: Page, language: 'Polski' | 'Deutsch' | 'English') {
  const switcher = page.getByRole('navigation', { name: /^(Wybór języka|Sprache wählen|Choose language)$/ });
  await switcher.getByRole('link', { name: language }).click();
}

test('the packages listing in Polish, German and English through the switcher', async ({ page }) => {
  await page.goto('/oferta/pakiety/');
  await expectPage(page, `${base.origin}/oferta/pakiety/`, 'pl', 'Pakiety');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${base.origin}/oferta/pakiety/`);
  await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute('href', `${german}/angebot/pakete`);

  await switchTo(page, 'Deutsch');
  await expectPage(page, `${german}/angebot/pakete`, 'de', 'Pakete');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${german}/angebot/pakete`);
  await expectNoSeriousA11yIssues(page);

  await switchTo(page, 'English');
  await expectPage(page, `${mainFromGerman}/en/offer/packages`, 'en-GB', 'Packages');

  await switchTo(page, 'Polski');
  await expectPage(page, `${mainFromGerman}/oferta/pakiety/`, 'pl', 'Pakiety');
});

test('a filtered listing stays filtered in another language', async ({ page }) => {
  await page.goto('/oferta/zabiegi/?sorting=price_asc');
  await expectPage(page, `${base.origin}/oferta/zabiegi/?sorting=price_asc`, 'pl', 'Zabiegi');
  await switchTo(page, 'Deutsch');
  await expectPage(page, `${german}/angebot/behandlungen?sorting=price_asc`, 'de', 'Behandlungen');
});

test('a product page switches to the same product, under its slug in each language', async ({ page }) => {
  await page.goto('/oferta/zabiegi/masaz-goracymi-kamieniami');
  await expectPage(page, `${base.origin}/oferta/zabiegi/masaz-goracymi-kamieniami`, 'pl', 'Masaż gorącymi kamieniami');
  const switcher = page.getByRole('navigation', { name: 'Wybór języka' });
  // The other languages' slugs come with the product in those languages.
  await expect(switcher.getByRole('link', { name: 'Deutsch' })).toHaveAttribute(
    'href',
    `${german}/angebot/behandlungen/hot-stone-massage`,
  );

  await switchTo(page, 'Deutsch');
  await expectPage(page, `${german}/angebot/behandlungen/hot-stone-massage`, 'de', 'Hot-Stone-Massage');
  // The picture carries no words; its text alternative is the name in the page's language.
  await expect(page.getByRole('img', { name: 'Hot-Stone-Massage' })).toBeVisible();

  await switchTo(page, 'English');
  await expectPage(page, `${mainFromGerman}/en/offer/treatments/hot-stone-massage`, 'en-GB', 'Hot Stone Massage');
});

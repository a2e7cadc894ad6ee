import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, test, type Page } from '@playwright/test';

import { addDays, daysFromToday } from './helpers/dates';
import { messages } from './helpers/messages';

/**
 * No message key is ever shown instead of its text: on the shop's main
 * pages in every language (and in the package reservation modal, where two
 * once were), neither the page's text nor its accessible names, titles,
 * placeholders or image texts contain any key of the app's dictionaries.
 */

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');

/** Every key of every part of the dictionary (the parts' keys are the same in each language). */
const KEYS: string[] = readdirSync(locales).flatMap((part) =>
  Object.keys(JSON.parse(readFileSync(path.join(locales, part, 'pl.json'), 'utf8')) as Record<string, string>),
);

const base = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080');
const port = base.port ? `:${base.port}` : '';
const german = `${base.protocol}//de.localhost${port}`;

/** What the visitor and a screen reader get of the page: its title, text, and named attributes. */
const shownText = (page: Page) =>
  page.evaluate(() => {
    const attributes = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description'];
    const named = [...document.querySelectorAll(attributes.map((a) => `[${a}]`).join(','))].flatMap((element) =>
      attributes.map((a) => element.getAttribute(a) ?? ''),
    );
    return [document.title, document.body.innerText, ...named];
  });

/** A dotted identifier standing alone, as a key missing from every dictionary would show. */
const LOOKS_LIKE_A_KEY = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;

async function expectNoKey(page: Page, where: string) {
  const texts = await shownText(page);
  const text = texts.join('\n');
  // A key shows as itself: `reservation.search.dates`, perhaps ending a sentence (not inside a longer word or an address).
  const shown = KEYS.filter((key) => new RegExp(`(^|[^\\w.@-])${key.replace(/\./g, '\\.')}($|\\.?\\s|[^\\w.@-])`).test(text));
  const lookAlikes = texts.flatMap((t) => t.split('\n')).filter((line) => LOOKS_LIKE_A_KEY.test(line.trim()));
  expect([...shown, ...lookAlikes], where).toEqual([]);
}

const LANGUAGES = [
  { locale: 'pl', origin: base.origin, prefix: '', pages: ['/', '/oferta/zabiegi/', '/oferta/pakiety/', '/oferta/produkty/', '/oferta/vouchery', '/kontakt', '/regulamin', '/reservation'] },
  { locale: 'de', origin: german, prefix: '', pages: ['/', '/angebot/behandlungen', '/kontakt', '/reservation'] },
  { locale: 'en_GB', origin: base.origin, prefix: '/en', pages: ['/en', '/en/offer/treatments', '/en/contact', '/en/reservation'] },
] as const;

for (const { locale, origin, prefix, pages } of LANGUAGES) {
  test(`no message key is shown instead of its text (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of pages) {
      await page.goto(`${origin}${path}`);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await expectNoKey(page, path);
    }
    // Room search results, the basket, and a package's reservation modal.
    const checkIn = daysFromToday(120);
    await page.goto(`${origin}${prefix}/reservation/rooms?dateFrom=${checkIn}&dateTo=${addDays(checkIn, 2)}&adults=2&children=0&babies=0`);
    await expect(page.getByTestId('room-result').first()).toBeVisible();
    await expectNoKey(page, 'room results');
    await page.goto(`${origin}${prefix}/basket/items`);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expectNoKey(page, 'basket');
    const pkg = (await (await page.request.get(`/shop-api/products/PKG_ROMANTIC_WEEKEND?channel=web_pl&locale=${locale}`)).json()) as {
      links: { self: string };
    };
    await page.goto(`${origin}${pkg.links.self}`);
    await page.locator('#package-configurator').getByRole('button', { name: messages(locale)('card.action.reserve') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoKey(page, 'package reservation modal');
  });
}

import { expect, test } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { messages } from './helpers/messages';

/**
 * The pages around the shop: the home page's banner (its slides are blocks
 * of the content system), the contact and location pages (details, route
 * planning, the maps drawn from the tiles the gateway names: here a local
 * stand-in, e2e/fakes/tiles.js) and the newsletter sign-up in the footer,
 * answered by the stack's content service.
 */

// The address playwright.config.ts gives the tests.
const base = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080');
// The tiles' stand-in playwright.config.ts starts.
const tiles = process.env.E2E_TILES_URL ?? 'http://127.0.0.1:18091';

/** The tiles the maps asked the stand-in for so far (other specs' too), oldest first. */
const tilesAsked = async () => (await (await fetch(`${tiles}/requests`)).json()) as { z: number }[];

/** The zoom levels of the tiles asked for after the first `before`. */
const zoomsSince = async (before: number) => [...new Set((await tilesAsked()).slice(before).map((tile) => tile.z))].sort();
const pl = messages('pl');
const en = messages('en_GB');
const port = base.port ? `:${base.port}` : '';
const german = `${base.protocol}//de.localhost${port}`;

// The banner's slides are the home page's blocks in the content system, as the seed
// gives them (services/content/seed/pages.json, `home-slide-*`).
const SLIDES = {
  packages: 'Pakiety pobytowe',
  rooms: 'Pokoje z widokiem na jezioro',
  vouchers: { title: 'Voucher w prezencie', cta: 'Wybierz voucher', href: '/oferta/vouchery' },
};

test('the home banner is a carousel the visitor can stop and turn', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: pl('banner.label') });
  await expect(banner).toHaveAttribute('aria-roledescription', pl('banner.roleDescription'));
  await expect(banner.getByRole('heading', { level: 2, name: SLIDES.packages })).toBeVisible();

  await banner.getByRole('button', { name: pl('banner.pause') }).click();
  await expect(banner.getByRole('button', { name: pl('banner.play') })).toBeVisible();
  await banner.getByRole('button', { name: pl('banner.next') }).click();
  await expect(banner.getByRole('heading', { level: 2, name: SLIDES.rooms })).toBeVisible();
  const picker = banner.getByRole('group', { name: pl('banner.choose') });
  await picker.getByRole('button', { name: pl('banner.goTo', { index: 4, title: SLIDES.vouchers.title }) }).click();
  await expect(banner.getByRole('heading', { level: 2, name: SLIDES.vouchers.title })).toBeVisible();
  await expect(banner.locator('img:visible')).toHaveAttribute('src', '/media/vc-gift-box.svg');
  await expect(banner.getByRole('link', { name: SLIDES.vouchers.cta })).toHaveAttribute('href', SLIDES.vouchers.href);
  await expectNoSeriousA11yIssues(page);
});

test('the contact and location pages in Polish and English: details, route planning, maps from the named tiles only', async ({
  page,
}) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const origin = new URL(request.url()).origin;
    if (origin !== base.origin && origin !== new URL(tiles).origin) foreign.push(request.url());
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  let before = (await tilesAsked()).length;

  await page.goto('/kontakt');
  await expect(page.getByRole('heading', { level: 1, name: pl('nav.contact') })).toBeVisible();
  await expect(page.getByRole('region', { name: pl('contact.address') })).toContainText('Ośno Lubuskie');
  await expect(page.getByRole('region', { name: pl('contact.phones') }).getByRole('link').first()).toHaveAttribute(
    'href',
    /^tel:\+48/,
  );
  const planning = page.getByRole('form', { name: pl('contact.route') });
  await planning.getByLabel(pl('contact.route.origin')).fill('Poznań');
  const directions = planning.getByRole('link', { name: new RegExp(`^${pl('contact.route.submit')}`) });
  await expect(directions).toHaveAttribute('target', '_blank');
  await expect(directions).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(directions).toHaveAttribute('href', /origin=Pozna%C5%84&destination=52\.46%2C14\.86/);
  // The map, on by default: drawn from the tiles the gateway names, with their attribution, at zoom 12.
  const map = page.getByRole('region', { name: pl('contact.map.label') });
  await expect(map).toBeVisible();
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await expect(map.locator('.leaflet-control-attribution')).toContainText('© OpenStreetMap contributors (test tiles)');
  await expect(page.getByRole('button', { name: pl('contact.map.zoomIn') })).toBeVisible();
  await expect(page.getByTestId('static-map')).toHaveCount(0);
  expect(await zoomsSince(before)).toEqual([12]);
  await expectNoSeriousA11yIssues(page);

  await page.goto('/en/contact');
  await expect(page.getByRole('heading', { level: 1, name: en('nav.contact') })).toBeVisible();
  await expect(page.getByRole('region', { name: en('contact.office') })).toContainText('Monday to Friday');
  await expect(page.getByRole('region', { name: en('contact.map.label') }).locator('img.leaflet-tile-loaded').first()).toBeVisible();

  // The location page: its text from the content system, the map beside it closer in (zoom 14).
  before = (await tilesAsked()).length;
  await page.goto('/en/reservation/localization');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const beside = page.getByRole('region', { name: en('contact.map'), exact: true });
  await expect(beside.getByRole('region', { name: en('contact.map.label') }).locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await expect(beside.getByRole('form', { name: en('contact.route') })).toBeVisible();
  expect(await zoomsSince(before)).toEqual([14]);
  await expectNoSeriousA11yIssues(page);

  expect(foreign).toEqual([]);
  expect(refused).toEqual([]);
});

test('the footer signs an address up for the newsletter once', async ({ page }) => {
  await page.goto('/en/contact');
  // The form loads when the footer nears the viewport.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const newsletter = page.getByRole('contentinfo').getByRole('region', { name: en('newsletter.title') });
  const field = newsletter.getByLabel(en('newsletter.email'), { exact: true });
  const send = newsletter.getByRole('button', { name: en('newsletter.submit'), exact: true });

  await send.click();
  await expect(newsletter.getByText(en('newsletter.error.required'))).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  const address = `news.${Date.now()}@example.pl`;
  await field.fill(address);
  await send.click();
  await expect(newsletter.getByRole('status')).toHaveText(en('newsletter.success'));
  await expect(field).toHaveValue('');

  await field.fill(address);
  await send.click();
  await expect(newsletter.getByRole('status')).toHaveText(en('newsletter.exists'));
  await expectNoSeriousA11yIssues(page, 'footer');
});

test('the newsletter answers a sign-up and a second one in each language', async ({ page }) => {
  for (const [url, locale] of [
    ['/kontakt', 'pl'],
    [`${german}/kontakt`, 'de'],
    ['/en/contact', 'en_GB'],
  ] as const) {
    const t = messages(locale);
    await page.goto(url);
    // The form loads as the footer nears the viewport.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const newsletter = page.getByRole('contentinfo').getByRole('region', { name: t('newsletter.title') });
    const field = newsletter.getByLabel(t('newsletter.email'), { exact: true });
    const send = newsletter.getByRole('button', { name: t('newsletter.submit'), exact: true });
    const address = `news.${locale}.${Date.now()}@example.pl`;
    await field.fill(address);
    await send.click();
    await expect(newsletter.getByRole('status'), `201 in ${locale}`).toHaveText(t('newsletter.success'));
    await field.fill(address);
    await send.click();
    await expect(newsletter.getByRole('status'), `409 in ${locale}`).toHaveText(t('newsletter.exists'));
  }
});

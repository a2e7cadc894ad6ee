import { expect, test, type Page } from '@playwright/test';

import { addDays, daysFromToday } from './helpers/dates';
import { messages, type E2eLocale } from './helpers/messages';

/**
 * Every page a guest meets fits a phone: at 360 and 390 px (and the
 * narrowest, 320 px, and a large phone, 430 px, on the busiest pages) in
 * Polish, German and English nothing is wider than the screen, so the page
 * never scrolls sideways, nothing is cut off at its right edge, and the
 * header's basket button is on screen. Dialogs (the room's description, the
 * vote pop-up, the mini basket) fit too, and on the basket page the way on
 * (the next step) comes before the suggestions, not below them; the
 * checkout's order summary opened and a customer's profile fit as well.
 */

const base = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080');
const port = base.port ? `:${base.port}` : '';
const german = `${base.protocol}//de.localhost${port}`;

type Language = { locale: E2eLocale; origin: string; prefix: string; pages: string[] };

/** The guest's pages in each language (the language's own paths). */
const LANGUAGES: Language[] = [
  {
    locale: 'pl',
    origin: base.origin,
    prefix: '',
    pages: [
      '/',
      '/oferta',
      '/oferta/zabiegi/',
      '/oferta/pakiety/',
      '/oferta/produkty/',
      '/oferta/vouchery',
      '/oferta/day-spa/',
      '/pensjonat/baza-noclegowa/',
      '/oferta/vouchery/konfiguracja?code=VC_AMOUNT',
      '/kontakt',
      '/regulamin',
      '/logowanie',
      '/register',
      '/reservation/search',
      '/reservation/terms',
      '/reservation/localization',
      '/basket/items',
    ],
  },
  {
    locale: 'de',
    origin: german,
    prefix: '',
    pages: [
      '/',
      '/angebot',
      '/angebot/behandlungen',
      '/angebot/pakete',
      '/angebot/produkte',
      '/angebot/gutscheine',
      '/angebot/day-spa',
      '/pension/unterkunft',
      '/angebot/gutscheine/konfiguration?code=VC_AMOUNT',
      '/kontakt',
      '/regulations',
      '/anmelden',
      '/register',
      '/reservation/search',
      '/reservation/terms',
      '/reservation/localization',
      '/basket/items',
    ],
  },
  {
    locale: 'en_GB',
    origin: base.origin,
    prefix: '/en',
    pages: [
      '/en',
      '/en/our-offer',
      '/en/offer/treatments',
      '/en/offer/packages',
      '/en/offer/products',
      '/en/offer/vouchers',
      '/en/offer/day-spa',
      '/en/guesthouse/accomodation',
      '/en/offer/vouchers/configure?code=VC_AMOUNT',
      '/en/contact',
      '/en/regulations',
      '/en/login',
      '/en/register',
      '/en/reservation/search',
      '/en/reservation/terms',
      '/en/reservation/localization',
      '/en/basket/items',
    ],
  },
];

/** Product pages of each kind (their paths come from the API, in the language). */
const PRODUCTS = ['PKG_ROMANTIC_WEEKEND', 'TR_HOT_STONE', 'PR_HONEY_BODY_BALM', 'VC_AMOUNT'];

/**
 * What sticks out of the screen: the page's own width beyond the viewport
 * (a sideways scroll), and any shown element whose right edge passes the
 * screen's, unless it sits in a box that scrolls or clips sideways on
 * purpose (a slider, a wide table in its own scroller): overflow hidden on
 * the page itself would hide the scroll but still cut the content off.
 */
function sticksOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    }
    const scrolls = (element: Element) => {
      const overflow = getComputedStyle(element).overflowX;
      return overflow !== 'visible';
    };
    const inScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (scrolls(parent)) return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed' && box.left >= width) continue;
      if (inScroller(element)) continue;
      const name = `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
      found.push(`${name} ends at ${Math.round(box.right)} px`);
      if (found.length > 5) break;
    }
    return found;
  });
}

async function expectFits(page: Page, where: string) {
  expect(await sticksOut(page), `${where} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** A dialog's box lies within the screen. */
async function expectOnScreen(page: Page, selector: ReturnType<Page['locator']>, where: string) {
  const box = await selector.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, where).not.toBeNull();
  expect(box!.x, `${where}: its left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${where}: its right edge`).toBeLessThanOrEqual(width + 1);
}

for (const width of [360, 390]) {
  for (const language of LANGUAGES) {
    const { locale, origin, prefix } = language;
    test(`every page fits a ${width} px phone (${locale})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const t = messages(locale);
      await page.setViewportSize({ width, height: 780 });

      for (const path of language.pages) {
        await page.goto(`${origin}${path}`);
        await expect(page.locator('main h1').first()).toBeVisible();
        // Lazily loaded parts (the footer's newsletter, pictures) are in place.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState('networkidle');
        await expectFits(page, path);
        await expectOnScreen(page, page.getByTestId('mini-basket-toggle'), `${path}: the basket button`);
      }

      for (const code of PRODUCTS) {
        const product = (await (await request.get(`/shop-api/products/${code}?channel=web_pl&locale=${locale}`)).json()) as {
          links: { self: string };
        };
        await page.goto(`${origin}${product.links.self}`);
        await expect(page.locator('main h1').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectFits(page, product.links.self);
      }

      // Room results, a room's description popup, and a stay into the basket.
      const checkIn = daysFromToday(150 + width - 360 + (locale === 'pl' ? 0 : locale === 'de' ? 7 : 14));
      await page.goto(`${origin}${prefix}/reservation/rooms?dateFrom=${checkIn}&dateTo=${addDays(checkIn, 2)}&adults=2&children=0&babies=0`);
      const room = page.getByTestId('room-result').first();
      await expect(room).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectFits(page, 'room results');
      const roomName = (await room.getByRole('heading', { level: 2 }).innerText()).trim();
      await room.getByRole('button', { name: t('rooms.description.openNamed', { name: roomName }) }).click();
      const description = page.getByRole('dialog');
      await expect(description).toBeVisible();
      await expectOnScreen(page, description, 'the room description');
      await expectFits(page, 'the room description');
      await page.keyboard.press('Escape');
      await expect(description).toBeHidden();

      await room.getByRole('button', { name: t('rooms.reserveLabel', { name: roomName }) }).click();
      await expect(page.getByTestId('suggestion-added')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectFits(page, 'the suggestion page');

      // The mini basket opens over the page; the page does not slide sideways.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId('mini-basket-toggle').click();
      const mini = page.getByTestId('mini-basket-lines');
      await expect(mini).toBeVisible();
      await expectOnScreen(page, mini, 'the mini basket');
      expect(await page.evaluate(() => window.scrollX), 'the page slid sideways').toBe(0);
      await expectFits(page, 'the open mini basket');
      await page.keyboard.press('Escape');

      // The basket: its next step comes before any suggestion.
      await page.goto(`${origin}${prefix}/basket/items`);
      const next = page.getByRole('link', { name: t('basket.items.next') });
      await expect(next).toBeVisible();
      await expect(page.getByTestId('suggested-packages').or(page.getByTestId('suggested-treatments')).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectFits(page, 'the basket');
      const nextTop = (await next.boundingBox())!.y;
      for (const kind of ['packages', 'treatments', 'products']) {
        const section = page.getByTestId(`suggested-${kind}`);
        if ((await section.count()) === 0) continue;
        expect((await section.boundingBox())!.y, `the next step above the suggested ${kind}`).toBeGreaterThan(nextTop);
      }

      // The checkout's steps.
      await next.click();
      await expect(page).toHaveURL(`${origin}${prefix}/basket/login`);
      await expectFits(page, 'the login step');
      await page.getByRole('link', { name: t('account.checkout.guest') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('basket.steps.personal') })).toBeVisible();
      await expectFits(page, 'the personal data step');
      await page.getByRole('checkbox', { name: t('checkout.personal.invoice') }).check();
      await expectFits(page, 'the personal data step with the invoice');
      // What is being bought, folded above the form on a phone, opened.
      await page.getByTestId('order-summary').locator('summary').click();
      await expect(page.getByTestId('order-summary').getByRole('heading', { level: 3 }).first()).toBeVisible();
      await expectFits(page, 'the order summary opened');

      // A customer's profile with its bookings list (empty: a new account).
      const customer = { email: `phone.${locale}.${width}.${Date.now()}@example.pl`, password: 'a phone-sized passphrase', firstName: 'Ola', lastName: 'Telefon' };
      // From the page: its host (de.localhost) is the browser's to resolve, and the session cookie its own.
      const registered = await page.evaluate(
        async ([body, lang]) =>
          (await fetch(`/shop-api/register?channel=web_pl&locale=${lang}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })).status,
        [customer, locale] as const,
      );
      expect(registered).toBe(201);
      await page.goto(`${origin}${locale === 'en_GB' ? '/en/profile' : '/profil'}`);
      await expect(page.getByRole('heading', { level: 2, name: t('account.profile.bookings') })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectFits(page, 'the profile');
    });
  }
}

test.describe('the narrowest and a large phone', () => {
  for (const width of [320, 430]) {
    for (const language of LANGUAGES) {
      test(`the busiest pages fit ${width} px (${language.locale})`, async ({ page }) => {
        await page.setViewportSize({ width, height: 780 });
        // Home, the packages listing, contact and the reservation search.
        for (const path of [0, 3, 9, 13].map((index) => language.pages[index] ?? '')) {
          await page.goto(`${language.origin}${path}`);
          await expect(page.locator('main h1').first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expectFits(page, path);
        }
        // The check itself sees content wider than the screen, also where the page hides its scroll.
        await page.evaluate(() => {
          // Styles set through the DOM (the page's CSP refuses inline style attributes).
          document.body.style.overflowX = 'hidden';
          const wide = document.createElement('div');
          wide.className = 'too-wide';
          wide.style.width = '120vw';
          wide.style.height = '1px';
          document.querySelector('main')?.append(wide);
        });
        expect(await sticksOut(page)).toContainEqual(expect.stringMatching(/^div\.too-wide ends at \d+ px$/));
      });
    }
  }
});

test.describe('a first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  for (const language of LANGUAGES) {
    test(`the vote pop-up fits a 360 px phone (${language.locale})`, async ({ page }) => {
      const t = messages(language.locale);
      await page.setViewportSize({ width: 360, height: 640 });
      await page.goto(`${language.origin}${language.pages[0] ?? ''}`);
      const poll = page.getByRole('dialog', { name: t('poll.title') });
      await expect(poll).toBeVisible();
      await expectOnScreen(page, poll, 'the vote pop-up');
      await expectFits(page, 'the vote pop-up');
    });
  }
});

import { expect, test, type Page } from '@playwright/test';

import { addDays, daysFromToday } from './helpers/dates';

/**
 * The app runs under the gateway's Content-Security-Policy: pages with a
 * listing, a product with its JSON-LD and gallery, a package configurator,
 * and room results with the fetched room popup report no violation.
 */

type Recorded = { __cspViolations?: string[] };

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as Recorded).__cspViolations ?? []);
}

test('every kind of page runs under the Content-Security-Policy', async ({ page }) => {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as Recorded;
      w.__cspViolations = [...(w.__cspViolations ?? []), `${e.violatedDirective}: ${e.blockedURI}`];
    });
  });

  const response = await page.goto('/oferta/pakiety/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  const card = page.getByTestId('product-card').first();
  await expect(card).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // A package page: gallery, JSON-LD, the configurator priced by the server.
  await card.getByRole('link', { name: /^Zobacz szczegóły/ }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  expect(await violations(page)).toEqual([]);

  // Room results with calendars, and the popup's fetched HTML fragment.
  const from = daysFromToday(45);
  await page.goto(`/reservation/rooms?dateFrom=${from}&dateTo=${addDays(from, 2)}&adults=2&children=0&babies=0`);
  const room = page.getByTestId('room-result').first();
  await room.getByRole('button', { name: /^Opis pokoju: / }).click();
  await expect(page.getByRole('dialog').locator('article.room-partial img')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // English pages load the same way.
  await page.goto('/en/offer/treatments');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
  expect(reported).toEqual([]);
});

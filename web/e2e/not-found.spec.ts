import { expect, test } from '@playwright/test';

/**
 * A path no page of the language answers is a 404 that still carries the
 * app, which shows its not-found page. The gateway knows the app's pages
 * from the routes manifest the web build writes (dist/routes.json).
 */

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/oferta/nie-ma-takiej-strony');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Wróć na stronę główną' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('English and German unknown paths are 404s in their language', async ({ page }) => {
  let response = await page.goto('/en/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  // A Polish path on the German host is no German page.
  const port = new URL(page.url()).port;
  response = await page.goto(`http://de.localhost${port ? `:${port}` : ''}/oferta/pakiety/`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
});

test('pages of the route table answer 200, product pages by their pattern', async ({ request }) => {
  const pages = [
    '/',
    '/oferta/zabiegi/',
    '/oferta/zabiegi',
    '/oferta/pakiety/romantyczny-weekend-we-dwoje',
    '/en/basket/items',
    '/reservation',
  ];
  for (const path of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
  }
});

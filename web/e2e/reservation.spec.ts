import { expect, test, type Locator, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { addDays, daysFromToday, shown } from './helpers/dates';
import { closeFamilyRoomNights } from './helpers/rooms-db';

/**
 * The reservation area against the real stack: search a stay with the date
 * and guest pickers (by pointer and by keyboard only), the results with
 * prices, rooms left and the room popup, and both empty states of spec 8.
 * Only the shape of the demo data is relied upon (several room types, most
 * for two, family rooms for four, a year of inventory ahead).
 *
 * The gateway caches searches, and a spec that changes the store directly
 * must search dates nobody asked about before; so each test uses its own.
 */

const results = (page: Page) => page.getByTestId('room-result');
const datesToggle = (page: Page) => page.getByTestId('date-field-toggle');
const guestsToggle = (page: Page) => page.getByTestId('guest-picker-toggle');
const picker = (page: Page) => page.getByRole('dialog', { name: 'Termin pobytu' });

/** Clicks a day in an open picker, paging to later months first when it is not shown. */
async function clickDay(calendar: Locator, day: string) {
  const cell = calendar.locator(`[data-date="${day}"]`);
  const title = calendar.locator('.date-picker__month-title').first();
  for (let i = 0; i < 13 && !(await cell.isVisible()); i += 1) {
    const before = await title.innerText();
    // One click, one month: a click within the picker's 200 ms throttle waits, it is not lost.
    await calendar.getByRole('button', { name: 'Następny miesiąc' }).click();
    await expect(title).not.toHaveText(before);
  }
  await cell.click();
}

test('search a stay: pick dates about 30 days ahead, see prices and rooms left', async ({ page }) => {
  // A room's calendar shows the check-in's month: keep the two nights inside one month.
  const inOneMonth = (day: string) => addDays(day, 2).slice(0, 7) === day.slice(0, 7);
  const checkIn = inOneMonth(daysFromToday(30)) ? daysFromToday(30) : daysFromToday(27);
  const checkOut = addDays(checkIn, 2);

  await page.goto('/reservation');
  await expect(page).toHaveURL(/\/reservation\/search$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wyszukaj pokój' })).toBeVisible();
  await expect(page).toHaveTitle(/^Wyszukaj pokój \|/);

  const form = page.getByRole('search', { name: 'Wyszukiwanie pokoi' });
  await expect(guestsToggle(page)).toHaveText('2 gości');
  await datesToggle(page).click();
  // A desktop viewport: two months of 42 day cells, weeks from Monday.
  const grids = picker(page).getByRole('grid');
  await expect(grids).toHaveCount(2);
  await expect(grids.first().getByRole('gridcell')).toHaveCount(42);
  await expect(grids.first().getByRole('columnheader').first()).toContainText('poniedziałek');

  await clickDay(picker(page), checkIn);
  await expect(picker(page)).toContainText('Wybierz datę wyjazdu.');
  await clickDay(picker(page), checkOut);
  await expect(picker(page)).toBeHidden();
  await expect(datesToggle(page)).toContainText(`${shown(checkIn)} – ${shown(checkOut)} (2 noce)`);
  await expectNoSeriousA11yIssues(page);

  const availabilityRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/shop-api/rooms/availability') availabilityRequests.push(url.searchParams.get('roomCode') ?? '');
  });
  await form.getByRole('button', { name: 'Szukaj pokoi' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/reservation/rooms\\?dateFrom=${checkIn}&dateTo=${checkOut}&adults=2&children=0&babies=0$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Dostępne pokoje' })).toBeVisible();
  await expect(page.getByTestId('search-summary')).toContainText(`${shown(checkIn)} – ${shown(checkOut)}, 2 noce, 2 gości`);
  await expect(results(page).first()).toBeVisible();

  const count = await results(page).count();
  expect(count).toBeGreaterThan(1);
  // Every room: a name, the price of the 2 nights, rooms left, max persons, "reserve" (into the basket: basket.spec.ts).
  const each = (pattern: RegExp) => Array.from({ length: count }, () => pattern);
  await expect(results(page).getByRole('heading', { level: 2 })).toHaveText(each(/\S/));
  await expect(results(page).getByTestId('room-price')).toHaveText(each(/^Cena za 2 noce\s*\d[\d\s]*,\d{2}\s*zł$/));
  await expect(results(page).getByTestId('rooms-left')).toHaveText(each(/^(Został|Zostały|Zostało) \d+ pok[oó]/));
  await expect(results(page).getByTestId('room-max-persons')).toHaveText(each(/^maks\. \d+ os(oba|oby|ób)$/));
  const reserve = results(page).getByRole('button', { name: /^Zarezerwuj: / });
  await expect(reserve).toHaveCount(count);
  await expect(reserve.and(page.locator('[aria-disabled="false"]'))).toHaveCount(count);
  // Ratings are read out as text.
  await expect(page.getByRole('img', { name: /^Ocena gości: [1-5](,\d)? z 5$/ }).first()).toBeVisible();
  // Each room's calendar comes from the availability API, the stay marked in it.
  const calendar = results(page).first().getByTestId('room-calendar');
  await expect(calendar.locator(`[data-date="${checkIn}"]`)).toHaveAttribute('aria-label', /przyjazd/);
  await expect(calendar.locator(`[data-date="${checkOut}"]`)).toHaveAttribute('aria-label', /wyjazd/);
  await expectNoSeriousA11yIssues(page);
  // ...asked for only once a room comes near the viewport: the last one's when scrolled to.
  expect(availabilityRequests.length).toBeLessThan(count);
  const last = results(page).last();
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByTestId('room-calendar').locator(`[data-date="${checkIn}"]`)).toHaveAttribute('aria-label', /przyjazd/);
  expect(availabilityRequests).toContain(await last.getAttribute('data-room-code'));

  // The search is in the URL: a reload (or a shared link) shows the same rooms.
  await page.reload();
  await expect(results(page)).toHaveCount(count);
});

test('the rooms listing "reserve" leads to the room page, and from there to the reservation search', async ({ page }) => {
  await page.goto('/pensjonat/baza-noclegowa/');
  const card = page.getByTestId('product-card').first();
  const roomPage = await card.getByRole('heading').getByRole('link').getAttribute('href');
  expect(roomPage).toMatch(/^\/pensjonat\/baza-noclegowa\/[^/]+$/);
  await card.getByRole('link', { name: /^Zarezerwuj/ }).click();
  await expect(page).toHaveURL(new RegExp(`${roomPage}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByTestId('price-box').getByRole('link', { name: 'Zarezerwuj' }).click();
  await expect(page).toHaveURL(/\/reservation\/search$/);
  await expect(page.getByRole('search', { name: 'Wyszukiwanie pokoi' })).toBeVisible();
});

test('open a room description popup', async ({ page }) => {
  const from = daysFromToday(40);
  await page.goto(`/reservation/rooms?dateFrom=${from}&dateTo=${addDays(from, 1)}&adults=2&children=0&babies=0`);
  const first = results(page).first();
  await expect(first).toBeVisible();
  const name = (await first.getByRole('heading', { level: 2 }).innerText()).trim();

  const open = first.getByRole('button', { name: `Opis pokoju: ${name}` });
  await open.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  const fragment = dialog.locator('article.room-partial');
  await expect(fragment).toBeVisible();
  await expect(fragment).toContainText('Maks. liczba osób');
  await expect(dialog.getByRole('button', { name: 'Zamknij' })).toBeFocused();
  await expectNoSeriousA11yIssues(page, '[role="dialog"]');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  // The English popup comes from /en/_partial.
  await page.goto(`/en/reservation/rooms?dateFrom=${from}&dateTo=${addDays(from, 1)}&adults=2&children=0&babies=0`);
  const english = results(page).first();
  await english.getByRole('button', { name: /^Room description: / }).click();
  await expect(page.getByRole('dialog').locator('article.room-partial')).toContainText('Max. guests');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('dates beyond the booking horizon are said to be wrong, not the rooms taken, and lead back to the search', async ({ page }) => {
  const from = daysFromToday(400);
  const to = addDays(from, 2);
  await page.goto(`/reservation/rooms?dateFrom=${from}&dateTo=${to}&adults=2&children=0&babies=0`);

  // The horizon's last day as the page's clock has it (a year from its today).
  const refusal = page.getByRole('alert').filter({ hasText: /Przyjmujemy rezerwacje pobytów kończących się najpóźniej \d\d\.\d\d\.\d{4}\./ });
  await expect(refusal).toBeVisible();
  await expect(page.getByTestId('rooms-empty')).toHaveCount(0);
  await expect(results(page)).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);

  await refusal.getByRole('link', { name: 'Zmień wyszukiwanie' }).click();
  await expect(page).toHaveURL(new RegExp(`/reservation/search\\?dateFrom=${from}&dateTo=${to}`));
});

test('a check-out before the check-in is said to be so', async ({ page }) => {
  const from = daysFromToday(40);
  await page.goto(`/en/reservation/rooms?dateFrom=${from}&dateTo=${addDays(from, -2)}&adults=2&children=0&babies=0`);
  await expect(page.getByRole('alert').filter({ hasText: 'Check-out must come after check-in. Choose the dates again.' })).toBeVisible();
  await expect(page.getByTestId('rooms-empty')).toHaveCount(0);
});

test('no room for the number of people: prompts to change the guests', async ({ page }) => {
  // Fresh dates (this run's own), their family-room nights closed: 2 adults
  // and 2 children then fit nowhere, while rooms for two stay free.
  const from = daysFromToday(120 + (Math.floor(Date.now() / 1000) % 150));
  const to = addDays(from, 2);
  expect(closeFamilyRoomNights(from, to)).toBeGreaterThan(0);

  await page.goto(`/reservation/search?dateFrom=${from}&dateTo=${to}`);
  await guestsToggle(page).click();
  const moreChildren = page.getByRole('button', { name: 'Zwiększ: Dzieci (4–16 lat)' });
  await moreChildren.click();
  await moreChildren.click();
  await expect(moreChildren).toBeDisabled();
  await expect(guestsToggle(page)).toHaveText('4 gości');
  await page.getByRole('button', { name: 'Gotowe' }).click();
  await page.getByRole('button', { name: 'Szukaj pokoi' }).click();

  await expect(page).toHaveURL(/\/reservation\/rooms\?.*adults=2&children=2&babies=0$/);
  const empty = page.getByTestId('rooms-empty');
  await expect(empty.getByRole('heading', { name: 'Brak pokoju dla wybranej liczby osób' })).toBeVisible();
  await expect(empty).toContainText('Zmień liczbę osób.');
  await expectNoSeriousA11yIssues(page);

  // Fewer people on the same dates: rooms again.
  await empty.getByRole('link', { name: 'Zmień liczbę osób' }).click();
  await expect(page).toHaveURL(/\/reservation\/search\?.*children=2/);
  await guestsToggle(page).click();
  const fewerChildren = page.getByRole('button', { name: 'Zmniejsz: Dzieci (4–16 lat)' });
  await fewerChildren.click();
  await fewerChildren.click();
  await expect(guestsToggle(page)).toHaveText('2 gości');
  await page.getByRole('button', { name: 'Szukaj pokoi' }).click();
  await expect(results(page).first()).toBeVisible();
});

test('choose a stay with the keyboard only', async ({ page }) => {
  await page.goto('/reservation/search');
  const toggle = datesToggle(page);
  await expect(toggle).toBeVisible();

  // Tab from the top of the page into the date field.
  for (let i = 0; i < 60 && !(await toggle.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker(page)).toBeVisible();

  // Focus is on a day (today); a month and a week later is the check-in.
  const focused = picker(page).locator('[data-date]:focus');
  await expect(focused).toHaveCount(1);
  const today = (await focused.getAttribute('data-date')) ?? '';
  await page.keyboard.press('PageDown');
  await page.keyboard.press('ArrowDown');
  const checkIn = (await focused.getAttribute('data-date')) ?? '';
  expect(checkIn > today).toBe(true);
  await page.keyboard.press('Enter');
  const checkInCell = picker(page).locator(`[data-date="${checkIn}"]`);
  await expect(checkInCell).toHaveAttribute('aria-label', /, przyjazd$/);
  await expect(picker(page).locator(`td:has([data-date="${checkIn}"])`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Przyjazd:' })).toHaveText(
    `Przyjazd: ${shown(checkIn)}. Wybierz datę wyjazdu.`,
  );

  // Three nights: three days to the right, Enter picks the check-out and closes.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const checkOut = (await focused.getAttribute('data-date')) ?? '';
  expect(checkOut).toBe(addDays(checkIn, 3));
  await page.keyboard.press('Enter');
  await expect(picker(page)).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toContainText(`${shown(checkIn)} – ${shown(checkOut)} (3 noce)`);
  await expect(page.getByRole('status').filter({ hasText: 'Wybrany pobyt' })).toHaveText(
    `Wybrany pobyt: ${shown(checkIn)} – ${shown(checkOut)}, 3 noce.`,
  );

  // Guests: open, one more child, Escape back to the button.
  await page.keyboard.press('Tab');
  await expect(guestsToggle(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab'); // fewer adults
  await page.keyboard.press('Tab'); // more adults (at its limit: aria-disabled, still focusable)
  await expect(page.getByRole('button', { name: 'Zwiększ: Dorośli' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter'); // does nothing at the limit
  await page.keyboard.press('Tab'); // fewer children (at its limit)
  await page.keyboard.press('Tab'); // more children
  await expect(page.getByRole('button', { name: 'Zwiększ: Dzieci (4–16 lat)' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(guestsToggle(page)).toHaveText('3 gości');
  await page.keyboard.press('Escape');
  await expect(guestsToggle(page)).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Szukaj pokoi' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`/reservation/rooms\\?dateFrom=${checkIn}&dateTo=${checkOut}&adults=2&children=1&babies=0$`),
  );
  await expect(results(page).first()).toBeVisible();
});

import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { addDays, daysFromToday } from './helpers/dates';
import { messages, plural } from './helpers/messages';

/**
 * Booking portals against the real stack: an administrator adds a channel
 * for the one-room tower suite with a portal's calendar (a local fake
 * portal with two overlapping bookings), syncs it now, and the page shows
 * what the import changed and the double booking first; the guests'
 * search no longer offers the suite on those nights, our export feed does
 * not echo them back, and deleting the channel sells them again.
 */

const pl = messages('pl');
const admin = { email: 'recepcja@example.pl', password: 'hasło recepcji e2e 2026' };
const ROOM = 'ROOM_TOWER_SUITE';

const compact = (day: string) => day.replace(/-/g, '');

/** A portal's iCal export with one booking per `[uid, arrival, departure)`. */
function calendar(bookings: readonly [string, string, string][]): string {
  const events = bookings.map(([uid, from, to]) =>
    ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', `DTSTART;VALUE=DATE:${compact(from)}`, `DTEND;VALUE=DATE:${compact(to)}`, 'SUMMARY:Reserved', 'END:VEVENT'].join('\r\n'),
  );
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Fake portal//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
}

/** A portal on this machine serving `ics` as its listing's calendar; its address and how to stop it. */
async function fakePortal(ics: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(ics);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ical/listing-7.ics`, server };
}

async function logIn(page: Page) {
  await page.getByRole('main').getByRole('link', { name: pl('staff.login') }).click();
  await page.getByLabel(pl('account.field.email'), { exact: true }).fill(admin.email);
  await page.getByLabel(pl('account.field.password'), { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: pl('account.login.submit') }).click();
}

/** How many tower suites the guests' search offers two adults from `from` to `to` (0: none). */
async function suitesLeft(page: Page, from: string, to: string): Promise<number> {
  await page.goto(`/reservation/rooms?dateFrom=${from}&dateTo=${to}&adults=2&children=0&babies=0`);
  await expect(page.getByTestId('room-result').first()).toBeVisible();
  const suite = page.locator(`[data-testid="room-result"][data-room-code="${ROOM}"]`);
  if ((await suite.count()) === 0) return 0;
  return Number((await suite.getByTestId('rooms-left').innerText()).match(/\d+/)?.[0]);
}

test('an administrator connects a portal’s calendar: the import takes the suite’s nights, shows the double booking first, and deleting the channel frees them', async ({ page }) => {
  // Nights of this run only, far enough ahead that no other spec asks about them.
  const arrival = daysFromToday(200 + randomInt(0, 60));
  const [second, third, departure] = [addDays(arrival, 1), addDays(arrival, 2), addDays(arrival, 3)];
  const portal = await fakePortal(
    calendar([
      ['first@portal.example', arrival, third],
      ['second@portal.example', second, departure],
    ]),
  );
  const name = `Booking.com – wieża ${randomInt(1000, 9999)}`;
  try {
    expect(await suitesLeft(page, arrival, third)).toBe(1);

    await page.goto('/backend/channels');
    await expect(page.getByText(pl('staff.channels.loginNeeded'))).toBeVisible();
    await logIn(page);
    await expect(page.getByRole('heading', { level: 1, name: pl('staff.channels.title') })).toBeVisible();

    await page.getByRole('button', { name: pl('staff.channels.add'), exact: true }).first().click();
    const form = page.getByRole('form', { name: pl('staff.channels.addHeading') });
    await expect(form).toBeVisible();
    await form.getByLabel(pl('staff.channels.name'), { exact: true }).fill(name);
    await form.getByLabel(pl('staff.channels.room'), { exact: true }).selectOption(ROOM);
    await form.getByLabel(pl('staff.channels.units'), { exact: true }).fill('1');
    await form.getByLabel(pl('staff.channels.importUrl'), { exact: true }).fill(portal.url);
    await form.getByRole('button', { name: pl('staff.channels.create') }).click();
    await expect(page.getByRole('status').filter({ hasText: pl('staff.channels.added', { name }) })).toBeVisible();

    // Sync now: two bookings added, both on the night sold twice, shown first.
    const channel = page.getByRole('article', { name });
    await channel.getByRole('button', { name: pl('staff.channels.syncNamed', { name }) }).click();
    await expect(channel.getByText(/^Zaimportowano: dodane 2, zmienione 0, usunięte 0; 2 nowe konflikty/)).toBeVisible();
    const conflicts = channel.getByRole('group', { name: plural('pl', pl('staff.channels.conflicts.heading'), 2) });
    await expect(conflicts).toBeVisible();
    await expect(conflicts.getByRole('listitem')).toHaveCount(2);
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('link', { name: plural('pl', pl('staff.channels.conflicts.of', { name }), 2) })).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    // Our export feed for the portal: a calendar that does not echo the portal's own bookings back
    // (the stack tests check its busy nights against the inventory).
    const feedUrl = await channel.getByLabel(pl('staff.channels.exportUrl'), { exact: true }).inputValue();
    const feed = await page.request.get(feedUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    const body = await feed.text();
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body).toContain(`X-WR-CALNAME:${name}`);
    expect(body).not.toContain(compact(second));

    // The guests' search follows: no tower suite on the portal's nights.
    await expect.poll(() => suitesLeft(page, arrival, third), { timeout: 15_000 }).toBe(0);

    // Deleted after a confirmation: the nights are for sale again.
    await page.goto('/backend/channels');
    await channel.getByRole('button', { name: pl('staff.channels.deleteNamed', { name }) }).click();
    await channel.getByRole('button', { name: pl('staff.channels.confirmDelete', { name }) }).click();
    await expect(page.getByRole('status').filter({ hasText: pl('staff.channels.deleted', { name }) })).toBeVisible();
    await expect(page.getByRole('article', { name })).toHaveCount(0);
    await expect.poll(() => suitesLeft(page, arrival, third), { timeout: 15_000 }).toBe(1);
    expect((await page.request.get(feedUrl)).status()).toBe(404);

    // On a 360 px phone the page does not scroll sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/backend/channels');
    await expect(page.getByRole('heading', { level: 1, name: pl('staff.channels.title') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    portal.server.close();
  }
});

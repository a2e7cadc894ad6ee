import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { messages } from './helpers/messages';
import { VOTE_POPUP_COOKIE } from './helpers/vote-popup';

/**
 * The vote pop-up (spec 2.5, 3, 4) against the real stack, which runs a
 * poll (`GET /shop-api/poll`): it opens on a visitor's first page load,
 * takes one vote and shows the results; the cookie it leaves keeps it
 * closed on later loads; another visitor (a new browser context) gets it
 * again. The other specs start as visitors who closed it
 * (playwright.config.ts); these start as new ones.
 */

test.use({ storageState: { cookies: [], origins: [] } });

const pl = messages('pl');
const en = messages('en_GB');

const popup = (page: Page, title: string) => page.getByRole('dialog', { name: title });

test('the vote pop-up shows on a first visit, takes a vote, shows the results and stays closed afterwards', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  const dialog = popup(page, pl('poll.title'));
  await expect(dialog).toBeVisible();
  const answers = dialog.getByRole('radio');
  await expect(answers.first()).toBeFocused();
  const count = await answers.count();
  expect(count).toBeGreaterThanOrEqual(2);
  await expectNoSeriousA11yIssues(page);

  await answers.first().check();
  const voted = page.waitForResponse(
    (response) => response.url().includes('/shop-api/poll/votes') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: pl('poll.vote'), exact: true }).click();
  // 201 for the vote; 409 should this stack know the visitor from an earlier run.
  expect([201, 409]).toContain((await voted).status());

  const results = dialog.getByRole('status');
  await expect(results).toContainText(new RegExp(`${pl('poll.thanks')}|${pl('poll.alreadyVoted')}`));
  await expect(results.getByRole('listitem')).toHaveCount(count);
  await expect(results.getByRole('listitem').first()).toContainText('%');
  await expect(results).toContainText(pl('poll.yourAnswer'));
  const close = dialog.getByRole('button', { name: pl('poll.close'), exact: true });
  await expect(close).toBeFocused();
  await expectNoSeriousA11yIssues(page);

  // The cookie: the whole site, about a year, SameSite=Lax.
  const cookie = (await page.context().cookies()).find((c) => c.name === VOTE_POPUP_COOKIE);
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 360 * 24 * 3600);
  await close.click();
  await expect(dialog).toHaveCount(0);

  // A reload: the widgets load (the weather is asked for) but the poll is not, and no pop-up.
  let asked = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/shop-api/poll') asked += 1;
  });
  const weather = page.waitForRequest((request) => new URL(request.url()).pathname === '/shop-api/weather');
  await page.reload();
  await weather;
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(asked).toBe(0);

  // Another visitor: the pop-up again, in their language.
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const second = await other.newPage();
  await second.goto('/en');
  await expect(popup(second, en('poll.title'))).toBeVisible();
  await popup(second, en('poll.title')).press('Escape');
  await expect(popup(second, en('poll.title'))).toHaveCount(0);
  expect((await other.cookies()).some((c) => c.name === VOTE_POPUP_COOKIE)).toBe(true);
  await other.close();
});

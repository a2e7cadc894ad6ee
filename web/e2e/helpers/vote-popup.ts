import type { BrowserContext } from '@playwright/test';

/**
 * The vote pop-up opens on a visitor's first page load (spec 4) and would
 * stand over what the other specs do: they start as visitors who closed it,
 * with its cookie on every host the stack answers (playwright.config.ts
 * `storageState`). Only e2e/vote.spec.ts starts without it.
 */
export const VOTE_POPUP_COOKIE = 'votePopupOpened';

/** The cookie for the stack's host and the hosts of its languages (localhost, de.localhost). */
export function votePopupClosedCookies(baseURL: string) {
  const hosts = new Set([new URL(baseURL).hostname, 'localhost', 'de.localhost']);
  return [...hosts].map((domain) => ({
    name: VOTE_POPUP_COOKIE,
    value: '1',
    domain,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  }));
}

/** Forgets the visitor (session, age permission, ...) but for the closed vote pop-up. */
export async function clearCookiesButVotePopup(context: BrowserContext) {
  await context.clearCookies({ name: new RegExp(`^(?!${VOTE_POPUP_COOKIE}$)`) });
}

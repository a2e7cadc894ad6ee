/**
 * The vote pop-up's rules (spec 3, 4): it opens on a page load unless cookie
 * `votePopupOpened` is set; closing it, or voting, sets the cookie for a
 * year on the whole site. And how the results read: each option's share in
 * whole per cent, adding up to 100.
 */
import type { Poll } from '@/features/poll/api/get-poll';
import { readCookie, serializeCookie, type CookieOptions } from '@/lib/cookies';

export const VOTE_POPUP_COOKIE = 'votePopupOpened';
export const VOTE_POPUP_MAX_AGE_S = 365 * 24 * 60 * 60;

export const VOTE_POPUP_COOKIE_OPTIONS: CookieOptions = {
  path: '/',
  maxAge: VOTE_POPUP_MAX_AGE_S,
  sameSite: 'Lax',
};

/** Whether this visitor has had the pop-up already (any value counts). */
export function hasSeenVotePopup(cookies: string): boolean {
  return readCookie(VOTE_POPUP_COOKIE, cookies) !== null;
}

/** The cookie that keeps the pop-up closed. */
export function votePopupCookie(options: CookieOptions = VOTE_POPUP_COOKIE_OPTIONS): string {
  return serializeCookie(VOTE_POPUP_COOKIE, '1', options);
}

export function rememberVotePopup() {
  document.cookie = votePopupCookie();
}

export type OptionResult = { code: string; label: string; votes: number; percent: number };

/**
 * Each option's votes and share. Shares are whole per cent that add up to
 * 100 (largest remainders get the spare points); all 0 before any vote.
 */
export function pollResults(poll: Pick<Poll, 'options'>): { options: OptionResult[]; total: number } {
  const counts = poll.options.map((option) => Math.max(0, Math.floor(option.votes)));
  const total = counts.reduce((sum, votes) => sum + votes, 0);
  if (total === 0) {
    return { options: poll.options.map((option) => ({ ...option, votes: 0, percent: 0 })), total };
  }
  const exact = counts.map((votes) => (votes * 100) / total);
  const percents = exact.map(Math.floor);
  let spare = 100 - percents.reduce((sum, percent) => sum + percent, 0);
  const byRemainder = exact
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (spare <= 0) break;
    percents[index] = (percents[index] ?? 0) + 1;
    spare -= 1;
  }
  return {
    options: poll.options.map((option, index) => ({
      code: option.code,
      label: option.label,
      votes: counts[index] ?? 0,
      percent: percents[index] ?? 0,
    })),
    total,
  };
}

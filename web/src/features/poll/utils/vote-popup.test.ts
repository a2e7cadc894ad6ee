import { describe, expect, it } from 'vitest';

import { hasSeenVotePopup, pollResults, votePopupCookie } from './vote-popup';

const options = (...votes: number[]) => votes.map((count, index) => ({ code: `o${index}`, label: `Option ${index}`, votes: count }));

describe('vote pop-up cookie (spec 3, 4)', () => {
  it('is votePopupOpened for the whole site, a year, SameSite=Lax', () => {
    expect(votePopupCookie()).toBe('votePopupOpened=1; path=/; max-age=31536000; SameSite=Lax');
  });

  it('counts as seen whatever its value', () => {
    expect(hasSeenVotePopup('votePopupOpened=1')).toBe(true);
    expect(hasSeenVotePopup('a=b; votePopupOpened=0')).toBe(true);
    expect(hasSeenVotePopup('votePopupOpened=')).toBe(true);
    expect(hasSeenVotePopup('agePermission=1; otherVotePopupOpened=1')).toBe(false);
    expect(hasSeenVotePopup('')).toBe(false);
  });
});

describe('pollResults', () => {
  it('gives whole per cent that add up to 100, the spare points to the largest remainders', () => {
    expect(pollResults({ options: options(3, 2) }).options.map((o) => o.percent)).toEqual([60, 40]);
    expect(pollResults({ options: options(1, 1, 1) }).options.map((o) => o.percent)).toEqual([34, 33, 33]);
    expect(pollResults({ options: options(2, 1) }).options.map((o) => o.percent)).toEqual([67, 33]);
    expect(pollResults({ options: options(1, 1, 1, 1, 1, 1, 1) }).options.reduce((sum, o) => sum + o.percent, 0)).toBe(100);
  });

  it('counts the total and keeps each option’s votes', () => {
    const results = pollResults({ options: options(5, 0, 15) });
    expect(results.total).toBe(20);
    expect(results.options).toEqual([
      { code: 'o0', label: 'Option 0', votes: 5, percent: 25 },
      { code: 'o1', label: 'Option 1', votes: 0, percent: 0 },
      { code: 'o2', label: 'Option 2', votes: 15, percent: 75 },
    ]);
  });

  it('shows 0% everywhere before the first vote', () => {
    expect(pollResults({ options: options(0, 0) })).toEqual({
      total: 0,
      options: [
        { code: 'o0', label: 'Option 0', votes: 0, percent: 0 },
        { code: 'o1', label: 'Option 1', votes: 0, percent: 0 },
      ],
    });
  });
});

import { describe, expect, it } from 'vitest';

import { DESCRIPTION_MAX_LENGTH, toDescription } from './meta-description';

describe('toDescription', () => {
  it('keeps a short text, on one line', () => {
    expect(toDescription('  Masaż gorącymi\n\nkamieniami.  ')).toBe('Masaż gorącymi kamieniami.');
  });

  it('keeps a text of exactly the limit', () => {
    const text = 'a'.repeat(DESCRIPTION_MAX_LENGTH);
    expect(toDescription(text)).toBe(text);
  });

  it('cuts a longer text after a word, within the limit, and marks the cut', () => {
    const text =
      'Rozgrzane kamienie bazaltowe przesuwane wzdłuż ciała głęboko rozluźniają napięte mięśnie i poprawiają krążenie. ' +
      'Ciepło stopniowo przenika w głąb tkanek, a ciało i umysł zwalniają.';
    const description = toDescription(text);
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
    expect(description).toBe(
      'Rozgrzane kamienie bazaltowe przesuwane wzdłuż ciała głęboko rozluźniają napięte mięśnie i poprawiają krążenie. Ciepło stopniowo przenika w głąb tkanek…',
    );
  });

  it('drops punctuation before the mark', () => {
    const text = `${'słowo '.repeat(20)}koniec, ${'dalej '.repeat(20)}`;
    expect(toDescription(text)).not.toMatch(/[,\s]…$/);
  });

  it('cuts a text without spaces at the limit', () => {
    const description = toDescription('x'.repeat(400));
    expect(description).toBe(`${'x'.repeat(DESCRIPTION_MAX_LENGTH - 1)}…`);
  });
});

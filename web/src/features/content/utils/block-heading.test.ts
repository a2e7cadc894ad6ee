import { describe, expect, it } from 'vitest';

import { blockHeading } from './block-heading';

describe('blockHeading', () => {
  it('is the text of the first heading, whatever its level, whitespace collapsed', () => {
    expect(blockHeading('<img src="/media/a.svg" alt=""><h2>Stay <em>packages</em></h2><h3>Other</h3>')).toBe(
      'Stay packages',
    );
    expect(blockHeading('<p>Intro</p><h3>\n  Day   spa\n</h3><h2>Later</h2>')).toBe('Day spa');
  });

  it('is null without a heading, or with an empty one', () => {
    expect(blockHeading('<p>Just a paragraph</p>')).toBeNull();
    expect(blockHeading('<h2>  </h2><p>Text</p>')).toBeNull();
    expect(blockHeading('')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import { blockBytes, MAX_BLOCK_BYTES, previewDocument } from './preview-document';

describe('the draft preview document', () => {
  it('puts the draft as typed into a page of its own, links going nowhere', () => {
    const html = previewDocument('<p onclick="x()">Hi</p>', 'en-GB', ['http://shop.test/assets/index.css']);
    expect(html.startsWith('<!doctype html><html lang="en-GB">')).toBe(true);
    expect(html).toContain('<base target="_blank">');
    expect(html).toContain('<link rel="stylesheet" href="http://shop.test/assets/index.css">');
    expect(html).toContain('<main class="content-block"><p onclick="x()">Hi</p></main>');
  });

  it('escapes what it writes into attributes', () => {
    expect(previewDocument('', 'pl', ['/a.css"><script>x()</script>'])).toContain(
      'href="/a.css&quot;&gt;&lt;script&gt;x()&lt;/script&gt;"',
    );
  });

  it('counts the size the server limits in bytes of UTF-8', () => {
    expect(blockBytes('ż')).toBe(2);
    expect(MAX_BLOCK_BYTES).toBe(65536);
  });
});

import { describe, expect, it } from 'vitest';

import { roomPartialHtml } from '@/testing/mocks/fixtures';

import { prepareRoomPartial } from './room-partial';

describe('prepareRoomPartial', () => {
  it("keeps the gateway's fragment, escaped text stays text, and drops the name heading", () => {
    const html = prepareRoomPartial(roomPartialHtml('ROOM_LAKE', 'Pokój &lt;z widokiem&gt;'));
    const root = document.createElement('div');
    root.innerHTML = html;
    expect(root.querySelector('article.room-partial')?.getAttribute('data-code')).toBe('ROOM_LAKE');
    expect(root.querySelector('h2')).toBeNull();
    expect(root.querySelector('p')?.textContent).toBe('Pokój z balkonem <b>i widokiem</b> na jezioro.');
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelectorAll('li')).toHaveLength(2);
    expect(root.querySelector('img')?.getAttribute('src')).toBe('/media/rooms/ROOM_LAKE.svg');
  });

  it('drops anything active, should the fragment ever carry it', () => {
    const html = prepareRoomPartial(
      '<article><script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">link</a><iframe src="/evil"></iframe><p style="color:red">ok</p></article>',
    );
    expect(html).not.toMatch(/script|onerror|javascript:|iframe/i);
    expect(html).toContain('<a>link</a>');
    expect(html).toContain('ok</p>');
  });
});

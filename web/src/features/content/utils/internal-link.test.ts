import { describe, expect, it } from 'vitest';

import { pagePatterns } from '@/config/route-manifest';

import { internalLinkPath } from './internal-link';

// Where the page is: links resolve against it, as in the browser.
const here = window.location;
const patterns = pagePatterns('pl');

/** A primary click on a link with `attributes`, as the block's HTML would have it. */
function clickOn(attributes: Record<string, string>, modifiers: Partial<MouseEvent> = {}) {
  const anchor = document.createElement('a');
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  const inner = document.createElement('span');
  anchor.append(inner);
  return {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: inner,
    ...modifiers,
  };
}

describe('links inside content blocks', () => {
  it.each([
    ['/oferta/zabiegi/', '/oferta/zabiegi/'],
    ['/oferta/pakiety', '/oferta/pakiety'],
    ['/oferta/pakiety/romantyczny-weekend?x=1#opis', '/oferta/pakiety/romantyczny-weekend?x=1#opis'],
    [`${window.location.origin}/regulamin`, '/regulamin'],
    ['/Regulamin', '/Regulamin'],
  ])('takes over a link to a page of the app: %s', (href, path) => {
    expect(internalLinkPath(clickOn({ href }), here, patterns)).toBe(path);
  });

  it.each([
    ['another origin', { href: 'https://example.com/oferta' }],
    ['a server page the app has no route for', { href: '/order/abc/pay' }],
    ['a file', { href: '/media/cennik.pdf' }],
    ['a part of the same page', { href: '#platnosci' }],
    ['an e-mail address', { href: 'mailto:recepcja@example.pl' }],
    ['a new window', { href: '/regulamin', target: '_blank' }],
    ['a download', { href: '/regulamin', download: '' }],
    ['no address', { name: 'kotwica' }],
    ['a German path on a Polish page', { href: '/angebot/pakete' }],
  ])('leaves %s to the browser', (_what, attributes) => {
    expect(internalLinkPath(clickOn(attributes), here, patterns)).toBeNull();
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['the middle button', { button: 1 }],
    ['an already handled click', { defaultPrevented: true }],
  ])('leaves a click with %s to the browser', (_what, modifiers) => {
    expect(internalLinkPath(clickOn({ href: '/regulamin' }, modifiers), here, patterns)).toBeNull();
  });

  it('ignores clicks outside links', () => {
    const click = { ...clickOn({ href: '/regulamin' }), target: document.createElement('p') };
    expect(internalLinkPath(click, here, patterns)).toBeNull();
  });
});

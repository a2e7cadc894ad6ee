import { afterEach, describe, expect, it } from 'vitest';

import { getLocaleOrigins, LOCALE_HOSTS_META, parseLocaleHosts } from './locale-hosts';

describe('locale hosts', () => {
  afterEach(() => {
    document.head.querySelector(`meta[name="${LOCALE_HOSTS_META}"]`)?.remove();
  });

  it('reads the gateway hosts with the page protocol', () => {
    expect(parseLocaleHosts('pl=localhost:8080,de=de.localhost:8080,en_GB=localhost:8080', 'http:')).toEqual({
      pl: 'http://localhost:8080',
      de: 'http://de.localhost:8080',
      en_GB: 'http://localhost:8080',
    });
    expect(parseLocaleHosts('pl=example.com, de=[::1]:8443', 'https:')).toEqual({
      pl: 'https://example.com',
      de: 'https://[::1]:8443',
    });
  });

  it('skips unknown locales and anything but a plain host', () => {
    expect(
      parseLocaleHosts('fr=example.fr,de=evil.test/path,en_GB=a@b,pl=,de=javascript:alert(1)', 'http:'),
    ).toEqual({});
  });

  it('uses the meta of the page, its own origin for its own language', () => {
    const meta = document.createElement('meta');
    meta.name = LOCALE_HOSTS_META;
    meta.content = 'pl=shop.test,de=de.shop.test';
    document.head.append(meta);
    const origin = window.location.origin;
    expect(getLocaleOrigins('pl')).toEqual({ pl: origin, de: 'http://de.shop.test' });
    expect(getLocaleOrigins('de')).toEqual({ pl: 'http://shop.test', de: origin });
  });

  it('without the meta offers Polish and English on this origin', () => {
    const origin = window.location.origin;
    expect(getLocaleOrigins('pl')).toEqual({ pl: origin, en_GB: origin });
    expect(getLocaleOrigins('de')).toEqual({ pl: origin, en_GB: origin, de: origin });
  });
});

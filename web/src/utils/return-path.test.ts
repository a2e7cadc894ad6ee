import { describe, expect, it } from 'vitest';

import { loginReturningTo, returnPath } from './return-path';

describe('the login page returns only within the shop', () => {
  it('follows a path of the shop, with its query', () => {
    expect(returnPath('?return=%2Fbackend%2Fblock%2Fedit%2Fhome-intro%3Flocale%3Dde')).toBe(
      '/backend/block/edit/home-intro?locale=de',
    );
    expect(returnPath(`?${new URLSearchParams({ return: '/en/profile' })}`)).toBe('/en/profile');
  });

  it('ignores another site, a scheme or nothing', () => {
    for (const search of ['', '?return=', '?return=//evil.example', '?return=/%5Cevil.example', '?return=https://evil.example', '?return=javascript:alert(1)']) {
      expect(returnPath(search), search).toBeNull();
    }
  });

  it('writes the login address that comes back', () => {
    const href = loginReturningTo('/logowanie', '/backend/block/edit/x?locale=pl');
    expect(href).toBe('/logowanie?return=%2Fbackend%2Fblock%2Fedit%2Fx%3Flocale%3Dpl');
    expect(returnPath(href.slice(href.indexOf('?')))).toBe('/backend/block/edit/x?locale=pl');
  });
});

import { describe, expect, it } from 'vitest';

import { serializeJsonLd } from './json-ld';

describe('product JSON-LD', () => {
  it('cannot be closed early by the text it carries', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

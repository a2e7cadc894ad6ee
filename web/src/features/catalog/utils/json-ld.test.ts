import { describe, expect, it } from 'vitest';

import { packageDetails } from '@/testing/mocks/fixtures';

import { productJsonLd, serializeJsonLd } from './json-ld';

describe('product JSON-LD', () => {
  it('describes the product and its offer with a decimal price', () => {
    const product = packageDetails({
      price: { current: 129900, original: 144900, currency: 'PLN' },
      images: [{ path: '/media/catalog/pkg.svg', thumbnails: { default_listing: '/media/catalog/pkg.svg' } }],
      availableFrom: '01-02-2025',
      availableTo: '31-03-2027',
      taxons: { main: 'packages', others: [{ code: 'romantic', name: 'Romantyczne' }] },
    });
    expect(productJsonLd(product, 'https://spa.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Romantyczny weekend we dwoje',
      description: product.description,
      sku: 'PKG_ROMANTIC_WEEKEND',
      url: 'https://spa.example/oferta/pakiety/romantyczny-weekend-we-dwoje',
      image: ['https://spa.example/media/catalog/pkg.svg'],
      category: 'Romantyczne',
      offers: {
        '@type': 'Offer',
        url: 'https://spa.example/oferta/pakiety/romantyczny-weekend-we-dwoje',
        price: '1299.00',
        priceCurrency: 'PLN',
        availability: 'https://schema.org/InStock',
        validFrom: '2025-02-01',
        priceValidUntil: '2027-03-31',
      },
    });
  });

  it('leaves out what the product does not have', () => {
    const data = productJsonLd(
      packageDetails({ images: [], taxons: { main: 'packages', others: [] }, availableFrom: null, availableTo: null }),
      'https://spa.example',
    );
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('category');
    expect(data.offers).not.toHaveProperty('validFrom');
  });

  it('cannot be closed early by the text it carries', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

import type { ListingItem, ListingResponse, Paging } from '@/types/api';

let nextId = 1;

/** A treatment as the offer endpoint returns it; override what a test is about. */
export function listingItem(overrides: Partial<ListingItem> = {}): ListingItem {
  const id = nextId++;
  const code = overrides.code ?? `TR_TEST_${id}`;
  return {
    id,
    code,
    variantCode: code,
    type: 'treatment',
    name: `Zabieg testowy ${id}`,
    slug: `zabieg-testowy-${id}`,
    description: 'Relaksujący zabieg na całe ciało.',
    images: [
      {
        path: `/media/catalog/${code}.svg`,
        thumbnails: { default_listing: `/media/catalog/${code}.svg` },
      },
    ],
    links: { self: `/oferta/zabiegi/zabieg-testowy-${id}` },
    price: { current: 18000, original: 18000, currency: 'PLN' },
    priceBase: { current: 18000, original: 18000, currency: 'PLN' },
    isPromotion: false,
    numNights: 0,
    days: 1,
    durationMinutes: 60,
    ageRestriction: false,
    availableFrom: null,
    availableTo: null,
    taxons: { main: 'treatments', others: [] },
    ...overrides,
  };
}

export function listingResponse(items: ListingItem[], paging: Partial<Paging> = {}): ListingResponse {
  const prices = items.map((item) => item.price.current);
  return {
    items,
    priceStats: {
      min: prices.length ? Math.min(...prices) : 0,
      max: prices.length ? Math.max(...prices) : 0,
      currency: 'PLN',
    },
    pages: { page: 1, limit: 20, pages: 1, total: items.length, ...paging },
  };
}

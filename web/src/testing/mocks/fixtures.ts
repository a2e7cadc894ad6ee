import type { Locale } from '@/lib/i18n/locale';
import { lineAmount } from '@/lib/rules/line-price';
import { addDays, diffDays } from '@/utils/calendar-date';
import type {
  Cart,
  CartItem,
  CartProduct,
  CartTotals,
  Customer,
  Guesthouse,
  ListingItem,
  ListingResponse,
  PackageCost,
  Paging,
  ProductDetails,
  RoomAvailability,
  RoomOffer,
  RoomSearchResponse,
  Taxon,
  Treatment,
  DeskSettings,
  GuesthouseDetails,
  SettingsTexts,
} from '@/types/api';

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
    priceOriginal: 18000,
    priceOverride: null,
    isPromotion: false,
    numNights: 0,
    days: 1,
    durationMinutes: 60,
    ageRestriction: false,
    availableFrom: null,
    availableTo: null,
    taxons: { main: 'treatments', others: [] },
    soldOut: false,
    ...overrides,
  };
}

/** A stay package (2 nights) with a per-person base price. */
export function packageItem(overrides: Partial<ListingItem> = {}): ListingItem {
  const id = nextId++;
  const slug = overrides.slug ?? `pakiet-testowy-${id}`;
  return listingItem({
    code: `PKG_TEST_${id}`,
    type: 'package',
    name: `Pakiet testowy ${id}`,
    slug,
    links: { self: `/oferta/pakiety/${slug}` },
    price: { current: 129900, original: 129900, currency: 'PLN' },
    priceBase: { current: 129900, original: 129900, currency: 'PLN' },
    packageBasePrice: { current: 64950, original: 64950, currency: 'PLN' },
    numNights: 2,
    days: 3,
    durationMinutes: null,
    taxons: { main: 'packages', others: [{ code: 'romantic', name: 'Romantyczne' }] },
    ...overrides,
  });
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

/** A taxon node; children are given as [code, name] pairs or nodes. */
export function taxon(code: string, name: string, children: (Taxon | [string, string])[] = []): Taxon {
  return {
    code,
    name,
    slug: code,
    position: 1,
    children: children.map((child, index) =>
      Array.isArray(child) ? { ...taxon(child[0], child[1]), position: index + 1 } : child,
    ),
  };
}

export function treatment(overrides: Partial<Treatment> = {}): Treatment {
  const code = overrides.code ?? `TR_${nextId++}`;
  return {
    code,
    name: `Zabieg ${code}`,
    description: 'Opis zabiegu.',
    images: [],
    links: { self: `/oferta/zabiegi/${code.toLowerCase()}` },
    price: { current: 15000, original: 15000, currency: 'PLN' },
    quantity: 1,
    minQuantity: 1,
    maxQuantity: 2,
    free: false,
    deletable: false,
    replacable: true,
    additional: false,
    deletePermanently: false,
    durationMinutes: 60,
    ...overrides,
  };
}

/** The romantic weekend of the demo data, as GET /products/by-slug returns it. */
export function packageDetails(overrides: Partial<ProductDetails> = {}): ProductDetails {
  return {
    ...packageItem({
      code: 'PKG_ROMANTIC_WEEKEND',
      name: 'Romantyczny weekend we dwoje',
      slug: 'romantyczny-weekend-we-dwoje',
      description: 'Dwie noce tylko dla Was.\n\nKolacja przy świecach i wspólny masaż.',
      price: { current: 129900, original: 144900, currency: 'PLN' },
      availableFrom: '01-02-2025',
    }),
    treatments: {
      primary: [
        treatment({
          code: 'TR_AROMATHERAPY_MASSAGE',
          name: 'Masaż aromaterapeutyczny',
          price: { current: 17000, original: 17000, currency: 'PLN' },
        }),
        treatment({ code: 'TR_HERBAL_BATH', name: 'Kąpiel ziołowa', deletable: true }),
        treatment({ code: 'TR_SAUNA_RITUAL', name: 'Ceremonia saunowa', free: true, replacable: false }),
      ],
      additional: [
        treatment({ code: 'TR_HOT_STONE', name: 'Masaż gorącymi kamieniami', additional: true, maxQuantity: 1 }),
        treatment({ code: 'TR_CHOCOLATE_WRAP', name: 'Zawijanie czekoladowe', additional: true }),
      ],
    },
    minTreatments: 3,
    ...overrides,
  };
}

export function packageCost(current: number, basePrice = 64950, original = current): PackageCost {
  return {
    priceWithReservation: { current, original },
    basePrice: { current: basePrice, original: basePrice },
    currency: 'PLN',
  };
}

/** A room of a search result (GET /rooms/search). */
export function roomOffer(overrides: Partial<RoomOffer> = {}): RoomOffer {
  const id = nextId++;
  const code = overrides.code ?? `ROOM_TEST_${id}`;
  return {
    code,
    name: `Pokój testowy ${id}`,
    description: 'Przestronny pokój z widokiem na jezioro i balkonem.',
    images: [{ path: `/media/rooms/${code}.svg`, thumbnails: { default_listing: `/media/rooms/${code}.svg` } }],
    nights: 3,
    available: 4,
    occupancy: 2,
    maxOccupancy: 3,
    extraBed: true,
    averageRating: 4.6,
    minStayNights: 1,
    price: { current: 108000, original: 108000, currency: 'PLN' },
    ...overrides,
  };
}

export function roomSearchResponse(
  items: RoomOffer[],
  emptyReason: RoomSearchResponse['emptyReason'] = null,
): RoomSearchResponse {
  return { items, emptyReason };
}

/**
 * A room calendar from `from` up to (not including) `to`; `closed` nights
 * are not bookable; `rules` gives days the guesthouse's rules of their own.
 */
export function roomAvailability(
  roomCode: string,
  from: string,
  to: string,
  closed: readonly string[] = [],
  minStayNights = 1,
  rules: Record<string, Partial<Pick<RoomAvailability['days'][number], 'closedToArrival' | 'closedToDeparture' | 'minStay' | 'maxStay'>>> = {},
): RoomAvailability {
  return {
    roomCode,
    minStayNights,
    fitsGuests: true,
    days: Array.from({ length: Math.max(0, diffDays(from, to)) }, (_, i) => {
      const date = addDays(from, i);
      const bookable = !closed.includes(date);
      return {
        date,
        available: bookable ? 3 : 0,
        bookable,
        price: { current: 36000, original: 36000, currency: 'PLN' },
        closedToArrival: false,
        closedToDeparture: false,
        minStay: minStayNights,
        maxStay: null,
        ...rules[date],
      };
    }),
  };
}

/** The room popup fragment as the gateway renders it (values escaped). */
export function roomPartialHtml(code: string, name: string): string {
  return (
    `<article class="room-partial" data-code="${code}"><h2>${name}</h2>` +
    `<img src="/media/rooms/${code}.svg" alt="${name}" width="800" height="600" loading="lazy">` +
    '<p>Pokój z balkonem &lt;b&gt;i widokiem&lt;/b&gt; na jezioro.</p>' +
    '<ul><li>Maks. liczba osób: 3</li><li>Możliwa dostawka</li></ul></article>'
  );
}

// ---------------------------------------------------------------------------
// Basket
// ---------------------------------------------------------------------------

let nextLineId = 1;

/** The product of a basket line. */
export function lineProduct(overrides: Partial<CartProduct> = {}): CartProduct {
  const code = overrides.code ?? `PR_${nextLineId}`;
  return {
    code,
    variantCode: code,
    type: 'product',
    name: `Pozycja ${code}`,
    slug: code.toLowerCase(),
    images: [],
    links: { self: `/oferta/produkty/${code.toLowerCase()}` },
    numNights: 0,
    ageRestriction: false,
    ...overrides,
  };
}

/** A basket line (a product unless overridden); `total` follows price × quantity. */
export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  const id = overrides.id ?? nextLineId++;
  const code = overrides.code ?? `PR_LINE_${id}`;
  const type = overrides.type ?? 'product';
  const price = overrides.price ?? { current: 4900, original: 4900, currency: 'PLN' };
  const quantity = overrides.quantity ?? 1;
  const isAvailable = overrides.isAvailable ?? true;
  return {
    id,
    type,
    quantity,
    minQuantity: 1,
    maxQuantity: 10,
    // A package's price is for its persons, a stay's for the stay; units multiply.
    total: isAvailable ? lineAmount(type, price.current, quantity) : 0,
    price,
    code,
    variantCode: code,
    isAvailable,
    product: lineProduct({ code, type: type === 'reservation' ? 'room' : type, name: `Pozycja ${id}` }),
    adults: null,
    children: null,
    babies: null,
    dateFrom: null,
    dateTo: null,
    days: null,
    treatments: null,
    priceOption: null,
    childItems: [],
    ...overrides,
  };
}

/** A reservation line: a room for `dateFrom`..`dateTo` (nights = days). */
export function reservationLine(overrides: Partial<CartItem> = {}): CartItem {
  const dateFrom = overrides.dateFrom ?? '2026-07-10';
  const dateTo = overrides.dateTo ?? '2026-07-13';
  const code = overrides.code ?? 'ROOM_LAKE';
  return cartItem({
    type: 'reservation',
    code,
    minQuantity: 1,
    maxQuantity: 1,
    price: { current: 108000, original: 108000, currency: 'PLN' },
    adults: 2,
    children: 0,
    babies: 0,
    dateFrom,
    dateTo,
    days: diffDays(dateFrom, dateTo),
    ...overrides,
    product: lineProduct({
      code,
      type: 'room',
      name: 'Pokój z widokiem na jezioro',
      slug: 'pokoj-z-widokiem',
      links: { self: '/pensjonat/baza-noclegowa/pokoj-z-widokiem' },
      ...overrides.product,
    }),
  });
}

/** A package line (persons = quantity). */
export function packageLine(overrides: Partial<CartItem> = {}): CartItem {
  const code = overrides.code ?? 'PKG_ROMANTIC_WEEKEND';
  return cartItem({
    type: 'package',
    code,
    minQuantity: 1,
    maxQuantity: 2,
    price: { current: 129900, original: 129900, currency: 'PLN' },
    treatments: [
      { code: 'TR_AROMATHERAPY_MASSAGE', name: 'Masaż aromaterapeutyczny', quantity: 1 },
      { code: 'TR_HERBAL_BATH', name: 'Kąpiel ziołowa', quantity: 1 },
      { code: 'TR_SAUNA_RITUAL', name: 'Ceremonia saunowa', quantity: 1 },
    ],
    ...overrides,
    product: lineProduct({
      code,
      type: 'package',
      name: 'Romantyczny weekend we dwoje',
      slug: 'romantyczny-weekend-we-dwoje',
      links: { self: '/oferta/pakiety/romantyczny-weekend-we-dwoje' },
      numNights: 2,
      ...overrides.product,
    }),
  });
}

/**
 * The totals of lines: what is available, children included, less what
 * the gift vouchers paying for lines pay (`redemption.amount`, never more
 * than the lines cost).
 */
export function cartTotals(items: CartItem[], currency = 'PLN'): CartTotals {
  const total = items.flatMap((item) => [item, ...item.childItems]).reduce((sum, line) => sum + line.total, 0);
  const vouchers = Math.min(
    total,
    items.reduce((sum, line) => sum + (line.redemption?.amount ?? 0), 0),
  );
  return {
    total,
    vouchers,
    shipping: 0,
    deposit: 0,
    leftToPay: total - vouchers,
    currency,
    base: currency === 'PLN' ? null : { total, currency: 'PLN' },
  };
}

/** As the server: only a gift voucher chosen to be posted needs shipping. */
export const needsShipping = (items: readonly CartItem[]): boolean =>
  items.some((item) => item.type === 'voucher' && item.voucher?.delivery === 'post');

export function cart(items: CartItem[] = [], overrides: Partial<Cart> = {}): Cart {
  return {
    tokenValue: 'a'.repeat(32),
    channel: 'web_pl',
    locale: 'pl',
    currency: 'PLN',
    checkoutState: 'cart',
    items,
    totals: cartTotals(items),
    vouchers: items.flatMap((line) => (line.redemption ? [line.redemption.code] : [])),
    billingAddress: null,
    shippingAddress: null,
    customer: null,
    notes: null,
    payments: [],
    shipments: [],
    shippingRequired: needsShipping(items),
    ...overrides,
  };
}

/** A logged-in customer (GET /me). */
export function customer(overrides: Partial<Customer> = {}): Customer {
  return {
    email: 'ola.nowak@example.pl',
    firstName: 'Ola',
    lastName: 'Nowak',
    phone: '+48 600 100 200',
    roles: ['customer'],
    emailVerified: true,
    ...overrides,
  };
}

const settingsTexts = (pl: string, de = '', en_GB = ''): SettingsTexts => ({ pl, de, en_GB });

/** The demo guesthouse's details (services/content/seed/guesthouse.json) in every language. */
export function guesthouseDetails(): GuesthouseDetails {
  return {
    name: 'Pensjonat Spa & Wellness',
    street: 'ul. Jeziorna 12',
    postcode: '69-220',
    city: 'Ośno Lubuskie',
    country: settingsTexts('Polska', 'Polen', 'Poland'),
    phones: [
      { label: settingsTexts('Recepcja', 'Rezeption', 'Reception'), number: '+48 95 757 20 10' },
      { label: settingsTexts('Rezerwacje', 'Reservierungen', 'Bookings'), number: '+48 95 757 20 11' },
      { label: settingsTexts('Strefa spa', 'Spa-Bereich', 'Spa'), number: '+48 601 200 310' },
    ],
    reception: {
      place: settingsTexts(''),
      phone: '',
      email: 'recepcja@pensjonat-spa.example',
      hours: [{ days: settingsTexts('Codziennie', 'Täglich', 'Every day'), from: '07:00', to: '22:00' }],
      note: settingsTexts('Zameldowanie od 15:00, wymeldowanie do 11:00.', 'Check-in ab 15:00 Uhr, Check-out bis 11:00 Uhr.', 'Check-in from 15:00, check-out by 11:00.'),
    },
    office: {
      place: settingsTexts('Budynek główny, parter, pokój 4', 'Hauptgebäude, Erdgeschoss, Raum 4', 'Main building, ground floor, room 4'),
      phone: '+48 95 757 20 12',
      email: 'biuro@pensjonat-spa.example',
      hours: [
        { days: settingsTexts('Poniedziałek–piątek', 'Montag–Freitag', 'Monday to Friday'), from: '08:00', to: '16:00' },
        { days: settingsTexts('Sobota', 'Samstag', 'Saturday'), from: '09:00', to: '13:00' },
      ],
      note: settingsTexts(''),
    },
    latitude: 52.46,
    longitude: 14.86,
  };
}

/** The demo guesthouse as GET /guesthouse answers it in `locale` (a text missing in it in Polish). */
export function demoGuesthouse(locale: Locale = 'pl'): Guesthouse {
  const say = (t: SettingsTexts | undefined) => t?.[locale] || t?.pl || '';
  const desk = (d: DeskSettings) => ({
    place: say(d.place),
    phone: d.phone ?? '',
    email: d.email ?? '',
    hours: (d.hours ?? []).map((h) => ({ days: say(h.days), from: h.from, to: h.to })),
    note: say(d.note),
  });
  const { country, phones, reception, office, ...rest } = guesthouseDetails();
  return {
    ...rest,
    country: say(country),
    phones: phones.map((p) => ({ label: say(p.label), number: p.number })),
    reception: desk(reception),
    office: desk(office),
  };
}

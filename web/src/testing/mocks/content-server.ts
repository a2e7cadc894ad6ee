/**
 * An in-memory stand-in for the content API (gateway/src/routes/pages.rs
 * over services/content): pages by path and language, their blocks with
 * revisions, and the editor's calls with the gateway's rules: 401 without a
 * session, 403 without the `editor` or `admin` role, 400 without the script
 * marker on a change, 409 `block_changed` for a save made from an old
 * revision; a save is "sanitized" (scripts dropped) and becomes the newest
 * revision; a home page slide is added last in every language (up to 12,
 * 409 `too_many_slides` beyond) and removed in every language (404
 * `block_not_found` for what is not a slide). Every request is recorded. Use its `handlers` with
 * `server.use(...)`.
 */
import { http, HttpResponse } from 'msw';

import type { Locale } from '@/lib/i18n/locale';
import { canEditContent } from '@/lib/rules/roles';
import type { BlockRevision, ContentBlock, ContentPage, Customer } from '@/types/api';

import { customer as customerOf } from './fixtures';
import { apiPath } from './handlers';
import { recordRequest, type RecordedRequest } from './recorded-request';

export type ContentRequest = RecordedRequest;

type SeedPage = {
  name: string;
  urls: Partial<Record<Locale, string>>;
  title: Partial<Record<Locale, string>>;
  description: Partial<Record<Locale, string>>;
  blocks: { id: string; html: Partial<Record<Locale, string>> }[];
};

/** A few of the demo pages (services/content/seed/pages.json), shortened. */
export const demoPages: SeedPage[] = [
  {
    // The home page: its welcome and the banner's slides (app/routes/home.tsx).
    name: 'home',
    urls: { pl: '/', de: '/', en_GB: '/en' },
    title: {
      pl: 'Pensjonat Spa & Wellness – pobyty, zabiegi i vouchery',
      de: 'Spa- & Wellness-Pension – Aufenthalte, Behandlungen und Gutscheine',
      en_GB: 'Spa & Wellness Guesthouse – stays, treatments and vouchers',
    },
    description: {
      pl: 'Zarezerwuj pokój, pakiet z zabiegami lub day spa w pensjonacie nad jeziorem.',
      de: 'Buchen Sie ein Zimmer, ein Paket mit Behandlungen oder einen Day-Spa-Tag in unserer Pension am See.',
      en_GB: 'Book a room, a package with treatments or a day spa at our lakeside guesthouse.',
    },
    blocks: [
      {
        id: 'home-welcome',
        html: {
          pl: '<h2>Witamy w naszym pensjonacie</h2><p>Cisza nad jeziorem, sauna, masaże i kuchnia z lokalnych produktów.</p>',
          de: '<h2>Willkommen in unserer Pension</h2><p>Ruhe am See, Sauna, Massagen und eine Küche aus regionalen Produkten.</p>',
          en_GB: '<h2>Welcome to our guesthouse</h2><p>Quiet by the lake, a sauna, massages and food from local produce.</p>',
        },
      },
      {
        id: 'home-slide-packages',
        html: {
          pl:
            '<img src="/media/pkg-relaxation-ritual.svg" alt="" width="800" height="600"><h2>Pakiety pobytowe</h2><p>Kilka nocy nad jeziorem z zabiegami dobranymi dla Ciebie.</p><p><a href="/oferta/pakiety/" rel="noopener noreferrer">Zobacz pakiety</a></p>',
          de:
            '<img src="/media/pkg-relaxation-ritual.svg" alt="" width="800" height="600"><h2>Aufenthaltspakete</h2><p>Ein paar Nächte am See mit Behandlungen, die zu Ihnen passen.</p><p><a href="/angebot/pakete" rel="noopener noreferrer">Pakete ansehen</a></p>',
          en_GB:
            '<img src="/media/pkg-relaxation-ritual.svg" alt="" width="800" height="600"><h2>Stay packages</h2><p>A few nights by the lake with treatments chosen for you.</p><p><a href="/en/offer/packages" rel="noopener noreferrer">See packages</a></p>',
        },
      },
      {
        id: 'home-slide-rooms',
        html: {
          pl:
            '<img src="/media/room-lake-view.svg" alt="" width="800" height="600"><h2>Pokoje z widokiem na jezioro</h2><p>Sprawdź wolne terminy i zarezerwuj pokój w kilka chwil.</p><p><a href="/reservation" rel="noopener noreferrer">Zarezerwuj pokój</a></p>',
          de:
            '<img src="/media/room-lake-view.svg" alt="" width="800" height="600"><h2>Zimmer mit Seeblick</h2><p>Freie Termine prüfen und in wenigen Schritten ein Zimmer buchen.</p><p><a href="/reservation" rel="noopener noreferrer">Zimmer reservieren</a></p>',
          en_GB:
            '<img src="/media/room-lake-view.svg" alt="" width="800" height="600"><h2>Rooms with a lake view</h2><p>Check free dates and book a room in a few steps.</p><p><a href="/en/reservation" rel="noopener noreferrer">Book a room</a></p>',
        },
      },
      {
        id: 'home-slide-day-spa',
        html: {
          pl:
            '<img src="/media/ds-spa-for-two.svg" alt="" width="800" height="600"><h2>Day spa we dwoje</h2><p>Sauny, masaże i cały dzień tylko dla Was, bez noclegu.</p><p><a href="/oferta/day-spa/" rel="noopener noreferrer">Poznaj day spa</a></p>',
          de:
            '<img src="/media/ds-spa-for-two.svg" alt="" width="800" height="600"><h2>Day Spa zu zweit</h2><p>Saunen, Massagen und ein ganzer Tag nur für Sie, ohne Übernachtung.</p><p><a href="/angebot/day-spa" rel="noopener noreferrer">Day Spa entdecken</a></p>',
          en_GB:
            '<img src="/media/ds-spa-for-two.svg" alt="" width="800" height="600"><h2>Day spa for two</h2><p>Saunas, massages and a whole day to yourselves, no overnight stay needed.</p><p><a href="/en/offer/day-spa" rel="noopener noreferrer">Discover day spa</a></p>',
        },
      },
      {
        id: 'home-slide-vouchers',
        html: {
          pl:
            '<img src="/media/vc-gift-box.svg" alt="" width="800" height="600"><h2>Voucher w prezencie</h2><p>Podaruj bliskim zabieg lub pobyt, z własną dedykacją.</p><p><a href="/oferta/vouchery" rel="noopener noreferrer">Wybierz voucher</a></p>',
          de:
            '<img src="/media/vc-gift-box.svg" alt="" width="800" height="600"><h2>Gutschein als Geschenk</h2><p>Schenken Sie eine Behandlung oder einen Aufenthalt, mit Ihrer eigenen Widmung.</p><p><a href="/angebot/gutscheine" rel="noopener noreferrer">Gutschein wählen</a></p>',
          en_GB:
            '<img src="/media/vc-gift-box.svg" alt="" width="800" height="600"><h2>A voucher as a gift</h2><p>Give a treatment or a stay, with a dedication of your own.</p><p><a href="/en/offer/vouchers" rel="noopener noreferrer">Choose a voucher</a></p>',
        },
      },
    ],
  },
  {
    name: 'regulations',
    urls: { pl: '/regulamin', de: '/regulations', en_GB: '/en/regulations' },
    title: { pl: 'Regulamin sklepu i rezerwacji', de: 'Geschäfts- und Buchungsbedingungen', en_GB: 'Terms of sale and booking' },
    description: {
      pl: 'Zasady rezerwacji, płatności, zaliczki, anulowania i voucherów podarunkowych.',
      de: 'Regeln für Buchung, Zahlung, Anzahlung, Stornierung und Geschenkgutscheine.',
      en_GB: 'How booking, payment, the advance payment, cancellation and gift vouchers work.',
    },
    blocks: [
      {
        id: 'regulations-booking',
        html: {
          pl: '<h2>Rezerwacja i płatność</h2><p>Rezerwacja jest ważna po zapłacie.</p>',
          de: '<h2>Buchung und Zahlung</h2><p>Die Buchung gilt nach der Zahlung.</p>',
          en_GB: '<h2>Booking and payment</h2><p>A booking stands once it is paid.</p>',
        },
      },
      {
        id: 'regulations-vouchers',
        html: {
          pl: '<h2>Vouchery podarunkowe</h2><p>Voucher jest ważny 365 dni od zakupu.</p>',
          de: '<h2>Geschenkgutscheine</h2><p>Ein Gutschein gilt 365 Tage ab dem Kauf.</p>',
          en_GB: '<h2>Gift vouchers</h2><p>A voucher is valid for 365 days from purchase.</p>',
        },
      },
    ],
  },
  {
    name: 'offer',
    urls: { pl: '/oferta', de: '/angebot', en_GB: '/en/our-offer' },
    title: { pl: 'Oferta – pakiety, zabiegi, day spa', de: 'Angebot – Pakete, Behandlungen, Day Spa', en_GB: 'Our offer – packages, treatments, day spa' },
    description: {
      pl: 'Pakiety pobytowe z zabiegami, pojedyncze zabiegi, day spa, kosmetyki i vouchery podarunkowe.',
      de: 'Aufenthaltspakete mit Behandlungen, einzelne Behandlungen, Day Spa, Kosmetik und Geschenkgutscheine.',
      en_GB: 'Stay packages with treatments, single treatments, day spa, products and gift vouchers.',
    },
    blocks: [
      {
        id: 'offer-intro',
        html: {
          pl: '<h2>Nasza oferta</h2><ul><li><a href="/oferta/zabiegi/" rel="noopener noreferrer">Zabiegi</a></li><li><a href="/order/abc/pay" rel="noopener noreferrer">Płatność</a></li></ul>',
          de: '<h2>Unser Angebot</h2><ul><li><a href="/angebot/behandlungen" rel="noopener noreferrer">Behandlungen</a></li></ul>',
          en_GB: '<h2>Our offer</h2><ul><li><a href="/en/offer/treatments" rel="noopener noreferrer">Treatments</a></li></ul>',
        },
      },
    ],
  },
  {
    name: 'reservation-terms',
    urls: { pl: '/reservation/terms', de: '/reservation/terms', en_GB: '/en/reservation/terms' },
    title: { pl: 'Warunki rezerwacji', de: 'Buchungsbedingungen', en_GB: 'Booking conditions' },
    description: { pl: 'Doba hotelowa, dzieci, zwierzęta i anulowanie.', de: 'Check-in, Kinder, Haustiere und Stornierung.', en_GB: 'Check-in times, children, pets and cancellation.' },
    blocks: [{ id: 'reservation-terms-main', html: { pl: '<p>Doba hotelowa trwa od 15:00 do 11:00.</p>', de: '<p>Check-in ab 15 Uhr.</p>', en_GB: '<p>Check-in from 3 pm.</p>' } }],
  },
  {
    name: 'reservation-localization',
    urls: { pl: '/reservation/localization', de: '/reservation/localization', en_GB: '/en/reservation/localization' },
    title: { pl: 'Położenie pensjonatu', de: 'Lage der Pension', en_GB: 'Where the guesthouse is' },
    description: { pl: 'Nad jeziorem, 5 km od centrum miasta.', de: 'Am See, 5 km vom Stadtzentrum.', en_GB: 'By the lake, 5 km from the town centre.' },
    blocks: [{ id: 'reservation-localization-main', html: { pl: '<p>Nad jeziorem.</p>', de: '<p>Am See.</p>', en_GB: '<p>By the lake.</p>' } }],
  },
  {
    name: 'reservation-search',
    urls: { pl: '/reservation/search', de: '/reservation/search', en_GB: '/en/reservation/search' },
    title: { pl: 'Rezerwacja pokoju – wybierz termin', de: 'Zimmer buchen – Termin wählen', en_GB: 'Book a room – choose your dates' },
    description: { pl: 'Sprawdź wolne pokoje.', de: 'Prüfen Sie freie Zimmer.', en_GB: 'See free rooms.' },
    blocks: [
      {
        id: 'reservation-search-intro',
        html: {
          pl: '<p>Ceny obejmują śniadanie i dostęp do strefy saun.</p>',
          de: '<p>Die Preise enthalten Frühstück.</p>',
          en_GB: '<p>Prices include breakfast and the sauna area.</p>',
        },
      },
    ],
  },
];

/** An editor (role `editor`), an administrator and a plain customer. */
export const editorCustomer = (roles: Customer['roles'] = ['customer', 'editor']): Customer =>
  customerOf({ email: 'redakcja@example.pl', firstName: 'Ewa', lastName: 'Redaktor', roles });

/** When the first revisions were saved (Unix milliseconds): 3 March 2026, 09:30 UTC. */
export const SEEDED_AT = Date.UTC(2026, 2, 3, 9, 30);

/** What the server's sanitizer does to a save, roughly: no scripts, no event handlers. */
const sanitize = (html: string) =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/\s+on\w+="[^"]*"/gi, '');

const error = (status: number, code: string, message: string) => HttpResponse.json({ code, message }, { status });

type StoredBlock = { revisions: BlockRevision[] };

export function createContentServer({ loggedIn }: { loggedIn?: Customer } = {}) {
  const requests: ContentRequest[] = [];
  let session = loggedIn ?? null;
  let clock = SEEDED_AT;
  const blocks = new Map<string, StoredBlock>();
  const key = (id: string, locale: string) => `${id}:${locale}`;
  const pageOfBlock = new Map<string, SeedPage>();
  /** Each page's blocks in order (slides come and go). */
  const order = new Map<string, string[]>(demoPages.map((page) => [page.name, page.blocks.map((block) => block.id)]));
  let added = 0;

  for (const page of demoPages) {
    for (const block of page.blocks) {
      pageOfBlock.set(block.id, page);
      for (const [locale, html] of Object.entries(block.html)) {
        blocks.set(key(block.id, locale), { revisions: [{ revision: 1, editorId: '', createdAt: SEEDED_AT, content: html }] });
      }
    }
  }

  const latest = (stored: StoredBlock) => stored.revisions[stored.revisions.length - 1] as BlockRevision;

  /** Adds a revision, as a save by `editorId` does. */
  const addRevision = (id: string, locale: string, content: string, editorId: string) => {
    const stored = blocks.get(key(id, locale));
    if (!stored) throw new Error(`no block ${id} in ${locale}`);
    clock += 60_000;
    stored.revisions.push({ revision: latest(stored).revision + 1, editorId, createdAt: clock, content: sanitize(content) });
  };

  const body = (id: string, locale: string): ContentBlock => {
    const stored = blocks.get(key(id, locale)) as StoredBlock;
    const current = latest(stored);
    return {
      id,
      locale,
      content: current.content,
      revision: current.revision,
      pageUrl: pageOfBlock.get(id)?.urls[locale as Locale] ?? '/',
      revisions: [...stored.revisions].reverse(),
    };
  };

  const log = async (request: Request) => {
    const entry = await recordRequest(request);
    requests.push(entry);
    return entry;
  };

  /** The gateway's checks of an editor's call; an answer when refused. */
  const refuse = (entry: ContentRequest, change: boolean) => {
    if (change && !entry.marker) return error(400, 'invalid_request', 'The request is not valid.');
    if (!session) return error(401, 'not_logged_in', 'Nie jesteś zalogowany.');
    if (!canEditContent(session)) {
      return error(403, 'forbidden', 'Brak uprawnień.');
    }
    return null;
  };

  const handlers = [
    http.get(apiPath('/me'), () => (session ? HttpResponse.json(session) : new HttpResponse(null, { status: 204 }))),
    http.get(apiPath('/pages'), async ({ request }) => {
      const { query } = await log(request);
      const locale = (query.locale ?? 'pl') as Locale;
      const page = demoPages.find((candidate) => candidate.urls[locale] === query.url);
      if (!page) return error(404, 'page_not_found', 'Nie znaleziono strony.');
      const answer: ContentPage = {
        url: query.url ?? '',
        locale,
        name: page.name,
        title: page.title[locale] ?? '',
        description: page.description[locale] ?? '',
        containers: { content: '' },
        blocks: (order.get(page.name) ?? []).map((id) => {
          const current = latest(blocks.get(key(id, locale)) as StoredBlock);
          return { id, content: current.content, revision: current.revision };
        }),
      };
      answer.containers.content = answer.blocks.map((block) => block.content).join('\n');
      return HttpResponse.json(answer);
    }),
    http.get(apiPath('/backend/blocks/:id'), async ({ request, params }) => {
      const entry = await log(request);
      const refused = refuse(entry, false);
      if (refused) return refused;
      const id = String(params.id);
      const locale = entry.query.locale ?? 'pl';
      if (!blocks.has(key(id, locale))) return error(404, 'block_not_found', 'Nie ma takiego bloku.');
      return HttpResponse.json(body(id, locale));
    }),
    http.put(apiPath('/backend/blocks/:id'), async ({ request, params }) => {
      const entry = await log(request);
      const refused = refuse(entry, true);
      if (refused) return refused;
      const id = String(params.id);
      const locale = entry.query.locale ?? 'pl';
      const stored = blocks.get(key(id, locale));
      if (!stored) return error(404, 'block_not_found', 'Nie ma takiego bloku.');
      const change = entry.body as { content?: string; revision?: number | null };
      if (!change.content) return error(422, 'invalid_html', 'Treść jest wymagana.');
      if (change.revision != null && change.revision !== latest(stored).revision) {
        return error(409, 'block_changed', 'Blok został w międzyczasie zmieniony.');
      }
      addRevision(id, locale, change.content, 'editor-1');
      return HttpResponse.json(body(id, locale));
    }),
    http.post(apiPath('/backend/blocks/:id/revisions/:revision/restore'), async ({ request, params }) => {
      const entry = await log(request);
      const refused = refuse(entry, true);
      if (refused) return refused;
      const id = String(params.id);
      const locale = entry.query.locale ?? 'pl';
      const old = blocks.get(key(id, locale))?.revisions.find((r) => r.revision === Number(params.revision));
      if (!old) return error(404, 'block_not_found', 'Nie ma takiej wersji.');
      addRevision(id, locale, old.content, 'editor-1');
      return HttpResponse.json(body(id, locale));
    }),
    http.post(apiPath('/backend/slides'), async ({ request }) => {
      const entry = await log(request);
      const refused = refuse(entry, true);
      if (refused) return refused;
      const content = sanitize((entry.body as { content?: string }).content ?? '');
      if (content.trim() === '') return error(422, 'invalid_html', 'Treść bloku jest pusta.');
      const home = demoPages[0] as SeedPage;
      const ids = order.get(home.name) ?? [];
      if (ids.filter((id) => id.startsWith('home-slide-')).length >= 12) return error(409, 'too_many_slides', 'Baner ma już 12 slajdów.');
      added += 1;
      const id = `home-slide-new-${added}`;
      clock += 60_000;
      for (const locale of Object.keys(home.urls)) blocks.set(key(id, locale), { revisions: [{ revision: 1, editorId: 'editor-1', createdAt: clock, content }] });
      pageOfBlock.set(id, home);
      order.set(home.name, [...ids, id]);
      return HttpResponse.json(body(id, entry.query.locale ?? 'pl'), { status: 201 });
    }),
    http.delete(apiPath('/backend/slides/:id'), async ({ request, params }) => {
      const entry = await log(request);
      const refused = refuse(entry, true);
      if (refused) return refused;
      const id = String(params.id);
      const home = demoPages[0] as SeedPage;
      const ids = order.get(home.name) ?? [];
      if (!id.startsWith('home-slide-') || !ids.includes(id)) return error(404, 'block_not_found', 'Nie ma takiego bloku.');
      order.set(home.name, ids.filter((other) => other !== id));
      for (const locale of Object.keys(home.urls)) blocks.delete(key(id, locale));
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return {
    handlers,
    requests,
    /** Someone else saves the block meanwhile. */
    saveAsSomeoneElse: (id: string, locale: Locale, content: string) => addRevision(id, locale, content, 'editor-2'),
    /** The block's latest revision on the server. */
    latest: (id: string, locale: Locale) => body(id, locale),
    logOut: () => {
      session = null;
    },
  };
}

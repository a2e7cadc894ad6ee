import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';

import { listingRouteByType, paths, productPage, type RouteName } from '@/config/paths';
import type { Locale } from '@/lib/i18n/locale';
import { loadDictionary, type MessageKey } from '@/lib/i18n/messages';
import { loadChunk } from '@/lib/load-chunk';
import type { OfferType } from '@/types/api';
import type { RouteHandle } from '@/types/router';

import type * as accountPages from './routes/account';
import type * as checkoutPages from './routes/checkout';
import type * as newsletterPages from './routes/newsletter';
import { NotFoundRoute } from './routes/not-found';
import { RootLayout, RootHydrateFallback } from './routes/root';
import { RouteError } from './routes/route-error';

const handle = (routeName: RouteName, titleKey: MessageKey): RouteHandle => ({ routeName, titleKey });

/**
 * The app's routes for one locale: only that locale's paths are registered
 * (Polish and German share several paths; the gateway picked the language).
 */
export function createRoutes(locale: Locale, queryClient: QueryClient): RouteObject[] {
  const path = (name: RouteName) => paths[name].path(locale);
  /** A page's code, lazy-loaded: it fails after 120 s with the generic notification (spec 8). */
  const page = <T,>(load: () => Promise<T>) => loadChunk(load, locale);

  /**
   * Pages that put things into the basket, and the basket's own: under the
   * basket's actions, whose code and texts (the shop part of the
   * dictionary) load beside the page's.
   */
  const shop = (children: RouteObject[]): RouteObject => ({
    id: 'shop',
    lazy: async () => {
      const [{ ShopLayout }] = await page(() =>
        Promise.all([import('./routes/shop-layout'), loadDictionary(locale, 'shop')]),
      );
      return { Component: ShopLayout };
    },
    children,
  });

  /**
   * A page of the content system (spec 2.3, 2.4): its title, description
   * and blocks come from GET /shop-api/pages by its path; the content pages'
   * chunk and texts load together, and the page itself starts loading with them.
   */
  const contentPage = (name: RouteName, titleKey: MessageKey): RouteObject => ({
    path: path(name),
    handle: handle(name, titleKey),
    lazy: async () => {
      const [{ ContentRoute, contentLoader }] = await page(() =>
        Promise.all([import('./routes/content'), loadDictionary(locale, 'content')]),
      );
      // Keyed: another content page is a fresh page, not this one with new props.
      return { element: <ContentRoute key={name} url={path(name)} />, loader: contentLoader(queryClient, locale, path(name)) };
    },
  });

  /** The location page (spec 2.3): a content page with the guesthouse's map beside it (the contact feature's, its texts in the site part). */
  const locationPage = (name: RouteName, titleKey: MessageKey): RouteObject => ({
    path: path(name),
    handle: handle(name, titleKey),
    lazy: async () => {
      const [{ ContentRoute, contentLoader }, { LocationMap }] = await page(() =>
        Promise.all([
          import('./routes/content'),
          import('@/features/contact/components/location-map'),
          loadDictionary(locale, 'content'),
          loadDictionary(locale, 'site'),
        ]),
      );
      return {
        element: <ContentRoute key={name} url={path(name)} aside={<LocationMap />} />,
        loader: contentLoader(queryClient, locale, path(name)),
      };
    },
  });

  /**
   * A page of the account feature (login, registration, profile, password
   * reset, the basket's login step): the account pages' chunk and the
   * account part of the dictionary load together.
   */
  const accountPage = (
    name: RouteName,
    titleKey: MessageKey,
    component: keyof typeof accountPages,
    extra?: Omit<RouteHandle, 'routeName' | 'titleKey'>,
  ): RouteObject => ({
    path: path(name),
    handle: { ...handle(name, titleKey), ...extra },
    lazy: async () => {
      const [pages] = await page(() => Promise.all([import('./routes/account'), loadDictionary(locale, 'account')]));
      return { Component: pages[component] };
    },
  });

  /**
   * A checkout page (spec 2.2, 2.4): the checkout pages' chunk with the
   * shop's texts (the basket's price summary) and the checkout's.
   */
  const checkoutPage = (name: RouteName, titleKey: MessageKey, component: keyof typeof checkoutPages): RouteObject => ({
    path: path(name),
    handle: { ...handle(name, titleKey), noPopups: true },
    lazy: async () => {
      const [pages] = await page(() =>
        Promise.all([import('./routes/checkout'), loadDictionary(locale, 'shop'), loadDictionary(locale, 'checkout')]),
      );
      return { Component: pages[component] };
    },
  });

  /**
   * The content editor (spec 6) and the back office: one entry whose chunk
   * (app/routes/staff.tsx) brings the pages and the staff's and the editor's
   * texts, so a guest's first load and route table stay the same however
   * many pages the back office gets. Each page sets its own title.
   */
  const backOffice: RouteObject = {
    path: '/backend/*',
    handle: { ownAlternates: true, noPopups: true } satisfies RouteHandle,
    lazy: async () => {
      const [{ StaffRoutes }] = await page(() => Promise.all([import('./routes/staff'), loadDictionary(locale, 'staff'), loadDictionary(locale, 'editor')]));
      return { Component: StaffRoutes };
    },
  };

  /**
   * The newsletter e-mails' links (one path in every language): the page
   * sends the token on arrival and says how it went; its texts are in the
   * site part of the dictionary.
   */
  const newsletterPage = (
    name: 'newsletterConfirm' | 'newsletterUnsubscribe',
    titleKey: MessageKey,
    component: keyof typeof newsletterPages,
  ): RouteObject => ({
    path: path(name),
    // No route name: the token is this visitor's, so the language switcher offers the home pages.
    handle: { titleKey, noPopups: true } satisfies RouteHandle,
    lazy: async () => {
      const [pages] = await page(() => Promise.all([import('./routes/newsletter'), loadDictionary(locale, 'site')]));
      return { Component: pages[component] };
    },
  });

  /** The loader redirects before anything renders; the element covers a render without it. */
  const redirectTo = (from: string, target: string): RouteObject => ({
    path: from,
    loader: () => redirect(target),
    element: <Navigate to={target} replace />,
  });

  /** An offer listing and, under it, the pages of its products (spec 2.4). */
  const listing = (type: OfferType, titleKey: MessageKey): RouteObject[] => {
    const name = listingRouteByType[type];
    return [
      {
        path: path(name),
        handle: handle(name, titleKey),
        lazy: async () => {
          const { ListingRoute, listingLoader } = await page(() => import('./routes/catalog/listing'));
          // Keyed: another listing is a fresh page, not this one with new props.
          return { element: <ListingRoute key={type} type={type} />, loader: listingLoader(queryClient, locale, type) };
        },
      },
      {
        path: productPage.path(name, locale),
        // Slugs differ per language: the page names its equivalents itself.
        handle: { ...handle(name, titleKey), ownAlternates: true },
        lazy: async () => {
          const { ProductRoute, productLoader } = await page(() => import('./routes/catalog/product'));
          return { element: <ProductRoute listing={name} />, loader: productLoader(queryClient, locale) };
        },
      },
    ];
  };

  const pages: RouteObject[] = [
    {
      path: path('root'),
      handle: handle('root', 'nav.home'),
      // The banner's controls are in the site part of the dictionary; its slides and the
      // welcome are blocks of the content system (the content part's texts for editors).
      lazy: async () => {
        const [{ HomeRoute }] = await page(() =>
          Promise.all([import('./routes/home'), loadDictionary(locale, 'site'), loadDictionary(locale, 'content')]),
        );
        return { Component: HomeRoute };
      },
    },
    shop([
      ...listing('treatment', 'catalog.treatments.title'),
      ...listing('package', 'catalog.packages.title'),
      ...listing('product', 'catalog.products.title'),
      ...listing('room', 'catalog.rooms.title'),
      ...listing('voucher', 'catalog.vouchers.title'),
      ...listing('day_spa', 'catalog.daySpa.title'),
      {
        // Results need a date range; without one the visitor goes back to search.
        path: path('reservationRooms'),
        handle: handle('reservationRooms', 'reservation.steps.rooms'),
        lazy: async () => {
          const { ReservationRoomsRoute, roomsLoader } = await page(() => import('./routes/reservation/rooms'));
          return { Component: ReservationRoomsRoute, loader: roomsLoader(queryClient, locale) };
        },
      },
      // Basket area (spec 2.2): the items and, after an add, the suggestions.
      {
        path: path('basketItems'),
        handle: handle('basketItems', 'basket.steps.items'),
        lazy: async () => {
          const { BasketItemsRoute } = await page(() => import('./routes/basket/items'));
          return { Component: BasketItemsRoute };
        },
      },
      {
        path: path('basketSuggestion'),
        handle: handle('basketSuggestion', 'basket.steps.suggestion'),
        // Suggestions belong to an added item; without one go to the basket.
        loader: ({ request }) => {
          if (!new URL(request.url).searchParams.get('variantCode')) {
            return redirect(paths.basketItems.href(locale));
          }
          return null;
        },
        lazy: async () => {
          const { BasketSuggestionRoute } = await page(() => import('./routes/basket/suggestion'));
          return { Component: BasketSuggestionRoute };
        },
      },
    ]),
    checkoutPage('voucherConfiguration', 'vouchers.configure.title', 'VoucherConfigurationRoute'),
    contentPage('offer', 'nav.offer'),
    contentPage('regulations', 'nav.regulations'),

    // Accounts.
    accountPage('register', 'account.register.title', 'RegisterRoute'),
    accountPage('login', 'account.login.title', 'LoginRoute'),
    accountPage('profile', 'account.profile.title', 'ProfileRoute'),
    accountPage('forgotPassword', 'account.forgot.title', 'ForgotPasswordRoute'),
    // The e-mail's token is in the path: the page names its equivalents in the other languages.
    accountPage('passwordReset', 'account.reset.title', 'ResetPasswordRoute', { ownAlternates: true }),
    newsletterPage('newsletterConfirm', 'newsletter.confirm.title', 'NewsletterConfirmRoute'),
    newsletterPage('newsletterUnsubscribe', 'newsletter.unsubscribe.title', 'NewsletterUnsubscribeRoute'),
    {
      path: path('contact'),
      handle: handle('contact', 'nav.contact'),
      lazy: async () => {
        const [{ ContactRoute }] = await page(() =>
          Promise.all([import('./routes/contact'), loadDictionary(locale, 'site')]),
        );
        return { Component: ContactRoute };
      },
    },

    // Reservation area (spec 2.3).
    redirectTo(path('reservation'), paths.reservationSearch.href(locale)),
    {
      // Its introduction comes from the content system (the content part's texts for editors);
      // its form's labels are the shop part's, which the package reservation shares.
      path: path('reservationSearch'),
      handle: handle('reservationSearch', 'reservation.steps.search'),
      lazy: async () => {
        const [{ ReservationSearchRoute, searchLoader }] = await page(() =>
          Promise.all([import('./routes/reservation/search'), loadDictionary(locale, 'content'), loadDictionary(locale, 'shop')]),
        );
        return { Component: ReservationSearchRoute, loader: searchLoader(queryClient, locale) };
      },
    },
    contentPage('reservationTerms', 'reservation.steps.terms'),
    locationPage('reservationLocalization', 'reservation.steps.localization'),

    // Basket area (spec 2.2): the items, the login step, then the checkout steps.
    redirectTo(path('basket'), paths.basketItems.href(locale)),
    checkoutPage('basketPersonal', 'basket.steps.personal', 'PersonalRoute'),
    checkoutPage('basketVoucher', 'basket.steps.voucher', 'VoucherRoute'),
    accountPage('basketLogin', 'basket.steps.login', 'BasketLoginRoute', { noPopups: true }),
    checkoutPage('basketPayment', 'basket.steps.payment', 'PaymentRoute'),
    checkoutPage('basketComplete', 'basket.steps.complete', 'CompleteRoute'),

    backOffice,

    {
      path: '*',
      handle: { titleKey: 'notFound.title' } satisfies RouteHandle,
      // Not lazy: the error boundary shows it for 404s too.
      Component: NotFoundRoute,
    },
  ];

  // On a host mapped to English, "/" is the English home too (spec 2.1).
  if (path('root') !== '/') {
    pages.push(redirectTo('/', paths.root.href(locale)));
  }

  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: RootHydrateFallback,
      children: [{ ErrorBoundary: RouteError, children: pages }],
    },
  ];
}

export function createAppRouter(locale: Locale, queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(locale, queryClient));
}

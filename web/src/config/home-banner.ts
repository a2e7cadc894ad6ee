import type { MessageKey } from '@/lib/i18n/messages';

import type { RouteName } from './paths';

/** Pages a slide may lead to (routes whose link needs no values). */
type BannerRoute = Extract<RouteName, 'packages' | 'rooms' | 'treatments' | 'daySpa' | 'vouchers' | 'reservation'>;

export type BannerSlide = {
  id: string;
  /** A demo picture the gateway serves from its media folder (MEDIA_DIR, `/media/...`). */
  image: string;
  /** Where the slide's button leads. */
  route: BannerRoute;
  titleKey: MessageKey;
  textKey: MessageKey;
  ctaKey: MessageKey;
};

/** The home page's banner (spec 2.5): its slides in order; texts in the `site` part of the dictionary. */
export const HOME_BANNER_SLIDES: readonly BannerSlide[] = [
  {
    id: 'packages',
    image: '/media/pkg-relaxation-ritual.svg',
    route: 'packages',
    titleKey: 'banner.packages.title',
    textKey: 'banner.packages.text',
    ctaKey: 'banner.packages.cta',
  },
  {
    id: 'rooms',
    image: '/media/room-lake-view.svg',
    route: 'reservation',
    titleKey: 'banner.rooms.title',
    textKey: 'banner.rooms.text',
    ctaKey: 'banner.rooms.cta',
  },
  {
    id: 'day-spa',
    image: '/media/ds-spa-for-two.svg',
    route: 'daySpa',
    titleKey: 'banner.daySpa.title',
    textKey: 'banner.daySpa.text',
    ctaKey: 'banner.daySpa.cta',
  },
  {
    id: 'vouchers',
    image: '/media/vc-gift-box.svg',
    route: 'vouchers',
    titleKey: 'banner.vouchers.title',
    textKey: 'banner.vouchers.text',
    ctaKey: 'banner.vouchers.cta',
  },
];

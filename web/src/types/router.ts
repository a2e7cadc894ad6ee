import type { RouteName } from '@/config/paths';
import type { MessageKey } from '@/lib/i18n/messages';

/** `handle` of every app route: lets shared UI know where it is. */
export type RouteHandle = {
  /** The route table entry, for the language switcher and navigation. */
  routeName?: RouteName;
  /** The page title, until the page itself names one (content pages before their text comes). */
  titleKey?: MessageKey;
  /**
   * The page names its equivalents in the other languages itself
   * (usePublishPageAlternates): the route table cannot, e.g. product slugs.
   */
  ownAlternates?: boolean;
  /** No promotional pop-up over this page (checkout, the editor, an e-mail's link). */
  noPopups?: boolean;
};

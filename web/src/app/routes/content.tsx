/**
 * The pages of the content system (spec 2.3, 2.4): the offer, the
 * regulations, the reservation terms and location. One chunk, loaded with
 * the content part of the dictionary (app/router.tsx); the location page
 * adds the contact feature's map beside its text.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { contentPageQueryOptions } from '@/features/content/api/get-page';
import { ContentPage } from '@/features/content/components/content-page';
import { useCurrentRouteHandle } from '@/hooks/use-current-route';
import { useHeaderCustomer } from '@/lib/api/get-me';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import { canEditContent } from '@/lib/rules/roles';

import { NotFoundRoute } from './not-found';

/** Starts loading the page together with its code; does not wait for it. */
export const contentLoader = (queryClient: QueryClient, locale: Locale, url: string) => () => {
  void queryClient.prefetchQuery(contentPageQueryOptions(locale, url));
  return null;
};

/**
 * A content page at `url` (its path in the route table). Editors and
 * administrators (the header's `/me`) get the edit-mode toggle and links.
 */
export function ContentRoute({ url, aside }: { url: string; aside?: ReactNode }) {
  const { t } = useI18n();
  const { titleKey = 'nav.home' } = useCurrentRouteHandle();
  const canEdit = canEditContent(useHeaderCustomer());
  return <ContentPage url={url} fallbackTitle={t(titleKey)} canEdit={canEdit} notFound={<NotFoundRoute />} aside={aside} />;
}

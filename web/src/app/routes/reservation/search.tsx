import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';

import { STAY_MAX_NIGHTS } from '@/config/constants';
import { paths } from '@/config/paths';
import { contentPageQueryOptions, useContentPage } from '@/features/content/api/get-page';
import { ContentIntro } from '@/features/content/components/content-intro';
import { RoomSearchForm } from '@/features/rooms/components/room-search-form';
import { searchFromQuery } from '@/features/rooms/utils/search-query';
import { usePageHead } from '@/hooks/use-page-head';
import { useHeaderCustomer } from '@/lib/api/get-me';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import { canEditContent } from '@/lib/rules/roles';
import { todayIso } from '@/utils/calendar-date';
import { toDescription } from '@/utils/meta-description';

/** Starts loading the introduction from the content system with the page's code. */
export const searchLoader = (queryClient: QueryClient, locale: Locale) => () => {
  void queryClient.prefetchQuery(contentPageQueryOptions(locale, paths.reservationSearch.path(locale)));
  return null;
};

/**
 * The reservation search (spec 2.3). Its introduction comes from the
 * content system by path (with the edit-mode toggle and links for
 * editors); without one there, the dictionaries' lead stands in, and so it
 * does for the page's description the content system gives. A search
 * in the query (e.g. "change search" from the results) fills the form.
 */
export function ReservationSearchRoute() {
  const { t, locale } = useI18n();
  const { search } = useLocation();
  const initial = useMemo(() => searchFromQuery(new URLSearchParams(search)), [search]);
  const canEdit = canEditContent(useHeaderCustomer());
  const title = t('reservation.steps.search');
  const lead = t('reservation.search.lead');
  usePageHead(title, toDescription(useContentPage(paths.reservationSearch.path(locale)).data?.description || lead));

  return (
    <div className="page reservation">
      <div className="page__header">
        <h1>{title}</h1>
        <ContentIntro
          url={paths.reservationSearch.path(locale)}
          canEdit={canEdit}
          fallback={<p className="page__lead">{lead}</p>}
        />
      </div>
      {/* Keyed: another query in the URL is a fresh form. */}
      <RoomSearchForm key={search} initial={initial} today={todayIso()} />
      <section className="reservation__info" aria-labelledby="reservation-info">
        <h2 id="reservation-info">{t('reservation.search.infoTitle')}</h2>
        <ul>
          <li>{t('reservation.search.infoStay', { max: STAY_MAX_NIGHTS })}</li>
          <li>{t('reservation.search.infoGuests')}</li>
          <li>{t('reservation.search.infoBabies')}</li>
        </ul>
        <nav aria-label={t('reservation.search.moreLabel')}>
          <ul className="reservation__links">
            <li>
              <Link to={paths.reservationTerms.href(locale)}>{t('reservation.steps.terms')}</Link>
            </li>
            <li>
              <Link to={paths.reservationLocalization.href(locale)}>{t('reservation.steps.localization')}</Link>
            </li>
          </ul>
        </nav>
      </section>
    </div>
  );
}

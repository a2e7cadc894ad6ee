import '@/features/contact/contact.css';

import { useId } from 'react';

import { StatusMessage } from '@/components/ui/status-message';
import { contactMap, locationOf } from '@/config/guesthouse';
import { useGuesthouse } from '@/features/contact/api/get-guesthouse';
import { ContactMap } from '@/features/contact/components/contact-map';
import { DirectionsForm } from '@/features/contact/components/directions-form';
import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * The location page's map beside its text (spec 2.3, 2.5): the guesthouse's
 * position from its settings, closer than the contact page's (zoom 14), and
 * the route planning. Loading and failure are said in its place; the page's
 * text stands either way.
 */
export function LocationMap() {
  const { t } = useI18n();
  const query = useGuesthouse();
  const headingId = useId();
  const guesthouse = query.data;
  return (
    <section className="location-map" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('contact.map')}</h2>
      {guesthouse ? (
        <>
          <ContactMap guesthouse={guesthouse} zoom={contactMap.sidebarZoom} />
          <DirectionsForm location={locationOf(guesthouse)} />
        </>
      ) : query.isError && !query.isFetching ? (
        <StatusMessage
          kind="error"
          action={
            <button type="button" className="button" onClick={() => void query.refetch()}>
              {t('errors.retry')}
            </button>
          }
        >
          {t('contact.error')}
        </StatusMessage>
      ) : (
        <StatusMessage kind="loading">{t('contact.loading')}</StatusMessage>
      )}
    </section>
  );
}

import '@/features/contact/contact.css';

import { useId } from 'react';

import { contactMap } from '@/config/guesthouse';
import { GuesthouseMap, WithGuesthouse } from '@/features/contact/components/with-guesthouse';
import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * The location page's map beside its text (spec 2.3, 2.5): the guesthouse's
 * position from its settings, closer than the contact page's (zoom 14), and
 * the route planning. Loading and failure are said in its place; the page's
 * text stands either way.
 */
export function LocationMap() {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="location-map" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('contact.map')}</h2>
      <WithGuesthouse>{(guesthouse) => <GuesthouseMap guesthouse={guesthouse} zoom={contactMap.sidebarZoom} />}</WithGuesthouse>
    </section>
  );
}

import type { ReactNode } from 'react';

import { StatusMessage } from '@/components/ui/status-message';
import { locationOf } from '@/config/guesthouse';
import { useGuesthouse } from '@/features/contact/api/get-guesthouse';
import { ContactMap } from '@/features/contact/components/contact-map';
import { DirectionsForm } from '@/features/contact/components/directions-form';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Guesthouse } from '@/types/api';

/**
 * What needs the guesthouse's details (GET /shop-api/guesthouse), once they
 * came; meanwhile a loading state, and when they fail, the failure with
 * "try again". The contact and location pages show them so.
 */
export function WithGuesthouse({ children }: { children: (guesthouse: Guesthouse) => ReactNode }) {
  const { t } = useI18n();
  const query = useGuesthouse();
  if (query.data) return children(query.data);
  if (query.isError && !query.isFetching) {
    return (
      <StatusMessage
        kind="error"
        onRetry={() => void query.refetch()}
      >
        {t('contact.error')}
      </StatusMessage>
    );
  }
  return <StatusMessage kind="loading">{t('contact.loading')}</StatusMessage>;
}

/** The guesthouse on the map at `zoom` (the contact page's unless given), with the route planning. */
export function GuesthouseMap({ guesthouse, zoom }: { guesthouse: Guesthouse; zoom?: number }) {
  return (
    <>
      <ContactMap guesthouse={guesthouse} zoom={zoom} />
      <DirectionsForm location={locationOf(guesthouse)} />
    </>
  );
}

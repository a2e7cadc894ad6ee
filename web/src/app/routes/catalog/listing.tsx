import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

import { offerQueryOptions } from '@/features/catalog/api/get-offer';
import { taxonQueryOptions, useTaxon } from '@/features/catalog/api/get-taxon';
import { OfferListing } from '@/features/catalog/components/offer-listing';
import { listingConfigs } from '@/features/catalog/utils/listing-config';
import { listingDescription } from '@/features/catalog/utils/listing-description';
import { filtersFromSearch, offerParamsFor } from '@/features/catalog/utils/listing-filters';
import { usePageHead } from '@/hooks/use-page-head';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import type { OfferType } from '@/types/api';
import { toDescription } from '@/utils/meta-description';

/**
 * Starts loading the categories and the listing together with the page's
 * code; does not wait for them. With a category in the query the listing
 * needs the category tree first (its subcategories are asked for too).
 */
export const listingLoader =
  (queryClient: QueryClient, locale: Locale, type: OfferType) =>
  ({ request }: LoaderFunctionArgs) => {
    const config = listingConfigs[type];
    const filters = filtersFromSearch(new URL(request.url).searchParams, config);
    const taxon = taxonQueryOptions({ code: config.mainTaxon, locale });
    if (filters.category === undefined) {
      void queryClient.prefetchQuery(taxon);
      void queryClient.prefetchQuery(offerQueryOptions(offerParamsFor(config, locale, filters, undefined)));
    } else {
      void queryClient
        .ensureQueryData(taxon)
        .then((tree) => queryClient.prefetchQuery(offerQueryOptions(offerParamsFor(config, locale, filters, tree))))
        .catch(() => undefined);
    }
    return null;
  };

export function ListingRoute({ type }: { type: OfferType }) {
  const { t, locale } = useI18n();
  const config = listingConfigs[type];
  const title = t(config.text.title);
  const lead = t(config.text.lead);
  // The categories come with the page (the loader asked for them).
  const taxon = useTaxon({ code: config.mainTaxon, locale }).data;
  usePageHead(title, toDescription(listingDescription(lead, taxon, locale, t)));

  return (
    <div className="page">
      <div className="page__header">
        <h1>{title}</h1>
        <p className="page__lead">{lead}</p>
      </div>
      <OfferListing config={config} />
    </div>
  );
}

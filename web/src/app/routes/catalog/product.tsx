import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';

import { NotFoundRoute } from '@/app/routes/not-found';
import type { ListingRouteName } from '@/config/paths';
import { productBySlugQueryOptions } from '@/features/catalog/api/get-product-by-slug';
import { relatedProductsQueryOptions } from '@/features/catalog/api/get-related-products';
import { ProductDetails } from '@/features/catalog/components/product-details';
import type { Locale } from '@/lib/i18n/locale';

/** Starts loading the product, then its related products; does not wait. */
export const productLoader =
  (queryClient: QueryClient, locale: Locale) =>
  ({ params }: LoaderFunctionArgs) => {
    const slug = params.slug ?? '';
    void queryClient
      .ensureQueryData(productBySlugQueryOptions({ slug, locale }))
      .then((product) => queryClient.prefetchQuery(relatedProductsQueryOptions({ code: product.code, locale })))
      .catch(() => undefined);
    return null;
  };

export function ProductRoute({ listing }: { listing: ListingRouteName }) {
  const { slug = '' } = useParams();
  // A new slug is a new page: no state (gallery, configuration) carries over.
  return <ProductDetails key={slug} slug={slug} listing={listing} notFound={<NotFoundRoute />} />;
}

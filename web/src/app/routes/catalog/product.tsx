import { useQueries, type QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';

import { NotFoundRoute } from '@/app/routes/not-found';
import type { ListingRouteName } from '@/config/paths';
import { productByCodeQueryOptions } from '@/features/catalog/api/get-product';
import { productBySlugQueryOptions, useProductBySlug } from '@/features/catalog/api/get-product-by-slug';
import { relatedProductsQueryOptions } from '@/features/catalog/api/get-related-products';
import { ProductDetails } from '@/features/catalog/components/product-details';
import { ProductQuestion } from '@/features/contact/components/product-question';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { LOCALES, type Locale } from '@/lib/i18n/locale';
import { useLocaleOrigins, usePublishPageAlternates, type LocalePaths } from '@/lib/i18n/page-alternates';

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

/**
 * The product's page in the other languages: slugs differ per language, so
 * the page asks for its product by code in each language offered and names
 * their pages (`links.self`) to the language switcher. Until they are known,
 * or where one cannot be had, the switcher offers that language's listing.
 */
function useProductAlternates(slug: string) {
  const { locale } = useI18n();
  const origins = useLocaleOrigins();
  const product = useProductBySlug({ slug, locale }).data;
  const others = LOCALES.filter((other) => other !== locale && origins[other] !== undefined);
  const translations = useQueries({
    queries: others.map((other) => ({
      ...productByCodeQueryOptions({ code: product?.code ?? '', locale: other }),
      enabled: product !== undefined,
    })),
  });

  let alternates: LocalePaths | undefined;
  if (product && translations.every((query) => !query.isPending)) {
    alternates = { [locale]: product.links.self };
    others.forEach((other, index) => {
      const self = translations[index]?.data?.links.self;
      if (self) alternates = { ...alternates, [other]: self };
    });
  }
  usePublishPageAlternates(alternates);
}

export function ProductRoute({ listing }: { listing: ListingRouteName }) {
  const { slug = '' } = useParams();
  useProductAlternates(slug);
  // A new slug is a new page: no state (gallery, configuration) carries over.
  return (
    <ProductDetails
      key={slug}
      slug={slug}
      listing={listing}
      notFound={<NotFoundRoute />}
      question={(product) => <ProductQuestion productCode={product.code} productName={product.name} />}
    />
  );
}

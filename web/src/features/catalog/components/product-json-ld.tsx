import { productJsonLd, serializeJsonLd } from '@/features/catalog/utils/json-ld';
import type { ProductDetails } from '@/types/api';

/** schema.org Product/Offer data of a product page. */
export function ProductJsonLd({ product }: { product: ProductDetails }) {
  const json = serializeJsonLd(productJsonLd(product, window.location.origin));
  // JSON with "<" escaped: no text can end the element.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

import { useEffect } from 'react';

import { serializeJsonLd } from '@/features/catalog/utils/json-ld';
import type { ProductDetails } from '@/types/api';

/** The head tags the server wrote for the product page it sent (`data-head`). */
const serverHead = () => document.head.querySelectorAll('[data-head]');

/**
 * schema.org Product/Offer data of a product page, as the API made it
 * (`structuredData`). The page the server sent already has it in its head
 * (with Open Graph): then nothing is added, and those tags go when the
 * visitor moves on to another page, so no other page carries them.
 */
export function ProductJsonLd({ product }: { product: ProductDetails }) {
  useEffect(() => () => serverHead().forEach((tag) => tag.remove()), [product.code]);
  const fromServer = Array.from(serverHead()).some((tag) => tag.getAttribute('data-sku') === product.code);
  if (fromServer || !product.structuredData) return null;
  // JSON with "<" escaped: no text can end the element.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(product.structuredData) }} />;
}

/**
 * schema.org Product/Offer structured data for a product page.
 */
import { parseWireDate, toDecimalString } from '@/lib/i18n/format';
import type { ProductDetails } from '@/types/api';

const absolute = (path: string, origin: string) => new URL(path, origin).toString();

const isoDate = (value: string | null) => {
  const date = value ? parseWireDate(value) : null;
  if (!date) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

export function productJsonLd(product: ProductDetails, origin: string): Record<string, unknown> {
  const url = absolute(product.links.self, origin);
  const category = product.taxons?.others[0]?.name;
  const validFrom = isoDate(product.availableFrom ?? null);
  const validThrough = isoDate(product.availableTo ?? null);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.code,
    url,
    ...(product.images.length ? { image: product.images.map((image) => absolute(image.path, origin)) } : {}),
    ...(category ? { category } : {}),
    offers: {
      '@type': 'Offer',
      url,
      // A decimal string in major units, as schema.org expects ("180.00").
      price: toDecimalString(product.price.current, product.price.currency),
      priceCurrency: product.price.currency,
      availability: 'https://schema.org/InStock',
      ...(validFrom ? { validFrom } : {}),
      ...(validThrough ? { priceValidUntil: validThrough } : {}),
    },
  };
}

/** JSON for an inline <script>: "<" is escaped so no text can close the element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

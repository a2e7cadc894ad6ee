/**
 * What the catalog's buttons hand to the basket (lib/basket-actions.ts):
 * the same for a card, a product page and a package's configuration.
 */
import type { PackageChoice } from '@/lib/basket-actions';
import type { AddCartItem, ProductType } from '@/types/api';
import type { ConfiguratorState } from '@/utils/package-configurator';

type Offered = { type: ProductType; code: string; variantCode: string; name: string; numNights: number };

/** A treatment, or a product of any other kind, added by its unit. */
export const unitAddition = (item: Pick<Offered, 'type' | 'code' | 'variantCode'>): AddCartItem => ({
  type: item.type === 'treatment' ? 'treatment' : 'product',
  productCode: item.code,
  variantCode: item.variantCode,
});

/** A package or day spa, with the configuration made on its page (the package's own without one). */
export const packageChoice = (
  item: Pick<Offered, 'code' | 'variantCode' | 'name' | 'numNights'>,
  configuration?: Pick<ConfiguratorState, 'persons' | 'primary'>,
): PackageChoice => ({
  code: item.code,
  variantCode: item.variantCode,
  name: item.name,
  numNights: item.numNights,
  ...(configuration ? { configuration } : {}),
});

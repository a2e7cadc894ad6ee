import { useId, useReducer } from 'react';

import { PackagePrice, usePackagePrice } from '@/components/package-price';
import { PackageTreatments } from '@/components/package-treatments';
import { BasketButton, InBasketNote } from '@/components/ui/basket-button';
import { QuantityCounter } from '@/components/ui/quantity-counter';
import { PACKAGE_PERSONS_MAX, PACKAGE_PERSONS_MIN } from '@/config/constants';
import { packageChoice } from '@/features/catalog/utils/basket-request';
import { useBasketActions } from '@/lib/basket-actions';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { ProductDetails } from '@/types/api';
import { configuratorReducer, initConfigurator } from '@/utils/package-configurator';

/**
 * The package configuration (spec 2.5, 4): persons, the package's treatments
 * with their quantities, suggested treatments to add, and the price, which the
 * server recalculates 50 ms after the last change.
 */
export function PackageConfigurator({ product }: { product: ProductDetails }) {
  const { t } = useI18n();
  const headingId = useId();
  const [state, dispatch] = useReducer(configuratorReducer, product, initConfigurator);
  const actions = useBasketActions();
  const belowMinimum = state.primary.length < state.minTreatments;

  // One request per burst of changes: the body must settle for 50 ms first.
  const { cost, pending } = usePackagePrice(product.code, state);

  return (
    <section id="package-configurator" className="configurator" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('package.title')}</h2>

      <div className="configurator__persons">
        <QuantityCounter
          label={t('package.persons')}
          showLabel
          value={state.persons}
          min={PACKAGE_PERSONS_MIN}
          max={PACKAGE_PERSONS_MAX}
          formatValue={(count) => t('package.personsValue', { count })}
          onChange={(persons) => dispatch({ type: 'setPersons', persons })}
        />
      </div>

      <PackageTreatments state={state} dispatch={dispatch} />

      <PackagePrice cost={cost} pending={pending} currency={product.price.currency} className="configurator__price">
        {/* A stay package needs a stay: "reserve" opens the package reservation modal. */}
        <BasketButton
          code={product.code}
          label={product.numNights > 0 ? t('card.action.reserve') : undefined}
          ready={!belowMinimum}
          onAdd={() => actions?.addPackage(packageChoice(product, state))}
        />
        <InBasketNote code={product.code} variantCode={product.variantCode} />
      </PackagePrice>
    </section>
  );
}

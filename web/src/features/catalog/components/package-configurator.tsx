import { useId, useMemo, useReducer } from 'react';

import { PackageTreatments } from '@/components/package-treatments';
import { BasketButton, InBasketNote } from '@/components/ui/basket-button';
import { QuantityCounter } from '@/components/ui/quantity-counter';
import { PACKAGE_PERSONS_MAX, PACKAGE_PERSONS_MIN, PACKAGE_PRICE_DEBOUNCE_MS } from '@/config/constants';
import { usePackageCost } from '@/features/catalog/api/get-package-cost';
import { packageChoice } from '@/features/catalog/utils/basket-request';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useBasketActions } from '@/lib/basket-actions';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { ProductDetails } from '@/types/api';
import { configuratorReducer, costRequest, initConfigurator } from '@/utils/package-configurator';


/**
 * The package configuration (spec 2.5, 4): persons, the package's treatments
 * with their quantities, suggested treatments to add, and the price, which the
 * server recalculates 50 ms after the last change.
 */
export function PackageConfigurator({ product }: { product: ProductDetails }) {
  const { t, locale, formatMoney } = useI18n();
  const headingId = useId();
  const [state, dispatch] = useReducer(configuratorReducer, product, initConfigurator);
  const actions = useBasketActions();
  const belowMinimum = state.primary.length < state.minTreatments;

  // One request per burst of changes: the body must settle for 50 ms first.
  const request = useMemo(() => costRequest(state), [state]);
  const settled = useDebouncedValue(request, PACKAGE_PRICE_DEBOUNCE_MS);
  const cost = usePackageCost({ code: product.code, locale, request: settled });
  const pending = settled !== request || cost.isFetching;

  const price = cost.data;
  const currency = price?.currency ?? product.price.currency;

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

      <div className="price-box configurator__price" aria-busy={pending} data-testid="package-price-box">
        <p className="price-box__row">
          <span>{t('package.price')}</span>{' '}
          {price ? (
            <span>
              {price.priceWithReservation.original > price.priceWithReservation.current && (
                <>
                  <span className="sr-only">{t('price.original')}: </span>
                  <del className="price__original">
                    {formatMoney(price.priceWithReservation.original, currency)}
                  </del>{' '}
                </>
              )}
              <strong className="price-box__amount" data-testid="package-price">
                {formatMoney(price.priceWithReservation.current, currency)}
              </strong>
            </span>
          ) : (
            <strong className="price-box__amount" data-testid="package-price">
              …
            </strong>
          )}
        </p>
        {price && (
          <p className="price-box__row price-box__row--minor">
            <span>{t('package.basePrice')}</span>{' '}
            <span data-testid="package-base-price">{formatMoney(price.basePrice.current, currency)}</span>
          </p>
        )}
        <p className="price-box__status" role="status">
          {pending ? t('package.recalculating') : ''}
        </p>
        {/* A stay package needs a stay: "reserve" opens the package reservation modal. */}
        <BasketButton
          code={product.code}
          label={product.numNights > 0 ? t('card.action.reserve') : undefined}
          ready={!belowMinimum}
          onAdd={() => actions?.addPackage(packageChoice(product, state))}
        />
        <InBasketNote code={product.code} variantCode={product.variantCode} />
      </div>
    </section>
  );
}

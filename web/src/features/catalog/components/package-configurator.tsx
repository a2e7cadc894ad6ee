import { useId, useMemo, useReducer } from 'react';

import { BasketButton, InBasketNote } from '@/components/ui/basket-button';
import { QuantityCounter } from '@/components/ui/quantity-counter';
import {
  PACKAGE_PERSONS_MAX,
  PACKAGE_PERSONS_MIN,
  PACKAGE_PRICE_DEBOUNCE_MS,
  TREATMENT_DESCRIPTION_MAX_LENGTH,
} from '@/config/constants';
import { usePackageCost } from '@/features/catalog/api/get-package-cost';
import { packageChoice } from '@/features/catalog/utils/basket-request';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useBasketActions } from '@/lib/basket-actions';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';
import type { ProductDetails, Treatment } from '@/types/api';
import { canRemove, configuratorReducer, costRequest, initConfigurator } from '@/utils/package-configurator';
import { truncate } from '@/utils/truncate';


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

  const addTreatment = (treatment: Treatment) => {
    dispatch({ type: 'addTreatment', code: treatment.code });
    notifications.notify('success', t('package.treatmentAdded', { name: treatment.name }));
  };

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

      <h3>{t('package.included')}</h3>
      {state.minTreatments > 0 && (
        <p className="configurator__minimum" data-testid="min-treatments">
          {t('package.minTreatments', { count: state.minTreatments })}
        </p>
      )}
      {belowMinimum && (
        <p className="configurator__warning" role="status">
          {t('package.belowMinimum', { count: state.minTreatments - state.primary.length })}
        </p>
      )}
      <ul className="treatments" aria-label={t('package.included')}>
        {state.primary.map((treatment) => (
          <li key={treatment.code} className="treatment">
            <TreatmentInfo treatment={treatment} />
            <div className="treatment__controls">
              <QuantityCounter
                label={t('package.quantityOf', { name: treatment.name })}
                value={treatment.quantity}
                min={treatment.minQuantity}
                max={treatment.maxQuantity}
                onChange={(quantity) => dispatch({ type: 'setQuantity', code: treatment.code, quantity })}
              />
              {canRemove(treatment) && (
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`${t('package.remove')}: ${treatment.name}`}
                  onClick={() => dispatch({ type: 'removeTreatment', code: treatment.code })}
                >
                  {t('package.remove')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>

      {state.additional.length > 0 && (
        <>
          <h3>{t('package.suggested')}</h3>
          <ul className="treatments treatments--suggested" aria-label={t('package.suggested')}>
            {state.additional.map((treatment) => (
              <li key={treatment.code} className="treatment">
                <TreatmentInfo treatment={treatment} />
                <div className="treatment__controls">
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`${t('package.add')}: ${treatment.name}`}
                    onClick={() => addTreatment(treatment)}
                  >
                    {t('package.add')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

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

function TreatmentInfo({ treatment }: { treatment: Treatment }) {
  const { t, formatMoney } = useI18n();
  const image = treatment.images[0];
  const facts = [
    treatment.free ? t('package.free') : formatMoney(treatment.price.current, treatment.price.currency),
    treatment.durationMinutes ? t('card.duration', { minutes: treatment.durationMinutes }) : null,
  ].filter(Boolean);

  return (
    <div className="treatment__info">
      {image && (
        <img
          className="treatment__image"
          src={image.thumbnails?.default_listing ?? image.path}
          alt=""
          width={96}
          height={72}
          loading="lazy"
        />
      )}
      <div>
        <h4 className="treatment__name">{treatment.name}</h4>
        {treatment.description && (
          <p className="treatment__description">
            {truncate(treatment.description, TREATMENT_DESCRIPTION_MAX_LENGTH)}
          </p>
        )}
        <p className="treatment__facts">{facts.join(' · ')}</p>
      </div>
    </div>
  );
}

import { useMemo, type ReactNode } from 'react';

import { PACKAGE_PRICE_DEBOUNCE_MS } from '@/config/constants';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePackageCost } from '@/lib/api/get-package-cost';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { PackageCost } from '@/types/api';
import { costRequest, type ConfiguratorState } from '@/utils/package-configurator';

/**
 * The price of a package configuration (spec 4, 9): asked for once the
 * configuration has stayed the same for 50 ms, so a burst of changes
 * (persons, treatments) makes one request. `pending` while a change waits
 * for its price.
 */
export function usePackagePrice(code: string, state: Pick<ConfiguratorState, 'persons' | 'primary'>) {
  const { locale } = useI18n();
  const request = useMemo(() => costRequest(state), [state]);
  const settled = useDebouncedValue(request, PACKAGE_PRICE_DEBOUNCE_MS);
  const cost = usePackageCost({ code, locale, request: settled });
  return { cost: cost.data, pending: settled !== request || cost.isFetching };
}

type Props = {
  cost: PackageCost | undefined;
  pending: boolean;
  /** The currency shown before the first price comes. */
  currency: string;
  className?: string;
  /** What follows the price in its box (the package page's basket button). */
  children?: ReactNode;
};

/**
 * A package configuration's price box, as the package page and the basket's
 * configuration modal show it: the price with its stay (the regular one
 * struck through when higher), the base price, and "recalculating" while a
 * change waits for its price. The price is a polite live region: a new
 * price is read out once it has come (the box is busy until then).
 */
export function PackagePrice({ cost, pending, currency: fallback, className, children }: Props) {
  const { t, formatMoney } = useI18n();
  const currency = cost?.currency ?? fallback;
  const { current, original } = cost?.priceWithReservation ?? { current: 0, original: 0 };

  return (
    <div
      className={className ? `price-box ${className}` : 'price-box'}
      aria-busy={pending}
      data-testid="package-price-box"
    >
      <p className="price-box__row" aria-live="polite" aria-atomic="true" data-testid="package-price-row">
        <span>{t('package.price')}</span>{' '}
        {cost ? (
          <span>
            {original > current && (
              <>
                <span className="sr-only">{t('price.original')}: </span>
                <del className="price__original">{formatMoney(original, currency)}</del>{' '}
              </>
            )}
            <strong className="price-box__amount" data-testid="package-price">
              {formatMoney(current, currency)}
            </strong>
          </span>
        ) : (
          <strong className="price-box__amount" data-testid="package-price">
            …
          </strong>
        )}
      </p>
      {cost && (
        <p className="price-box__row price-box__row--minor">
          <span>{t('package.basePrice')}</span>{' '}
          <span data-testid="package-base-price">{formatMoney(cost.basePrice.current, currency)}</span>
        </p>
      )}
      <p className="price-box__status" role="status">
        {pending ? t('package.recalculating') : ''}
      </p>
      {children}
    </div>
  );
}

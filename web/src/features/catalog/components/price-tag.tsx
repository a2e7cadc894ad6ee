import type { CardPrice } from '@/features/catalog/utils/card';
import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  price: CardPrice;
  className?: string;
  testId?: string;
};

/**
 * A price: "from" when it is a starting price, the original struck through on
 * a promotion, per person or per night where it is; a price set in another
 * currency in PLN, as the basket charges it, with the price as set beside it.
 */
export function PriceTag({ price, className, testId }: Props) {
  const { t, formatMoney } = useI18n();
  const reduced = price.original !== null;

  return (
    <p className={className} data-testid={testId}>
      {price.from && <span className="price__from">{t('price.from')} </span>}
      {price.original !== null && (
        <>
          <span className="sr-only">{t('price.original')}: </span>
          <del className="price__original">{formatMoney(price.original, price.currency)}</del>{' '}
          <span className="sr-only">{t('price.current')}: </span>
        </>
      )}
      <strong className={reduced ? 'price__current price__current--reduced' : 'price__current'}>
        {formatMoney(price.current, price.currency)}
      </strong>
      {price.perPerson && <span className="price__unit"> {t('price.perPerson')}</span>}
      {price.perNight && <span className="price__unit"> {t('price.perNight')}</span>}
      {price.foreign !== null && (
        <span className="price__base" data-testid="price-foreign">
          {' '}
          {t('price.foreign', { amount: formatMoney(price.foreign.current, price.foreign.currency) })}
        </span>
      )}
    </p>
  );
}

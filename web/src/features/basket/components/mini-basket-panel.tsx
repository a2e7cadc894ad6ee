import { useId } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useCart } from '@/features/basket/api/use-cart';
import { flattenLines, lineName } from '@/features/basket/utils/cart-count';
import { miniBasketScrolls } from '@/features/basket/utils/cart-lines';
import { lineFacts } from '@/features/basket/utils/line-text';
import { useStoredBasket } from '@/features/basket/utils/storage';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { CartItem } from '@/types/api';

type Props = {
  /** Following a link closes the mini basket. */
  onNavigate: () => void;
};

const NO_ITEMS: CartItem[] = [];

/** The mini basket's contents: its lines (a scrolling list above four), the total and the way to the basket. */
export function MiniBasketPanel({ onNavigate }: Props) {
  const i18n = useI18n();
  const { t, locale, formatMoney } = i18n;
  const stored = useStoredBasket();
  const cart = useCart(locale);
  // The stored lines, until the server answers: the panel opens at once, even offline.
  const items = cart.data?.items ?? stored?.items ?? NO_ITEMS;
  const totals = cart.data?.totals ?? null;
  const headingId = useId();
  const lines = flattenLines(items);
  const scrolls = miniBasketScrolls(lines.length);

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mini-basket__title">
        {t('miniBasket.title')}
      </h2>
      {lines.length === 0 ? (
        <p className="mini-basket__status">{t('basket.empty')}</p>
      ) : (
        <>
          <ul
            className={scrolls ? 'mini-basket__list mini-basket__list--scroll' : 'mini-basket__list'}
            data-testid="mini-basket-lines"
            // A scrolling list is reachable by keyboard.
            tabIndex={scrolls ? 0 : undefined}
            aria-label={scrolls ? t('miniBasket.lines') : undefined}
          >
            {lines.map((line) => (
              <li key={line.id} className={line.type === 'package' && !items.includes(line) ? 'mini-basket__line mini-basket__line--child' : 'mini-basket__line'}>
                <span className="mini-basket__name">{lineName(line)}</span>
                <span className="mini-basket__facts">{lineFacts(i18n, line).join(' · ')}</span>
                {line.isAvailable ? (
                  <span className="mini-basket__amount">{formatMoney(line.total, line.price.currency)}</span>
                ) : (
                  <span className="mini-basket__amount mini-basket__amount--unavailable">{t('basket.line.unavailable')}</span>
                )}
              </li>
            ))}
          </ul>
          {totals && (
            <p className="mini-basket__total">
              <span>{t('basket.summary.total')}</span>{' '}
              <strong data-testid="mini-basket-total">{formatMoney(totals.total, totals.currency)}</strong>
            </p>
          )}
        </>
      )}
      <Link className="button button--primary button--small" to={paths.basketItems.href(locale)} onClick={onNavigate}>
        {t('miniBasket.goToBasket')}
      </Link>
    </section>
  );
}

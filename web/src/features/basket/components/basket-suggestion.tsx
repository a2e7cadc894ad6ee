import { Link } from 'react-router';

import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useCart } from '@/features/basket/api/use-cart';
import { lineName } from '@/features/basket/utils/cart-count';
import { lineByVariant } from '@/features/basket/utils/cart-lines';
import { lineFacts } from '@/features/basket/utils/line-text';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { Suggestions, type RenderCard } from './suggestions';

type Props = {
  /** The variant code of the line just added (the page query's). */
  variantCode: string;
  renderCard: RenderCard;
};

/**
 * Where the visitor lands after adding (spec 2.2, 4): what was added, the
 * way to the basket, and suggestions for that line (packages for a stay are
 * attached to it).
 */
export function BasketSuggestion({ variantCode, renderCard }: Props) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const cart = useCart(locale);
  const items = cart.data?.items ?? [];
  const line = lineByVariant(items, variantCode);

  const links = (
    <div className="suggestion__links">
      <Link className="button button--primary" to={paths.basketItems.href(locale)}>
        {t('miniBasket.goToBasket')}
      </Link>
      <Link className="button" to={paths.treatments.href(locale)}>
        {t('basket.items.continue')}
      </Link>
    </div>
  );

  if (cart.isPending && cart.fetchStatus !== 'idle') {
    return <StatusMessage kind="loading">{t('basket.items.loading')}</StatusMessage>;
  }
  if (!line) {
    return (
      <>
        <StatusMessage kind="empty">{t('basket.suggestion.missing')}</StatusMessage>
        {links}
      </>
    );
  }

  return (
    <>
      <section className="suggestion__added" data-testid="suggestion-added">
        <p className="suggestion__name">{t('basket.suggestion.added', { name: lineName(line) })}</p>
        <p className="suggestion__facts">{lineFacts(i18n, line).join(' · ')}</p>
        {links}
      </section>
      {/* A stay's package is attached to it; one it has already would be replaced. */}
      {line.type === 'reservation' && line.childItems.length === 0 && (
        <Suggestions line={line} kind="packages" items={items} renderCard={renderCard} />
      )}
      <Suggestions line={line} kind="treatments" items={items} renderCard={renderCard} />
      <Suggestions line={line} kind="products" items={items} renderCard={renderCard} />
    </>
  );
}

import { Link } from 'react-router';

import { BasketButton, InBasketNote } from '@/components/ui/basket-button';
import { packageChoice, unitAddition } from '@/features/catalog/utils/basket-request';
import { cardAction, cardDays, cardDescription, cardImage, cardPrice, cardTitle } from '@/features/catalog/utils/card';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { useBasketActions } from '@/lib/basket-actions';
import type { ListingItem } from '@/types/api';

import { PriceTag } from './price-tag';

type Props = {
  item: ListingItem;
  /** Heading level inside the listing. */
  headingLevel?: 'h2' | 'h3';
  /**
   * Packages and day spa go into the basket from the card instead of
   * linking to their page (a suggestion page, spec 2.4).
   */
  addPackages?: boolean;
};

/** One item of a listing (spec 2.4). */
export function ProductCard({ item, headingLevel: Heading = 'h2', addPackages = false }: Props) {
  const { t, locale } = useI18n();
  const actions = useBasketActions();
  const title = cardTitle(item);
  const price = cardPrice(item);
  const days = cardDays(item);
  const action = cardAction(item, locale);

  const facts = [
    days !== null ? t('card.days', { count: days }) : null,
    item.durationMinutes ? t('card.duration', { minutes: item.durationMinutes }) : null,
    item.maxOccupancy ? t('card.maxOccupancy', { count: item.maxOccupancy }) : null,
  ].filter((fact): fact is string => fact !== null);

  return (
    <article className="card" data-testid="product-card">
      <img className="card__image" src={cardImage(item)} alt="" loading="lazy" width={400} height={300} />
      <div className="card__body">
        {price.original !== null && <p className="card__badge">{t('price.promotion')}</p>}
        <Heading className="card__title" title={title === item.name ? undefined : item.name}>
          <Link to={item.links.self} className="card__link">
            {title}
          </Link>
        </Heading>
        {facts.length > 0 && (
          <p className="card__facts" data-testid="card-facts">
            {facts.join(' · ')}
          </p>
        )}
        <p className="card__description">{cardDescription(item)}</p>
        <PriceTag price={price} className="card__price" testId="card-price" />
        <div className="card__actions">
          {item.soldOut ? (
            <p className="card__sold-out" data-testid="sold-out">
              {t('card.soldOut')}
            </p>
          ) : action.kind === 'basket' ? (
            <BasketButton
              code={item.code}
              className="button button--small button--primary"
              ariaLabel={t('card.addToBasketLabel', { name: item.name })}
              onAdd={() => void actions?.add(unitAddition(item))}
            />
          ) : addPackages && action.kind === 'details' ? (
            <BasketButton
              code={item.code}
              className="button button--small button--primary"
              ariaLabel={t('card.addToBasketLabel', { name: item.name })}
              onAdd={() => actions?.addPackage(packageChoice(item))}
            />
          ) : (
            <Link
              className="button button--small button--primary"
              to={action.href}
              aria-label={t(`card.action.${action.kind}Named`, { name: item.name })}
            >
              {t(`card.action.${action.kind}`)}
            </Link>
          )}
          <InBasketNote code={item.code} variantCode={item.variantCode} />
        </div>
      </div>
    </article>
  );
}

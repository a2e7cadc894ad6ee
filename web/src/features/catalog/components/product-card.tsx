import { useId } from 'react';
import { Link } from 'react-router';

import { cardAction, cardDays, cardDescription, cardImage, cardPrice, cardTitle } from '@/features/catalog/utils/card';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { ListingItem } from '@/types/api';

import { PriceTag } from './price-tag';

type Props = {
  item: ListingItem;
  /** Heading level inside the listing. */
  headingLevel?: 'h2' | 'h3';
};

/** One item of a listing (spec 2.4). */
export function ProductCard({ item, headingLevel: Heading = 'h2' }: Props) {
  const { t, locale } = useI18n();
  const noteId = useId();
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
          {action.kind === 'basket' ? (
            <>
              {/* The basket API does not exist yet: honestly unavailable, but focusable and explained. */}
              <button
                type="button"
                className="button button--small"
                aria-disabled="true"
                aria-describedby={noteId}
                aria-label={`${t('card.addToBasket')}: ${item.name}`}
                title={t('card.basketSoon')}
              >
                {t('card.addToBasket')}
              </button>
              <p id={noteId} className="card__note">
                {t('card.basketSoon')}
              </p>
            </>
          ) : (
            <Link
              className="button button--small button--primary"
              to={action.href}
              aria-label={`${t(`card.action.${action.kind}`)}: ${item.name}`}
            >
              {t(`card.action.${action.kind}`)}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}

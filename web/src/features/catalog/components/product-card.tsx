import defaultThumbnail from '@/assets/default-thumbnail.svg';
import { CARD_DESCRIPTION_MAX_LENGTH, CARD_TITLE_MAX_LENGTH } from '@/config/constants';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { ListingItem } from '@/types/api';
import { truncate } from '@/utils/truncate';

/** The listing thumbnail: the first image's default_listing, else a neutral placeholder. */
export function cardImage(item: Pick<ListingItem, 'images'>): string {
  const first = item.images[0];
  return first?.thumbnails?.default_listing ?? first?.path ?? defaultThumbnail;
}

/** A promotion is shown only when the original price really is higher (spec 2.4). */
export function isReducedPrice(item: Pick<ListingItem, 'price'>): boolean {
  return item.price.original > item.price.current;
}

type Props = {
  item: ListingItem;
  /** Heading level inside the listing. */
  headingLevel?: 'h2' | 'h3';
};

export function ProductCard({ item, headingLevel: Heading = 'h2' }: Props) {
  const { t, formatMoney } = useI18n();
  const title = truncate(item.name, CARD_TITLE_MAX_LENGTH);
  const reduced = isReducedPrice(item);

  return (
    <article className="card" data-testid="product-card">
      <img
        className="card__image"
        src={cardImage(item)}
        alt=""
        loading="lazy"
        width={400}
        height={300}
      />
      <div className="card__body">
        <Heading className="card__title" title={title === item.name ? undefined : item.name}>
          {title}
        </Heading>
        <p className="card__description">{truncate(item.description, CARD_DESCRIPTION_MAX_LENGTH)}</p>
        <p className="card__price" data-testid="card-price">
          {reduced && (
            <>
              <span className="sr-only">{t('price.original')}: </span>
              <del className="card__price-original">
                {formatMoney(item.price.original, item.price.currency)}
              </del>{' '}
              <span className="sr-only">{t('price.current')}: </span>
            </>
          )}
          <strong className={reduced ? 'card__price-current card__price-current--reduced' : 'card__price-current'}>
            {formatMoney(item.price.current, item.price.currency)}
          </strong>
        </p>
      </div>
    </article>
  );
}

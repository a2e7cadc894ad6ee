import { useId, useState, type KeyboardEvent } from 'react';

import { RELATED_SLIDES_MAX } from '@/config/constants';
import { useRelatedProducts } from '@/features/catalog/api/get-related-products';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { ProductCard } from './product-card';

/**
 * The related products slider: at most four slides in view, previous/next
 * buttons (and the arrow keys inside the slider) move it by one. Slides out
 * of view are hidden, so Tab never reaches them.
 */
export function RelatedProducts({ code }: { code: string }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const query = useRelatedProducts({ code, locale });
  const [start, setStart] = useState(0);

  const items = query.data?.items ?? [];
  if (items.length === 0) return null;

  const visible = Math.min(RELATED_SLIDES_MAX, items.length);
  const lastStart = items.length - visible;
  const first = Math.min(start, lastStart);
  const move = (by: number) => setStart(Math.max(0, Math.min(lastStart, first + by)));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) return;
    if (event.key === 'ArrowLeft' && first > 0) {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'ArrowRight' && first < lastStart) {
      event.preventDefault();
      move(1);
    }
  };

  return (
    <section
      className="related carousel"
      aria-labelledby={headingId}
      aria-roledescription={t('carousel.roleDescription')}
      onKeyDown={onKeyDown}
    >
      <div className="carousel__header">
        <h2 id={headingId}>{t('product.related')}</h2>
        {lastStart > 0 && (
          <div className="carousel__controls">
            <button
              type="button"
              className="carousel__button"
              aria-label={t('carousel.previous')}
              disabled={first === 0}
              onClick={() => move(-1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="carousel__button"
              aria-label={t('carousel.next')}
              disabled={first >= lastStart}
              onClick={() => move(1)}
            >
              ›
            </button>
          </div>
        )}
      </div>
      {/* Slides are groups (APG carousel), so the track is not a list. */}
      <div className="carousel__track" aria-live="polite">
        {items.map((item, index) => (
          <div
            key={item.code}
            className="carousel__slide"
            role="group"
            aria-roledescription={t('carousel.slide')}
            aria-label={t('carousel.slideLabel', { index: index + 1, count: items.length })}
            hidden={index < first || index >= first + visible}
          >
            <ProductCard item={item} headingLevel="h3" />
          </div>
        ))}
      </div>
    </section>
  );
}

import { useId } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';

const STARS = 5;
const STAR = 'm12 2 3 6.6 7.2.8-5.4 4.9 1.5 7.1L12 17.8l-6.3 3.6 1.5-7.1L1.8 9.4 9 8.6 12 2Z';

/** Each star of a rating, to the nearest half: 4.5 is four full stars and a half one, 4.2 four. */
export function starsOf(rating: number): ('on' | 'half' | 'off')[] {
  const halves = Math.round(Math.min(STARS, Math.max(0, rating)) * 2);
  return Array.from({ length: STARS }, (_, i) => (halves >= 2 * (i + 1) ? 'on' : halves === 2 * i + 1 ? 'half' : 'off'));
}

/** Average guest rating as five stars (to the nearest half), with its value in words for screen readers. */
export function RoomRating({ rating }: { rating: number }) {
  const { t } = useI18n();
  const halfId = `${useId()}-half`;
  if (!(rating > 0)) {
    return <p className="rating rating--none">{t('rooms.rating.none')}</p>;
  }
  const value = Math.round(Math.min(STARS, rating) * 10) / 10;
  return (
    <p className="rating" data-testid="room-rating">
      <span role="img" aria-label={t('rooms.rating.label', { rating: value, max: STARS })} className="rating__stars">
        {starsOf(value).map((star, i) => (
          <svg key={i} aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className={star === 'on' ? 'rating__star rating__star--on' : 'rating__star'} data-star={star}>
            <path fill="currentColor" d={STAR} />
            {star === 'half' && (
              <>
                <clipPath id={halfId}>
                  <rect width="12" height="24" />
                </clipPath>
                <path className="rating__star--on" fill="currentColor" clipPath={`url(#${halfId})`} d={STAR} />
              </>
            )}
          </svg>
        ))}
      </span>{' '}
      <span aria-hidden="true" className="rating__value">
        {t('rooms.rating.value', { rating: value })}
      </span>
    </p>
  );
}

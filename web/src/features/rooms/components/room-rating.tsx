import { useI18n } from '@/lib/i18n/i18n-provider';

const STARS = 5;

/** Average guest rating as five stars, with its value in words for screen readers. */
export function RoomRating({ rating }: { rating: number }) {
  const { t } = useI18n();
  if (!(rating > 0)) {
    return <p className="rating rating--none">{t('rooms.rating.none')}</p>;
  }
  const value = Math.round(Math.min(STARS, rating) * 10) / 10;
  const filled = Math.round(value);
  return (
    <p className="rating" data-testid="room-rating">
      <span role="img" aria-label={t('rooms.rating.label', { rating: value, max: STARS })} className="rating__stars">
        {Array.from({ length: STARS }, (_, i) => (
          <svg
            key={i}
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="18"
            height="18"
            className={i < filled ? 'rating__star rating__star--on' : 'rating__star'}
          >
            <path fill="currentColor" d="m12 2 3 6.6 7.2.8-5.4 4.9 1.5 7.1L12 17.8l-6.3 3.6 1.5-7.1L1.8 9.4 9 8.6 12 2Z" />
          </svg>
        ))}
      </span>{' '}
      <span aria-hidden="true" className="rating__value">
        {t('rooms.rating.value', { rating: value })}
      </span>
    </p>
  );
}

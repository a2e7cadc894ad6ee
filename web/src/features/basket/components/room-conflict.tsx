import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { lineName } from '@/features/basket/utils/cart-count';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { CartItem } from '@/types/api';

type Props = {
  line: CartItem;
  onDelete: () => void;
  deleting: boolean;
};

/**
 * A reserved room that was sold while the visitor was booking (spec 4, 8):
 * says so for its dates, and offers to search another date or room (the
 * room search with the same guests) or to delete the room from the basket.
 */
export function RoomConflict({ line, onDelete, deleting }: Props) {
  const { t, locale, formatDate } = useI18n();
  const search = paths.reservationSearch.href(locale, {
    adults: line.adults ?? undefined,
    children: line.children ?? undefined,
    babies: line.babies ?? undefined,
  });

  return (
    <div className="room-conflict" role="alert" data-testid="room-conflict">
      <p className="room-conflict__text">
        {t('basket.conflict.text', {
          from: line.dateFrom ? formatDate(line.dateFrom) : '',
          to: line.dateTo ? formatDate(line.dateTo) : '',
        })}
      </p>
      <div className="room-conflict__actions">
        <Link className="button button--small button--primary" to={search}>
          {t('basket.conflict.search')}
        </Link>
        <button
          type="button"
          className="button button--small"
          aria-disabled={deleting}
          aria-label={t('basket.conflict.deleteLabel', { name: lineName(line) })}
          onClick={() => !deleting && onDelete()}
        >
          {t('basket.conflict.delete')}
        </button>
      </div>
    </div>
  );
}

import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { queryFromSearch, type RoomSearch } from '@/features/rooms/utils/search-query';
import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  roomName: string;
  maxOccupancy: number;
  search: RoomSearch;
};

/** A room that does not take the guests: how many it takes, and a way to change the guests (spec 2.3, 8). */
export function RoomGuestsPrompt({ roomName, maxOccupancy, search }: Props) {
  const { t, locale } = useI18n();
  return (
    <div className="room-guests" data-testid="room-guests-prompt">
      <p className="room-guests__text">{t('rooms.guestsPrompt', { count: maxOccupancy })}</p>
      <Link
        className="button button--small"
        to={paths.reservationSearch.href(locale, queryFromSearch(search))}
        aria-label={t('rooms.empty.guests.actionNamed', { name: roomName })}
      >
        {t('rooms.empty.guests.action')}
      </Link>
    </div>
  );
}

import { useId, useState } from 'react';

import defaultThumbnail from '@/assets/default-thumbnail.svg';
import { ROOM_DESCRIPTION_MAX_LENGTH } from '@/config/constants';
import type { RoomSearch } from '@/features/rooms/utils/search-query';
import { BasketButton } from '@/components/ui/basket-button';
import { useBasketActions } from '@/lib/basket-actions';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { RoomOffer } from '@/types/api';
import type { IsoDate } from '@/utils/calendar-date';
import { truncate } from '@/utils/truncate';

import { RoomAvailabilityCalendar } from './room-availability-calendar';
import { RoomDescriptionDialog } from './room-description-dialog';
import { RoomRating } from './room-rating';

type Props = {
  room: RoomOffer;
  search: RoomSearch & { dateFrom: IsoDate; dateTo: IsoDate };
  today: IsoDate;
};

/**
 * One room of the results (spec 2.3, 3): max persons, rooms left, rating,
 * the description popup, the stay price and its average night, "reserve"
 * and an availability calendar, which prompts to change the guests when the
 * rooms service says the room does not take them.
 */
export function RoomResultCard({ room, search, today }: Props) {
  const { t, formatMoney } = useI18n();
  const headingId = useId();
  const [describing, setDescribing] = useState(false);
  const image = room.images[0];
  const reduced = room.price.original > room.price.current;

  return (
    <article className="room-result" aria-labelledby={headingId} data-testid="room-result" data-room-code={room.code}>
      <img
        className="room-result__image"
        src={image?.thumbnails?.default_listing ?? image?.path ?? defaultThumbnail}
        alt=""
        width={400}
        height={300}
        loading="lazy"
      />
      <div className="room-result__body">
        <h2 id={headingId} className="room-result__name">
          {room.name}
        </h2>
        <RoomRating rating={room.averageRating} />
        <p className="room-result__description">{truncate(room.description, ROOM_DESCRIPTION_MAX_LENGTH)}</p>
        <ul className="room-result__facts">
          <li data-testid="room-max-persons">{t('rooms.maxPersons', { count: room.maxOccupancy })}</li>
          <li data-testid="rooms-left">{t('rooms.roomsLeft', { count: room.available })}</li>
          {room.extraBed && <li>{t('rooms.extraBed')}</li>}
          {room.minStayNights > 1 && <li>{t('rooms.minStay', { count: room.minStayNights })}</li>}
        </ul>
        <button
          type="button"
          className="button button--small"
          aria-label={t('rooms.description.openNamed', { name: room.name })}
          onClick={() => setDescribing(true)}
        >
          {t('rooms.description.open')}
        </button>
      </div>
      <div className="room-result__aside">
        <div className="room-result__price" data-testid="room-price">
          <p className="room-result__price-label">{t('rooms.priceForStay', { count: room.nights })}</p>
          <p className="room-result__price-value">
            {reduced && (
              <>
                <span className="sr-only">{t('price.original')}: </span>
                <del className="price__original">{formatMoney(room.price.original, room.price.currency)}</del>{' '}
                <span className="sr-only">{t('price.current')}: </span>
              </>
            )}
            <strong className={reduced ? 'price__current price__current--reduced' : 'price__current'}>
              {formatMoney(room.price.current, room.price.currency)}
            </strong>
          </p>
        </div>
        {/* Nights are priced by season, so one night's price is the stay's average. */}
        {room.nights > 1 && (
          <p className="room-result__price-night" data-testid="room-price-night">
            {t('rooms.pricePerNight', { price: formatMoney(Math.round(room.price.current / room.nights), room.price.currency) })}
          </p>
        )}
        <ReserveButton room={room} search={search} />
        <RoomAvailabilityCalendar
          key={`${search.dateFrom}/${search.dateTo}`}
          roomCode={room.code}
          roomName={room.name}
          maxOccupancy={room.maxOccupancy}
          search={search}
          today={today}
        />
      </div>
      {describing && <RoomDescriptionDialog code={room.code} name={room.name} onClose={() => setDescribing(false)} />}
    </article>
  );
}

/** "Reserve": the room for the searched dates and guests into the basket. */
function ReserveButton({ room, search }: Pick<Props, 'room' | 'search'>) {
  const { t } = useI18n();
  const actions = useBasketActions();
  return (
    <BasketButton
      code={room.code}
      label={t('rooms.reserve')}
      ariaLabel={t('rooms.reserveLabel', { name: room.name })}
      onAdd={() =>
        void actions?.add({
          type: 'reservation',
          productCode: room.code,
          options: { checkIn: search.dateFrom, checkOut: search.dateTo, ...search.guests },
        })
      }
    />
  );
}

import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';

import { DateRangePicker } from '@/components/ui/date-range-picker';
import { ROOM_CALENDAR_PRELOAD_MARGIN, STAY_MAX_NIGHTS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useRoomAvailability } from '@/features/rooms/api/get-room-availability';
import { availabilityWindow, rangeOf, resultsQuery, type RoomSearch } from '@/features/rooms/utils/search-query';
import { useInView } from '@/hooks/use-in-view';
import { formatDate } from '@/lib/i18n/format';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { IsoDate } from '@/utils/calendar-date';
import type { DateRange, DayRules } from '@/utils/date-range';

import { RoomGuestsPrompt } from './room-guests-prompt';

type Props = {
  roomCode: string;
  roomName: string;
  maxOccupancy: number;
  /** The current search; its dates are both set. */
  search: RoomSearch & { dateFrom: IsoDate; dateTo: IsoDate };
  today: IsoDate;
};

/**
 * A room's availability around the chosen stay (spec 2.3): a one-month
 * calendar from the availability API in which nights that cannot be booked
 * are shown (and disabled) as such, and so are the guesthouse's rules per
 * day (no arrival, no departure, a longer minimum stay from a day, said
 * when such a day is picked). Picking another stay in it searches
 * again with those dates. When the answer says the room does not take the
 * guests (`fitsGuests`), it prompts to change them instead.
 *
 * It asks the API only once it comes near the viewport: a long result list
 * does not fetch (and draw) a calendar for every room nobody scrolled to.
 */
export function RoomAvailabilityCalendar({ roomCode, roomName, maxOccupancy, search, today }: Props) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const headingId = useId();
  const [sectionRef, nearViewport] = useInView<HTMLElement>({ rootMargin: ROOM_CALENDAR_PRELOAD_MARGIN });
  const span = availabilityWindow(search.dateFrom, today);
  const availability = useRoomAvailability({ locale, roomCode, ...span, ...search.guests }, { enabled: nearViewport });
  const [draft, setDraft] = useState<DateRange>(() => rangeOf(search));

  // Nights the API says cannot be booked, and the first night it was not asked about
  // (the window's end may still end a stay, but cannot start one).
  const unbookable = useMemo(
    () => [...(availability.data?.days.filter((day) => !day.bookable).map((day) => day.date) ?? []), span.to],
    [availability.data, span.to],
  );
  // The guesthouse's rules per day: no arrival, no departure, a stay's length from it.
  const dayRules = useMemo(
    () =>
      new Map(
        (availability.data?.days ?? []).map((day): [IsoDate, DayRules] => [
          day.date,
          { closedToArrival: day.closedToArrival, closedToDeparture: day.closedToDeparture, minNights: day.minStay, maxNights: day.maxStay ?? undefined },
        ]),
      ),
    [availability.data],
  );
  // A check-in whose own minimum is longer than the room's says so while its check-out is awaited.
  const arrival = draft.checkIn && !draft.checkOut ? dayRules.get(draft.checkIn) : undefined;
  const longer = arrival?.minNights && availability.data && arrival.minNights > availability.data.minStayNights ? arrival.minNights : null;

  const onChange = (range: DateRange, complete: boolean) => {
    setDraft(range);
    if (!complete) return;
    const query = resultsQuery({ dateFrom: range.checkIn, dateTo: range.checkOut, guests: search.guests });
    if (query) void navigate(paths.reservationRooms.href(locale, query));
  };

  return (
    <section
      ref={sectionRef}
      className={availability.isPending ? 'room-calendar room-calendar--pending' : 'room-calendar'}
      aria-labelledby={headingId}
      data-testid="room-calendar"
    >
      <h3 id={headingId} className="room-calendar__title">
        {t('rooms.calendar.title')}
      </h3>
      {availability.isPending ? (
        <p className="room-calendar__status" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('rooms.calendar.loading')}
        </p>
      ) : availability.isError ? (
        <div className="room-calendar__status" role="alert">
          <p>{t('rooms.calendar.error')}</p>
          <button type="button" className="button button--small" onClick={() => void availability.refetch()}>
            {t('errors.retry')}
          </button>
        </div>
      ) : !availability.data.fitsGuests ? (
        <RoomGuestsPrompt roomName={roomName} maxOccupancy={maxOccupancy} search={search} />
      ) : (
        <>
          <p className="room-calendar__hint">{t('rooms.calendar.hint')}</p>
          <DateRangePicker
            label={t('rooms.calendar.label', { name: roomName })}
            months={1}
            value={draft}
            onChange={onChange}
            startDate={span.from}
            endDate={span.to}
            disabledDates={unbookable}
            dayRules={dayRules}
            minNights={Math.max(1, availability.data.minStayNights)}
            maxNights={STAY_MAX_NIGHTS}
            today={today}
            legend
            className="date-picker--compact"
          />
          {longer && draft.checkIn && (
            <p className="room-calendar__hint" role="status">
              {t('rooms.calendar.minStay', { date: formatDate(draft.checkIn), count: longer })}
            </p>
          )}
        </>
      )}
    </section>
  );
}

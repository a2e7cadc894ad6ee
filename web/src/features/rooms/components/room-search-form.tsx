import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { DateRangeField } from '@/components/ui/date-range-field';
import { GuestPicker } from '@/components/ui/guest-picker';
import { paths } from '@/config/paths';
import { rangeOf, resultsQuery, searchCalendarRules, type RoomSearch } from '@/features/rooms/utils/search-query';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { IsoDate } from '@/utils/calendar-date';
import type { DateRange } from '@/utils/date-range';

type Props = {
  /** The search to start from (the page query). */
  initial: RoomSearch;
  today: IsoDate;
};

/**
 * The room search (spec 2.3): stay dates and guests; submitting opens the
 * results with the search in their URL, so they can be shared.
 */
export function RoomSearchForm({ initial, today }: Props) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const [range, setRange] = useState<DateRange>(() => rangeOf(initial));
  const [guests, setGuests] = useState(initial.guests);
  const [error, setError] = useState<string>();
  const datesRef = useRef<HTMLButtonElement>(null);
  const rules = searchCalendarRules(today);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = resultsQuery({ dateFrom: range.checkIn, dateTo: range.checkOut, guests });
    if (!query || query.dateFrom === query.dateTo) {
      setError(t('reservation.search.datesRequired'));
      datesRef.current?.focus();
      return;
    }
    setError(undefined);
    void navigate(paths.reservationRooms.href(locale, query));
  };

  return (
    <form className="room-search" role="search" aria-label={t('reservation.search.formLabel')} onSubmit={onSubmit} noValidate>
      <DateRangeField
        label={t('reservation.search.dates')}
        value={range}
        onChange={(next) => {
          setRange(next);
          if (next.checkIn !== null && next.checkOut !== null) setError(undefined);
        }}
        {...rules}
        today={today}
        names={{ checkIn: 'dateFrom', checkOut: 'dateTo' }}
        error={error}
        toggleRef={datesRef}
      />
      <GuestPicker label={t('reservation.search.guests')} value={guests} onChange={setGuests} />
      <button type="submit" className="button button--primary room-search__submit">
        {t('reservation.search.submit')}
      </button>
    </form>
  );
}

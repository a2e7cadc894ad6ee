/**
 * The rate calendar, `/backend/rates?room=&month=` (not in spec;
 * administrators only): a room type's month night by night, its settings
 * and rates before seasons, a change of a range of nights previewed before
 * it is set, and the seasons of every room type. Its chunk loads with the
 * staff part of the dictionary (app/router.tsx).
 */
import { useSearchParams } from 'react-router';

import { staffPaths } from '@/config/staff-paths';
import { RateCalendar } from '@/features/staff/components/rate-calendar';
import { StaffPage } from '@/features/staff/components/staff-page';

export function StaffRatesRoute() {
  const [search, setSearch] = useSearchParams();
  const room = search.get('room') ?? '';
  const month = search.get('month') ?? '';
  const query = { room: room || undefined, month: month || undefined };
  return (
    <StaffPage title="staff.rates.title" lead="staff.rates.lead" href={(language) => staffPaths.staffRates.href(language, query)}>
      {(loginHref) => (
        <RateCalendar
          room={room}
          month={month}
          loginHref={loginHref}
          onShow={(next) => setSearch({ room: next.room, month: next.month }, { replace: true })}
        />
      )}
    </StaffPage>
  );
}

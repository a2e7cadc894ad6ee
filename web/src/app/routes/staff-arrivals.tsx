/**
 * The front desk's day, `/backend/arrivals?date=` (not in spec): who
 * arrives and who leaves, one path in every language, the day in the
 * query. Loaded with the staff part of the dictionary (app/router.tsx).
 */
import { useSearchParams } from 'react-router';

import { staffPaths } from '@/config/staff-paths';
import { DeskDayView } from '@/features/staff/components/desk-day';
import { StaffPage } from '@/features/staff/components/staff-page';

export function StaffArrivalsRoute() {
  const [search, setSearch] = useSearchParams();
  const date = search.get('date') ?? '';
  return (
    <StaffPage title="staff.day.title" lead="staff.day.lead" href={(language) => staffPaths.staffArrivals.href(language, date ? { date } : {})}>
      {(loginHref) => <DeskDayView date={date} onDate={(next) => setSearch(next ? { date: next } : {})} loginHref={loginHref} />}
    </StaffPage>
  );
}

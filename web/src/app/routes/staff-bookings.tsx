/**
 * The front desk's bookings, `/backend/bookings?q=&from=&to=&state=&page=`
 * (not in spec): one path in every language, the search in the query so
 * that it can be linked and reloaded. Loaded with the staff part of the
 * dictionary (app/router.tsx).
 */
import { useSearchParams } from 'react-router';

import { staffPaths } from '@/config/staff-paths';
import type { BookingsSearch } from '@/features/staff/api/get-bookings';
import { BookingsList } from '@/features/staff/components/bookings-list';
import { StaffPage } from '@/features/staff/components/staff-page';
import type { OrderState } from '@/types/api';

const STATES: readonly string[] = ['new', 'paid', 'cancelled'];

export function StaffBookingsRoute() {
  const [params, setParams] = useSearchParams();
  const state = params.get('state') ?? '';
  const search: BookingsSearch = {
    q: params.get('q') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    state: STATES.includes(state) ? (state as OrderState) : '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
  const query = (s: BookingsSearch) =>
    Object.fromEntries(
      Object.entries({ ...s, page: s.page > 1 ? String(s.page) : '' }).filter(([, value]) => value !== ''),
    ) as Record<string, string>;
  return (
    <StaffPage title="staff.bookings.title" lead="staff.bookings.lead" href={(language) => staffPaths.staffBookings.href(language, query(search))}>
      {(loginHref) => <BookingsList search={search} onSearch={(next) => setParams(query(next))} loginHref={loginHref} />}
    </StaffPage>
  );
}

/**
 * The front desk's occupancy board, `/backend/board?from=` (not in spec;
 * beside the order desk): one path in every language, the first night in
 * the query, so that a fortnight can be linked and reloaded. Its chunk
 * loads with the staff part of the dictionary (app/router.tsx), so nothing
 * of it is in a visitor's first load.
 */
import { useSearchParams } from 'react-router';

import { staffPaths } from '@/config/staff-paths';
import { OccupancyBoard } from '@/features/staff/components/occupancy-board';
import { StaffPage } from '@/features/staff/components/staff-page';

export function StaffBoardRoute() {
  const [search, setSearch] = useSearchParams();
  const from = search.get('from') ?? '';
  return (
    <StaffPage title="staff.board.title" lead="staff.board.lead" href={(language) => staffPaths.staffBoard.href(language, from ? { from } : {})}>
      {(loginHref) => <OccupancyBoard from={from} onFrom={(next) => setSearch(next ? { from: next } : {})} loginHref={loginHref} />}
    </StaffPage>
  );
}

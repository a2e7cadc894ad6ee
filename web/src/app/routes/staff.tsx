/**
 * The staff's pages: the content editor's (spec 6) and the back office's
 * (not in spec: the order desk, the occupancy board, the bookings and the
 * day's arrivals), one chunk loaded with the staff's and the editor's
 * parts of the dictionary (app/router.tsx), so nothing of them is in a
 * visitor's first load and the route table stays short.
 */
import { BlockEditorRoute } from './content-editor';
import { StaffArrivalsRoute } from './staff-arrivals';
import { StaffBoardRoute } from './staff-board';
import { StaffBookingsRoute } from './staff-bookings';
import { StaffOrdersRoute } from './staff-orders';
import { StaffTeamRoute } from './staff-team';

/** Each page by its route's name (app/router.tsx). */
export const staffPages = {
  editBlock: BlockEditorRoute,
  staffOrders: StaffOrdersRoute,
  staffBoard: StaffBoardRoute,
  staffBookings: StaffBookingsRoute,
  staffArrivals: StaffArrivalsRoute,
  staffTeam: StaffTeamRoute,
};

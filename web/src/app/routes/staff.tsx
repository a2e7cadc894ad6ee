/**
 * The staff's pages: the content editor's (spec 6) and the back office's
 * (not in spec: the order desk, the occupancy board, the bookings and the
 * day's arrivals), one chunk loaded with the staff's and the editor's
 * parts of the dictionary (app/router.tsx), so nothing of them is in a
 * visitor's first load and the route table stays short.
 */
export { BlockEditorRoute } from './content-editor';
export { StaffArrivalsRoute } from './staff-arrivals';
export { StaffBoardRoute } from './staff-board';
export { StaffBookingsRoute } from './staff-bookings';
export { StaffOrdersRoute } from './staff-orders';

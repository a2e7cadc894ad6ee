/**
 * not in spec: the back office's pages, one path in every language, outside
 * /en; what a page shows in its query, so it can be linked. Apart from the
 * guests' route table (paths.ts) so that none of it is in a guest's first
 * load: the router has one `/backend/*` route whose chunk brings these
 * pages (app/routes/staff.tsx).
 */
import { backOffice } from './paths';

export const staffPaths = {
  staffOrders: backOffice<{ code?: string }>('/backend/orders'),
  staffBoard: backOffice<{ from?: string }>('/backend/board'),
  staffBookings: backOffice<{ q?: string; from?: string; to?: string; state?: string; page?: string }>('/backend/bookings'),
  staffArrivals: backOffice<{ date?: string }>('/backend/arrivals'),
  staffTeam: backOffice('/backend/staff'),
  staffRates: backOffice<{ room?: string; month?: string }>('/backend/rates'),
  staffProducts: backOffice<{ code?: string; new?: string; type?: string; q?: string }>('/backend/products'),
  staffSettings: backOffice('/backend/settings'),
  staffChannels: backOffice('/backend/channels'),
} as const;

export type StaffRouteName = keyof typeof staffPaths;

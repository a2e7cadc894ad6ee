/**
 * The staff's pages: the content editor's (spec 6) and the back office's
 * (not in spec: the order desk, the occupancy board, the bookings and the
 * day's arrivals), one chunk loaded with the staff's and the editor's
 * parts of the dictionary (app/router.tsx), so nothing of them is in a
 * visitor's first load and the route table stays short.
 */
import type { ComponentType } from 'react';
import { type RouteObject, useRoutes } from 'react-router';

import { paths } from '@/config/paths';
import { staffPaths, type StaffRouteName } from '@/config/staff-paths';

import { BlockEditorRoute } from './content-editor';
import { NotFoundRoute } from './not-found';
import { StaffArrivalsRoute } from './staff-arrivals';
import { StaffBoardRoute } from './staff-board';
import { StaffBookingsRoute } from './staff-bookings';
import { StaffChannelsRoute } from './staff-channels';
import { StaffOrdersRoute } from './staff-orders';
import { StaffProductsRoute } from './staff-products';
import { StaffRatesRoute } from './staff-rates';
import { StaffSettingsRoute } from './staff-settings';
import { StaffTeamRoute } from './staff-team';

/** Each page by its route's name: one path in every language, what a page shows in its query. */
const staffPages = {
  editBlock: BlockEditorRoute,
  staffOrders: StaffOrdersRoute,
  staffBoard: StaffBoardRoute,
  staffBookings: StaffBookingsRoute,
  staffArrivals: StaffArrivalsRoute,
  staffTeam: StaffTeamRoute,
  staffRates: StaffRatesRoute,
  staffProducts: StaffProductsRoute,
  staffSettings: StaffSettingsRoute,
  staffChannels: StaffChannelsRoute,
} satisfies Record<StaffRouteName | 'editBlock', ComponentType>;
const pagePaths = { ...staffPaths, editBlock: paths.editBlock };

const BASE = '/backend/';

/** The pages under the app's `/backend/*` route, by their paths below it. */
export const staffRoutes: RouteObject[] = [
  ...(Object.keys(staffPages) as (keyof typeof staffPages)[]).map((name) => ({
    path: pagePaths[name].path('pl').slice(BASE.length),
    Component: staffPages[name],
  })),
  { path: '*', Component: NotFoundRoute },
];

export function StaffRoutes() {
  return useRoutes(staffRoutes);
}

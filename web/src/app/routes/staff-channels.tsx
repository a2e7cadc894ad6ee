/**
 * The booking portals, `/backend/channels` (not in spec; administrators
 * only): each room type's listings on Booking.com, Airbnb and the like,
 * synchronised by their calendars (iCal): our export address to give the
 * portal, the portal's calendar imported every 10 minutes or at once, the
 * bookings that landed on nights sold out here. Its chunk loads with the
 * staff part of the dictionary (app/router.tsx).
 */
import { staffPaths } from '@/config/staff-paths';
import { ChannelsDesk } from '@/features/staff/components/channels-desk';
import { StaffPage } from '@/features/staff/components/staff-page';

export function StaffChannelsRoute() {
  return (
    <StaffPage title="staff.channels.title" lead="staff.channels.lead" href={(language) => staffPaths.staffChannels.href(language)}>
      {(loginHref) => <ChannelsDesk loginHref={loginHref} />}
    </StaffPage>
  );
}

/**
 * The team, `/backend/staff` (not in spec; administrators only): who
 * works in the back office and in which role, an invitation by e-mail.
 * Its chunk loads with the staff part of the dictionary (app/router.tsx).
 */
import { staffPaths } from '@/config/staff-paths';
import { StaffPage } from '@/features/staff/components/staff-page';
import { TeamDesk } from '@/features/staff/components/team-desk';

export function StaffTeamRoute() {
  return (
    <StaffPage title="staff.team.title" lead="staff.team.lead" href={(language) => staffPaths.staffTeam.href(language)}>
      {(loginHref) => <TeamDesk loginHref={loginHref} />}
    </StaffPage>
  );
}

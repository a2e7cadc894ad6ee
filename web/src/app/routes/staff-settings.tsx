/**
 * The settings, `/backend/settings` (not in spec; administrators only):
 * the guesthouse's details (name, address, phones, the reception and the
 * office, the position on the map) in every language, the home page's
 * welcome and banner slides (the content system's), the terms of a
 * booking (advance payment, how long unpaid nights stay held,
 * cancellation) and the payment methods guests are offered. Its
 * chunk loads with the staff part of the dictionary (app/router.tsx).
 */
import { staffPaths } from '@/config/staff-paths';
import { HomeSlidesSection } from '@/features/content/components/home-slides';
import { SettingsDesk } from '@/features/staff/components/settings-desk';
import { StaffPage } from '@/features/staff/components/staff-page';

export function StaffSettingsRoute() {
  return (
    <StaffPage title="staff.settings.title" lead="staff.settings.lead" href={(language) => staffPaths.staffSettings.href(language)}>
      {(loginHref) => <SettingsDesk loginHref={loginHref} homePage={<HomeSlidesSection />} />}
    </StaffPage>
  );
}

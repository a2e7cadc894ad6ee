/**
 * The staff's order desk, `/backend/orders?code=` (not in spec; beside the
 * content editor): one path in every language; the booking code in the
 * query, so that a lookup can be linked and reloaded. Its chunk loads with
 * the staff part of the dictionary (app/router.tsx), so nothing of it is in
 * a visitor's first load.
 */
import { useLocation, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { staffPaths } from '@/config/staff-paths';
import { OrderDesk } from '@/features/staff/components/order-desk';
import { StaffNav } from '@/features/staff/components/staff-nav';
import { normalizeBookingCode } from '@/features/staff/utils/order';
import { usePageHead } from '@/hooks/use-page-head';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { LOCALES } from '@/lib/i18n/locale';
import { usePublishPageAlternates } from '@/lib/i18n/page-alternates';
import { loginReturningTo } from '@/utils/return-path';

export function StaffOrdersRoute() {
  const { t, locale } = useI18n();
  const [search, setSearch] = useSearchParams();
  const code = normalizeBookingCode(search.get('code') ?? '');
  const location = useLocation();
  usePageHead(code ? t('staff.documentTitle', { code }) : t('staff.title'), t('staff.lead'));
  // The same lookup in the other languages.
  usePublishPageAlternates(
    Object.fromEntries(LOCALES.map((language) => [language, staffPaths.staffOrders.href(language, { code })])),
  );

  return (
    <div className="page staff-page">
      <meta name="robots" content="noindex" />
      <StaffNav />
      <div className="page__header">
        <h1>{t('staff.title')}</h1>
        <p className="page__lead">{t('staff.lead')}</p>
      </div>
      <OrderDesk
        code={code}
        onLookUp={(next) => setSearch({ code: next })}
        loginHref={loginReturningTo(paths.login.href(locale), `${location.pathname}${location.search}`)}
      />
    </div>
  );
}

/**
 * The front desk's occupancy board, `/backend/board?from=` (not in spec;
 * beside the order desk): one path in every language, the first night in
 * the query, so that a fortnight can be linked and reloaded. Its chunk
 * loads with the staff part of the dictionary (app/router.tsx), so nothing
 * of it is in a visitor's first load.
 */
import { useLocation, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { OccupancyBoard } from '@/features/staff/components/occupancy-board';
import { usePageHead } from '@/hooks/use-page-head';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { LOCALES } from '@/lib/i18n/locale';
import { usePublishPageAlternates } from '@/lib/i18n/page-alternates';
import { loginReturningTo } from '@/utils/return-path';

export function StaffBoardRoute() {
  const { t, locale } = useI18n();
  const [search, setSearch] = useSearchParams();
  const from = search.get('from') ?? '';
  const location = useLocation();
  usePageHead(t('staff.board.title'), t('staff.board.lead'));
  usePublishPageAlternates(
    Object.fromEntries(LOCALES.map((language) => [language, paths.staffBoard.href(language, from ? { from } : {})])),
  );

  return (
    <div className="page staff-page staff-page--wide">
      <meta name="robots" content="noindex" />
      <div className="page__header">
        <h1>{t('staff.board.title')}</h1>
        <p className="page__lead">{t('staff.board.lead')}</p>
      </div>
      <OccupancyBoard
        from={from}
        onFrom={(next) => setSearch(next ? { from: next } : {})}
        loginHref={loginReturningTo(paths.login.href(locale), `${location.pathname}${location.search}`)}
      />
    </div>
  );
}

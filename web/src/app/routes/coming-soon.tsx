import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useCurrentRouteHandle } from '@/hooks/use-current-route';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useI18n } from '@/lib/i18n/i18n-provider';

/** A page whose feature is not built yet: says so, and offers what exists. */
export function ComingSoonRoute() {
  const { t, locale } = useI18n();
  const { titleKey = 'nav.home' } = useCurrentRouteHandle();
  const title = t(titleKey);
  useDocumentTitle(title);

  return (
    <section className="page page--message" data-testid="coming-soon">
      <h1>{title}</h1>
      <p>{t('comingSoon.body')}</p>
      <Link className="button" to={paths.treatments.href(locale)}>
        {t('comingSoon.cta')}
      </Link>
    </section>
  );
}

import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useI18n } from '@/lib/i18n/i18n-provider';

export function HomeRoute() {
  const { t, locale } = useI18n();
  useDocumentTitle(t('nav.home'));
  return (
    <section className="hero">
      <h1 className="hero__title">{t('home.title')}</h1>
      <p className="hero__lead">{t('home.lead')}</p>
      <Link className="button button--primary" to={paths.treatments.href(locale)}>
        {t('home.cta')}
      </Link>
    </section>
  );
}

import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { usePageHead } from '@/hooks/use-page-head';
import { useI18n } from '@/lib/i18n/i18n-provider';

export function NotFoundRoute() {
  const { t, locale } = useI18n();
  usePageHead(t('notFound.title'), t('notFound.body'));
  return (
    <section className="page page--message">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="button" to={paths.root.href(locale)}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  /** The newsletter sign-up (the app passes the newsletter feature's). */
  newsletter?: ReactNode;
  /** Shown under the guesthouse's name (the app passes the weather). */
  widgets?: ReactNode;
};

export function Footer({ newsletter, widgets }: Props) {
  const { t, locale } = useI18n();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div>
          <p className="site-footer__name">{t('app.name')}</p>
          <p>{t('footer.tagline')}</p>
          {widgets}
        </div>
        <nav aria-label={t('footer.links')}>
          <ul>
            <li>
              <Link to={paths.offer.href(locale)}>{t('nav.offer')}</Link>
            </li>
            <li>
              <Link to={paths.reservationTerms.href(locale)}>{t('reservation.steps.terms')}</Link>
            </li>
            <li>
              <Link to={paths.regulations.href(locale)}>{t('nav.regulations')}</Link>
            </li>
            <li>
              <Link to={paths.contact.href(locale)}>{t('nav.contact')}</Link>
            </li>
          </ul>
        </nav>
        {newsletter}
        <p className="site-footer__copyright">
          {t('footer.copyright', { year: String(new Date().getFullYear()) })}
        </p>
      </div>
    </footer>
  );
}

import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { paths } from '@/config/paths';
import { usePageHead } from '@/hooks/use-page-head';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import { LOCALES } from '@/lib/i18n/locale';
import type { MessageKey } from '@/lib/i18n/messages';
import { usePublishPageAlternates } from '@/lib/i18n/page-alternates';
import { loginReturningTo } from '@/utils/return-path';

import { StaffNav } from './staff-nav';

type Props = {
  title: MessageKey;
  lead: MessageKey;
  /** The same page in a language (its query kept). */
  href: (language: Locale) => string;
  /** The page's content, given where a visitor who is not logged in logs in, coming back here. */
  children: (loginHref: string) => ReactNode;
};

/**
 * A back-office page: not indexed, its title and lead, the back office's
 * pages, and the same page named in the other languages.
 */
export function StaffPage({ title, lead, href, children }: Props) {
  const { t, locale } = useI18n();
  const location = useLocation();
  usePageHead(t(title), t(lead));
  usePublishPageAlternates(Object.fromEntries(LOCALES.map((language) => [language, href(language)])));
  return (
    <div className="page staff-page staff-page--wide">
      <meta name="robots" content="noindex" />
      <StaffNav />
      <div className="page__header">
        <h1>{t(title)}</h1>
        <p className="page__lead">{t(lead)}</p>
      </div>
      {children(loginReturningTo(paths.login.href(locale), `${location.pathname}${location.search}`))}
    </div>
  );
}

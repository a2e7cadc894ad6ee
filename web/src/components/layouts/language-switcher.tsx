import { useI18n } from '@/lib/i18n/i18n-provider';
import { toLanguageTag } from '@/lib/i18n/locale';
import { usePageAlternates } from '@/lib/i18n/page-alternates';

/**
 * Links to the same page in the other languages, query kept (filters and
 * searches mean the same in every language). These are full page loads: the
 * gateway decides the language of a page from its host and path, and the
 * router only knows the current language's paths. A language without a host
 * is not offered (see lib/i18n/locale-hosts.ts).
 */
export function LanguageSwitcher() {
  const { t, locale } = useI18n();
  const { links, search } = usePageAlternates();
  if (links.length < 2) return null;

  return (
    <nav className="language-switcher" aria-label={t('languageSwitcher.label')}>
      <ul>
        {links.map(({ locale: other, href }) => (
          <li key={other}>
            {other === locale ? (
              <span aria-current="true" lang={toLanguageTag(other)}>
                {t(`languageSwitcher.${other}`)}
              </span>
            ) : (
              <a href={`${href}${search}`} hrefLang={toLanguageTag(other)} lang={toLanguageTag(other)}>
                {t(`languageSwitcher.${other}`)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

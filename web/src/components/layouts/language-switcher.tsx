import { localeOrigins } from '@/config/env';
import { paths } from '@/config/paths';
import { useCurrentRouteHandle } from '@/hooks/use-current-route';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { LOCALES, toLanguageTag, type Locale } from '@/lib/i18n/locale';

/**
 * Links to the same page in the other languages. These are full page loads:
 * the gateway decides the language of a page, and the router only knows the
 * current language's paths. A language without a known origin is not offered.
 */
export function LanguageSwitcher() {
  const { t, locale } = useI18n();
  const { routeName = 'root' } = useCurrentRouteHandle();

  const targets = LOCALES.filter((other) => other === locale || localeOrigins[other] !== undefined);
  if (targets.length < 2) return null;

  const hrefFor = (other: Locale) => `${localeOrigins[other] ?? ''}${paths[routeName].path(other)}`;

  return (
    <nav className="language-switcher" aria-label={t('languageSwitcher.label')}>
      <ul>
        {targets.map((other) => (
          <li key={other}>
            {other === locale ? (
              <span aria-current="true" lang={toLanguageTag(other)}>
                {t(`languageSwitcher.${other}`)}
              </span>
            ) : (
              <a href={hrefFor(other)} hrefLang={toLanguageTag(other)} lang={toLanguageTag(other)}>
                {t(`languageSwitcher.${other}`)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { LOCALES, type Locale } from '@/lib/i18n/locale';

/** Links to the same block in each language (`?locale=`), the one being edited marked. */
export function BlockLanguages({ id, current }: { id: string; current: Locale }) {
  const { t, locale } = useI18n();
  return (
    <nav className="block-editor__languages" aria-label={t('editor.language')}>
      <ul>
        {LOCALES.map((language) => (
          <li key={language}>
            <Link
              to={paths.editBlock.href(locale, { id }, { locale: language })}
              aria-current={language === current ? 'page' : undefined}
            >
              {t(`languageSwitcher.${language}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

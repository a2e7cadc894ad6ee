/**
 * The content editor, `/backend/block/edit/{id}?locale=` (spec 2.1, 6): one
 * path in every language; the block's language comes from the query, the
 * page's own without it. Its chunk loads with the editor part of the
 * dictionary (app/router.tsx), so nothing of it is in a visitor's first load.
 */
import { useLocation, useParams, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { BlockEditor } from '@/features/content/components/block-editor';
import { BlockLanguages } from '@/features/content/components/block-languages';
import { usePageHead } from '@/hooks/use-page-head';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { isLocale, LOCALES } from '@/lib/i18n/locale';
import { usePublishPageAlternates } from '@/lib/i18n/page-alternates';
import { loginReturningTo } from '@/utils/return-path';

export function BlockEditorRoute() {
  const { t, locale } = useI18n();
  const id = useParams().id ?? '';
  const asked = useSearchParams()[0].get('locale');
  const blockLocale = isLocale(asked) ? asked : locale;
  const location = useLocation();
  usePageHead(t('editor.documentTitle', { id }), t('editor.block', { id }));
  // The switcher changes the editor's language, not the block's.
  usePublishPageAlternates(
    Object.fromEntries(LOCALES.map((language) => [language, paths.editBlock.href(language, { id }, { locale: blockLocale })])),
  );

  return (
    <div className="page block-editor-page">
      <meta name="robots" content="noindex" />
      <div className="page__header">
        <h1>{t('editor.title')}</h1>
        <p className="page__lead">{t('editor.block', { id })}</p>
      </div>
      <BlockLanguages id={id} current={blockLocale} />
      {/* Keyed: another block or language is a fresh editor. */}
      <BlockEditor key={`${id}:${blockLocale}`} id={id} blockLocale={blockLocale} loginHref={loginReturningTo(paths.login.href(locale), `${location.pathname}${location.search}`)} />
    </div>
  );
}

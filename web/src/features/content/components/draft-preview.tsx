import { useMemo } from 'react';

import { pageStylesheets, previewDocument } from '@/features/content/utils/preview-document';
import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * The unsaved draft as a page would show it, in a sandboxed frame: no
 * `allow-*` token, so no script in it runs and it is an origin of its own
 * (see utils/preview-document.ts). What the server's sanitizer would drop
 * is still in it; the saved version beside it is what visitors see.
 */
export function DraftPreview({ html, title }: { html: string; title: string }) {
  const { languageTag } = useI18n();
  const document = useMemo(() => previewDocument(html, languageTag, pageStylesheets()), [html, languageTag]);
  return <iframe className="block-editor__frame" title={title} sandbox="" srcDoc={document} />;
}

/**
 * The HTML of a content block, as the server sent it: the one place the app
 * sets HTML from the content system.
 *
 * Safe to set as HTML: it is only ever given a block's `content` from the
 * server's answers (GET /shop-api/pages, the editor's GET/PUT/restore of
 * /shop-api/backend/blocks), which the content service sanitizes with
 * ammonia when a block is saved and again when it is served
 * (services/content/src/pages.rs): no `script`, `style` or `iframe`, no
 * event handlers or `style` attributes, links and images only to http(s),
 * mailto, tel or the shop's own paths. An editor's unsaved draft never
 * comes here: the editor shows it in a sandboxed frame
 * (utils/preview-document.ts).
 */
export function BlockHtml({ html, className = 'content-block__body' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

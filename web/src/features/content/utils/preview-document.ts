/**
 * The document of the draft preview: the editor's HTML as typed, which the
 * server has not sanitized yet. It is shown only in an `<iframe sandbox>`
 * without `allow-scripts` (nor `allow-same-origin`, `allow-popups`,
 * `allow-top-navigation`): nothing in it runs, it cannot reach this page or
 * its cookies, and its links go nowhere (`target=_blank` without popups).
 * The frame also keeps this page's Content-Security-Policy.
 */
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function previewDocument(html: string, languageTag: string, stylesheets: readonly string[] = []): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`).join('');
  return (
    `<!doctype html><html lang="${escapeAttribute(languageTag)}"><head><meta charset="utf-8">` +
    `<base target="_blank">${links}</head>` +
    `<body class="content-preview"><main class="content-block">${html}</main></body></html>`
  );
}

/** The app's stylesheets (absolute URLs), so the preview looks like the page. */
export function pageStylesheets(doc: Document = document): string[] {
  return Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => link.href).filter(Boolean);
}

/** The server takes at most 64 KiB of HTML a block. */
export const MAX_BLOCK_BYTES = 64 * 1024;

export const blockBytes = (html: string) => new TextEncoder().encode(html).length;

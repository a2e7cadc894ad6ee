/**
 * The text of a block's first heading (`h1`–`h6`), whitespace collapsed, or
 * null when it has none or it is empty: e.g. what names a banner slide that
 * is a block. The HTML is parsed into an inert document (DOMParser): no
 * script runs and no picture loads.
 */
export function blockHeading(html: string): string | null {
  const heading = new DOMParser().parseFromString(html, 'text/html').querySelector('h1, h2, h3, h4, h5, h6');
  const text = heading?.textContent?.replace(/\s+/g, ' ').trim();
  return text || null;
}

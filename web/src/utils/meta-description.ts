/** About what search engines show of a description. */
export const DESCRIPTION_MAX_LENGTH = 155;

/**
 * Text from the server (a product's description, a content page's) as a
 * meta description: one line (white space collapsed) of at most
 * DESCRIPTION_MAX_LENGTH characters; a longer one is cut after a word and
 * ends with "…". The dictionaries' descriptions are within it already.
 */
export function toDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 100 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

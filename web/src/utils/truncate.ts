/**
 * Shortens `text` to at most `max` characters and marks the cut with "…".
 * Text that fits is returned unchanged. Counts code points, so a cut never
 * splits a character; trailing spaces before the ellipsis are dropped.
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

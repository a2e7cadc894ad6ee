/**
 * The amount of a bank transfer as the staff type it from the statement,
 * in złoty: `640`, `640.00`, `640,00`, `1 280,50` (grouped by spaces, as
 * statements print it), optionally followed by `zł` or `PLN`. The server
 * takes integer grosze.
 */
import type { Locale } from '@/lib/i18n/locale';

// At most nine digits of złoty: far beyond any order, and safe as an integer in grosze.
const AMOUNT = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;
const CURRENCY = /(zł|pln)$/i;
const SPACES = /[\s\u00a0\u202f]/g;

/** Integer grosze of a typed amount in złoty, or null when it is not one (`640,50` -> 64050). */
export function parseZloty(text: string): number | null {
  const match = AMOUNT.exec(text.replace(SPACES, '').replace(CURRENCY, ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Grosze as the amount field shows them in the page's language: `640,00`, `640.00` in English. */
export function zlotyInput(grosze: number, locale: Locale): string {
  const separator = locale === 'en_GB' ? '.' : ',';
  return `${Math.floor(grosze / 100)}${separator}${String(grosze % 100).padStart(2, '0')}`;
}

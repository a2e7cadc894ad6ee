/**
 * What a basket line says about itself, in the page language: a stay's
 * dates (DD.MM.YYYY), nights and guests; a package's persons; a voucher's
 * value; a quantity.
 */
import { guestSummaryLabel } from '@/components/ui/guest-picker';
import type { I18n } from '@/lib/i18n/i18n-provider';
import type { CartItem } from '@/types/api';

export function stayText({ t, formatDate }: Pick<I18n, 't' | 'formatDate'>, line: CartItem): string | null {
  if (!line.dateFrom || !line.dateTo) return null;
  return t('basket.line.stay', {
    from: formatDate(line.dateFrom),
    to: formatDate(line.dateTo),
    nights: line.days ?? 0,
  });
}

export function guestsText(i18n: Pick<I18n, 't'>, line: CartItem): string | null {
  if (line.adults == null) return null;
  return guestSummaryLabel(i18n, { adults: line.adults, children: line.children ?? 0, babies: line.babies ?? 0 });
}

/** The facts of a line; a unit line's quantity unless `quantity: false` (where a counter shows it). */
export function lineFacts(
  i18n: Pick<I18n, 't' | 'formatDate' | 'formatMoney'>,
  line: CartItem,
  { quantity = true }: { quantity?: boolean } = {},
): string[] {
  const { t } = i18n;
  switch (line.type) {
    case 'reservation':
      return [stayText(i18n, line), guestsText(i18n, line)].filter((fact): fact is string => fact !== null);
    case 'package':
      return [t('basket.line.persons', { count: line.quantity })];
    case 'voucher':
      return [t('basket.line.voucherValue', { value: i18n.formatMoney(line.price.current, line.price.currency) })];
    default:
      return quantity ? [t('basket.line.quantity', { count: line.quantity })] : [];
  }
}

/**
 * What a basket line says about itself, in the page language: a stay's
 * dates (DD.MM.YYYY), nights and guests; a package's persons and
 * treatments; a voucher's value; a quantity; what a package attached to a
 * stay does to the stay's price.
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

/** A package's treatments with how many of each; null on other lines. */
export function treatmentsText({ t }: Pick<I18n, 't'>, line: CartItem): string | null {
  const treatments = line.treatments ?? [];
  if (treatments.length === 0) return null;
  return t('basket.line.treatments', {
    list: treatments.map((tr) => t('basket.line.treatment', { name: tr.name, count: tr.quantity })).join(', '),
  });
}

/**
 * The nights the packages attached to a stay pay for: the longest
 * package's, as the server prices the stay (a package without nights
 * leaves the room's price as it is).
 */
export const packageNights = (line: Pick<CartItem, 'childItems'>): number =>
  Math.max(0, ...line.childItems.filter((child) => child.type === 'package').map((child) => child.product?.numNights ?? 0));

/**
 * Why a stay with a package costs less than the room alone: the package
 * pays for its own nights at the rate of the cheapest room that suits the
 * guests, and the stay's price is only what is left (longer stay, better
 * room). The room's price without the package is not sent, so the
 * sentence cannot name it.
 */
export function packageStayText({ t }: Pick<I18n, 't'>, line: CartItem): string | null {
  if (line.type !== 'reservation' || !line.isAvailable) return null;
  const nights = packageNights(line);
  if (nights === 0) return null;
  return line.price.current === 0 ? t('basket.line.packageStayPaid') : t('basket.line.packageStay', { nights });
}

/**
 * What the price summary shows on the payment step while the guest picks
 * between paying in full and the advance payment: the basket's totals with
 * the chosen option, before anything is saved. Once saved, the server's
 * totals are the ones that count (they carry the same amounts then).
 */
import type { CartTotals, PaymentOffer } from '@/types/api';

export type PaymentAmount = 'full' | 'deposit';

/**
 * The totals with `amount` chosen: the advance the server offers due now
 * and the rest later, or nothing in advance. Without an offered advance
 * there is nothing to choose.
 */
export function totalsWithAmount(totals: CartTotals, deposit: PaymentOffer['deposit'], amount: PaymentAmount): CartTotals {
  // What paying in full takes now: everything the gift vouchers leave, shipping included.
  const due = totals.total - totals.vouchers;
  const advance = amount === 'deposit' && deposit ? deposit.amount : 0;
  return { ...totals, deposit: advance, leftToPay: Math.max(0, due - advance) };
}

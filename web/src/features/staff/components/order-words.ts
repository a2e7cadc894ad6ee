import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import type { StaffOrder } from '@/types/api';

const STATES: Partial<Record<string, MessageKey>> = {
  new: 'staff.state.new',
  paid: 'staff.state.paid',
  cancelled: 'staff.state.cancelled',
};

const PAYMENT_STATES: Partial<Record<string, MessageKey>> = {
  awaiting_payment: 'staff.payment.awaiting_payment',
  paid: 'staff.payment.paid',
  partially_paid: 'staff.payment.partially_paid',
  cancelled: 'staff.payment.cancelled',
};

const METHODS: Partial<Record<string, MessageKey>> = {
  bank_transfer: 'staff.method.bank_transfer',
  przelewy24: 'staff.method.przelewy24',
  paypal: 'staff.method.paypal',
  guesthouse: 'staff.method.guesthouse',
  card_terminal: 'staff.method.card_terminal',
  cash: 'staff.method.cash',
};

const RECORD_STATES: Partial<Record<string, MessageKey>> = {
  paid: 'staff.record.paid',
  refund_due: 'staff.record.refund_due',
  refunded: 'staff.record.refunded',
  reversed: 'staff.record.reversed',
};

const CHANGES: Partial<Record<string, MessageKey>> = {
  payment_recorded: 'staff.change.payment_recorded',
  payment_reversed: 'staff.change.payment_reversed',
  cancelled: 'staff.change.cancelled',
  cancelled_by_guest: 'staff.change.cancelled_by_guest',
  stay_changed: 'staff.change.stay_changed',
  treatments_changed: 'staff.change.treatments_changed',
};

/**
 * An order's state, payment state and payment method in the page's words;
 * a value the page does not know (a newer server) as the server sent it.
 */
export function useOrderWords() {
  const { t } = useI18n();
  const word = (words: Partial<Record<string, MessageKey>>, value: string) => {
    const key = words[value];
    return key ? t(key) : value;
  };
  return {
    /** A state or method by its code (a refund's order, a payment's provider). */
    stateOf: (state: string) => word(STATES, state),
    methodOf: (method: string) => word(METHODS, method),
    /** A payment record's state (kept, due back, given back, reversed). */
    paymentRecordOf: (state: string) => word(RECORD_STATES, state),
    changeOf: (action: string) => word(CHANGES, action),
    state: (order: StaffOrder) => word(STATES, order.state),
    payment: (order: StaffOrder) => word(PAYMENT_STATES, order.paymentState),
    method: (order: StaffOrder) => (order.paymentMethod ? word(METHODS, order.paymentMethod) : t('staff.method.none')),
  };
}

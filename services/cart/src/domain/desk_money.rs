//! The front desk's money rules: how money the staff receive is split
//! between the order and what is due back, the cancellation policy and
//! what a cancellation keeps and gives back, and where an order's payment
//! stands after a record. Pure functions; the SQL lives in
//! `payments/store.rs` and `orders/store.rs`.

use chrono::NaiveDate;

use super::checkout::{OrderPayment, Provider};
use super::settings::CheckoutRules;

/// The cancellation policy (`CANCELLATION_FREE_DAYS`,
/// `CANCELLATION_FEE_PERCENT`): free until `free_days` before the first
/// arrival, then `fee_percent` of what the stays cost (after gift
/// vouchers). Orders without a stay are cancelled free.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CancellationPolicy {
    pub free_days: u32,
    pub fee_percent: u32,
}

impl Default for CancellationPolicy {
    fn default() -> Self {
        Self { free_days: 14, fee_percent: 30 }
    }
}

/// What a cancellation now would keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fee {
    pub fee: i64,
    /// The last day a cancellation keeps nothing; None without a stay.
    pub free_until: Option<NaiveDate>,
}

impl CancellationPolicy {
    pub fn from_settings(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let d = Self::default();
        let parse = |name: &str, default: u32, max: u32| -> anyhow::Result<u32> {
            let value = match var(name) {
                Some(v) => v.trim().parse::<u32>().map_err(|_| anyhow::anyhow!("{name} must be a whole number, not {v:?}"))?,
                None => default,
            };
            anyhow::ensure!(value <= max, "{name} must be at most {max}");
            Ok(value)
        };
        Ok(Self {
            free_days: parse("CANCELLATION_FREE_DAYS", d.free_days, 365)?,
            fee_percent: parse("CANCELLATION_FEE_PERCENT", d.fee_percent, 100)?,
        })
    }

    /// The fee of cancelling on `today` an order whose stays cost `stays`
    /// and begin on `arrival`; rounded down to whole grosze.
    pub fn fee(&self, stays: i64, arrival: Option<NaiveDate>, today: NaiveDate) -> Fee {
        let Some(arrival) = arrival else { return Fee { fee: 0, free_until: None } };
        let free_until = arrival - chrono::Duration::days(i64::from(self.free_days));
        let fee = if today > free_until { stays.max(0) * i64::from(self.fee_percent) / 100 } else { 0 };
        Fee { fee, free_until: Some(free_until) }
    }
}

/// What cancelling keeps and gives back of `received`: the gift vouchers
/// the order issued stay valid (their codes are the guest's), so their
/// value is kept first, then the fee; what the guest paid short of the fee
/// is not claimed.
pub fn refund_after(received: i64, vouchers_kept: i64, fee: i64) -> i64 {
    (received - vouchers_kept - fee).max(0)
}

/// Splits `amount` received for an order that owes `due` (total less gift
/// vouchers) and has `received` already: what pays the order, and what
/// exceeds it and is due back.
pub fn split_receipt(amount: i64, due: i64, received: i64) -> (i64, i64) {
    let open = (due - received).max(0);
    let pays = amount.min(open);
    (pays, amount - pays)
}

/// Where an order's payment stands once `received` of `due` came.
pub fn payment_state(received: i64, due: i64) -> OrderPayment {
    if received >= due {
        OrderPayment::Paid
    } else if received > 0 {
        OrderPayment::PartiallyPaid
    } else {
        OrderPayment::AwaitingPayment
    }
}

/// What an order asks once a change of its lines costs `difference` more
/// (less when negative): its total, and, as checkout priced them, the
/// advance payment (when the guest chose one) and what is left after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Repriced {
    pub total: i64,
    pub deposit: i64,
    pub left_to_pay: i64,
    pub due_now: i64,
}

/// `total` less `vouchers` is what the order owes; `stays_due` what its
/// stays cost after the change; `with_advance` whether the guest chose to
/// pay an advance first.
pub fn repriced(rules: &CheckoutRules, total: i64, vouchers: i64, with_advance: bool, difference: i64, stays_due: i64) -> Repriced {
    let total = total + difference;
    let due = (total - vouchers).max(0);
    let deposit = if with_advance { rules.advance(due, stays_due) } else { 0 };
    let left_to_pay = due - deposit;
    Repriced { total, deposit, left_to_pay, due_now: if deposit > 0 { deposit } else { left_to_pay } }
}

/// The ways the front desk receives money; an online provider's payments
/// are refunded at the provider, never recorded or reversed here.
pub fn received_at_desk(provider: Provider) -> bool {
    matches!(provider, Provider::BankTransfer | Provider::CardTerminal | Provider::Cash | Provider::Guesthouse)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn a_cancellation_is_free_until_the_policys_days_before_arrival_then_keeps_a_share() {
        let policy = CancellationPolicy { free_days: 14, fee_percent: 30 };
        let arrival = Some(day("2027-03-20"));
        let free = policy.fee(100_000, arrival, day("2027-03-06"));
        assert_eq!(free, Fee { fee: 0, free_until: Some(day("2027-03-06")) });
        assert_eq!(policy.fee(100_000, arrival, day("2027-03-07")).fee, 30_000);
        assert_eq!(policy.fee(100_001, arrival, day("2027-03-20")).fee, 30_000);
        assert_eq!(policy.fee(100_000, None, day("2027-03-19")), Fee { fee: 0, free_until: None });
    }

    #[test]
    fn the_policy_reads_its_settings_and_refuses_shares_above_all() {
        let policy = CancellationPolicy::from_settings(|n| (n == "CANCELLATION_FEE_PERCENT").then(|| "50".into())).unwrap();
        assert_eq!(policy, CancellationPolicy { free_days: 14, fee_percent: 50 });
        assert!(CancellationPolicy::from_settings(|n| (n == "CANCELLATION_FEE_PERCENT").then(|| "101".into())).is_err());
        assert!(CancellationPolicy::from_settings(|n| (n == "CANCELLATION_FREE_DAYS").then(|| "-1".into())).is_err());
    }

    #[test]
    fn vouchers_issued_then_the_fee_are_kept_and_the_rest_goes_back() {
        assert_eq!(refund_after(50_000, 0, 15_000), 35_000);
        assert_eq!(refund_after(50_000, 20_000, 15_000), 15_000);
        // Paid less than the fee: nothing back, nothing claimed.
        assert_eq!(refund_after(10_000, 0, 15_000), 0);
    }

    #[test]
    fn money_beyond_what_is_open_is_due_back() {
        assert_eq!(split_receipt(30_000, 100_000, 0), (30_000, 0));
        assert_eq!(split_receipt(80_000, 100_000, 30_000), (70_000, 10_000));
        assert_eq!(split_receipt(5_000, 100_000, 100_000), (0, 5_000));
    }

    #[test]
    fn a_changed_stay_moves_the_total_and_the_advance_as_checkout_would_price_them() {
        assert_eq!(
            repriced(&CheckoutRules::default(), 100_000, 0, false, 20_000, 120_000),
            Repriced { total: 120_000, deposit: 0, left_to_pay: 120_000, due_now: 120_000 }
        );
        assert_eq!(
            repriced(&CheckoutRules::default(), 100_000, 0, true, -40_000, 60_000),
            Repriced { total: 60_000, deposit: 18_000, left_to_pay: 42_000, due_now: 18_000 }
        );
        // A gift voucher paid part of it: the advance is a share of what is left.
        assert_eq!(repriced(&CheckoutRules::default(), 100_000, 30_000, true, 0, 70_000).deposit, 21_000);
        assert_eq!(repriced(&CheckoutRules::default(), 10_000, 30_000, false, -5_000, 0).due_now, 0, "never below nothing");
    }

    #[test]
    fn an_order_is_partly_paid_until_its_total_is_reached() {
        assert_eq!(payment_state(0, 100), OrderPayment::AwaitingPayment);
        assert_eq!(payment_state(1, 100), OrderPayment::PartiallyPaid);
        assert_eq!(payment_state(100, 100), OrderPayment::Paid);
        assert_eq!(payment_state(0, 0), OrderPayment::Paid);
    }
}

//! What a basket costs. Prices come from the catalog and the rooms service
//! on every read; these rules only add them up.
//!
//! - A line's total is its unit price times its quantity for units
//!   (products, treatments, vouchers), and its price as it stands for a
//!   package (priced for its persons) or a reservation (priced for its stay).
//! - A line that cannot be bought now (a room booked meanwhile, a product
//!   withdrawn) counts 0, and so do the packages attached to it.
//! - `leftToPay` is the total less redeemed vouchers and the deposit.

use super::item::ItemKind;

/// The cart's currency, and the base currency every price is also given in.
pub const CURRENCY: &str = "PLN";

/// A line with its current price, as the rules see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedLine {
    pub kind: ItemKind,
    pub quantity: u32,
    /// One unit: a product, a stay, a package for its persons.
    pub unit: i64,
    pub available: bool,
    pub children: Vec<PricedLine>,
}

impl PricedLine {
    /// What the line alone adds to the cart.
    pub fn total(&self) -> i64 {
        match (self.available, self.kind.priced_per_unit()) {
            (false, _) => 0,
            (true, true) => self.unit * i64::from(self.quantity),
            (true, false) => self.unit,
        }
    }

    /// The line with what is attached to it.
    pub fn sum(&self) -> i64 {
        self.total() + self.children.iter().map(PricedLine::sum).sum::<i64>()
    }

    /// Nothing attached to an unavailable line can be bought either.
    pub fn cascade(mut self) -> Self {
        let available = self.available;
        self.children = self
            .children
            .into_iter()
            .map(|mut c| {
                c.available &= available;
                c.cascade()
            })
            .collect();
        self
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    pub total: i64,
    pub vouchers: i64,
    pub shipping: i64,
    pub deposit: i64,
    pub left_to_pay: i64,
}

impl Totals {
    /// What the first payment takes: the advance when it was chosen, else
    /// everything the vouchers leave.
    pub fn due_now(&self) -> i64 {
        if self.deposit > 0 { self.deposit } else { self.left_to_pay }
    }
}

/// The lines' totals, less what gift vouchers pay, before checkout adds
/// shipping or a deposit.
pub fn totals(lines: &[PricedLine], vouchers: i64) -> Totals {
    let total: i64 = lines.iter().map(PricedLine::sum).sum();
    let vouchers = vouchers.clamp(0, total);
    Totals { total, vouchers, shipping: 0, deposit: 0, left_to_pay: total - vouchers }
}

/// With what checkout chose: shipping adds to the total; the deposit is
/// paid now and leaves the rest to pay later.
pub fn with_checkout(lines: Totals, shipping: i64, deposit: i64) -> Totals {
    let total = lines.total + shipping;
    let deposit = deposit.min((total - lines.vouchers).max(0));
    Totals { total, vouchers: lines.vouchers, shipping, deposit, left_to_pay: (total - lines.vouchers - deposit).max(0) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(kind: ItemKind, quantity: u32, unit: i64) -> PricedLine {
        PricedLine { kind, quantity, unit, available: true, children: vec![] }
    }

    #[test]
    fn units_multiply_packages_and_stays_do_not() {
        assert_eq!(line(ItemKind::Product, 3, 1_500).total(), 4_500);
        assert_eq!(line(ItemKind::Voucher, 2, 20_000).total(), 40_000);
        assert_eq!(line(ItemKind::Package, 2, 259_800).total(), 259_800, "priced for its persons already");
        assert_eq!(line(ItemKind::Reservation, 1, 64_000).total(), 64_000);
    }

    #[test]
    fn the_total_adds_lines_and_what_is_attached() {
        let mut stay = line(ItemKind::Reservation, 1, 10_000);
        stay.children.push(line(ItemKind::Package, 2, 200_000));
        let t = totals(&[stay.cascade(), line(ItemKind::Treatment, 2, 15_000)], 0);
        assert_eq!(t, Totals { total: 240_000, vouchers: 0, shipping: 0, deposit: 0, left_to_pay: 240_000 });
    }

    #[test]
    fn an_unavailable_stay_counts_nothing_and_takes_its_package_along() {
        let mut stay = line(ItemKind::Reservation, 1, 10_000);
        stay.available = false;
        stay.children.push(line(ItemKind::Package, 1, 100_000));
        let stay = stay.cascade();
        assert!(!stay.children[0].available);
        assert_eq!(stay.children[0].total(), 0);
        assert_eq!(totals(&[stay, line(ItemKind::Product, 1, 900)], 0).total, 900);
    }

    #[test]
    fn shipping_adds_and_a_deposit_leaves_the_rest_to_pay() {
        let lines = totals(&[line(ItemKind::Voucher, 1, 20_000)], 0);
        let t = with_checkout(lines, 1_200, 6_400);
        assert_eq!(t, Totals { total: 21_200, vouchers: 0, shipping: 1_200, deposit: 6_400, left_to_pay: 14_800 });
        assert_eq!(with_checkout(lines, 0, 50_000).deposit, 20_000, "never more than the total");
    }

    #[test]
    fn vouchers_pay_before_the_deposit_and_never_more_than_the_lines() {
        let lines = totals(&[line(ItemKind::Reservation, 1, 100_000)], 40_000);
        assert_eq!(lines.left_to_pay, 60_000);
        let t = with_checkout(lines, 0, 30_000);
        assert_eq!(t, Totals { total: 100_000, vouchers: 40_000, shipping: 0, deposit: 30_000, left_to_pay: 30_000 });
        assert_eq!(with_checkout(totals(&[line(ItemKind::Product, 1, 5_000)], 9_000), 0, 1_500).deposit, 0, "nothing left for a deposit");
        assert_eq!(totals(&[line(ItemKind::Product, 1, 5_000)], 9_000).vouchers, 5_000);
    }

    #[test]
    fn an_empty_basket_costs_nothing() {
        assert_eq!(totals(&[], 0), Totals::default());
    }
}

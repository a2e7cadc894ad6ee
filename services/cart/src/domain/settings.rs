//! The settings the guesthouse's administrators change in the back office
//! (services/cart/README.md, "Settings"): the checkout's (the advance
//! payment's share, how long nights are held awaiting a payment, the
//! cancellation policy) and the payments' (the methods offered, the bank
//! account transfers go to). Their rules, here; the rows in
//! `spa_platform::settings`. A deployment's first values come from its
//! environment; secrets (provider keys) never leave it.

use serde::{Deserialize, Serialize};

use super::checkout::{PaymentMethod, Violations};
use super::desk_money::CancellationPolicy;

/// The checkout's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutRules {
    /// The advance payment's share of what the stays cost; 0: none offered.
    pub deposit_percent: u32,
    pub bank_transfer_hold_days: u32,
    pub online_hold_minutes: u32,
    pub cancellation_free_days: u32,
    pub cancellation_fee_percent: u32,
}

impl Default for CheckoutRules {
    fn default() -> Self {
        let policy = CancellationPolicy::default();
        Self {
            deposit_percent: 30,
            bank_transfer_hold_days: 3,
            online_hold_minutes: 30,
            cancellation_free_days: policy.free_days,
            cancellation_fee_percent: policy.fee_percent,
        }
    }
}

impl CheckoutRules {
    /// The deployment's first values: `CANCELLATION_FREE_DAYS` and
    /// `CANCELLATION_FEE_PERCENT` (kept from before the page), the rest the defaults.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let policy = CancellationPolicy::from_settings(var)?;
        Ok(Self { cancellation_free_days: policy.free_days, cancellation_fee_percent: policy.fee_percent, ..Self::default() })
    }

    /// Every field out of its range, by its name in the API.
    pub fn check(&self) -> Result<(), Violations> {
        let wrong: Violations = [
            ("depositPercent", self.deposit_percent <= 100),
            ("bankTransferHoldDays", (1..=14).contains(&self.bank_transfer_hold_days)),
            ("onlineHoldMinutes", (15..=1440).contains(&self.online_hold_minutes)),
            ("cancellationFreeDays", self.cancellation_free_days <= 365),
            ("cancellationFeePercent", self.cancellation_fee_percent <= 100),
        ]
        .into_iter()
        .filter_map(|(field, ok)| (!ok).then_some(field))
        .collect();
        if wrong.is_empty() { Ok(()) } else { Err(wrong) }
    }

    pub fn policy(&self) -> CancellationPolicy {
        CancellationPolicy { free_days: self.cancellation_free_days, fee_percent: self.cancellation_fee_percent }
    }

    /// The advance payment's share of `stays` (minor units), rounded up to whole złoty.
    pub fn deposit_for(&self, stays: i64) -> i64 {
        let share = (stays * i64::from(self.deposit_percent) + 99) / 100;
        (share + 99) / 100 * 100
    }

    /// What the advance payment takes now of a basket that owes `due`
    /// (after gift vouchers), `stays_due` of it for stays: a share of the
    /// stays, and everything else in full. Gift vouchers, products and
    /// treatments without a stay are never paid later, so a voucher code
    /// is only ever issued for a line paid in full.
    pub fn advance(&self, due: i64, stays_due: i64) -> i64 {
        let stays = stays_due.clamp(0, due.max(0));
        (self.deposit_for(stays).min(stays) + (due - stays)).max(0)
    }
}

/// The account bank transfers go to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BankAccount {
    pub holder: String,
    /// Without spaces, upper case.
    pub iban: String,
    pub bank: String,
    /// The bank's BIC (SWIFT code), which a transfer from abroad needs; ""
    /// when not given (accounts kept before it was asked for).
    #[serde(default)]
    pub bic: String,
}

impl BankAccount {
    /// The account as typed: the IBAN and the BIC without spaces, upper
    /// case, the names trimmed.
    pub fn new(holder: &str, iban: &str, bank: &str, bic: &str) -> Self {
        let compact = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase();
        Self { holder: holder.trim().to_owned(), iban: compact(iban), bank: bank.trim().to_owned(), bic: compact(bic) }
    }

    pub fn check(&self) -> Result<(), Violations> {
        let mut wrong = Violations::new();
        if self.holder.is_empty() || self.holder.chars().count() > 200 {
            wrong.push("bankAccount.holder");
        }
        if !valid_iban(&self.iban) {
            wrong.push("bankAccount.iban");
        }
        if self.bank.chars().count() > 200 {
            wrong.push("bankAccount.bank");
        }
        if !self.bic.is_empty() && !valid_bic(&self.bic, &self.iban) {
            wrong.push("bankAccount.bic");
        }
        if wrong.is_empty() { Ok(()) } else { Err(wrong) }
    }

    /// `BANK_ACCOUNT_HOLDER`, `BANK_ACCOUNT_IBAN`, `BANK_NAME` and
    /// `BANK_BIC`: none without an IBAN.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Option<Self>> {
        let Some(iban) = var("BANK_ACCOUNT_IBAN").filter(|v| !v.trim().is_empty()) else { return Ok(None) };
        let text = |name: &str| var(name).unwrap_or_default();
        let account = Self::new(&text("BANK_ACCOUNT_HOLDER"), &iban, &text("BANK_NAME"), &text("BANK_BIC"));
        account.check().map_err(|fields| anyhow::anyhow!("BANK_ACCOUNT_* is not a valid account: {fields:?}"))?;
        Ok(Some(account))
    }
}

/// ISO 9362: four letters for the bank, the two of its country (the
/// IBAN's), two letters or digits for the place, and three more for a
/// branch or none.
pub fn valid_bic(bic: &str, iban: &str) -> bool {
    let b = bic.as_bytes();
    (b.len() == 8 || b.len() == 11)
        && b[..6].iter().all(u8::is_ascii_uppercase)
        && b[6..].iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        && iban.get(..2) == bic.get(4..6)
}

/// ISO 13616: 15 to 34 letters and digits, a known shape (two letters, two
/// check digits), and the number mod 97 is 1.
pub fn valid_iban(iban: &str) -> bool {
    let bytes = iban.as_bytes();
    if !(15..=34).contains(&bytes.len())
        || !bytes.iter().all(u8::is_ascii_alphanumeric)
        || !bytes[..2].iter().all(u8::is_ascii_uppercase)
        || !bytes[2..4].iter().all(u8::is_ascii_digit)
    {
        return false;
    }
    let rearranged = bytes[4..].iter().chain(&bytes[..4]);
    let mut rest = 0u32;
    for &b in rearranged {
        let value = if b.is_ascii_digit() {
            u32::from(b - b'0')
        } else if b.is_ascii_uppercase() {
            u32::from(b - b'A') + 10
        } else {
            return false;
        };
        rest = if value >= 10 { (rest * 100 + value) % 97 } else { (rest * 10 + value) % 97 };
    }
    rest == 1
}

/// The payments' settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentRules {
    /// Offered to guests, when ready.
    pub methods: Vec<PaymentMethod>,
    pub bank_account: Option<BankAccount>,
}

impl PaymentRules {
    /// What guests are offered: the methods chosen that are ready (a bank
    /// transfer only with an account to send it to), in a fixed order.
    pub fn offered(&self, configured: impl Fn(PaymentMethod) -> bool) -> Vec<PaymentMethod> {
        PaymentMethod::ALL.iter().copied().filter(|m| self.methods.contains(m) && self.ready(*m, &configured)).collect()
    }

    pub fn ready(&self, method: PaymentMethod, configured: impl Fn(PaymentMethod) -> bool) -> bool {
        match method {
            PaymentMethod::BankTransfer => self.bank_account.is_some(),
            PaymentMethod::Guesthouse => false,
            online => configured(online),
        }
    }

    /// A change refused: a method offered that is not ready, a wrong account.
    pub fn check(&self, configured: impl Fn(PaymentMethod) -> bool) -> Result<(), Violations> {
        let mut wrong = self.bank_account.as_ref().map_or(Ok(()), BankAccount::check).err().unwrap_or_default();
        if self.methods.iter().any(|m| !self.ready(*m, &configured)) {
            wrong.push("methods");
        }
        if wrong.is_empty() { Ok(()) } else { Err(wrong) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_advance_is_the_share_of_the_stays_rounded_up_to_whole_zloty() {
        let rules = CheckoutRules::default();
        assert_eq!(rules.deposit_for(100_000), 30_000);
        assert_eq!(rules.deposit_for(100_001), 30_100);
        assert_eq!(rules.advance(1_100_000, 100_000), 30_000 + 1_000_000);
        assert_eq!(rules.advance(50, 50), 50, "never more than the stay");
        assert_eq!(rules.advance(20_000, 0), 20_000, "nothing to pay later without a stay");
        assert_eq!(rules.advance(10_000, 40_000), 3_000, "a share of what a voucher left");
        let half = CheckoutRules { deposit_percent: 50, ..rules };
        assert_eq!(half.advance(100_000, 100_000), 50_000);
        let none = CheckoutRules { deposit_percent: 0, ..rules };
        assert_eq!(none.advance(100_000, 100_000), 0);
    }

    #[test]
    fn each_field_out_of_range_is_named() {
        assert_eq!(CheckoutRules::default().check(), Ok(()));
        let wrong = CheckoutRules {
            deposit_percent: 101,
            bank_transfer_hold_days: 0,
            online_hold_minutes: 10,
            cancellation_free_days: 366,
            cancellation_fee_percent: 101,
        };
        assert_eq!(
            wrong.check(),
            Err(vec!["depositPercent", "bankTransferHoldDays", "onlineHoldMinutes", "cancellationFreeDays", "cancellationFeePercent"])
        );
    }

    #[test]
    fn a_bic_names_a_bank_in_the_accounts_country() {
        assert!(valid_bic("BPKOPLPW", "PL61109010140000071219812874"));
        assert!(valid_bic("WBKPPLPPXXX", "PL61109010140000071219812874"));
        assert!(valid_bic("COBADEFFXXX", "DE89370400440532013000"));
        assert!(!valid_bic("COBADEFF", "PL61109010140000071219812874"), "a German bank for a Polish account");
        assert!(!valid_bic("BPKOPLP", "PL61109010140000071219812874"), "seven characters");
        assert!(!valid_bic("BPKOPLPW1", "PL61109010140000071219812874"), "nine characters");
        assert!(!valid_bic("BPK0PLPW", "PL61109010140000071219812874"), "a digit in the bank's letters");
        let account = |bic: &str| BankAccount::new("Pensjonat", "PL61 1090 1014 0000 0712 1981 2874", "", bic);
        assert_eq!(account(" bpko plpw ").bic, "BPKOPLPW", "typed with spaces, lower case");
        assert!(account("").check().is_ok(), "not required");
        assert_eq!(account("COBADEFF").check(), Err(vec!["bankAccount.bic"]));
    }

    #[test]
    fn an_iban_is_checked_by_its_digits() {
        assert!(valid_iban("PL61109010140000071219812874"));
        assert!(valid_iban("DE89370400440532013000"));
        assert!(valid_iban("GB29NWBK60161331926819"));
        assert!(!valid_iban("PL61109010140000071219812875"), "one digit off");
        assert!(!valid_iban("PL6110901014"), "too short");
        assert!(!valid_iban("pl61109010140000071219812874"), "as typed, not normalized");
        assert_eq!(BankAccount::new(" Pensjonat ", "pl61 1090 1014 0000 0712 1981 2874", "", "").iban, "PL61109010140000071219812874");
        assert_eq!(BankAccount::new("", "PL00", "", "").check(), Err(vec!["bankAccount.holder", "bankAccount.iban"]));
    }

    #[test]
    fn a_bank_transfer_is_offered_only_with_an_account() {
        let none = |_| false;
        let mut rules = PaymentRules { methods: vec![PaymentMethod::BankTransfer, PaymentMethod::Paypal], bank_account: None };
        assert_eq!(rules.offered(none), vec![]);
        assert_eq!(rules.check(none), Err(vec!["methods"]));
        rules.bank_account = Some(BankAccount::new("Pensjonat", "PL61109010140000071219812874", "Bank", ""));
        assert_eq!(rules.offered(|m| m == PaymentMethod::Paypal), vec![PaymentMethod::BankTransfer, PaymentMethod::Paypal]);
        assert_eq!(rules.check(none), Err(vec!["methods"]), "PayPal without its keys");
        rules.methods = vec![PaymentMethod::BankTransfer];
        assert_eq!(rules.check(none), Ok(()));
    }
}

//! Checkout's rules: the states a cart moves through on its way to an
//! order, what each step accepts, and what the guest's details must be.
//!
//! `cart` → `addressed` → (`vouchered` | `vouchering_skipped`) →
//! (`payment_selected` | `payment_skipped`) → `completed`. Vouchering is
//! skipped when the basket holds no gift voucher, payment when nothing is
//! left to pay. A change to the basket after the address sends it back to
//! the address's state, so vouchers, shipping and payment are chosen again
//! for what the basket now holds.

use chrono::NaiveDate;
use rand::Rng;
use serde::{Deserialize, Serialize};

use super::settings::CheckoutRules;

use super::item::{Dedication, MAX_VOUCHER_MESSAGE, MAX_VOUCHER_NAME};

spa_platform::coded! {
    /// Where a cart is on its way to an order.
    pub enum State: spa_proto::spa::cart::v1::CheckoutState {
        Cart => "cart",
        Addressed => "addressed",
        Vouchered => "vouchered",
        VoucheringSkipped => "vouchering_skipped",
        PaymentSelected => "payment_selected",
        PaymentSkipped => "payment_skipped",
        Completed => "completed",
    }
}

/// The steps a visitor takes; each is allowed from some states only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Address,
    Voucher,
    Shipping,
    Payment,
    Complete,
}

impl Step {
    pub fn code(self) -> &'static str {
        match self {
            Self::Address => "address",
            Self::Voucher => "voucher",
            Self::Shipping => "shipping",
            Self::Payment => "payment",
            Self::Complete => "complete",
        }
    }
}

impl State {
    /// Whether `step` may be taken now. The voucher and payment gates are
    /// the spec's (2.2): the web's step guards mirror them.
    pub fn allows(self, step: Step) -> bool {
        use State::*;
        match step {
            Step::Address => self != Completed,
            Step::Voucher => matches!(self, Addressed | Vouchered | PaymentSelected | PaymentSkipped),
            Step::Shipping => matches!(self, Addressed | Vouchered | VoucheringSkipped | PaymentSelected | PaymentSkipped),
            Step::Payment => matches!(self, Vouchered | VoucheringSkipped | PaymentSelected | PaymentSkipped),
            Step::Complete => matches!(self, PaymentSelected | PaymentSkipped),
        }
    }

    /// Whether the guest's details were given (and still hold).
    pub fn addressed(self) -> bool {
        !matches!(self, State::Cart | State::Completed)
    }
}

/// What the basket needs from checkout now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Needs {
    /// Gift voucher lines, and whether each has its configuration.
    pub vouchers: usize,
    pub vouchers_configured: bool,
    /// A printed voucher is posted, and a shipping method chosen for it.
    pub shipping_required: bool,
    pub shipping_chosen: bool,
    /// Nothing is left to pay (a basket paid with vouchers).
    pub nothing_to_pay: bool,
}

/// The state after the address is given, a voucher configured, a shipping
/// method chosen, or the basket changed after the address: vouchered (or
/// vouchering skipped) once every voucher is configured and a posted one
/// has its shipping; payment skipped when nothing is left to pay. A payment
/// chosen before is chosen again.
pub fn after_address(needs: Needs) -> State {
    if needs.vouchers > 0 && (!needs.vouchers_configured || (needs.shipping_required && !needs.shipping_chosen)) {
        return State::Addressed;
    }
    after_vouchering(needs)
}

fn after_vouchering(needs: Needs) -> State {
    match (needs.nothing_to_pay, needs.vouchers) {
        (true, _) => State::PaymentSkipped,
        (false, 0) => State::VoucheringSkipped,
        (false, _) => State::Vouchered,
    }
}

/// The state after a payment method is chosen.
pub fn after_payment(needs: Needs) -> State {
    if needs.nothing_to_pay { State::PaymentSkipped } else { State::PaymentSelected }
}

/// The basket changed: a cart past the address goes back to it.
pub fn after_basket_change(state: State, needs: Needs) -> State {
    if state.addressed() { after_address(needs) } else { state }
}

// ---------------------------------------------------------------------------
// The guest's details.

/// Countries the guesthouse sells to.
pub const COUNTRIES: [&str; 2] = ["PL", "DE"];
pub const MAX_NAME: usize = 60;
pub const MAX_LINE: usize = 120;
pub const MAX_NOTES: usize = 1000;
pub const MIN_PHONE: usize = 7;
pub const MAX_PHONE: usize = 30;

/// A wrong field: its name as the REST body spells it.
pub type Violations = Vec<&'static str>;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Customer {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BillingAddress {
    pub invoice_required: bool,
    pub company: String,
    pub vat_number: String,
    pub street: String,
    pub postcode: String,
    pub city: String,
    pub country_code: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PostalAddress {
    pub first_name: String,
    pub last_name: String,
    pub street: String,
    pub postcode: String,
    pub city: String,
    pub country_code: String,
}

/// What the personal-data step saves.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    pub customer: Customer,
    pub billing: BillingAddress,
    pub shipping: Option<PostalAddress>,
    pub notes: String,
}

fn trimmed(s: &str) -> String {
    s.trim().to_owned()
}

fn required(v: &mut Violations, field: &'static str, value: &str, max: usize) {
    if value.is_empty() || value.chars().count() > max {
        v.push(field);
    }
}

/// Digits with an optional plus, parentheses, dashes, spaces, dots or
/// slashes; at least 7 characters (spec 5).
pub fn valid_phone(phone: &str) -> bool {
    let n = phone.chars().count();
    (MIN_PHONE..=MAX_PHONE).contains(&n)
        && phone.chars().all(|c| c.is_ascii_digit() || "+()-. /".contains(c))
        && phone.chars().filter(char::is_ascii_digit).count() >= MIN_PHONE.min(n)
        && phone.chars().skip(1).all(|c| c != '+')
}

/// `00-000` in Poland, five digits in Germany.
pub fn valid_postcode(country: &str, postcode: &str) -> bool {
    let b = postcode.as_bytes();
    match country {
        "PL" => b.len() == 6 && b[2] == b'-' && b.iter().enumerate().all(|(i, c)| i == 2 || c.is_ascii_digit()),
        "DE" => b.len() == 5 && b.iter().all(u8::is_ascii_digit),
        _ => false,
    }
}

/// A Polish NIP (10 digits with its checksum; dashes, spaces and a `PL`
/// prefix allowed) or a German VAT number (`DE` and 9 digits).
pub fn valid_vat_number(country: &str, raw: &str) -> bool {
    let compact: String = raw.chars().filter(|c| !matches!(c, ' ' | '-')).collect::<String>().to_uppercase();
    match country {
        "PL" => {
            let digits = compact.strip_prefix("PL").unwrap_or(&compact);
            if digits.len() != 10 || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return false;
            }
            let d: Vec<u32> = digits.bytes().map(|b| u32::from(b - b'0')).collect();
            let sum: u32 = [6, 5, 7, 2, 3, 4, 5, 6, 7].iter().zip(&d).map(|(w, x)| w * x).sum();
            sum % 11 == d[9]
        }
        "DE" => compact.strip_prefix("DE").is_some_and(|d| d.len() == 9 && d.bytes().all(|b| b.is_ascii_digit())),
        _ => false,
    }
}

fn country(v: &mut Violations, field: &'static str, raw: &str) -> String {
    let code = raw.trim().to_uppercase();
    if !COUNTRIES.contains(&code.as_str()) {
        v.push(field);
    }
    code
}

impl PostalAddress {
    /// Checked and trimmed; wrong fields pushed by the `names` given.
    pub fn check(self, v: &mut Violations, names: [&'static str; 6]) -> Self {
        let [first, last, street, postcode, city, country_field] = names;
        let a = Self {
            first_name: trimmed(&self.first_name),
            last_name: trimmed(&self.last_name),
            street: trimmed(&self.street),
            postcode: trimmed(&self.postcode),
            city: trimmed(&self.city),
            country_code: self.country_code.trim().to_uppercase(),
        };
        let known = COUNTRIES.contains(&a.country_code.as_str());
        required(v, first, &a.first_name, MAX_NAME);
        required(v, last, &a.last_name, MAX_NAME);
        required(v, street, &a.street, MAX_LINE);
        if known && !valid_postcode(&a.country_code, &a.postcode) {
            v.push(postcode);
        }
        required(v, city, &a.city, MAX_LINE);
        if !known {
            v.push(country_field);
        }
        a
    }
}

pub const SHIPPING_FIELDS: [&str; 6] = [
    "shippingAddress.firstName",
    "shippingAddress.lastName",
    "shippingAddress.street",
    "shippingAddress.postcode",
    "shippingAddress.city",
    "shippingAddress.countryCode",
];

impl Address {
    /// The details trimmed, upper-cased where the spec says, and checked;
    /// every wrong field is named at once.
    pub fn check(self, regulations_accepted: bool) -> Result<Self, Violations> {
        let mut v = Violations::new();
        let c = &self.customer;
        let customer = Customer {
            first_name: trimmed(&c.first_name),
            last_name: trimmed(&c.last_name),
            email: c.email.trim().to_lowercase(),
            phone: trimmed(&c.phone),
        };
        required(&mut v, "customer.firstName", &customer.first_name, MAX_NAME);
        required(&mut v, "customer.lastName", &customer.last_name, MAX_NAME);
        if !spa_platform::email::is_valid(&customer.email) {
            v.push("customer.email");
        }
        if !valid_phone(&customer.phone) {
            v.push("customer.phone");
        }
        let b = &self.billing;
        let country_code = if b.country_code.trim().is_empty() && !b.invoice_required { "PL".to_owned() } else { b.country_code.clone() };
        let mut billing = BillingAddress {
            invoice_required: b.invoice_required,
            company: trimmed(&b.company),
            vat_number: trimmed(&b.vat_number),
            street: trimmed(&b.street),
            postcode: trimmed(&b.postcode),
            city: trimmed(&b.city),
            country_code: country(&mut v, "billingAddress.countryCode", &country_code),
        };
        let known_country = COUNTRIES.contains(&billing.country_code.as_str());
        if billing.invoice_required {
            required(&mut v, "billingAddress.company", &billing.company, MAX_LINE);
            if known_country && !valid_vat_number(&billing.country_code, &billing.vat_number) {
                v.push("billingAddress.vatNumber");
            }
            required(&mut v, "billingAddress.street", &billing.street, MAX_LINE);
            required(&mut v, "billingAddress.city", &billing.city, MAX_LINE);
        } else {
            // Without an invoice only the country is kept.
            billing = BillingAddress { country_code: billing.country_code, ..Default::default() };
        }
        if (billing.invoice_required || !billing.postcode.is_empty())
            && known_country
            && !valid_postcode(&billing.country_code, &billing.postcode)
        {
            v.push("billingAddress.postcode");
        }
        let shipping = self.shipping.map(|s| s.check(&mut v, SHIPPING_FIELDS));
        let notes = self.notes.trim().to_owned();
        if notes.chars().count() > MAX_NOTES {
            v.push("notes");
        }
        if !regulations_accepted {
            v.push("regulationsAccepted");
        }
        if v.is_empty() { Ok(Self { customer, billing, shipping, notes }) } else { Err(v) }
    }
}

// ---------------------------------------------------------------------------
// Gift vouchers, shipping and payment.

spa_platform::coded! {
    /// How a gift voucher reaches its recipient.
    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Delivery: spa_proto::common::VoucherDelivery {
        Email => "email",
        Post => "post",
    }
}

/// The designs a gift voucher is printed with: code and name per locale
/// (pl, de, en_GB).
pub const VOUCHER_DESIGNS: [(&str, [&str; 3]); 3] = [
    ("classic", ["Klasyczny", "Klassisch", "Classic"]),
    ("floral", ["Kwiatowy", "Blumen", "Floral"]),
    ("relax", ["Relaks", "Entspannung", "Relax"]),
];

spa_platform::coded! {
    /// How printed vouchers are posted.
    pub enum ShippingMethod: spa_proto::spa::cart::v1::ShippingMethod {
        Post => "post",
        Courier => "courier",
    }
}

impl ShippingMethod {
    /// What posting costs, in grosze.
    pub fn price(self) -> i64 {
        match self {
            Self::Post => 1200,
            Self::Courier => 2500,
        }
    }

    /// Names per locale (pl, de, en_GB).
    pub fn names(self) -> [&'static str; 3] {
        match self {
            Self::Post => ["Poczta Polska, list polecony", "Deutsche Post, Einschreiben", "Registered letter"],
            Self::Courier => ["Kurier", "Kurier", "Courier"],
        }
    }
}

/// A gift voucher's configuration, as the voucher step sends it.
#[derive(Debug, Clone, Default)]
pub struct VoucherConfig {
    pub recipient: String,
    pub sender: String,
    pub message: String,
    pub email: String,
    pub design: String,
    /// None when not chosen (or unknown).
    pub delivery: Option<Delivery>,
    pub postal: PostalAddress,
}

pub const VOUCHER_POSTAL_FIELDS: [&str; 6] = ["firstName", "lastName", "street", "postcode", "city", "countryCode"];

impl VoucherConfig {
    /// The dedication it makes, or every wrong field: an e-mailed voucher
    /// needs the address, a posted one the recipient's postal address.
    pub fn check(self) -> Result<Dedication, Violations> {
        let mut v = Violations::new();
        let recipient = trimmed(&self.recipient);
        let sender = trimmed(&self.sender);
        required(&mut v, "for", &recipient, MAX_VOUCHER_NAME);
        required(&mut v, "from", &sender, MAX_VOUCHER_NAME);
        let message = trimmed(&self.message);
        if message.chars().count() > MAX_VOUCHER_MESSAGE {
            v.push("message");
        }
        let design = VOUCHER_DESIGNS.iter().find(|(code, _)| *code == self.design.trim()).map(|(code, _)| (*code).to_owned());
        if design.is_none() {
            v.push("design");
        }
        let delivery = self.delivery;
        if delivery.is_none() {
            v.push("delivery");
        }
        let email = Some(self.email.trim().to_lowercase()).filter(|e| !e.is_empty());
        let email_ok = email.as_deref().is_some_and(spa_platform::email::is_valid);
        if (delivery == Some(Delivery::Email) || email.is_some()) && !email_ok {
            v.push("email");
        }
        let postal = (delivery == Some(Delivery::Post)).then(|| self.postal.check(&mut v, VOUCHER_POSTAL_FIELDS));
        if !v.is_empty() {
            return Err(v);
        }
        Ok(Dedication { recipient, sender, message, email, design, delivery, postal })
    }
}

spa_platform::coded! {
    /// Payment methods; the online ones hold the nights for a short time.
    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum PaymentMethod: spa_proto::common::PaymentMethod {
        BankTransfer => "bank_transfer",
        Przelewy24 => "przelewy24",
        Paypal => "paypal",
        /// Booked by the front desk for a guest who pays on arrival;
        /// offered to the front desk only.
        Guesthouse => "guesthouse",
    }
}

impl PaymentMethod {
    /// Names per locale (pl, de, en_GB).
    pub fn names(self) -> [&'static str; 3] {
        match self {
            Self::BankTransfer => ["Przelew bankowy", "Banküberweisung", "Bank transfer"],
            Self::Przelewy24 => ["Przelewy24", "Przelewy24", "Przelewy24"],
            Self::Paypal => ["PayPal", "PayPal", "PayPal"],
            Self::Guesthouse => ["Płatność na miejscu, w pensjonacie", "Zahlung vor Ort in der Pension", "Pay at the guesthouse"],
        }
    }

    /// How long the nights of an unpaid order are held, placed at `now`
    /// (Unix ms) with its last stay ending on `departure`: a bank transfer
    /// takes days, an online payment minutes; a guest who pays at the
    /// guesthouse keeps the nights until the end of the departure day (a
    /// guest who never came then lets them go, the order cancelled).
    pub fn hold_seconds(self, rules: &CheckoutRules, now: i64, departure: Option<NaiveDate>) -> u32 {
        let bank_transfer = rules.bank_transfer_hold_days * 24 * 3600;
        match self {
            Self::BankTransfer => bank_transfer,
            Self::Przelewy24 | Self::Paypal => rules.online_hold_minutes * 60,
            Self::Guesthouse => {
                let end = departure.and_then(|d| d.succ_opt()).and_then(|d| d.and_hms_opt(0, 0, 0)).map(|t| t.and_utc().timestamp_millis());
                let seconds = end.map_or(0, |end| (end - now).max(0) / 1000);
                u32::try_from(seconds).unwrap_or(u32::MAX).max(bank_transfer)
            }
        }
    }

    /// Whether the guest pays it through an online provider.
    pub fn online(self) -> bool {
        matches!(self, Self::Przelewy24 | Self::Paypal)
    }
}

/// The provider of a payment the staff took at the guesthouse (cash, a
/// card terminal, a transfer): the rest of an advance-paid order.
pub const AT_GUESTHOUSE: &str = "guesthouse";

spa_platform::coded! {
    /// Where a payment's money came through (`payments.provider`).
    pub enum Provider: spa_proto::spa::cart::v1::PaymentProvider {
        BankTransfer => "bank_transfer",
        Przelewy24 => "przelewy24",
        Paypal => "paypal",
        /// Paid at the guesthouse, recorded by the staff ([`AT_GUESTHOUSE`]).
        Guesthouse => "guesthouse",
        /// The guesthouse's card terminal, recorded by the staff.
        CardTerminal => "card_terminal",
        /// Cash at the desk, recorded by the staff.
        Cash => "cash",
    }
}

spa_platform::coded! {
    /// Where one attempt at paying an order stands.
    pub enum PaymentState: spa_proto::spa::cart::v1::PaymentState {
        /// Sent to the provider; no money yet.
        Started => "started",
        /// The money came and paid the order.
        Paid => "paid",
        /// The provider turned the attempt down.
        Refused => "refused",
        /// The money came for an order that no longer awaited it (cancelled
        /// meanwhile, or paid by another payment): the staff give it back.
        RefundDue => "refund_due",
        /// Given back; the staff kept the refund's reference.
        Refunded => "refunded",
        /// An overpaid part no longer due back: the record it came with was
        /// reversed as wrong.
        Reversed => "reversed",
    }
}

impl PaymentState {
    /// Whether the money came: a notification for it again changes nothing.
    pub fn settled(self) -> bool {
        matches!(self, Self::Paid | Self::RefundDue | Self::Refunded)
    }
}

spa_platform::coded! {
    /// Where a placed order stands.
    pub enum OrderState: spa_proto::spa::cart::v1::OrderState {
        /// Placed; its first payment has not come.
        New => "new",
        /// Its first payment came (or there was nothing to pay).
        Paid => "paid",
        /// Unpaid when its hold expired: its nights are on sale again.
        Cancelled => "cancelled",
    }
}

spa_platform::coded! {
    /// Why an order was cancelled.
    pub enum CancelReason: spa_proto::events::CancelReason {
        /// Unpaid when its hold expired; a payment arriving while its nights
        /// are still free revives it.
        HoldExpired => "hold_expired",
        /// Paid after its nights were sold to someone else: its money is due back.
        NightsSold => "nights_sold",
        /// Cancelled by the guesthouse, with its policy's fee.
        Staff => "staff",
        /// Cancelled by the guest while no money had come.
        Guest => "guest",
    }
}

spa_platform::coded! {
    /// Where a placed order's payment stands.
    pub enum OrderPayment: spa_proto::spa::cart::v1::OrderPaymentState {
        AwaitingPayment => "awaiting_payment",
        /// The advance came; the rest is paid at the guesthouse.
        PartiallyPaid => "partially_paid",
        Paid => "paid",
        Cancelled => "cancelled",
    }
}

impl OrderPayment {
    /// Whether money came: the whole order or its advance payment.
    pub fn received(self) -> bool {
        matches!(self, Self::Paid | Self::PartiallyPaid)
    }
}

/// The index of a locale in the name arrays above.
pub fn locale_index(locale: &str) -> usize {
    match locale {
        "de" => 1,
        "en_GB" => 2,
        _ => 0,
    }
}

/// What the payment step saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentChoice {
    pub method: PaymentMethod,
    /// Pay the advance now and the rest later.
    pub deposit: bool,
    /// What the payment step showed the guest; completion charges exactly
    /// this or refuses. Absent in carts saved before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote: Option<Quote>,
}

/// The amounts a guest saw when choosing how to pay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    pub total: i64,
    pub due_now: i64,
}

/// Whether an order may be placed for what is due now (`now`), given the
/// state the cart reached and what its payment step showed: nothing is
/// placed at a price the guest did not see. `Err` carries what the guest
/// saw due now.
pub fn check_quote(state: State, quote: Option<Quote>, now: Quote) -> Result<(), i64> {
    match (state, quote) {
        // Skipped because nothing was left to pay: still nothing.
        (State::PaymentSkipped, _) if now.due_now != 0 => Err(0),
        (State::PaymentSelected, Some(q)) if q != now => Err(q.due_now),
        _ => Ok(()),
    }
}

/// Everything checkout saved on a cart.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Details {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<Address>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shipping_method: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment: Option<PaymentChoice>,
    /// The order this cart becomes, named before the nights are reserved
    /// so a retried completion reserves for the same order. The address and
    /// payment steps name it in the transaction they write anyway, so a
    /// completion does not need one of its own for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_id: Option<String>,
}

impl Details {
    /// Names the order this cart will become, unless it has its name.
    pub fn name_order(&mut self) {
        if self.order_id.is_none() {
            self.order_id = Some(uuid::Uuid::new_v4().to_string());
        }
    }
}

// ---------------------------------------------------------------------------
// Booking codes.

/// Letters and digits that cannot be mistaken for one another when read
/// out on the phone (no 0/O, 1/I/L, U/V, 2/Z, 5/S, 8/B).
pub(crate) const CODE_ALPHABET: &[u8] = b"34679ACDEFGHJKMNPQRTWXY";
pub const CODE_LEN: usize = 8;

/// `len` random characters of [`CODE_ALPHABET`].
pub(crate) fn random_code(len: usize) -> String {
    let mut rng = rand::rng();
    (0..len).map(|_| CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())] as char).collect()
}

/// A booking code like `SPA-7KM4-XQ9D`: 23^8 ≈ 7.8·10^10 codes, random, so
/// one cannot be guessed from another.
pub fn booking_code() -> String {
    let chars = random_code(CODE_LEN);
    format!("SPA-{}-{}", &chars[..4], &chars[4..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_round_trip() {
        for s in State::ALL {
            assert_eq!(State::parse(s.code()), Some(*s));
        }
        assert_eq!(State::parse("shipped"), None);
    }

    #[test]
    fn order_and_payment_states_round_trip_as_the_store_spells_them() {
        for s in OrderState::ALL {
            assert_eq!(OrderState::parse(s.code()), Some(*s));
        }
        for s in OrderPayment::ALL {
            assert_eq!(OrderPayment::parse(&s.to_string()), Some(*s));
        }
        for s in PaymentState::ALL {
            assert_eq!(PaymentState::parse(s.code()), Some(*s));
        }
        // The store's SQL writes these codes as literals (store::MARK_PAID,
        // record_paid, RECEIVED, reverse_overpayment): a code changed here
        // must be changed there too.
        let codes = |all: &[&str]| all.join(" ");
        assert_eq!(codes(&OrderState::ALL.iter().map(|s| s.code()).collect::<Vec<_>>()), "new paid cancelled");
        assert_eq!(
            codes(&OrderPayment::ALL.iter().map(|s| s.code()).collect::<Vec<_>>()),
            "awaiting_payment partially_paid paid cancelled"
        );
        assert_eq!(
            codes(&PaymentState::ALL.iter().map(|s| s.code()).collect::<Vec<_>>()),
            "started paid refused refund_due refunded reversed"
        );
        assert_eq!(OrderState::parse("shipped"), None);
    }

    #[test]
    fn steps_are_allowed_only_from_their_states() {
        use State::*;
        let allowed = |step| State::ALL.iter().copied().filter(|s| s.allows(step)).collect::<Vec<_>>();
        assert_eq!(allowed(Step::Address), [Cart, Addressed, Vouchered, VoucheringSkipped, PaymentSelected, PaymentSkipped]);
        assert_eq!(allowed(Step::Voucher), [Addressed, Vouchered, PaymentSelected, PaymentSkipped]);
        assert_eq!(allowed(Step::Shipping), [Addressed, Vouchered, VoucheringSkipped, PaymentSelected, PaymentSkipped]);
        assert_eq!(allowed(Step::Payment), [Vouchered, VoucheringSkipped, PaymentSelected, PaymentSkipped]);
        assert_eq!(allowed(Step::Complete), [PaymentSelected, PaymentSkipped]);
    }

    #[test]
    fn vouchering_and_payment_are_skipped_when_nothing_needs_them() {
        let none = Needs::default();
        assert_eq!(after_address(none), State::VoucheringSkipped);
        assert_eq!(after_address(Needs { nothing_to_pay: true, ..none }), State::PaymentSkipped);
        let voucher = Needs { vouchers: 1, ..none };
        assert_eq!(after_address(voucher), State::Addressed, "a voucher to configure");
        assert_eq!(after_address(Needs { vouchers_configured: true, ..voucher }), State::Vouchered);
        let posted = Needs { vouchers_configured: true, shipping_required: true, ..voucher };
        assert_eq!(after_address(posted), State::Addressed, "posted, no shipping chosen");
        assert_eq!(after_address(Needs { shipping_chosen: true, ..posted }), State::Vouchered);
        assert_eq!(after_payment(none), State::PaymentSelected);
        assert_eq!(after_payment(Needs { nothing_to_pay: true, ..none }), State::PaymentSkipped);
    }

    #[test]
    fn a_basket_change_after_the_address_goes_back_to_it() {
        let needs = Needs::default();
        assert_eq!(after_basket_change(State::PaymentSelected, needs), State::VoucheringSkipped);
        assert_eq!(after_basket_change(State::PaymentSelected, Needs { vouchers: 1, ..needs }), State::Addressed);
        assert_eq!(after_basket_change(State::Cart, needs), State::Cart, "no address yet");
    }

    #[test]
    fn an_order_is_placed_only_at_the_price_the_guest_saw() {
        let q = |total, due_now| Quote { total, due_now };
        assert_eq!(check_quote(State::PaymentSkipped, None, q(500, 0)), Ok(()), "a voucher pays it all");
        assert_eq!(check_quote(State::PaymentSkipped, None, q(500, 300)), Err(0), "the voucher was partly spent meanwhile");
        assert_eq!(check_quote(State::PaymentSelected, Some(q(500, 150)), q(500, 150)), Ok(()));
        assert_eq!(check_quote(State::PaymentSelected, Some(q(500, 150)), q(600, 180)), Err(150), "a price rose");
        assert_eq!(check_quote(State::PaymentSelected, Some(q(500, 150)), q(500, 500)), Err(150), "the voucher paid less");
        assert_eq!(check_quote(State::PaymentSelected, None, q(500, 500)), Ok(()), "a cart saved before quotes were kept");
    }

    #[test]
    fn phones_follow_the_spec() {
        for ok in ["+48 600 100 200", "(22) 123-45-67", "600.100.200", "0049/30/123456", "1234567"] {
            assert!(valid_phone(ok), "{ok}");
        }
        for bad in ["123456", "600 100 2OO", "600-100-200 ext 5", "48+600100200", "+()-. /1"] {
            assert!(!valid_phone(bad), "{bad}");
        }
    }

    #[test]
    fn postcodes_match_their_country() {
        assert!(valid_postcode("PL", "00-950") && valid_postcode("DE", "10115"));
        assert!(!valid_postcode("PL", "00950") && !valid_postcode("DE", "1011") && !valid_postcode("PL", "0a-950"));
        assert!(!valid_postcode("CZ", "11000"));
    }

    #[test]
    fn nip_checksums_are_checked() {
        // 526-000-12-46: weights 6,5,7,2,3,4,5,6,7 give 127; 127 mod 11 = 6, its last digit.
        assert!(valid_vat_number("PL", "5260001246"));
        assert!(valid_vat_number("PL", "PL 526-000-12-46"));
        assert!(!valid_vat_number("PL", "5260001247"), "wrong checksum");
        assert!(!valid_vat_number("PL", "526000124"), "9 digits");
        assert!(valid_vat_number("DE", "DE123456789"));
        assert!(!valid_vat_number("DE", "123456789"));
    }

    fn address() -> Address {
        Address {
            customer: Customer {
                first_name: " Anna ".into(),
                last_name: "Nowak".into(),
                email: "Anna@Example.PL".into(),
                phone: "+48 600 100 200".into(),
            },
            billing: BillingAddress { country_code: "pl".into(), ..Default::default() },
            shipping: None,
            notes: String::new(),
        }
    }

    #[test]
    fn a_guest_address_is_trimmed_and_upper_cased() {
        let a = address().check(true).unwrap();
        assert_eq!(a.customer.first_name, "Anna");
        assert_eq!(a.customer.email, "anna@example.pl");
        assert_eq!(a.billing.country_code, "PL");
    }

    #[test]
    fn every_wrong_field_is_named() {
        let mut a = address();
        a.customer.email = "anna@".into();
        a.customer.phone = "12".into();
        a.billing = BillingAddress {
            invoice_required: true,
            vat_number: "5260001247".into(),
            postcode: "00950".into(),
            country_code: "PL".into(),
            ..Default::default()
        };
        let v = a.check(false).unwrap_err();
        assert_eq!(
            v,
            [
                "customer.email",
                "customer.phone",
                "billingAddress.company",
                "billingAddress.vatNumber",
                "billingAddress.street",
                "billingAddress.city",
                "billingAddress.postcode",
                "regulationsAccepted"
            ]
        );
        let mut a = address();
        a.billing.country_code = "CZ".into();
        assert_eq!(a.check(true).unwrap_err(), ["billingAddress.countryCode"]);
    }

    #[test]
    fn an_invoice_address_with_a_valid_nip_passes() {
        let mut a = address();
        a.billing = BillingAddress {
            invoice_required: true,
            company: "Spa Sp. z o.o.".into(),
            vat_number: "526-000-12-46".into(),
            street: "Leśna 1".into(),
            postcode: "66-200".into(),
            city: "Świebodzin".into(),
            country_code: "PL".into(),
        };
        assert!(a.check(true).is_ok());
    }

    #[test]
    fn a_voucher_needs_what_its_delivery_needs() {
        let config = VoucherConfig {
            recipient: "Ola".into(),
            sender: "Jan".into(),
            design: "floral".into(),
            delivery: Some(Delivery::Email),
            email: "Ola@Example.pl".into(),
            ..Default::default()
        };
        let d = config.clone().check().unwrap();
        assert!(d.configured() && !d.posted());
        assert_eq!(d.email.as_deref(), Some("ola@example.pl"));
        let posted = VoucherConfig { delivery: Some(Delivery::Post), email: String::new(), ..config.clone() };
        assert_eq!(posted.check().unwrap_err(), ["firstName", "lastName", "street", "city", "countryCode"], "no address given");
        let bad = VoucherConfig { design: "gold".into(), delivery: None, recipient: " ".into(), ..config };
        assert_eq!(bad.check().unwrap_err(), ["for", "design", "delivery"]);
    }

    #[test]
    fn a_guest_paying_at_the_guesthouse_keeps_the_nights_until_the_end_of_the_departure_day() {
        let now = NaiveDate::from_ymd_opt(2027, 3, 1).unwrap().and_hms_opt(10, 0, 0).unwrap().and_utc().timestamp_millis();
        let departure = NaiveDate::from_ymd_opt(2027, 3, 20);
        let rules = CheckoutRules { bank_transfer_hold_days: 4, online_hold_minutes: 45, ..CheckoutRules::default() };
        assert_eq!(PaymentMethod::Guesthouse.hold_seconds(&rules, now, departure), (19 * 24 + 14) * 3600);
        // Never shorter than a bank transfer's.
        assert_eq!(PaymentMethod::Guesthouse.hold_seconds(&rules, now, NaiveDate::from_ymd_opt(2027, 3, 1)), 4 * 24 * 3600);
        assert_eq!(PaymentMethod::BankTransfer.hold_seconds(&rules, now, departure), 4 * 24 * 3600);
        assert_eq!(PaymentMethod::Paypal.hold_seconds(&rules, now, departure), 45 * 60);
        assert!(!PaymentMethod::Guesthouse.online() && PaymentMethod::Przelewy24.online() && !PaymentMethod::BankTransfer.online());
    }

    #[test]
    fn booking_codes_are_readable_and_differ() {
        let a = booking_code();
        assert_eq!(a.len(), "SPA-XXXX-XXXX".len());
        assert!(a[4..].chars().all(|c| c == '-' || CODE_ALPHABET.contains(&(c as u8))));
        let codes: std::collections::HashSet<String> = (0..1000).map(|_| booking_code()).collect();
        assert_eq!(codes.len(), 1000);
    }
}

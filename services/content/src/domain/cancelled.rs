//! The guest's e-mail when an order is cancelled (`cart.order.cancelled`):
//! unpaid when its hold expired, or paid after its nights were sold to
//! someone else, with what happens to any money that came. In the order's
//! language; HTML escaped by askama. It carries the order's link, so its
//! body is cleared once sent.

use askama::Template;
use spa_platform::locale::Locale;
use spa_platform::money::pln as money;
use spa_proto::events::{CancelReason, OrderCancelled};

use crate::domain::mail::{Links, Mail};

/// The words of the e-mail in one language.
pub struct Texts {
    pub lang: &'static str,
    pub subject: &'static str,
    pub greeting: &'static str,
    pub code_label: &'static str,
    pub expired: &'static str,
    pub sold: &'static str,
    pub by_staff: &'static str,
    pub by_guest: &'static str,
    pub fee: &'static str,
    pub refund: &'static str,
    pub not_taken: &'static str,
    pub vouchers_kept: &'static str,
    pub order_link: &'static str,
    pub closing: &'static str,
}

const PL: Texts = Texts {
    lang: "pl",
    subject: "Rezerwacja anulowana",
    greeting: "Dzień dobry",
    code_label: "Kod rezerwacji",
    expired: "nie otrzymaliśmy płatności w wyznaczonym czasie, więc rezerwacja została anulowana, a jej noce wróciły do sprzedaży.",
    sold: "Twoja płatność dotarła po czasie rezerwacji, a w międzyczasie pokój na te noce został sprzedany. Rezerwacja została anulowana.",
    by_staff: "twoja rezerwacja została anulowana przez nas, a jej noce wróciły do sprzedaży.",
    by_guest: "zgodnie z Twoją prośbą rezerwacja została anulowana przed płatnością, a jej noce wróciły do sprzedaży.",
    fee: "Opłata za anulowanie zgodnie z warunkami rezerwacji",
    refund: "Zwrócimy Ci",
    not_taken: "Twoja płatność nie została pobrana: operator płatności zwróci ją na Twoje konto.",
    vouchers_kept: "Bony podarunkowe z tego zamówienia pozostają ważne, ich wartość",
    order_link: "Szczegóły zamówienia",
    closing: "Zapraszamy do ponownej rezerwacji w innym terminie.",
};

const DE: Texts = Texts {
    lang: "de",
    subject: "Buchung storniert",
    greeting: "Guten Tag",
    code_label: "Buchungscode",
    expired: "wir haben Ihre Zahlung nicht innerhalb der vorgesehenen Frist erhalten. Die Buchung wurde storniert, ihre Nächte sind wieder buchbar.",
    sold: "Ihre Zahlung ist nach Ablauf der Reservierung eingegangen, und das Zimmer wurde für diese Nächte inzwischen anderweitig gebucht. Die Buchung wurde storniert.",
    by_staff: "Ihre Buchung wurde von uns storniert, ihre Nächte sind wieder buchbar.",
    by_guest: "wie gewünscht wurde Ihre Buchung vor der Zahlung storniert, ihre Nächte sind wieder buchbar.",
    fee: "Stornogebühr gemäß den Buchungsbedingungen",
    refund: "Wir erstatten Ihnen",
    not_taken: "Ihre Zahlung wurde nicht eingezogen: Der Zahlungsanbieter erstattet sie auf Ihr Konto.",
    vouchers_kept: "Die Geschenkgutscheine dieser Bestellung bleiben gültig, ihr Wert",
    order_link: "Einzelheiten der Bestellung",
    closing: "Wir freuen uns auf Ihre Buchung zu einem anderen Termin.",
};

const EN: Texts = Texts {
    lang: "en-GB",
    subject: "Booking cancelled",
    greeting: "Hello",
    code_label: "Booking code",
    expired: "we did not receive your payment in time, so the booking was cancelled and its nights are on sale again.",
    sold: "your payment arrived after the booking's hold had ended, and the room was sold to someone else for those nights meanwhile. The booking was cancelled.",
    by_staff: "your booking has been cancelled by the guesthouse, and its nights are on sale again.",
    by_guest: "as you asked, your booking was cancelled before payment, and its nights are on sale again.",
    fee: "Cancellation fee, as the booking's terms set it",
    refund: "We will refund you",
    not_taken: "Your payment was not taken: the payment provider returns it to your account.",
    vouchers_kept: "The gift vouchers of this order stay valid, worth",
    order_link: "Order details",
    closing: "We would be glad to welcome you on other dates.",
};

fn texts(locale: Locale) -> &'static Texts {
    match locale {
        Locale::Pl => &PL,
        Locale::De => &DE,
        Locale::EnGb => &EN,
    }
}

#[derive(Template)]
#[template(path = "order_cancelled.html")]
struct CancelledHtml<'a> {
    t: &'a Texts,
    subject: &'a str,
    c: &'a OrderCancelled,
    why: &'a str,
    refund: String,
    fee: String,
    not_taken: bool,
    vouchers_kept: String,
    order_link: String,
}

#[derive(Template)]
#[template(path = "order_cancelled.txt")]
struct CancelledText<'a> {
    t: &'a Texts,
    c: &'a OrderCancelled,
    why: &'a str,
    refund: String,
    fee: String,
    not_taken: bool,
    vouchers_kept: String,
    order_link: String,
}

/// The e-mail of a cancelled order.
pub fn cancelled_mail(c: &OrderCancelled, links: &Links) -> anyhow::Result<Mail> {
    let locale = Locale::or_fallback(&c.locale);
    let t = texts(locale);
    let subject = format!("{} – {}", t.subject, c.booking_code);
    let why = match c.reason() {
        CancelReason::NightsSold => t.sold,
        CancelReason::Staff => t.by_staff,
        CancelReason::Guest => t.by_guest,
        CancelReason::HoldExpired | CancelReason::Unspecified => t.expired,
    };
    let amount = |minor| if minor > 0 { money(locale, minor) } else { String::new() };
    let (refund, vouchers_kept, fee) = (amount(c.refund), amount(c.vouchers_kept), amount(c.fee));
    // Paid late online, the money never taken: the provider returns it.
    let not_taken = c.money_not_taken;
    let order_link = links.on_host(locale, &format!("/order/{}/pay", c.token));
    let html = CancelledHtml {
        t,
        subject: &subject,
        c,
        why,
        refund: refund.clone(),
        fee: fee.clone(),
        not_taken,
        vouchers_kept: vouchers_kept.clone(),
        order_link: order_link.clone(),
    }
    .render()?;
    let text = CancelledText { t, c, why, refund, fee, not_taken, vouchers_kept, order_link }.render()?;
    Ok(Mail { recipient: c.email.clone(), subject, text, html: Some(html), sensitive: true, reply_to: None })
}

/// Whether the cancellation names a guest to write to: events published
/// before cancellations carried the guest's details do not.
pub fn has_recipient(c: &OrderCancelled) -> bool {
    !c.email.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cancelled(reason: CancelReason, refund: i64, locale: &str) -> OrderCancelled {
        let money_not_taken = reason == CancelReason::NightsSold && refund == 0;
        OrderCancelled {
            order_id: "o-1".into(),
            booking_code: "SPA-7KM4-XQ9D".into(),
            email: "anna@example.pl".into(),
            locale: locale.into(),
            token: "t0k3n".into(),
            first_name: "Anna <b>".into(),
            reason: reason as i32,
            refund,
            payment_method: spa_proto::common::PaymentMethod::Przelewy24 as i32,
            money_not_taken,
            vouchers_kept: 0,
            fee: 0,
        }
    }

    #[test]
    fn a_cancellation_by_the_guesthouse_names_its_fee_and_refund_in_the_guests_language() {
        let links = Links::new("https://spa.example");
        for (locale, why, fee) in [
            ("pl", "anulowana przez nas", "Opłata za anulowanie"),
            ("de", "von uns storniert", "Stornogebühr"),
            ("en_GB", "cancelled by the guesthouse", "Cancellation fee"),
        ] {
            let c = OrderCancelled { fee: 15_000, ..cancelled(CancelReason::Staff, 35_000, locale) };
            let m = cancelled_mail(&c, &links).unwrap();
            assert!(m.text.contains(why) && m.text.contains(fee), "{locale}: {}", m.text);
            assert!(m.text.contains("150") && m.text.contains("350"), "{locale}: {}", m.text);
        }
        let free = cancelled_mail(&cancelled(CancelReason::Guest, 0, "en_GB"), &links).unwrap();
        assert!(free.text.contains("as you asked") && !free.text.contains("Cancellation fee"), "{}", free.text);
    }

    #[test]
    fn an_unpaid_order_is_cancelled_in_the_guests_language() {
        let links = Links::new("https://spa.example");
        let m = cancelled_mail(&cancelled(CancelReason::HoldExpired, 0, "de"), &links).unwrap();
        assert_eq!(m.subject, "Buchung storniert – SPA-7KM4-XQ9D");
        assert_eq!(m.recipient, "anna@example.pl");
        assert!(m.text.contains("nicht innerhalb der vorgesehenen Frist") && !m.text.contains("erstatten"), "{}", m.text);
        assert!(m.text.contains("https://spa.example/order/t0k3n/pay"));
        assert!(!m.html.unwrap().contains("Anna <b>"), "escaped");
    }

    #[test]
    fn a_late_payment_says_what_happens_to_the_money() {
        let links = Links::new("https://spa.example");
        let refunded = cancelled_mail(&cancelled(CancelReason::NightsSold, 37_100, "en_GB"), &links).unwrap();
        assert!(
            refunded.text.contains("sold to someone else")
                && refunded.text.contains("We will refund you: PLN\u{a0}371.00")
                && !refunded.text.contains("not taken"),
            "{}",
            refunded.text
        );
        let returned = cancelled_mail(&cancelled(CancelReason::NightsSold, 0, "pl"), &links).unwrap();
        assert!(returned.text.contains("nie została pobrana"), "{}", returned.text);
        // Paid in full with gift vouchers it issued: the stays' part comes
        // back, the vouchers stay valid.
        let kept = OrderCancelled { vouchers_kept: 20_000, ..cancelled(CancelReason::NightsSold, 37_100, "de") };
        let m = cancelled_mail(&kept, &links).unwrap();
        assert!(
            m.text.contains("Wir erstatten Ihnen: 371,00\u{a0}zł") && m.text.contains("bleiben gültig, ihr Wert: 200,00\u{a0}zł"),
            "{}",
            m.text
        );
        // A stay paid with gift vouchers only: nothing to refund, nothing "not taken".
        let voucher_paid = OrderCancelled { money_not_taken: false, ..cancelled(CancelReason::NightsSold, 0, "en_GB") };
        let m = cancelled_mail(&voucher_paid, &links).unwrap();
        assert!(!m.text.contains("not taken") && !m.text.contains("refund"), "{}", m.text);
    }
}

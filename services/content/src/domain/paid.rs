//! E-mails after a payment: the guest's confirmation that the payment came
//! (`cart.order.paid`), and each gift voucher's code (`cart.voucher.issued`),
//! to the recipient when it is e-mailed, to the buyer when it is posted.
//! In the order's language; HTML escaped by askama. Both carry a secret (the
//! order's link, a voucher's code): their bodies are cleared once sent.

use askama::Template;
use spa_platform::locale::Locale;
use spa_platform::money::pln as money;
use spa_proto::common::VoucherDelivery;
use spa_proto::events::{OrderPaid, VoucherIssued};

use crate::domain::mail::{Links, Mail};

/// The words of both e-mails in one language.
pub struct Texts {
    pub lang: &'static str,
    pub paid_subject: &'static str,
    pub greeting: &'static str,
    pub paid_intro: &'static str,
    pub code_label: &'static str,
    pub paid_amount: &'static str,
    pub left_later: &'static str,
    pub nothing_left: &'static str,
    pub order_link: &'static str,
    pub closing: &'static str,
    pub voucher_subject: &'static str,
    pub voucher_for: &'static str,
    pub voucher_from: &'static str,
    pub voucher_value: &'static str,
    pub voucher_code: &'static str,
    pub valid_until: &'static str,
    pub voucher_use: &'static str,
    pub posted_note: &'static str,
    pub shop_link: &'static str,
}

const PL: Texts = Texts {
    lang: "pl",
    paid_subject: "Płatność otrzymana",
    greeting: "Dzień dobry",
    paid_intro: "otrzymaliśmy Twoją płatność. Dziękujemy!",
    code_label: "Kod rezerwacji",
    paid_amount: "Zapłacono",
    left_later: "Do zapłaty na miejscu",
    nothing_left: "Zamówienie jest w pełni opłacone.",
    order_link: "Szczegóły zamówienia",
    closing: "Do zobaczenia!",
    voucher_subject: "Voucher podarunkowy",
    voucher_for: "Dla",
    voucher_from: "Od",
    voucher_value: "Wartość",
    voucher_code: "Kod vouchera",
    valid_until: "Ważny do",
    voucher_use: "Wpisz kod w koszyku naszego sklepu przy pobycie, pakiecie, zabiegu lub produkcie, a voucher zapłaci za nie do swojej wartości.",
    posted_note: "Wydrukowany voucher wyślemy pocztą na podany adres. Zachowaj tego e-maila: kod działa od razu.",
    shop_link: "Do sklepu",
};

const DE: Texts = Texts {
    lang: "de",
    paid_subject: "Zahlung erhalten",
    greeting: "Guten Tag",
    paid_intro: "wir haben Ihre Zahlung erhalten. Vielen Dank!",
    code_label: "Buchungscode",
    paid_amount: "Bezahlt",
    left_later: "Vor Ort zu zahlen",
    nothing_left: "Die Bestellung ist vollständig bezahlt.",
    order_link: "Einzelheiten der Bestellung",
    closing: "Bis bald!",
    voucher_subject: "Geschenkgutschein",
    voucher_for: "Für",
    voucher_from: "Von",
    voucher_value: "Wert",
    voucher_code: "Gutscheincode",
    valid_until: "Gültig bis",
    voucher_use: "Geben Sie den Code im Warenkorb unseres Shops bei einem Aufenthalt, Paket, einer Behandlung oder einem Produkt ein; der Gutschein bezahlt bis zu seinem Wert.",
    posted_note: "Den gedruckten Gutschein senden wir per Post an die angegebene Adresse. Bewahren Sie diese E-Mail auf: Der Code gilt sofort.",
    shop_link: "Zum Shop",
};

const EN: Texts = Texts {
    lang: "en-GB",
    paid_subject: "Payment received",
    greeting: "Hello",
    paid_intro: "we have received your payment. Thank you!",
    code_label: "Booking code",
    paid_amount: "Paid",
    left_later: "Left to pay at the guesthouse",
    nothing_left: "The order is paid in full.",
    order_link: "Order details",
    closing: "See you soon!",
    voucher_subject: "Gift voucher",
    voucher_for: "For",
    voucher_from: "From",
    voucher_value: "Value",
    voucher_code: "Voucher code",
    valid_until: "Valid until",
    voucher_use: "Enter the code in our shop's basket on a stay, package, treatment or product, and the voucher pays for it up to its value.",
    posted_note: "We will post the printed voucher to the address given. Keep this e-mail: the code works straight away.",
    shop_link: "Visit the shop",
};

fn texts(locale: Locale) -> &'static Texts {
    match locale {
        Locale::Pl => &PL,
        Locale::De => &DE,
        Locale::EnGb => &EN,
    }
}

#[derive(Template)]
#[template(path = "payment_received.html")]
struct PaidHtml<'a> {
    t: &'a Texts,
    subject: &'a str,
    p: &'a OrderPaid,
    amount: String,
    left_later: String,
    order_link: String,
}

#[derive(Template)]
#[template(path = "payment_received.txt")]
struct PaidText<'a> {
    t: &'a Texts,
    p: &'a OrderPaid,
    amount: String,
    left_later: String,
    order_link: String,
}

/// The e-mail of a payment received.
pub fn paid_mail(p: &OrderPaid, links: &Links) -> anyhow::Result<Mail> {
    let locale = Locale::or_fallback(&p.locale);
    let t = texts(locale);
    let subject = format!("{} – {}", t.paid_subject, p.booking_code);
    let amount = money(locale, p.amount);
    let left_later = if p.left_to_pay > 0 { money(locale, p.left_to_pay) } else { String::new() };
    let order_link = links.on_host(locale, &format!("/order/{}/pay", p.token));
    let html = PaidHtml { t, subject: &subject, p, amount: amount.clone(), left_later: left_later.clone(), order_link: order_link.clone() }
        .render()?;
    let text = PaidText { t, p, amount, left_later, order_link }.render()?;
    Ok(Mail { recipient: p.email.clone(), subject, text, html: Some(html), sensitive: true, reply_to: None })
}

#[derive(Template)]
#[template(path = "gift_voucher.html")]
struct VoucherHtml<'a> {
    t: &'a Texts,
    subject: &'a str,
    v: &'a VoucherIssued,
    value: String,
    valid_until: String,
    posted: bool,
    shop_link: String,
}

#[derive(Template)]
#[template(path = "gift_voucher.txt")]
struct VoucherText<'a> {
    t: &'a Texts,
    v: &'a VoucherIssued,
    value: String,
    valid_until: String,
    posted: bool,
    shop_link: String,
}

/// The e-mail with a gift voucher's code: to its recipient when it is
/// e-mailed, to the buyer when it is posted (or has no e-mail address).
pub fn voucher_mail(v: &VoucherIssued, links: &Links) -> anyhow::Result<Mail> {
    let locale = Locale::or_fallback(&v.locale);
    let t = texts(locale);
    let posted = v.delivery() != VoucherDelivery::Email || v.email.is_empty();
    let recipient = if posted { v.buyer_email.clone() } else { v.email.clone() };
    let subject = format!("{} – {}", t.voucher_subject, v.product_name);
    let value = money(locale, v.value);
    // Vouchers run to the end of a UTC day: that day, as guests read dates.
    let valid_until = spa_platform::dates::dmy_of(&spa_platform::dates::utc_day(v.expires_at_ms - 1));
    let shop_link = links.page(locale, "/");
    let html = VoucherHtml {
        t,
        subject: &subject,
        v,
        value: value.clone(),
        valid_until: valid_until.clone(),
        posted,
        shop_link: shop_link.clone(),
    }
    .render()?;
    let text = VoucherText { t, v, value, valid_until, posted, shop_link }.render()?;
    Ok(Mail { recipient, subject, text, html: Some(html), sensitive: true, reply_to: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn links() -> Links {
        Links::new("https://spa.example")
    }

    #[test]
    fn a_payment_mail_names_the_amount_and_what_is_left() {
        let p = OrderPaid {
            booking_code: "SPA-7KM4-XQ9D".into(),
            email: "anna@example.pl".into(),
            locale: "en_GB".into(),
            token: "t0k3n".into(),
            first_name: "Anna <b>".into(),
            amount: 37_100,
            left_to_pay: 86_356,
            ..Default::default()
        };
        let m = paid_mail(&p, &links()).unwrap();
        assert_eq!(m.subject, "Payment received – SPA-7KM4-XQ9D");
        assert_eq!(m.recipient, "anna@example.pl");
        assert!(
            m.text.contains("Paid: PLN\u{a0}371.00") && m.text.contains("Left to pay at the guesthouse: PLN\u{a0}863.56"),
            "{}",
            m.text
        );
        assert!(m.text.contains("https://spa.example/order/t0k3n/pay"));
        let html = m.html.unwrap();
        assert!(!html.contains("Anna <b>") && html.contains("Anna &"), "escaped: {html}");
        let full = paid_mail(&OrderPaid { left_to_pay: 0, ..p }, &links()).unwrap();
        assert!(full.text.contains("The order is paid in full.") && !full.text.contains("Left to pay"), "{}", full.text);
        assert!(full.sensitive);
    }

    fn voucher(delivery: VoucherDelivery) -> VoucherIssued {
        VoucherIssued {
            code: "GV-7KM4-XQ9D-3C4F".into(),
            value: 20_000,
            expires_at_ms: 1_831_593_600_000, // 2028-01-16 00:00 UTC
            locale: "de".into(),
            buyer_email: "adam@example.pl".into(),
            recipient: "Ewa".into(),
            sender: "Adam".into(),
            message: "Zum <Geburtstag>".into(),
            delivery: delivery as i32,
            email: "ewa@example.de".into(),
            product_name: "Gutschein 200 zł".into(),
            ..Default::default()
        }
    }

    #[test]
    fn an_e_mailed_voucher_goes_to_its_recipient_with_its_code() {
        let m = voucher_mail(&voucher(VoucherDelivery::Email), &links()).unwrap();
        assert_eq!(m.recipient, "ewa@example.de");
        assert!(m.text.contains("Gutscheincode: GV-7KM4-XQ9D-3C4F") && m.text.contains("Gültig bis: 15.01.2028"), "{}", m.text);
        assert!(m.text.contains("200,00\u{a0}zł") && m.text.contains("Zum <Geburtstag>"), "{}", m.text);
        assert!(!m.text.contains("per Post"));
        let html = m.html.unwrap();
        assert!(html.contains("GV-7KM4-XQ9D-3C4F") && !html.contains("<Geburtstag>"), "{html}");
        assert!(m.sensitive);
    }

    #[test]
    fn a_posted_voucher_tells_the_buyer() {
        let m = voucher_mail(&voucher(VoucherDelivery::Post), &links()).unwrap();
        assert_eq!(m.recipient, "adam@example.pl");
        assert!(m.text.contains("per Post") && m.text.contains("GV-7KM4-XQ9D-3C4F"), "{}", m.text);
    }
}

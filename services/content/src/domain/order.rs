//! The order e-mail: when the cart places an order, its summary with the
//! booking code goes to the guest, in the order's language, as HTML and
//! text from the templates in `templates/` (HTML escaped by askama).

use askama::Template;
use spa_platform::dates::dmy_of;
use spa_platform::locale::Locale;
use spa_platform::money::pln as money;
use spa_proto::common::{OrderLine, PaymentMethod};
use spa_proto::events::{OrderChanged, OrderPlaced};

use crate::domain::mail::{Links, Mail};

/// The words of the e-mail in one language.
pub struct Texts {
    pub lang: &'static str,
    pub subject: &'static str,
    pub greeting: &'static str,
    pub intro: &'static str,
    pub code_label: &'static str,
    pub lines_heading: &'static str,
    pub total: &'static str,
    pub due_now: &'static str,
    pub left_later: &'static str,
    pub hold_note: &'static str,
    /// Said after the hold's end: the guesthouse's clock.
    pub local_time: &'static str,
    pub pay_link: &'static str,
    pub closing: &'static str,
}

const PL: Texts = Texts {
    lang: "pl",
    subject: "Twoja rezerwacja",
    greeting: "Dzień dobry",
    intro: "dziękujemy za zamówienie. Oto jego podsumowanie i Twój kod rezerwacji – podaj go przy przyjeździe lub w kontakcie z nami.",
    code_label: "Kod rezerwacji",
    lines_heading: "Zamówienie",
    total: "Razem",
    due_now: "Do zapłaty teraz",
    left_later: "Pozostało do zapłaty później",
    hold_note: "Rezerwujemy dla Ciebie pokój do",
    local_time: "czasu polskiego",
    pay_link: "Płatność i szczegóły zamówienia",
    closing: "Do zobaczenia!",
};

const DE: Texts = Texts {
    lang: "de",
    subject: "Ihre Buchung",
    greeting: "Guten Tag",
    intro: "vielen Dank für Ihre Bestellung. Hier sind die Übersicht und Ihr Buchungscode – bitte nennen Sie ihn bei der Anreise oder wenn Sie uns kontaktieren.",
    code_label: "Buchungscode",
    lines_heading: "Bestellung",
    total: "Summe",
    due_now: "Jetzt zu zahlen",
    left_later: "Später zu zahlen",
    hold_note: "Wir halten das Zimmer für Sie bis",
    local_time: "polnische Zeit",
    pay_link: "Zahlung und Einzelheiten der Bestellung",
    closing: "Bis bald!",
};

const EN: Texts = Texts {
    lang: "en-GB",
    subject: "Your booking",
    greeting: "Hello",
    intro: "thank you for your order. Here is its summary and your booking code – please give it when you arrive or when you contact us.",
    code_label: "Booking code",
    lines_heading: "Your order",
    total: "Total",
    due_now: "To pay now",
    left_later: "Left to pay later",
    hold_note: "We hold the room for you until",
    local_time: "Polish time",
    pay_link: "Payment and order details",
    closing: "See you soon!",
};

/// The words of the updated confirmation: what is left to pay now, and
/// what goes back (in the place of what is left for later).
const CHANGED_PL: Texts = Texts {
    subject: "Zmiana rezerwacji",
    intro: "zmieniliśmy Twoją rezerwację. Oto jej aktualne podsumowanie; kod rezerwacji pozostaje ten sam.",
    due_now: "Pozostało do zapłaty",
    left_later: "Zwrócimy Ci",
    ..PL
};

const CHANGED_DE: Texts = Texts {
    subject: "Änderung Ihrer Buchung",
    intro: "wir haben Ihre Buchung geändert. Hier ist die aktuelle Übersicht; Ihr Buchungscode bleibt derselbe.",
    due_now: "Noch zu zahlen",
    left_later: "Wir erstatten Ihnen",
    ..DE
};

const CHANGED_EN: Texts = Texts {
    subject: "Your booking has changed",
    intro: "we have changed your booking. Here is its summary as it is now; your booking code stays the same.",
    due_now: "Left to pay",
    left_later: "We will refund you",
    ..EN
};

/// The words of a booking the front desk made for a guest who pays on arrival.
const ON_ARRIVAL_PL: Texts = Texts { due_now: "Do zapłaty na miejscu, przy przyjeździe", ..PL };
const ON_ARRIVAL_DE: Texts = Texts { due_now: "Vor Ort bei der Anreise zu zahlen", ..DE };
const ON_ARRIVAL_EN: Texts = Texts { due_now: "To pay at the guesthouse when you arrive", ..EN };

pub fn on_arrival_texts(locale: Locale) -> &'static Texts {
    match locale {
        Locale::Pl => &ON_ARRIVAL_PL,
        Locale::De => &ON_ARRIVAL_DE,
        Locale::EnGb => &ON_ARRIVAL_EN,
    }
}

pub fn changed_texts(locale: Locale) -> &'static Texts {
    match locale {
        Locale::Pl => &CHANGED_PL,
        Locale::De => &CHANGED_DE,
        Locale::EnGb => &CHANGED_EN,
    }
}

pub fn texts(locale: Locale) -> &'static Texts {
    match locale {
        Locale::Pl => &PL,
        Locale::De => &DE,
        Locale::EnGb => &EN,
    }
}

pub struct Line {
    pub name: String,
    pub dates: String,
    pub quantity: u32,
    pub total: String,
}

#[derive(Template)]
#[template(path = "order_placed.html")]
struct Html<'a> {
    t: &'a Texts,
    subject: String,
    first_name: &'a str,
    booking_code: &'a str,
    lines: &'a [Line],
    total: String,
    due_now: String,
    left_later: String,
    hold_until: String,
    pay_link: String,
}

#[derive(Template)]
#[template(path = "order_placed.txt")]
struct Text<'a> {
    t: &'a Texts,
    first_name: &'a str,
    booking_code: &'a str,
    lines: &'a [Line],
    total: String,
    due_now: String,
    left_later: String,
    hold_until: String,
    pay_link: String,
}

/// The e-mail of a placed order.
pub fn mail(order: &OrderPlaced, links: &Links) -> anyhow::Result<Mail> {
    let locale = Locale::or_fallback(&order.locale);
    // Booked by the front desk, paid on arrival: no deadline to pay by.
    let on_arrival = order.payment_method() == PaymentMethod::Guesthouse;
    let later = if order.left_to_pay > 0 && order.due_now < order.total { money(locale, order.left_to_pay) } else { String::new() };
    let t = if on_arrival { on_arrival_texts(locale) } else { texts(locale) };
    let hold_until = if order.hold_expires_at_ms > 0 && order.due_now > 0 && !on_arrival {
        format!("{} ({})", spa_platform::dates::local_minutes(order.hold_expires_at_ms), t.local_time)
    } else {
        String::new()
    };
    Letter {
        t,
        locale,
        first_name: &order.first_name,
        booking_code: &order.booking_code,
        email: &order.email,
        token: &order.token,
        lines: &order.lines,
        total: order.total,
        due_now: order.due_now,
        left_later: later,
        hold_until,
    }
    .mail(links)
}

/// The updated confirmation of an order the guesthouse changed: its lines
/// as they are now, what is left to pay and what goes back.
pub fn changed_mail(c: &OrderChanged, links: &Links) -> anyhow::Result<Mail> {
    let locale = Locale::or_fallback(&c.locale);
    Letter {
        t: changed_texts(locale),
        locale,
        first_name: &c.first_name,
        booking_code: &c.booking_code,
        email: &c.email,
        token: &c.token,
        lines: &c.lines,
        total: c.total,
        due_now: c.left_to_pay,
        left_later: if c.refund > 0 { money(locale, c.refund) } else { String::new() },
        hold_until: String::new(),
    }
    .mail(links)
}

/// What an order's e-mail shows, before it is written in its language.
struct Letter<'a> {
    t: &'static Texts,
    locale: Locale,
    first_name: &'a str,
    booking_code: &'a str,
    email: &'a str,
    token: &'a str,
    lines: &'a [OrderLine],
    total: i64,
    due_now: i64,
    left_later: String,
    hold_until: String,
}

impl Letter<'_> {
    fn mail(self, links: &Links) -> anyhow::Result<Mail> {
        let (t, locale) = (self.t, self.locale);
        let lines: Vec<Line> = self
            .lines
            .iter()
            .map(|l| Line {
                name: l.name.clone(),
                dates: if l.check_in.is_empty() { String::new() } else { format!("{} – {}", dmy_of(&l.check_in), dmy_of(&l.check_out)) },
                quantity: l.quantity,
                total: money(locale, l.total),
            })
            .collect();
        let pay_link = links.on_host(self.locale, &format!("/order/{}/pay", self.token));
        let subject = format!("{} {}", t.subject, self.booking_code);
        let html = Html {
            t,
            subject: subject.clone(),
            first_name: self.first_name,
            booking_code: self.booking_code,
            lines: &lines,
            total: money(locale, self.total),
            due_now: money(locale, self.due_now),
            left_later: self.left_later.clone(),
            hold_until: self.hold_until.clone(),
            pay_link: pay_link.clone(),
        }
        .render()?;
        let text = Text {
            t,
            first_name: self.first_name,
            booking_code: self.booking_code,
            lines: &lines,
            total: money(locale, self.total),
            due_now: money(locale, self.due_now),
            left_later: self.left_later,
            hold_until: self.hold_until,
            pay_link,
        }
        .render()?;
        // The pay link carries the order's token: cleared once the mail is sent.
        Ok(Mail { recipient: self.email.to_owned(), subject, text, html: Some(html), sensitive: true, reply_to: None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(locale: &str) -> OrderPlaced {
        OrderPlaced {
            booking_code: "SPA-7KM4-XQ9D".into(),
            email: "anna@example.pl".into(),
            locale: locale.into(),
            token: "t0k3n".into(),
            first_name: "Anna <script>".into(),
            total: 123_456,
            due_now: 37_100,
            left_to_pay: 86_356,
            hold_expires_at_ms: 1_800_000_000_000,
            lines: vec![OrderLine {
                name: "Pokój & śniadanie".into(),
                quantity: 1,
                total: 123_456,
                check_in: "2027-02-12".into(),
                check_out: "2027-02-14".into(),
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    #[test]
    fn the_order_mail_has_its_code_lines_and_amounts_escaped_in_html() {
        let m = mail(&order("de"), &Links::new("https://spa.example")).unwrap();
        assert_eq!(m.subject, "Ihre Buchung SPA-7KM4-XQ9D");
        let html = m.html.unwrap();
        assert!(html.contains("<html lang=\"de\">") && html.contains("SPA-7KM4-XQ9D"), "{html}");
        assert!(html.contains("Anna &#60;script&#62;") || html.contains("Anna &lt;script&gt;"), "escaped: {html}");
        assert!(html.contains("Pokój &#38; śniadanie") || html.contains("Pokój &amp; śniadanie"), "{html}");
        assert!(html.contains("1.234,56\u{a0}zł") && html.contains("371,00\u{a0}zł") && html.contains("863,56\u{a0}zł"), "{html}");
        assert!(html.contains("https://spa.example/order/t0k3n/pay"));
        assert!(m.text.contains("Buchungscode: SPA-7KM4-XQ9D") && m.text.contains("Anna <script>"), "text is not HTML: {}", m.text);
        assert!(m.text.contains("(12.02.2027 – 14.02.2027)"), "{}", m.text);
        // 2027-01-15 08:00 UTC: 09:00 in Poland, and said so.
        assert!(m.text.contains("bis 15.01.2027, 09:00 (polnische Zeit)."), "{}", m.text);
        assert!(m.sensitive);
    }

    #[test]
    fn paid_in_full_shows_nothing_left() {
        let mut o = order("en_GB");
        o.due_now = o.total;
        o.left_to_pay = 0;
        let m = mail(&o, &Links::new("https://spa.example")).unwrap();
        assert!(!m.text.contains("Left to pay later") && m.text.contains("To pay now: PLN\u{a0}1,234.56"), "{}", m.text);
    }

    #[test]
    fn a_changed_order_tells_the_guest_its_new_dates_what_is_left_and_what_goes_back_in_their_language() {
        let o = order("pl");
        let changed = OrderChanged {
            booking_code: o.booking_code.clone(),
            email: o.email.clone(),
            locale: "pl".into(),
            token: "t0k3n".into(),
            first_name: "Anna".into(),
            lines: o.lines.clone(),
            total: 100_000,
            received: 100_000,
            left_to_pay: 0,
            refund: 23_456,
            difference: -23_456,
            ..Default::default()
        };
        let m = changed_mail(&changed, &Links::new("https://spa.example")).unwrap();
        assert_eq!(m.subject, "Zmiana rezerwacji SPA-7KM4-XQ9D");
        for part in ["(12.02.2027 – 14.02.2027)", "Pozostało do zapłaty: 0,00\u{a0}zł", "Zwrócimy Ci: 234,56\u{a0}zł"] {
            assert!(m.text.contains(part), "{part} in {}", m.text);
        }
        let en = changed_mail(&OrderChanged { locale: "en_GB".into(), refund: 0, left_to_pay: 5_000, ..changed }, &Links::new("https://x"));
        let en = en.unwrap();
        assert!(en.subject.starts_with("Your booking has changed") && en.text.contains("Left to pay: PLN\u{a0}50.00"), "{}", en.text);
        assert!(!en.text.contains("refund"), "nothing goes back: {}", en.text);
    }

    #[test]
    fn a_booking_paid_on_arrival_names_no_deadline_and_says_where_it_is_paid() {
        let o = OrderPlaced { payment_method: PaymentMethod::Guesthouse as i32, due_now: 123_456, left_to_pay: 123_456, ..order("en_GB") };
        let m = mail(&o, &Links::new("https://spa.example")).unwrap();
        assert!(m.text.contains("To pay at the guesthouse when you arrive: PLN\u{a0}1,234.56"), "{}", m.text);
        assert!(!m.text.contains("We hold the room"), "{}", m.text);
        let transfer = mail(&OrderPlaced { payment_method: PaymentMethod::BankTransfer as i32, ..o }, &Links::new("https://x")).unwrap();
        assert!(transfer.text.contains("We hold the room for you until"), "{}", transfer.text);
    }
}

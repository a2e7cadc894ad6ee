//! The order e-mail: when the cart places an order, its summary with the
//! booking code goes to the guest, in the order's language, as HTML and
//! text from the templates in `templates/` (HTML escaped by askama).

use askama::Template;
use spa_platform::dates::dmy_of;
use spa_platform::locale::Locale;
use spa_platform::money::pln as money;
use spa_proto::common::{BankTransfer, CancellationTerms, Invoice, OrderLine, PaymentMethod, VoucherDelivery};
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
    /// A stay's nights, guests (adults and children) and babies: one, few
    /// (Polish 2-4, 22-24, ...), many.
    pub nights: [&'static str; 3],
    pub guests: [&'static str; 3],
    pub babies: [&'static str; 3],
    /// Before a package's treatments.
    pub included: &'static str,
    pub transfer_heading: &'static str,
    pub transfer_holder: &'static str,
    pub transfer_iban: &'static str,
    pub transfer_bic: &'static str,
    pub transfer_bank: &'static str,
    pub transfer_title: &'static str,
    pub transfer_amount: &'static str,
    pub cancellation_heading: &'static str,
    /// Free until `{date}`, then `{percent}`.
    pub cancellation_free_until: &'static str,
    /// The fee from now on: `{percent}`.
    pub cancellation_fee_now: &'static str,
    pub cancellation_free: &'static str,
    pub invoice_heading: &'static str,
    pub invoice_tax_id: &'static str,
    /// Under a gift voucher: how it reaches its recipient, `{to}`.
    pub voucher_by_email: &'static str,
    pub voucher_by_post: &'static str,
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
    nights: ["noc", "noce", "nocy"],
    guests: ["gość", "gości", "gości"],
    babies: ["niemowlę", "niemowlęta", "niemowląt"],
    included: "w pakiecie",
    transfer_heading: "Dane do przelewu",
    transfer_holder: "Odbiorca",
    transfer_iban: "Numer konta (IBAN)",
    transfer_bic: "BIC/SWIFT",
    transfer_bank: "Bank",
    transfer_title: "Tytuł przelewu",
    transfer_amount: "Kwota",
    cancellation_heading: "Warunki anulowania",
    cancellation_free_until: "Do {date} anulujesz rezerwację bezpłatnie. Później zatrzymujemy {percent}% ceny pobytów.",
    cancellation_fee_now: "Przy anulowaniu rezerwacji zatrzymujemy {percent}% ceny pobytów.",
    cancellation_free: "Rezerwację anulujesz bezpłatnie.",
    invoice_heading: "Dane do faktury",
    invoice_tax_id: "NIP",
    voucher_by_email: "Kod vouchera wyślemy e-mailem na adres {to}, gdy tylko zamówienie zostanie opłacone.",
    voucher_by_post: "Wydrukowany voucher wyślemy pocztą na adres: {to}, gdy tylko zamówienie zostanie opłacone.",
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
    nights: ["Nacht", "Nächte", "Nächte"],
    guests: ["Gast", "Gäste", "Gäste"],
    babies: ["Baby", "Babys", "Babys"],
    included: "im Paket",
    transfer_heading: "Überweisung",
    transfer_holder: "Empfänger",
    transfer_iban: "Kontonummer (IBAN)",
    transfer_bic: "BIC/SWIFT",
    transfer_bank: "Bank",
    transfer_title: "Verwendungszweck",
    transfer_amount: "Betrag",
    cancellation_heading: "Stornierungsbedingungen",
    cancellation_free_until: "Bis zum {date} stornieren Sie kostenlos. Danach behalten wir {percent} % des Preises der Aufenthalte ein.",
    cancellation_fee_now: "Bei einer Stornierung behalten wir {percent} % des Preises der Aufenthalte ein.",
    cancellation_free: "Sie können kostenlos stornieren.",
    invoice_heading: "Rechnungsdaten",
    invoice_tax_id: "USt-IdNr.",
    voucher_by_email: "Den Gutscheincode senden wir per E-Mail an {to}, sobald die Bestellung bezahlt ist.",
    voucher_by_post: "Den gedruckten Gutschein senden wir per Post an: {to}, sobald die Bestellung bezahlt ist.",
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
    nights: ["night", "nights", "nights"],
    guests: ["guest", "guests", "guests"],
    babies: ["baby", "babies", "babies"],
    included: "in the package",
    transfer_heading: "Bank transfer details",
    transfer_holder: "Recipient",
    transfer_iban: "Account number (IBAN)",
    transfer_bic: "BIC/SWIFT",
    transfer_bank: "Bank",
    transfer_title: "Transfer title",
    transfer_amount: "Amount",
    cancellation_heading: "Cancellation terms",
    cancellation_free_until: "You can cancel free of charge until {date}. After that we keep {percent}% of the price of the stays.",
    cancellation_fee_now: "If you cancel, we keep {percent}% of the price of the stays.",
    cancellation_free: "You can cancel free of charge.",
    invoice_heading: "Invoice details",
    invoice_tax_id: "VAT number",
    voucher_by_email: "We e-mail the voucher's code to {to} as soon as the order is paid.",
    voucher_by_post: "We post the printed voucher to: {to}, as soon as the order is paid.",
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
    /// A stay's days and nights; "" for other lines.
    pub dates: String,
    /// A stay's guests and babies; "" for other lines.
    pub guests: String,
    pub quantity: u32,
    /// "" for a package's treatment, included in its price.
    pub total: String,
    pub included: bool,
    /// A gift voucher's way to its recipient; "" for other lines.
    pub note: String,
}

/// `n` with its word in `locale` (`forms`: one, few, many).
fn counted(locale: Locale, n: u32, forms: [&str; 3]) -> String {
    let form = match locale {
        _ if n == 1 => forms[0],
        Locale::Pl if (2..=4).contains(&(n % 10)) && !(12..=14).contains(&(n % 100)) => forms[1],
        Locale::Pl => forms[2],
        _ => forms[1],
    };
    format!("{n} {form}")
}

/// How a gift voucher reaches its recipient, said under its line.
fn voucher_note(t: &Texts, l: &OrderLine) -> String {
    let words = match l.voucher_delivery() {
        VoucherDelivery::Email => t.voucher_by_email,
        VoucherDelivery::Post => t.voucher_by_post,
        VoucherDelivery::Unspecified => return String::new(),
    };
    if l.voucher_to.is_empty() { String::new() } else { words.replace("{to}", &l.voucher_to) }
}

/// A stay's line: its days and nights, and who stays.
fn stay_words(t: &Texts, locale: Locale, l: &OrderLine) -> (String, String) {
    let (Ok(from), Ok(to)) =
        (chrono::NaiveDate::parse_from_str(&l.check_in, "%Y-%m-%d"), chrono::NaiveDate::parse_from_str(&l.check_out, "%Y-%m-%d"))
    else {
        return (String::new(), String::new());
    };
    let nights = u32::try_from((to - from).num_days()).unwrap_or(0);
    let dates = format!("{} – {}, {}", dmy_of(&l.check_in), dmy_of(&l.check_out), counted(locale, nights, t.nights));
    let mut guests = Vec::new();
    if l.adults + l.children > 0 {
        guests.push(counted(locale, l.adults + l.children, t.guests));
    }
    if l.babies > 0 {
        guests.push(counted(locale, l.babies, t.babies));
    }
    (dates, guests.join(", "))
}

/// The bank transfer's details as the e-mail lists them: label and value.
fn transfer_rows(t: &Texts, locale: Locale, b: &BankTransfer) -> Vec<(&'static str, String)> {
    let mut rows = vec![(t.transfer_holder, b.holder.clone()), (t.transfer_iban, spa_platform::money::grouped_iban(&b.iban))];
    if !b.bic.is_empty() {
        rows.push((t.transfer_bic, b.bic.clone()));
    }
    if !b.bank.is_empty() {
        rows.push((t.transfer_bank, b.bank.clone()));
    }
    rows.push((t.transfer_title, b.title.clone()));
    rows.push((t.transfer_amount, money(locale, b.amount)));
    rows
}

/// The cancellation terms in one sentence.
fn cancellation_words(t: &Texts, c: &CancellationTerms) -> String {
    let percent = c.fee_percent.to_string();
    if c.fee_percent == 0 {
        t.cancellation_free.to_owned()
    } else if c.free_until.is_empty() {
        t.cancellation_fee_now.replace("{percent}", &percent)
    } else {
        t.cancellation_free_until.replace("{date}", &dmy_of(&c.free_until)).replace("{percent}", &percent)
    }
}

/// Whom the invoice is made out to, a line each.
fn invoice_lines(t: &Texts, i: &Invoice) -> Vec<String> {
    let mut out = vec![i.company.clone()];
    if !i.tax_id.is_empty() {
        out.push(format!("{}: {}", t.invoice_tax_id, i.tax_id));
    }
    out.push(i.street.clone());
    out.push(format!("{} {}, {}", i.postcode, i.city, i.country_code));
    out.into_iter().filter(|l| !l.trim().is_empty()).collect()
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
    transfer: &'a [(&'static str, String)],
    cancellation: &'a str,
    invoice: &'a [String],
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
    transfer: &'a [(&'static str, String)],
    cancellation: &'a str,
    invoice: &'a [String],
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
        transfer: order.bank_transfer.as_ref(),
        cancellation: order.cancellation.as_ref(),
        invoice: order.invoice.as_ref(),
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
        transfer: None,
        cancellation: None,
        invoice: None,
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
    transfer: Option<&'a BankTransfer>,
    cancellation: Option<&'a CancellationTerms>,
    invoice: Option<&'a Invoice>,
}

impl Letter<'_> {
    fn mail(self, links: &Links) -> anyhow::Result<Mail> {
        let (t, locale) = (self.t, self.locale);
        let lines: Vec<Line> = self
            .lines
            .iter()
            .map(|l| {
                let (dates, guests) = stay_words(t, locale, l);
                let total = if l.included { String::new() } else { money(locale, l.total) };
                let note = voucher_note(t, l);
                Line { name: l.name.clone(), dates, guests, quantity: l.quantity, total, included: l.included, note }
            })
            .collect();
        let transfer = self.transfer.map(|b| transfer_rows(t, locale, b)).unwrap_or_default();
        let cancellation = self.cancellation.map(|c| cancellation_words(t, c)).unwrap_or_default();
        let invoice = self.invoice.map(|i| invoice_lines(t, i)).unwrap_or_default();
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
            transfer: &transfer,
            cancellation: &cancellation,
            invoice: &invoice,
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
            transfer: &transfer,
            cancellation: &cancellation,
            invoice: &invoice,
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
            lines: vec![
                OrderLine {
                    name: "Pokój & śniadanie".into(),
                    quantity: 1,
                    total: 123_456,
                    check_in: "2027-02-12".into(),
                    check_out: "2027-02-14".into(),
                    adults: 2,
                    children: 1,
                    babies: 1,
                    ..Default::default()
                },
                OrderLine { name: "Masaż".into(), quantity: 2, included: true, ..Default::default() },
            ],
            bank_transfer: Some(BankTransfer {
                holder: "Pensjonat Spa".into(),
                iban: "PL61109010140000071219812874".into(),
                bic: "BPKOPLPW".into(),
                bank: "PKO BP".into(),
                title: "SPA-7KM4-XQ9D".into(),
                amount: 37_100,
            }),
            cancellation: Some(CancellationTerms { free_until: "2027-01-29".into(), fee_percent: 30 }),
            invoice: Some(Invoice {
                company: "Firma Sp. z o.o.".into(),
                tax_id: "5260250274".into(),
                street: "ul. Prosta 1".into(),
                postcode: "00-001".into(),
                city: "Warszawa".into(),
                country_code: "PL".into(),
            }),
            ..Default::default()
        }
    }

    #[test]
    fn the_order_mail_says_who_stays_how_to_pay_what_cancelling_costs_and_whom_the_invoice_names() {
        let m = mail(&order("pl"), &Links::new("https://spa.example")).unwrap();
        let text = &m.text;
        assert!(
            text.contains("- Pokój & śniadanie (12.02.2027 – 14.02.2027, 2 noce), 3 gości, 1 niemowlę × 1: 1\u{a0}234,56\u{a0}zł"),
            "{text}"
        );
        assert!(text.contains("· Masaż (w pakiecie) × 2"), "{text}");
        for row in [
            "Odbiorca: Pensjonat Spa",
            "Numer konta (IBAN): PL61 1090 1014 0000 0712 1981 2874",
            "BIC/SWIFT: BPKOPLPW",
            "Tytuł przelewu: SPA-7KM4-XQ9D",
            "Kwota: 371,00\u{a0}zł",
        ] {
            assert!(text.contains(row), "{row}: {text}");
        }
        assert!(text.contains("Do 29.01.2027 anulujesz rezerwację bezpłatnie. Później zatrzymujemy 30% ceny pobytów."), "{text}");
        assert!(text.contains("Firma Sp. z o.o.\nNIP: 5260250274\nul. Prosta 1\n00-001 Warszawa, PL"), "{text}");
        let html = m.html.unwrap();
        assert!(html.contains("PL61 1090 1014 0000 0712 1981 2874") && html.contains("Warunki anulowania"), "{html}");

        let de = mail(&order("de"), &Links::new("https://spa.example")).unwrap().text;
        assert!(de.contains("2 Nächte), 3 Gäste, 1 Baby") && de.contains("Verwendungszweck: SPA-7KM4-XQ9D"), "{de}");
        assert!(de.contains("Bis zum 29.01.2027 stornieren Sie kostenlos.") && de.contains("USt-IdNr.: 5260250274"), "{de}");
        let mut late = order("en_GB");
        late.cancellation = Some(CancellationTerms { free_until: String::new(), fee_percent: 30 });
        late.lines[0].adults = 1;
        late.lines[0].children = 0;
        late.lines[0].babies = 0;
        let en = mail(&late, &Links::new("https://spa.example")).unwrap().text;
        assert!(en.contains("2 nights), 1 guest × 1") && en.contains("If you cancel, we keep 30% of the price of the stays."), "{en}");
    }

    #[test]
    fn a_gift_voucher_line_says_how_and_where_it_reaches_its_recipient() {
        let voucher = |delivery: VoucherDelivery, to: &str| OrderLine {
            name: "Voucher kwotowy".into(),
            quantity: 1,
            total: 30_000,
            voucher_delivery: delivery as i32,
            voucher_to: to.into(),
            ..Default::default()
        };
        let mut o = order("pl");
        o.lines = vec![
            voucher(VoucherDelivery::Email, "ewa@example.pl"),
            voucher(VoucherDelivery::Post, "Ewa Nowak, ul. Polna 2, 00-950 Warszawa"),
        ];
        let m = mail(&o, &Links::new("https://spa.example")).unwrap();
        assert!(
            m.text.contains("- Voucher kwotowy × 1: 300,00\u{a0}zł\n  Kod vouchera wyślemy e-mailem na adres ewa@example.pl, gdy tylko zamówienie zostanie opłacone."),
            "{}",
            m.text
        );
        assert!(m.text.contains("Wydrukowany voucher wyślemy pocztą na adres: Ewa Nowak, ul. Polna 2, 00-950 Warszawa,"), "{}", m.text);
        assert!(m.html.unwrap().contains("<small>Kod vouchera wyślemy e-mailem na adres ewa@example.pl"));
        o.locale = "en_GB".into();
        let en = mail(&o, &Links::new("https://spa.example")).unwrap().text;
        assert!(en.contains("We e-mail the voucher's code to ewa@example.pl as soon as the order is paid."), "{en}");
        o.locale = "de".into();
        let de = mail(&o, &Links::new("https://spa.example")).unwrap().text;
        assert!(de.contains("Den gedruckten Gutschein senden wir per Post an: Ewa Nowak"), "{de}");
        // Other lines say nothing of the kind.
        assert!(!mail(&order("pl"), &Links::new("https://spa.example")).unwrap().text.contains("voucher"));
    }

    #[test]
    fn polish_counts_take_their_form() {
        let forms = ["noc", "noce", "nocy"];
        let said: Vec<String> = [1, 2, 4, 5, 12, 22, 25].iter().map(|n| counted(Locale::Pl, *n, forms)).collect();
        assert_eq!(said, ["1 noc", "2 noce", "4 noce", "5 nocy", "12 nocy", "22 noce", "25 nocy"]);
        assert_eq!(counted(Locale::De, 1, ["Nacht", "Nächte", "Nächte"]), "1 Nacht");
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
        assert!(m.text.contains("(12.02.2027 – 14.02.2027, 2 Nächte)"), "{}", m.text);
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
        for part in ["(12.02.2027 – 14.02.2027, 2 noce)", "Pozostało do zapłaty: 0,00\u{a0}zł", "Zwrócimy Ci: 234,56\u{a0}zł"] {
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

//! The guesthouse is told: a new booking, a payment and a cancellation each
//! e-mail the front desk (`GUESTHOUSE_EMAIL`) in the guesthouse's language
//! (`GUESTHOUSE_LOCALE`), with the guest, what was booked and paid, and a
//! link to the order in the back office; a reply goes to the guest. A
//! booking portal's booking on nights sold out here (a double booking) is
//! told too, with a link to the portals' page.

use spa_platform::dates::dmy_of;
use spa_platform::locale::Locale;
use spa_platform::money::pln;
use spa_proto::events::{CancelReason, ChannelConflicted, OrderCancelled, OrderPaid, OrderPlaced};

use crate::domain::mail::{Links, Mail};

/// Where the guesthouse's notices go, and in which language.
#[derive(Debug, Clone)]
pub struct Guesthouse {
    pub email: String,
    pub locale: Locale,
}

struct Words {
    placed: &'static str,
    paid: &'static str,
    cancelled: &'static str,
    guest: &'static str,
    phone: &'static str,
    lines: &'static str,
    total: &'static str,
    due_now: &'static str,
    paid_now: &'static str,
    left_later: &'static str,
    notes: &'static str,
    expired: &'static str,
    nights_sold: &'static str,
    by_staff: &'static str,
    by_guest: &'static str,
    fee: &'static str,
    refund: &'static str,
    open: &'static str,
    conflict: &'static str,
    conflict_lead: &'static str,
    portal_booking: &'static str,
    sold_out: &'static str,
    conflict_todo: &'static str,
    channels: &'static str,
    /// A stay's party: adults, children, babies.
    party: [&'static str; 3],
}

const PL: Words = Words {
    placed: "Nowa rezerwacja",
    paid: "Płatność otrzymana",
    cancelled: "Rezerwacja anulowana",
    guest: "Gość",
    phone: "Telefon",
    lines: "Zamówione",
    total: "Razem",
    due_now: "Do zapłaty teraz",
    paid_now: "Wpłacono",
    left_later: "Do zapłaty na miejscu",
    notes: "Uwagi gościa",
    expired: "Powód: nieopłacona w terminie; noclegi wróciły do sprzedaży.",
    nights_sold: "Powód: płatność przyszła po sprzedaży noclegów.",
    by_staff: "Anulowana przez recepcję; noclegi wróciły do sprzedaży.",
    by_guest: "Anulowana przez gościa przed płatnością; noclegi wróciły do sprzedaży.",
    fee: "Opłata za anulowanie",
    refund: "Do zwrotu",
    open: "Zamówienie w zapleczu",
    conflict: "Podwójna rezerwacja",
    conflict_lead: "Portal przysłał rezerwację na noce, które były już wyprzedane u nas.",
    portal_booking: "Rezerwacja z portalu",
    sold_out: "Noce bez wolnego pokoju",
    conflict_todo: "Obie rezerwacje są zachowane: zdecyduj, którą obsłużyć, i skontaktuj się z drugim gościem.",
    channels: "Portale rezerwacyjne w zapleczu",
    party: ["dorośli", "dzieci", "niemowlęta"],
};

const DE: Words = Words {
    placed: "Neue Buchung",
    paid: "Zahlung eingegangen",
    cancelled: "Buchung storniert",
    guest: "Gast",
    phone: "Telefon",
    lines: "Bestellt",
    total: "Gesamt",
    due_now: "Jetzt fällig",
    paid_now: "Bezahlt",
    left_later: "Vor Ort zu zahlen",
    notes: "Anmerkungen des Gastes",
    expired: "Grund: nicht rechtzeitig bezahlt; die Nächte sind wieder buchbar.",
    nights_sold: "Grund: die Zahlung kam, nachdem die Nächte verkauft waren.",
    by_staff: "Von der Rezeption storniert; die Nächte sind wieder buchbar.",
    by_guest: "Vom Gast vor der Zahlung storniert; die Nächte sind wieder buchbar.",
    fee: "Stornogebühr",
    refund: "Zu erstatten",
    open: "Bestellung in der Verwaltung",
    conflict: "Doppelbuchung",
    conflict_lead: "Ein Portal hat eine Buchung für Nächte geschickt, die bei uns schon ausgebucht waren.",
    portal_booking: "Buchung aus dem Portal",
    sold_out: "Nächte ohne freies Zimmer",
    conflict_todo: "Beide Buchungen bleiben bestehen: Entscheiden Sie, welche Sie bedienen, und melden Sie sich beim anderen Gast.",
    channels: "Buchungsportale in der Verwaltung",
    party: ["Erwachsene", "Kinder", "Babys"],
};

const EN: Words = Words {
    placed: "New booking",
    paid: "Payment received",
    cancelled: "Booking cancelled",
    guest: "Guest",
    phone: "Phone",
    lines: "Booked",
    total: "Total",
    due_now: "Due now",
    paid_now: "Paid",
    left_later: "To pay at the guesthouse",
    notes: "Guest's notes",
    expired: "Reason: not paid in time; its nights are on sale again.",
    nights_sold: "Reason: the payment came after its nights were sold.",
    by_staff: "Cancelled by the front desk; its nights are on sale again.",
    by_guest: "Cancelled by the guest before paying; its nights are on sale again.",
    fee: "Cancellation fee",
    refund: "To give back",
    open: "The order in the back office",
    conflict: "Double booking",
    conflict_lead: "A portal sent a booking for nights that were already sold out here.",
    portal_booking: "The portal's booking",
    sold_out: "Nights without a free room",
    conflict_todo: "Both bookings stand: decide which one to serve and contact the other guest.",
    channels: "Booking portals in the back office",
    party: ["adults", "children", "babies"],
};

fn words(locale: Locale) -> &'static Words {
    match locale {
        Locale::Pl => &PL,
        Locale::De => &DE,
        Locale::EnGb => &EN,
    }
}

impl Guesthouse {
    fn notice(&self, subject: String, body: Vec<String>, code: &str, links: &Links, guest_email: &str) -> Mail {
        let w = words(self.locale);
        let link = links.to(&format!("/backend/orders?code={code}"));
        let text = format!("{}\n\n{}: {link}\n", body.join("\n"), w.open);
        Mail::text(self.email.clone(), (subject, text)).replying_to(guest_email)
    }

    /// A new booking: the guest, their phone and notes, each line, what is
    /// due now and later.
    pub fn placed(&self, o: &OrderPlaced, links: &Links) -> Mail {
        let (w, money) = (words(self.locale), |minor| pln(self.locale, minor));
        let name = format!("{} {}", o.first_name, o.last_name).trim().to_owned();
        let mut body = vec![format!("{}: {name} <{}>", w.guest, o.email)];
        if !o.phone.is_empty() {
            body.push(format!("{}: {}", w.phone, o.phone));
        }
        body.push(format!("\n{}:", w.lines));
        for l in &o.lines {
            if l.included {
                body.push(format!("    · {} × {}", l.name, l.quantity));
                continue;
            }
            let dates =
                if l.check_in.is_empty() { String::new() } else { format!(", {} – {}", dmy_of(&l.check_in), dmy_of(&l.check_out)) };
            let party: Vec<String> = [l.adults, l.children, l.babies]
                .iter()
                .zip(w.party)
                .filter(|(n, _)| **n > 0)
                .map(|(n, word)| format!("{word}: {n}"))
                .collect();
            let party = if party.is_empty() { String::new() } else { format!(" ({})", party.join(", ")) };
            body.push(format!("- {} × {}{dates}{party}: {}", l.name, l.quantity, money(l.total)));
        }
        body.push(format!("\n{}: {}", w.total, money(o.total)));
        body.push(format!("{}: {}", w.due_now, money(o.due_now)));
        if o.left_to_pay > 0 && o.due_now < o.total {
            body.push(format!("{}: {}", w.left_later, money(o.left_to_pay)));
        }
        if !o.notes.trim().is_empty() {
            body.push(format!("\n{}: {}", w.notes, o.notes.trim()));
        }
        self.notice(format!("{} {} – {name}", w.placed, o.booking_code), body, &o.booking_code, links, &o.email)
    }

    /// A payment: how much came and what is left to pay at the guesthouse.
    pub fn paid(&self, p: &OrderPaid, links: &Links) -> Mail {
        let (w, money) = (words(self.locale), |minor| pln(self.locale, minor));
        let mut body = vec![format!("{}: {} <{}>", w.guest, p.first_name, p.email), format!("{}: {}", w.paid_now, money(p.amount))];
        if p.left_to_pay > 0 {
            body.push(format!("{}: {}", w.left_later, money(p.left_to_pay)));
        }
        self.notice(format!("{} {}", w.paid, p.booking_code), body, &p.booking_code, links, &p.email)
    }

    /// A portal's booking on nights sold out here: which portal and room,
    /// its dates, the nights without a room, what to do and where.
    pub fn conflict(&self, c: &ChannelConflicted, links: &Links) -> Mail {
        let w = words(self.locale);
        let summary = if c.summary.is_empty() { c.uid.clone() } else { format!("{} ({})", c.summary, c.uid) };
        let body = [
            w.conflict_lead.to_owned(),
            String::new(),
            format!("{}: {} – {}, {} – {}", w.portal_booking, c.channel_name, c.room_code, dmy_of(&c.arrival), dmy_of(&c.departure)),
            summary,
            format!("{}: {}", w.sold_out, c.nights.iter().map(|n| dmy_of(n)).collect::<Vec<_>>().join(", ")),
            String::new(),
            w.conflict_todo.to_owned(),
            String::new(),
            format!("{}: {}", w.channels, links.to("/backend/channels")),
        ];
        let subject = format!("{}: {} {} – {}", w.conflict, c.channel_name, dmy_of(&c.arrival), dmy_of(&c.departure));
        Mail::text(self.email.clone(), (subject, body.join("\n") + "\n"))
    }

    /// A cancellation: why, and the money to give back.
    pub fn cancelled(&self, c: &OrderCancelled, links: &Links) -> Mail {
        let (w, money) = (words(self.locale), |minor| pln(self.locale, minor));
        let mut body = vec![format!("{}: {} <{}>", w.guest, c.first_name, c.email)];
        body.push(match c.reason() {
            CancelReason::NightsSold => w.nights_sold.to_owned(),
            CancelReason::Staff => w.by_staff.to_owned(),
            CancelReason::Guest => w.by_guest.to_owned(),
            CancelReason::HoldExpired | CancelReason::Unspecified => w.expired.to_owned(),
        });
        if c.fee > 0 {
            body.push(format!("{}: {}", w.fee, money(c.fee)));
        }
        if c.refund > 0 {
            body.push(format!("{}: {}", w.refund, money(c.refund)));
        }
        self.notice(format!("{} {}", w.cancelled, c.booking_code), body, &c.booking_code, links, &c.email)
    }
}

#[cfg(test)]
mod tests {
    use spa_proto::common::OrderLine;

    use super::*;

    fn desk(locale: Locale) -> Guesthouse {
        Guesthouse { email: "recepcja@spa.example".into(), locale }
    }

    fn placed() -> OrderPlaced {
        OrderPlaced {
            booking_code: "SPA-7KM4-XQ9D".into(),
            email: "anna@example.pl".into(),
            locale: "de".into(),
            first_name: "Anna".into(),
            last_name: "Nowak".into(),
            phone: "+48 600 100 200".into(),
            notes: "Late arrival, about 22:00.".into(),
            total: 108_000,
            due_now: 32_400,
            left_to_pay: 75_600,
            lines: vec![
                OrderLine {
                    name: "Pokój dwuosobowy".into(),
                    quantity: 1,
                    total: 108_000,
                    check_in: "2026-12-18".into(),
                    check_out: "2026-12-20".into(),
                    adults: 2,
                    babies: 1,
                    ..Default::default()
                },
                OrderLine { name: "Masaż gorącymi kamieniami".into(), quantity: 2, included: true, ..Default::default() },
            ],
            ..Default::default()
        }
    }

    #[test]
    fn a_new_booking_tells_the_guesthouse_in_its_own_language_with_a_reply_to_the_guest() {
        let links = Links::new("https://spa.example");
        let mail = desk(Locale::Pl).placed(&placed(), &links);
        assert_eq!(mail.recipient, "recepcja@spa.example");
        assert_eq!(mail.subject, "Nowa rezerwacja SPA-7KM4-XQ9D – Anna Nowak", "Polish, not the guest's German");
        assert_eq!(mail.reply_to.as_deref(), Some("anna@example.pl"));
        assert!(!mail.sensitive, "no secret link: the back office asks for a login");
        for part in [
            "Gość: Anna Nowak <anna@example.pl>",
            "Telefon: +48 600 100 200",
            "- Pokój dwuosobowy × 1, 18.12.2026 – 20.12.2026 (dorośli: 2, niemowlęta: 1): 1\u{a0}080,00\u{a0}zł",
            "    · Masaż gorącymi kamieniami × 2\n",
            "Do zapłaty teraz: 324,00\u{a0}zł",
            "Do zapłaty na miejscu: 756,00\u{a0}zł",
            "Uwagi gościa: Late arrival, about 22:00.",
            "Zamówienie w zapleczu: https://spa.example/backend/orders?code=SPA-7KM4-XQ9D",
        ] {
            assert!(mail.text.contains(part), "{part} in {}", mail.text);
        }
        let english = desk(Locale::EnGb).placed(&placed(), &links);
        assert!(english.subject.starts_with("New booking SPA-7KM4-XQ9D"));
        assert!(english.text.contains("Due now: PLN\u{a0}324.00"));
    }

    #[test]
    fn a_payment_and_a_cancellation_tell_how_much_and_why() {
        let links = Links::new("https://spa.example");
        let paid = OrderPaid {
            booking_code: "SPA-1".into(),
            email: "anna@example.pl".into(),
            first_name: "Anna".into(),
            amount: 32_400,
            left_to_pay: 75_600,
            ..Default::default()
        };
        let mail = desk(Locale::De).paid(&paid, &links);
        assert_eq!(mail.subject, "Zahlung eingegangen SPA-1");
        assert!(mail.text.contains("Bezahlt: 324,00\u{a0}zł") && mail.text.contains("Vor Ort zu zahlen: 756,00\u{a0}zł"), "{}", mail.text);
        let cancelled = OrderCancelled {
            booking_code: "SPA-2".into(),
            email: "jan@example.pl".into(),
            first_name: "Jan".into(),
            reason: CancelReason::NightsSold as i32,
            refund: 50_000,
            ..Default::default()
        };
        let mail = desk(Locale::Pl).cancelled(&cancelled, &links);
        assert_eq!((mail.subject.as_str(), mail.reply_to.as_deref()), ("Rezerwacja anulowana SPA-2", Some("jan@example.pl")));
        assert!(mail.text.contains("po sprzedaży noclegów") && mail.text.contains("Do zwrotu: 500,00\u{a0}zł"), "{}", mail.text);
        let by_desk = OrderCancelled { reason: CancelReason::Staff as i32, fee: 15_000, refund: 35_000, ..cancelled };
        let mail = desk(Locale::EnGb).cancelled(&by_desk, &links);
        assert!(
            mail.text.contains("Cancelled by the front desk") && mail.text.contains("Cancellation fee: PLN\u{a0}150.00"),
            "{}",
            mail.text
        );
    }

    #[test]
    fn a_double_booking_from_a_portal_tells_the_guesthouse_what_and_where() {
        let links = Links::new("https://spa.example");
        let conflict = ChannelConflicted {
            channel_id: "ch-1".into(),
            channel_name: "Booking.com".into(),
            room_code: "ROOM_FAMILY_SUITE".into(),
            uid: "c@portal".into(),
            summary: "Reserved".into(),
            arrival: "2027-07-10".into(),
            departure: "2027-07-12".into(),
            nights: vec!["2027-07-10".into()],
        };
        let mail = desk(Locale::Pl).conflict(&conflict, &links);
        assert_eq!(mail.recipient, "recepcja@spa.example");
        assert_eq!(mail.subject, "Podwójna rezerwacja: Booking.com 10.07.2027 – 12.07.2027");
        for part in [
            "Rezerwacja z portalu: Booking.com – ROOM_FAMILY_SUITE, 10.07.2027 – 12.07.2027",
            "Reserved (c@portal)",
            "Noce bez wolnego pokoju: 10.07.2027",
            "Portale rezerwacyjne w zapleczu: https://spa.example/backend/channels",
        ] {
            assert!(mail.text.contains(part), "{part} in {}", mail.text);
        }
        assert!(desk(Locale::De).conflict(&conflict, &links).subject.starts_with("Doppelbuchung: Booking.com"));
    }
}

//! The guesthouse's details as its administrators set them in the back
//! office (services/content/README.md, "The guesthouse's details"): name,
//! address, phones, the reception and the office with their hours, and the
//! position on the map. The contact page shows them (a text missing in a
//! language in Polish, the gateway's view). The first values are the demo guesthouse's
//! (`seed/guesthouse.json`, compiled in) until an administrator saves.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::questions::phone_is_valid;

const GUESTHOUSE_JSON: &str = include_str!("../../seed/guesthouse.json");

pub const MAX_PHONES: usize = 6;
pub const MAX_HOURS: usize = 7;

/// A text in each language; `pl` is the one every language falls back to.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Texts {
    pub pl: String,
    #[serde(default)]
    pub de: String,
    #[serde(default, rename = "en_GB")]
    pub en_gb: String,
}

impl Texts {
    fn each(&self) -> [(&'static str, &str); 3] {
        [("pl", &self.pl), ("de", &self.de), ("en_GB", &self.en_gb)]
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phone {
    pub label: Texts,
    pub number: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hours {
    pub days: Texts,
    /// `HH:MM`, local time.
    pub from: String,
    pub to: String,
}

/// A place guests reach the guesthouse at (the reception, the office).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Desk {
    #[serde(default)]
    pub place: Texts,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub hours: Vec<Hours>,
    #[serde(default)]
    pub note: Texts,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GuesthouseDetails {
    pub name: String,
    pub street: String,
    pub postcode: String,
    pub city: String,
    pub country: Texts,
    pub phones: Vec<Phone>,
    pub reception: Desk,
    pub office: Desk,
    pub latitude: f64,
    pub longitude: f64,
}

/// Every broken rule: the field by its name in the API, and why.
pub type Violations = Vec<(String, &'static str)>;

/// The demo guesthouse, the first values of a new shop.
pub static FIRST: LazyLock<GuesthouseDetails> =
    LazyLock::new(|| serde_json::from_str(GUESTHOUSE_JSON).expect("seed/guesthouse.json is the guesthouse's details"));

fn is_time(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 5
        && b[2] == b':'
        && b[..2].iter().chain(&b[3..]).all(u8::is_ascii_digit)
        && text[..2].parse::<u8>().is_ok_and(|h| h < 24)
        && text[3..].parse::<u8>().is_ok_and(|m| m < 60)
}

struct Check(Violations);

impl Check {
    fn rule(&mut self, field: impl Into<String>, ok: bool, why: &'static str) {
        if !ok {
            self.0.push((field.into(), why));
        }
    }

    /// One line of text: trimmed length within `min..=max`.
    fn line(&mut self, field: impl Into<String>, text: &str, min: usize, max: usize) {
        let length = text.trim().chars().count();
        let field = field.into();
        if length < min {
            self.rule(field, false, "required");
        } else {
            self.rule(field, length <= max, "too long");
        }
    }

    /// Polish when `required`; every language at most `max` characters.
    fn texts(&mut self, field: &str, texts: &Texts, required: bool, max: usize) {
        for (code, text) in texts.each() {
            self.line(format!("{field}.{code}"), text, usize::from(required && code == "pl"), max);
        }
    }

    fn optional(&mut self, field: String, text: &str, valid: impl Fn(&str) -> bool) {
        self.rule(field, text.is_empty() || valid(text), "not valid");
    }

    fn hours(&mut self, field: &str, hours: &[Hours]) {
        self.rule(field, hours.len() <= MAX_HOURS, "too many");
        for (i, h) in hours.iter().enumerate() {
            let at = format!("{field}[{i}]");
            self.texts(&format!("{at}.days"), &h.days, true, 40);
            self.rule(format!("{at}.from"), is_time(&h.from), "not HH:MM");
            self.rule(format!("{at}.to"), is_time(&h.to) && (!is_time(&h.from) || h.from < h.to), "not HH:MM after from");
        }
    }

    fn desk(&mut self, field: &str, desk: &Desk) {
        self.texts(&format!("{field}.place"), &desk.place, false, 120);
        self.optional(format!("{field}.phone"), &desk.phone, phone_is_valid);
        self.optional(format!("{field}.email"), &desk.email, spa_platform::email::is_valid);
        self.hours(&format!("{field}.hours"), &desk.hours);
        self.texts(&format!("{field}.note"), &desk.note, false, 300);
    }
}

impl GuesthouseDetails {
    /// Every rule the details break, by field; Ok when they may be saved.
    pub fn check(&self) -> Result<(), Violations> {
        let mut c = Check(Vec::new());
        c.line("name", &self.name, 1, 120);
        c.line("street", &self.street, 1, 120);
        c.line("postcode", &self.postcode, 1, 20);
        c.line("city", &self.city, 1, 80);
        c.texts("country", &self.country, true, 60);
        c.rule("phones", self.phones.len() <= MAX_PHONES, "too many");
        for (i, p) in self.phones.iter().enumerate() {
            c.texts(&format!("phones[{i}].label"), &p.label, true, 40);
            c.rule(format!("phones[{i}].number"), phone_is_valid(&p.number), "not valid");
        }
        c.desk("reception", &self.reception);
        c.rule("reception.email", !self.reception.email.is_empty(), "required");
        c.desk("office", &self.office);
        c.rule("latitude", (-90.0..=90.0).contains(&self.latitude), "out of range");
        c.rule("longitude", (-180.0..=180.0).contains(&self.longitude), "out of range");
        if c.0.is_empty() { Ok(()) } else { Err(c.0) }
    }

    /// As saved: single lines trimmed.
    pub fn trimmed(mut self) -> Self {
        fn texts(t: &mut Texts) {
            for text in [&mut t.pl, &mut t.de, &mut t.en_gb] {
                *text = text.trim().to_owned();
            }
        }
        fn desk(d: &mut Desk) {
            texts(&mut d.place);
            texts(&mut d.note);
            d.phone = d.phone.trim().to_owned();
            d.email = d.email.trim().to_owned();
            d.hours.iter_mut().for_each(|h| texts(&mut h.days));
        }
        for line in [&mut self.name, &mut self.street, &mut self.postcode, &mut self.city] {
            *line = line.trim().to_owned();
        }
        texts(&mut self.country);
        for p in &mut self.phones {
            texts(&mut p.label);
            p.number = p.number.trim().to_owned();
        }
        desk(&mut self.reception);
        desk(&mut self.office);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(details: &GuesthouseDetails) -> Vec<String> {
        details.check().err().unwrap_or_default().into_iter().map(|(f, _)| f).collect()
    }

    #[test]
    fn the_demo_guesthouse_keeps_every_rule() {
        assert_eq!(FIRST.check(), Ok(()));
        assert_eq!(FIRST.city, "Ośno Lubuskie");
        assert_eq!((FIRST.latitude, FIRST.longitude), (52.46, 14.86), "the spec centres its maps there");
    }

    #[test]
    fn each_broken_rule_names_its_field() {
        let mut d = FIRST.clone();
        d.name = "  ".into();
        d.country.pl = String::new();
        d.phones[1].number = "12".into();
        d.phones[2].label.de = "x".repeat(41);
        d.reception.email = String::new();
        d.reception.hours[0].to = "06:00".into();
        d.office.email = "biuro@".into();
        d.office.hours[1].from = "9:00".into();
        d.latitude = 91.0;
        assert_eq!(
            fields(&d),
            [
                "name",
                "country.pl",
                "phones[1].number",
                "phones[2].label.de",
                "reception.hours[0].to",
                "reception.email",
                "office.email",
                "office.hours[1].from",
                "latitude"
            ]
        );
        d.phones = vec![FIRST.phones[0].clone(); MAX_PHONES + 1];
        assert!(fields(&d).contains(&"phones".to_owned()));
    }

    #[test]
    fn times_are_hh_mm_and_lines_are_saved_trimmed() {
        for (time, ok) in [("07:00", true), ("23:59", true), ("24:00", false), ("7:00", false), ("07:60", false), ("ab:cd", false)] {
            assert_eq!(is_time(time), ok, "{time}");
        }
        let padded = GuesthouseDetails { name: "  Pensjonat  ".into(), ..FIRST.clone() }.trimmed();
        assert_eq!(padded.name, "Pensjonat");
    }
}

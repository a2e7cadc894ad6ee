//! What the front desk finds and lists orders by: the guest's name and
//! phone, the first arrival and the last departure of the order's stays,
//! and one lowercased text a search matches (booking code, e-mail, name,
//! phone as written and as digits).

use chrono::NaiveDate;

use crate::domain::checkout::{Customer, OrderState};
use crate::domain::item::Stay;
use crate::error::CartError;

/// Orders one page of a search lists by default, and at most.
pub const PAGE_SIZE: u32 = 20;
pub const MAX_PAGE_SIZE: u32 = 100;
/// The longest search text taken.
pub const MAX_QUERY: usize = 100;

/// An order's facts for the front desk, kept beside it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeskFacts {
    pub guest_name: String,
    pub phone: String,
    /// `YYYY-MM-DD`; empty for an order without a stay.
    pub arrival: String,
    pub departure: String,
    pub search_text: String,
}

impl DeskFacts {
    pub fn of<'a>(booking_code: &str, email: &str, customer: &Customer, stays: impl Iterator<Item = &'a Stay>) -> Self {
        let guest_name = format!("{} {}", customer.first_name.trim(), customer.last_name.trim()).trim().to_owned();
        let phone = customer.phone.trim().to_owned();
        let (mut arrival, mut departure): (Option<NaiveDate>, Option<NaiveDate>) = (None, None);
        for stay in stays {
            arrival = Some(arrival.map_or(stay.check_in, |a| a.min(stay.check_in)));
            departure = Some(departure.map_or(stay.check_out, |d| d.max(stay.check_out)));
        }
        let ymd = |d: Option<NaiveDate>| d.map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default();
        let search_text = [booking_code, email, &guest_name, &phone, &digits(&phone)].join(" ").to_lowercase();
        Self { guest_name, phone, arrival: ymd(arrival), departure: ymd(departure), search_text }
    }
}

fn digits(s: &str) -> String {
    s.chars().filter(char::is_ascii_digit).collect()
}

/// A search of the orders, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderSearch {
    /// Lowercased; empty for every order.
    pub text: String,
    /// A query of phone characters with 3 or more digits: its digits, which
    /// match a phone however it was written (the text still matches too).
    pub digits: Option<String>,
    /// Stays that end after `from` and begin on or before `to` (with both
    /// the same day: that night's guests); either may be open.
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub state: Option<OrderState>,
    /// 1-based.
    pub page: u32,
    pub limit: u32,
}

impl OrderSearch {
    /// From the call's fields: `from`/`to` `YYYY-MM-DD` or empty, `page`
    /// 0 for the first, `limit` 0 for [`PAGE_SIZE`].
    pub fn new(query: &str, from: &str, to: &str, state: Option<OrderState>, page: u32, limit: u32) -> Result<Self, CartError> {
        let query = query.trim();
        if query.chars().count() > MAX_QUERY {
            return Err(CartError::InvalidSearch { field: "q", reason: "at most 100 characters" });
        }
        let phone_like = query.chars().all(|c| c.is_ascii_digit() || "+()-. /".contains(c)) && digits(query).len() >= 3;
        let (text, digits) = (query.to_lowercase(), phone_like.then(|| digits(query)));
        let day = |field: &'static str, value: &str| {
            if value.is_empty() {
                return Ok(None);
            }
            spa_platform::dates::parse_ymd(value).map(Some).ok_or(CartError::InvalidSearch { field, reason: "a date YYYY-MM-DD" })
        };
        let (from, to) = (day("from", from)?, day("to", to)?);
        if limit > MAX_PAGE_SIZE {
            return Err(CartError::InvalidSearch { field: "limit", reason: "at most 100" });
        }
        Ok(Self { text, digits, from, to, state, page: page.max(1), limit: if limit == 0 { PAGE_SIZE } else { limit } })
    }

    /// The rows skipped before this page.
    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.limit)
    }

    /// The search text as LIKE patterns (the text, and its digits when it
    /// looks like a phone): anywhere, `%`, `_` and `\` taken literally.
    pub fn patterns(&self) -> Vec<String> {
        let like = |s: &str| {
            let escaped: String = s.chars().flat_map(|c| if matches!(c, '%' | '_' | '\\') { vec!['\\', c] } else { vec![c] }).collect();
            format!("%{escaped}%")
        };
        std::iter::once(like(&self.text)).chain(self.digits.as_deref().map(like)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stay(check_in: &str, check_out: &str) -> Stay {
        Stay { check_in: check_in.parse().unwrap(), check_out: check_out.parse().unwrap(), adults: 2, children: 0, babies: 0 }
    }

    fn anna() -> Customer {
        Customer { first_name: " Anna ".into(), last_name: "Żak".into(), email: "anna@example.pl".into(), phone: "+48 600 100 200".into() }
    }

    #[test]
    fn an_order_is_found_by_its_code_e_mail_name_and_phone_and_spans_its_stays() {
        let stays = [stay("2026-12-20", "2026-12-22"), stay("2026-12-18", "2026-12-21")];
        let f = DeskFacts::of("SPA-7KM4-XQ9D", "anna@example.pl", &anna(), stays.iter());
        assert_eq!((f.guest_name.as_str(), f.phone.as_str()), ("Anna Żak", "+48 600 100 200"));
        assert_eq!((f.arrival.as_str(), f.departure.as_str()), ("2026-12-18", "2026-12-22"));
        for q in ["spa-7km4", "ANNA@", "żak", "Anna Ż", "600 100", "600-100-200"] {
            let search = OrderSearch::new(q, "", "", None, 0, 0).unwrap();
            let found = |needle: &str| f.search_text.contains(needle);
            assert!(found(&search.text) || search.digits.as_deref().is_some_and(found), "{q} finds it");
        }
        let tail = OrderSearch::new("7KM4-XQ9D", "", "", None, 0, 0).unwrap();
        assert_eq!((tail.text.as_str(), tail.digits.as_deref()), ("7km4-xq9d", None));
        let numbers = OrderSearch::new("4734-7969", "", "", None, 0, 0).unwrap();
        assert_eq!((numbers.text.as_str(), numbers.digits.as_deref()), ("4734-7969", Some("47347969")), "a code's digits, or a phone");
        let none = DeskFacts::of("SPA-1", "x@example.pl", &anna(), std::iter::empty());
        assert_eq!((none.arrival.as_str(), none.departure.as_str()), ("", ""), "no stay");
    }

    #[test]
    fn a_search_names_what_is_wrong_and_pages_from_one() {
        let s = OrderSearch::new("", "2026-12-01", "2026-12-08", Some(OrderState::Paid), 0, 0).unwrap();
        assert_eq!((s.page, s.limit, s.offset()), (1, PAGE_SIZE, 0));
        assert_eq!(OrderSearch::new("", "", "", None, 3, 10).unwrap().offset(), 20);
        let field = |r: Result<OrderSearch, CartError>| match r {
            Err(CartError::InvalidSearch { field, .. }) => field,
            other => panic!("{other:?}"),
        };
        assert_eq!(field(OrderSearch::new("", "1.12.2026", "", None, 0, 0)), "from");
        assert_eq!(field(OrderSearch::new("", "", "", None, 0, 101)), "limit");
        assert_eq!(field(OrderSearch::new(&"a".repeat(101), "", "", None, 0, 0)), "q");
        assert_eq!(OrderSearch::new("50%_off\\", "", "", None, 0, 0).unwrap().patterns(), ["%50\\%\\_off\\\\%"]);
    }
}

//! What the front desk finds orders by, on SQLite and PostgreSQL: the
//! search (any part of a booking code, name, e-mail or phone; stays
//! overlapping days; a state; pages newest first), a day's arrivals and
//! departures, and orders placed before these were kept filled in from
//! their summaries.

use serde_json::json;
use spa_cart::domain::checkout::OrderState;
use spa_cart::domain::front_desk::OrderSearch;
use spa_cart::orders::{DeskDay, Orders};
use spa_platform::db::Db;
use spa_platform::outbox::Outbox;
use spa_platform::testkit::{Backend, TestDb};

/// An order as placed before the front desk's columns existed: only its
/// summary knows the guest and the stay.
async fn placed(db: &Db, code: &str, created_at: i64, state: &str, guest: (&str, &str, &str, &str), stay: Option<(&str, &str)>) {
    let (first, last, email, phone) = guest;
    let lines = match stay {
        Some((check_in, check_out)) => json!([{
            "id": 1, "kind": "reservation", "code": "ROOM_STANDARD_DOUBLE", "name": "Pokój", "productType": "room",
            "quantity": 1, "unit": 64000, "total": 64000,
            "stay": {"checkIn": check_in, "checkOut": check_out, "adults": 2, "children": 0, "babies": 0}
        }]),
        None => json!([]),
    };
    let summary = json!({
        "address": {
            "customer": {"firstName": first, "lastName": last, "email": email, "phone": phone},
            "billing": {"invoiceRequired": false, "company": "", "vatNumber": "", "street": "", "postcode": "", "city": "", "countryCode": "PL"},
            "shipping": null,
            "notes": ""
        },
        "lines": lines
    });
    let payment = if state == "paid" {
        "paid"
    } else if state == "cancelled" {
        "cancelled"
    } else {
        "awaiting_payment"
    };
    sqlx::query(
        "INSERT INTO orders (token, order_id, booking_code, email, locale, state, payment_state, payment_method, total, vouchers, \
         shipping, deposit, left_to_pay, due_now, hold_expires_at, summary, created_at) \
         VALUES ($1, $2, $3, $4, 'pl', $5, $6, 'bank_transfer', 64000, 0, 0, 0, 64000, 64000, 0, $7, $8)",
    )
    .bind(format!("token-{code}"))
    .bind(format!("order-{code}"))
    .bind(code)
    .bind(email)
    .bind(state)
    .bind(payment)
    .bind(summary.to_string())
    .bind(created_at)
    .execute(db.pool())
    .await
    .unwrap();
}

async fn found(db: &Db, q: &str, from: &str, to: &str, state: Option<OrderState>) -> Vec<String> {
    let search = OrderSearch::new(q, from, to, state, 1, 0).unwrap();
    spa_cart::store::search_orders(db, &search).await.unwrap().orders.into_iter().map(|o| o.booking_code).collect()
}

async fn the_front_desk_finds_orders(backend: Backend) {
    let t = TestDb::new(backend).await;
    let db = &t.db;
    db.migrate(sqlx::migrate!()).await.unwrap();
    placed(db, "SPA-AAAA-1111", 1, "new", ("Anna", "Żak", "anna@example.pl", "+48 600 100 200"), Some(("2026-12-18", "2026-12-20"))).await;
    placed(db, "SPA-BBBB-2222", 2, "paid", ("Jan", "Müller", "jan@example.de", "0049 151 2345 678"), Some(("2026-12-19", "2026-12-24")))
        .await;
    placed(db, "SPA-CCCC-3333", 3, "cancelled", ("Ola", "Nowak", "ola_100%@example.pl", "600 999 888"), Some(("2026-12-18", "2026-12-19")))
        .await;
    placed(db, "SPA-DDDD-4444", 4, "paid", ("Ewa", "Kos", "ewa@example.pl", "500 000 000"), None).await;

    let orders = Orders::new(db.clone(), Outbox::new());
    assert_eq!(orders.fill_desk_facts().await.unwrap(), 4, "filled in from their summaries");
    assert_eq!(orders.fill_desk_facts().await.unwrap(), 0, "once");

    let all = ["SPA-DDDD-4444", "SPA-CCCC-3333", "SPA-BBBB-2222", "SPA-AAAA-1111"];
    assert_eq!(found(db, "", "", "", None).await, all, "newest first");
    assert_eq!(found(db, "aaaa-11", "", "", None).await, ["SPA-AAAA-1111"], "part of a code, any case");
    assert_eq!(found(db, "ŻAK", "", "", None).await, ["SPA-AAAA-1111"], "a name with its letters");
    assert_eq!(found(db, "müller", "", "", None).await, ["SPA-BBBB-2222"]);
    assert_eq!(found(db, "600-100-200", "", "", None).await, ["SPA-AAAA-1111"], "a phone however written");
    assert_eq!(found(db, "1111", "", "", None).await, ["SPA-AAAA-1111"], "the digits of a code");
    assert_eq!(found(db, "@example.pl", "", "", None).await, ["SPA-DDDD-4444", "SPA-CCCC-3333", "SPA-AAAA-1111"]);
    assert_eq!(found(db, "_100%", "", "", None).await, ["SPA-CCCC-3333"], "% and _ taken literally");
    assert_eq!(found(db, "a_n", "", "", None).await, Vec::<String>::new());

    // Stays ending after `from` and beginning by `to`: an order without a stay never does.
    assert_eq!(found(db, "", "2026-12-20", "", None).await, ["SPA-BBBB-2222"], "ends after the 20th");
    assert_eq!(found(db, "", "", "2026-12-18", None).await, ["SPA-CCCC-3333", "SPA-AAAA-1111"], "begins by the 18th");
    assert_eq!(found(db, "", "2026-12-19", "2026-12-20", None).await, ["SPA-BBBB-2222", "SPA-AAAA-1111"]);
    assert_eq!(
        found(db, "", "2026-12-19", "2026-12-19", None).await,
        ["SPA-BBBB-2222", "SPA-AAAA-1111"],
        "in the house on the night of the 19th"
    );
    assert_eq!(found(db, "", "2026-12-21", "2026-12-20", None).await, ["SPA-BBBB-2222"], "either bound alone: no error for to before from");
    assert_eq!(found(db, "", "", "", Some(OrderState::Paid)).await, ["SPA-DDDD-4444", "SPA-BBBB-2222"]);

    // Pages of two, newest first, with the count of all.
    let second = OrderSearch::new("", "", "", None, 2, 2).unwrap();
    let page = spa_cart::store::search_orders(db, &second).await.unwrap();
    assert_eq!(page.total, 4);
    assert_eq!(page.orders.iter().map(|o| o.booking_code.as_str()).collect::<Vec<_>>(), ["SPA-BBBB-2222", "SPA-AAAA-1111"]);

    // The 18th: Anna arrives (Ola's order was cancelled); the 20th: Anna leaves.
    let codes = |orders: Vec<spa_cart::orders::StoredOrder>| orders.into_iter().map(|o| o.booking_code).collect::<Vec<_>>();
    assert_eq!(codes(spa_cart::store::orders_on(db, DeskDay::Arrival, "2026-12-18").await.unwrap()), ["SPA-AAAA-1111"]);
    assert_eq!(codes(spa_cart::store::orders_on(db, DeskDay::Departure, "2026-12-20").await.unwrap()), ["SPA-AAAA-1111"]);
    let day = orders.arrivals("2026-12-19").await.unwrap();
    assert_eq!((codes(day.arriving), codes(day.departing)), (vec!["SPA-BBBB-2222".to_owned()], vec![]));
    assert!(orders.arrivals("19.12.2026").await.is_err(), "a malformed day");
}

#[tokio::test]
async fn the_front_desk_finds_orders_on_sqlite() {
    the_front_desk_finds_orders(Backend::Sqlite).await;
}

#[tokio::test]
#[cfg_attr(not(has_postgres), ignore = "TEST_POSTGRES_URL is not set")]
async fn the_front_desk_finds_orders_on_postgres() {
    the_front_desk_finds_orders(Backend::Postgres).await;
}

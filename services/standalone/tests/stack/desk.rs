//! The front desk's changes of an order: money received in parts (once
//! per key, an overpayment due back, a wrong record reversed), the
//! cancellation policy's quote and a cancellation at the version read (its
//! nights on sale again, its money due back, the guest told), and the
//! guest cancelling an unpaid order from its page. The races run on SQLite
//! here and on PostgreSQL in the distributed test.

use reqwest::Method;
use serde_json::{Value, json};
use spa_platform::db::Db;

use crate::staff::{as_staff, placed};
use crate::support::{TestStack, eventually, json as read};

async fn count(db: &Db, sql: &str, bind: &str) -> i64 {
    sqlx::query_scalar(sql).bind(bind).fetch_one(db.pool()).await.unwrap()
}

/// A front desk call with an Idempotency-Key.
async fn keyed(http: &reqwest::Client, url: String, session: &str, key: impl AsRef<str>, body: Value) -> (u16, Value) {
    let request = http
        .post(url)
        .header("x-requested-with", "XMLHttpRequest")
        .header("cookie", format!("spa_session={session}"))
        .header("idempotency-key", key.as_ref())
        .json(&body);
    read(request.send().await.unwrap()).await
}

/// An Idempotency-Key (16 to 64 safe characters) named for the record.
fn key(name: &str) -> String {
    format!("key-{name}-0000000000000000")
}

/// A bank-transfer order's total paid in four parts, each recorded twice at
/// once (a double click) with its key: four records, the order paid in
/// full, one history entry and one `cart.order.paid` per part.
pub async fn part_payments_at_once_add_up(http: &reqwest::Client, base: &str, session: &str, cart: &Db, in_days: i64) -> String {
    let (code, due, token) = placed(http, base, in_days, json!({"method": "bank_transfer"})).await;
    let paid_events = "SELECT COUNT(*) FROM outbox WHERE subject = $1";
    let before = count(cart, paid_events, "cart.order.paid").await;
    let part = due / 4;
    let parts = [part, part, part, due - 3 * part];
    let url = format!("{base}/shop-api/backend/orders/{code}/payments?locale=en_GB");
    let answers = futures::future::join_all((0..8).map(|i| {
        let method = ["cash", "card_terminal"][i % 2];
        let body = json!({"amount": parts[i % 4], "method": method, "reference": format!("KP/{}", i % 4)});
        keyed(http, url.clone(), session, key(&format!("{code}-part-{}", i % 4)), body)
    }))
    .await;
    for (status, body) in &answers {
        assert_eq!(*status, 200, "{body}");
    }
    let recorded = count(cart, "SELECT COUNT(*) FROM payments WHERE order_token = $1", &token).await;
    assert_eq!(recorded, 4, "one record per key");
    let received: i64 = sqlx::query_scalar("SELECT CAST(SUM(amount) AS BIGINT) FROM payments WHERE order_token = $1 AND state = 'paid'")
        .bind(&token)
        .fetch_one(cart.pool())
        .await
        .unwrap();
    assert_eq!(received, due);
    let (state, payment): (String, String) =
        sqlx::query_as("SELECT state, payment_state FROM orders WHERE token = $1").bind(&token).fetch_one(cart.pool()).await.unwrap();
    assert_eq!((state.as_str(), payment.as_str()), ("paid", "paid"));
    assert_eq!(count(cart, "SELECT COUNT(*) FROM order_history WHERE order_token = $1", &token).await, 4);
    assert_eq!(count(cart, paid_events, "cart.order.paid").await, before + 4, "one cart.order.paid per part");
    code
}

/// Two receptionists cancel one order at the version they both read, one
/// keeping the policy's fee and one waiving it: one wins, the other is
/// told it was cancelled; one event, one history entry, its nights
/// released, what it paid beyond the winner's fee due back.
pub async fn two_cancellations_at_once_one_wins(http: &reqwest::Client, base: &str, session: &str, cart: &Db, rooms: &Db) {
    let (code, due, token) = placed(http, base, 5, json!({"method": "bank_transfer"})).await;
    let pay = keyed(
        http,
        format!("{base}/shop-api/backend/orders/{code}/payments"),
        session,
        &key(&format!("{code}-all")),
        json!({"amount": due, "method": "bank_transfer", "reference": "PRZELEW 1"}),
    )
    .await;
    assert_eq!(pay.0, 200, "{}", pay.1);
    let cookie = Some(format!("spa_session={session}"));
    let quote_url = format!("{base}/shop-api/backend/orders/{code}/cancellation?locale=en_GB");
    let (status, quote) = as_staff(http, Method::GET, quote_url.clone(), cookie.clone(), Value::Null).await;
    assert_eq!(status, 200, "{quote}");
    let fee = quote["fee"].as_i64().unwrap();
    assert!(fee > 0 && fee < due, "five days before arrival the policy keeps a share: {quote}");
    assert_eq!(quote["refund"].as_i64(), Some(due - fee), "{quote}");
    let version = quote["version"].as_i64().unwrap();
    let events = "SELECT COUNT(*) FROM outbox WHERE subject = $1";
    let before = count(cart, events, "cart.order.cancelled").await;
    let cancels = futures::future::join_all(
        [fee, 0].map(|fee| as_staff(http, Method::POST, quote_url.clone(), cookie.clone(), json!({"version": version, "fee": fee}))),
    )
    .await;
    let won: Vec<_> = cancels.iter().filter(|(s, _)| *s == 200).collect();
    assert_eq!(won.len(), 1, "{cancels:?}");
    let lost = cancels.iter().find(|(s, _)| *s != 200).unwrap();
    assert_eq!((lost.0, lost.1["code"].as_str()), (409, Some("order_cancelled")), "{}", lost.1);
    let kept = won[0].1["cancellationFee"].as_i64().unwrap();
    assert_eq!(won[0].1["state"].as_str(), Some("cancelled"));
    let due_back: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(due_back), 0) AS BIGINT) FROM payments WHERE order_token = $1 AND state = 'refund_due'",
    )
    .bind(&token)
    .fetch_one(cart.pool())
    .await
    .unwrap();
    assert_eq!(due_back, due - kept, "what it paid beyond the fee is due back");
    assert_eq!(count(cart, events, "cart.order.cancelled").await, before + 1, "one cart.order.cancelled");
    assert_eq!(count(cart, "SELECT COUNT(*) FROM order_history WHERE order_token = $1 AND action = 'cancelled'", &token).await, 1);
    let order_id: String =
        sqlx::query_scalar("SELECT order_id FROM orders WHERE token = $1").bind(&token).fetch_one(cart.pool()).await.unwrap();
    let released = count(rooms, "SELECT COUNT(*) FROM holds WHERE order_id = $1 AND status = 'released'", &order_id).await;
    assert_eq!(released, 1, "its nights are for sale again at once");
}

/// Money in parts, an overpayment and a reversal, the policy's quote, a
/// stale cancellation refused and a cancellation with its e-mail; only the
/// front desk may; the guest cancels an unpaid order from its page.
#[tokio::test]
async fn the_front_desk_takes_money_in_parts_and_cancels_by_the_policy() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: &str| Some(format!("spa_session={token}"));
    let customer = t.session_of("c-1", "anna@example.pl", "customer").await;
    let editor = t.session_of("c-2", "ed@example.pl", "customer,editor").await;
    let reception = t.session_of("c-3", "recepcja@example.pl", "customer,reception").await;
    let admin = t.session_of("c-4", "admin@example.pl", "customer,admin").await;
    let cart = t.stack.db("cart");
    let (code, due, token) = placed(&t.http, &t.base, 85, json!({"method": "bank_transfer"})).await;
    let payments = t.url(&format!("/shop-api/backend/orders/{code}/payments?locale=en_GB"));
    let cancellation = t.url(&format!("/shop-api/backend/orders/{code}/cancellation?locale=en_GB"));
    let cash = |amount: i64, reference: &str| json!({"amount": amount, "method": "cash", "reference": reference});

    // Who may.
    let anonymous = t.http.post(&payments).header("x-requested-with", "XMLHttpRequest").header("idempotency-key", key("anon"));
    assert_eq!(read(anonymous.json(&cash(100, "KP")).send().await.unwrap()).await.0, 401);
    for (who, session) in [("customer", &customer), ("editor", &editor)] {
        assert_eq!(keyed(&t.http, payments.clone(), session, &key(who), cash(100, "KP")).await.0, 403, "{who} records");
        assert_eq!(as_staff(&t.http, Method::GET, cancellation.clone(), cookie(session), Value::Null).await.0, 403, "{who} quotes");
        let cancel = as_staff(&t.http, Method::POST, cancellation.clone(), cookie(session), json!({"version": 0, "fee": 0})).await;
        assert_eq!(cancel.0, 403, "{who} cancels");
    }
    // The guest's details are never kept by a browser or a proxy.
    for path in [format!("/shop-api/backend/orders/{code}"), "/shop-api/backend/bookings".into(), "/shop-api/backend/refunds".into()] {
        let answer = t.http.get(t.url(&path)).header("cookie", format!("spa_session={admin}")).send().await.unwrap();
        assert_eq!((answer.status().as_u16(), answer.headers()["cache-control"].to_str().unwrap()), (200, "no-store"), "{path}");
    }
    let no_key = as_staff(&t.http, Method::POST, payments.clone(), cookie(&reception), cash(100, "KP")).await;
    assert_eq!((no_key.0, no_key.1["errors"][0]["field"].as_str()), (400, Some("Idempotency-Key")), "{}", no_key.1);
    let zero = keyed(&t.http, payments.clone(), &reception, &key("zero"), cash(0, "KP")).await;
    assert_eq!((zero.0, zero.1["errors"][0]["field"].as_str()), (400, Some("amount")), "{}", zero.1);

    // A part: partly paid, the booking confirmed, who and when kept; a retry changes nothing.
    let part = due / 4;
    let (status, order) = keyed(&t.http, payments.clone(), &reception, &key("part"), cash(part, "KP/1/2026")).await;
    assert_eq!(status, 200, "{order}");
    assert_eq!((order["state"].as_str(), order["paymentState"].as_str()), (Some("paid"), Some("partially_paid")), "{order}");
    assert_eq!((order["received"].as_i64(), order["open"].as_i64()), (Some(part), Some(due - part)));
    assert_eq!(order["payments"][0]["staff"].as_str(), Some("recepcja@example.pl"));
    assert_eq!(
        (order["history"][0]["action"].as_str(), order["history"][0]["note"].as_str()),
        (Some("payment_recorded"), Some("KP/1/2026"))
    );
    let (_, again) = keyed(&t.http, payments.clone(), &reception, &key("part"), cash(part, "KP/1/2026")).await;
    assert_eq!(again["payments"].as_array().unwrap().len(), 1, "a retry with the key records nothing: {again}");

    // The rest and 50 zł more by card: paid, the 50 zł due back.
    let rest = json!({"amount": due - part + 5000, "method": "card_terminal", "reference": "TERM 0042"});
    let (status, paid) = keyed(&t.http, payments.clone(), &reception, &key("rest"), rest).await;
    assert_eq!((status, paid["paymentState"].as_str(), paid["received"].as_i64()), (200, Some("paid"), Some(due)), "{paid}");
    let over = paid["payments"].as_array().unwrap().iter().find(|p| p["state"] == "refund_due").unwrap().clone();
    assert_eq!((over["dueBack"].as_i64(), over["provider"].as_str()), (Some(5000), Some("card_terminal")), "{paid}");
    let (_, refunds) = as_staff(&t.http, Method::GET, t.url("/shop-api/backend/refunds"), cookie(&admin), Value::Null).await;
    assert!(refunds["items"].as_array().unwrap().iter().any(|r| r["paymentId"] == over["id"] && r["amount"] == 5000), "{refunds}");

    // The card record was wrong: reversed by another, its overpaid part no longer due back.
    let card =
        paid["payments"].as_array().unwrap().iter().find(|p| p["provider"] == "card_terminal" && p["state"] == "paid").unwrap().clone();
    let reversal = |amount: i64| json!({"amount": amount, "method": "cash", "reference": "wrong terminal", "reverses": card["id"]});
    let mismatch = keyed(&t.http, payments.clone(), &reception, &key("rev-bad"), reversal(1)).await;
    assert_eq!((mismatch.0, mismatch.1["code"].as_str()), (422, Some("amount_mismatch")), "{}", mismatch.1);
    let (status, reversed) = keyed(&t.http, payments.clone(), &reception, &key("rev"), reversal(due - part)).await;
    assert_eq!((status, reversed["paymentState"].as_str(), reversed["received"].as_i64()), (200, Some("partially_paid"), Some(part)));
    let states: Vec<&str> = reversed["payments"].as_array().unwrap().iter().map(|p| p["state"].as_str().unwrap()).collect();
    assert!(states.contains(&"reversed") && !states.contains(&"refund_due"), "{reversed}");
    let twice = keyed(&t.http, payments.clone(), &reception, &key("rev-2"), reversal(due - part)).await;
    assert_eq!((twice.0, twice.1["code"].as_str()), (409, Some("payment_reversed")), "{}", twice.1);

    // The quote far from arrival keeps nothing; a stale or greedy cancellation is refused.
    let (status, quote) = as_staff(&t.http, Method::GET, cancellation.clone(), cookie(&reception), Value::Null).await;
    assert_eq!((status, quote["fee"].as_i64(), quote["refund"].as_i64()), (200, Some(0), Some(part)), "{quote}");
    assert_eq!((quote["freeDays"].as_u64(), quote["feePercent"].as_u64()), (Some(14), Some(30)));
    let version = quote["version"].as_i64().unwrap();
    let stale = as_staff(&t.http, Method::POST, cancellation.clone(), cookie(&reception), json!({"version": version - 1, "fee": 0})).await;
    assert_eq!((stale.0, stale.1["code"].as_str()), (409, Some("stale_version")), "{}", stale.1);
    let greedy = as_staff(&t.http, Method::POST, cancellation.clone(), cookie(&reception), json!({"version": version, "fee": 100})).await;
    assert_eq!((greedy.0, greedy.1["code"].as_str()), (409, Some("fee_above_policy")), "{}", greedy.1);
    let cancel = json!({"version": version, "fee": 0});
    let (status, cancelled) = as_staff(&t.http, Method::POST, cancellation.clone(), cookie(&reception), cancel.clone()).await;
    assert_eq!((status, cancelled["state"].as_str()), (200, Some("cancelled")), "{cancelled}");
    assert_eq!(cancelled["history"].as_array().unwrap().last().unwrap()["action"].as_str(), Some("cancelled"));
    let retry = as_staff(&t.http, Method::POST, cancellation.clone(), cookie(&reception), cancel).await;
    assert_eq!(retry.0, 200, "the same cancellation again answers it: {}", retry.1);
    let refund: i64 =
        sqlx::query_scalar("SELECT CAST(SUM(due_back) AS BIGINT) FROM payments WHERE order_token = $1 AND state = 'refund_due'")
            .bind(&token)
            .fetch_one(cart.pool())
            .await
            .unwrap();
    assert_eq!(refund, part, "the cash part goes back");
    let late = keyed(&t.http, payments.clone(), &reception, &key("late"), cash(100, "KP/9")).await;
    assert_eq!((late.0, late.1["code"].as_str()), (409, Some("order_cancelled")), "{}", late.1);
    let content = t.stack.db("content");
    eventually("the guest's cancellation e-mail", || async {
        let subject = format!("Rezerwacja anulowana – {code}");
        (count(content, "SELECT COUNT(*) FROM outgoing_mail WHERE subject = $1", &subject).await == 1).then_some(())
    })
    .await;
    // The desk sees every e-mail the order sent, the guesthouse's notices too; an editor does not.
    let mails_url = t.url(&format!("/shop-api/backend/orders/{}/mails?locale=en_GB", code.to_lowercase()));
    assert_eq!(as_staff(&t.http, Method::GET, mails_url.clone(), cookie(&editor), Value::Null).await.0, 403);
    let (status, mails) = as_staff(&t.http, Method::GET, mails_url, cookie(&reception), Value::Null).await;
    assert_eq!(status, 200, "{mails}");
    let sent: Vec<(&str, &str)> =
        mails["items"].as_array().unwrap().iter().map(|m| (m["recipient"].as_str().unwrap(), m["subject"].as_str().unwrap())).collect();
    for subject in [format!("Twoja rezerwacja {code}"), format!("Rezerwacja anulowana – {code}")] {
        assert!(sent.iter().any(|(to, s)| *s == subject && to.contains('@')), "{subject} in {mails}");
    }
    assert!(sent.len() >= 4, "the guest's and the guesthouse's: {mails}");
    assert!(mails["items"].as_array().unwrap().iter().all(|m| m.get("body").is_none() && m["queuedAt"].is_string()), "{mails}");

    // Near arrival the policy keeps its share; two receptionists race.
    two_cancellations_at_once_one_wins(&t.http, &t.base, &reception, cart, t.stack.db("rooms")).await;
    part_payments_at_once_add_up(&t.http, &t.base, &reception, cart, 95).await;

    // The guest cancels an unpaid order from its page; a paid one is refused.
    let (_, _, unpaid) = placed(&t.http, &t.base, 100, json!({"method": "bank_transfer"})).await;
    let page = t.http.get(t.url(&format!("/order/{unpaid}/pay"))).send().await.unwrap().text().await.unwrap();
    assert!(page.contains(&format!("action=\"/order/{unpaid}/cancel\"")), "the unpaid order's page offers to cancel");
    let no_redirect = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let answer = no_redirect.post(t.url(&format!("/order/{unpaid}/cancel"))).send().await.unwrap();
    assert_eq!((answer.status().as_u16(), answer.headers()["location"].to_str().unwrap()), (303, format!("/order/{unpaid}/pay").as_str()));
    let (state, reason): (String, String) =
        sqlx::query_as("SELECT state, cancel_reason FROM orders WHERE token = $1").bind(&unpaid).fetch_one(cart.pool()).await.unwrap();
    assert_eq!((state.as_str(), reason.as_str()), ("cancelled", "guest"));
    let page = t.http.get(t.url(&format!("/order/{unpaid}/pay"))).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("anulowana na Twoją prośbę") && !page.contains("/cancel\""), "{page}");
    let (paid_code, due, paid_token) = placed(&t.http, &t.base, 105, json!({"method": "bank_transfer"})).await;
    let url = t.url(&format!("/shop-api/backend/orders/{paid_code}/payments"));
    assert_eq!(keyed(&t.http, url, &reception, &key("paid"), cash(due, "KP/7")).await.0, 200);
    let refused = no_redirect.post(t.url(&format!("/order/{paid_token}/cancel"))).send().await.unwrap();
    assert_eq!(refused.headers()["location"].to_str().unwrap(), format!("/order/{paid_token}/pay?cancel=refused"));
}

/// The night after `to` (`YYYY-MM-DD`), and so on: a stay shifted by `days`.
fn shifted(day: &str, days: i64) -> String {
    let d = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").unwrap() + chrono::Duration::days(days);
    d.format("%Y-%m-%d").to_string()
}

/// An order's first line as the front desk reads it: (line id, check-in, check-out, version).
async fn first_stay(http: &reqwest::Client, base: &str, session: &str, code: &str) -> (i64, String, String, i64) {
    let url = format!("{base}/shop-api/backend/orders/{code}");
    let (status, order) = as_staff(http, Method::GET, url, Some(format!("spa_session={session}")), Value::Null).await;
    assert_eq!(status, 200, "{order}");
    let item = &order["items"][0];
    let day = |field: &str| item[field].as_str().unwrap_or_else(|| panic!("{field} in {item}")).to_owned();
    (item["id"].as_i64().unwrap(), day("dateFrom"), day("dateTo"), order["version"].as_i64().unwrap())
}

/// The nights the rooms service keeps for an order, first to last.
async fn nights_of(cart: &Db, rooms: &Db, token: &str) -> Vec<String> {
    let order_id: String =
        sqlx::query_scalar("SELECT order_id FROM orders WHERE token = $1").bind(token).fetch_one(cart.pool()).await.unwrap();
    sqlx::query_scalar("SELECT night FROM hold_nights WHERE order_id = $1 ORDER BY night")
        .bind(&order_id)
        .fetch_all(rooms.pool())
        .await
        .unwrap()
}

/// Two receptionists move one paid booking at the version they both read,
/// to different dates: one wins, the other is told the order changed; the
/// rooms service keeps the winner's nights and one history entry says so.
pub async fn two_moves_at_once_one_wins(http: &reqwest::Client, base: &str, session: &str, cart: &Db, rooms: &Db, in_days: i64) {
    let (code, due, token) = placed(http, base, in_days, json!({"method": "bank_transfer"})).await;
    let url = format!("{base}/shop-api/backend/orders/{code}/payments");
    let paid =
        keyed(http, url, session, &key(&format!("{code}-move")), json!({"amount": due, "method": "cash", "reference": "KP/8"})).await;
    assert_eq!(paid.0, 200, "{}", paid.1);
    let (id, from, to, version) = first_stay(http, base, session, &code).await;
    let url = format!("{base}/shop-api/backend/orders/{code}/items/{id}/stay?locale=en_GB");
    let cookie = Some(format!("spa_session={session}"));
    let moves = futures::future::join_all([1, 2].map(|days| {
        let body = json!({"version": version, "roomCode": crate::checkout::ROOM, "checkIn": shifted(&from, days), "checkOut": shifted(&to, days), "adults": 2});
        as_staff(http, Method::PUT, url.clone(), cookie.clone(), body)
    }))
    .await;
    let won: Vec<_> = moves.iter().filter(|(s, _)| *s == 200).collect();
    assert_eq!(won.len(), 1, "{moves:?}");
    let lost = moves.iter().find(|(s, _)| *s != 200).unwrap();
    assert_eq!((lost.0, lost.1["code"].as_str()), (409, Some("stale_version")), "{}", lost.1);
    let check_in = won[0].1["items"][0]["dateFrom"].as_str().unwrap().to_owned();
    let nights = nights_of(cart, rooms, &token).await;
    assert_eq!(nights, [check_in.clone(), shifted(&check_in, 1)], "the rooms service keeps the winner's nights");
    let moved = count(cart, "SELECT COUNT(*) FROM order_history WHERE order_token = $1 AND action = 'stay_changed'", &token).await;
    assert_eq!(moved, 1);
}

/// A paid stay moved by the front desk: the change priced first, the new
/// nights taken and the old given back, what it adds due and what it takes
/// off due back, the guest's updated confirmation; refused for the wrong
/// role, a stale version, a night taken, dates past, unknown rooms and lines.
#[tokio::test]
async fn the_front_desk_moves_a_stay_to_free_nights_and_settles_the_difference() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: &str| Some(format!("spa_session={token}"));
    let editor = t.session_of("c-2", "ed@example.pl", "customer,editor").await;
    let reception = t.session_of("c-3", "recepcja@example.pl", "customer,reception").await;
    let (cart, rooms) = (t.stack.db("cart"), t.stack.db("rooms"));
    // The moves below compare prices of nights a day apart: every one of
    // them at one rate, whatever the weekday or season of the run.
    let in_days = evenly_priced(rooms, 60, 4).await;
    let (code, due, token) = placed(&t.http, &t.base, in_days, json!({"method": "bank_transfer"})).await;
    let paid = keyed(
        &t.http,
        t.url(&format!("/shop-api/backend/orders/{code}/payments")),
        &reception,
        &key("all"),
        json!({"amount": due, "method": "cash", "reference": "KP/1"}),
    )
    .await;
    assert_eq!(paid.0, 200, "{}", paid.1);
    let (id, from, to, version) = first_stay(&t.http, &t.base, &reception, &code).await;
    let url = t.url(&format!("/shop-api/backend/orders/{code}/items/{id}/stay?locale=en_GB"));
    let wanted = |from: &str, to: &str| json!({"roomCode": crate::checkout::ROOM, "checkIn": from, "checkOut": to, "adults": 2});
    let quote_url = |from: &str, to: &str| format!("{url}&roomCode={}&checkIn={from}&checkOut={to}&adults=2", crate::checkout::ROOM);
    let put = |body: Value, session: &str| as_staff(&t.http, Method::PUT, url.clone(), cookie(session), body);
    let with_version = |mut body: Value, version: i64| {
        body["version"] = json!(version);
        body
    };

    // Who may.
    let (later_in, later_out) = (shifted(&from, 1), shifted(&to, 1));
    assert_eq!(as_staff(&t.http, Method::GET, quote_url(&later_in, &later_out), cookie(&editor), Value::Null).await.0, 403);
    assert_eq!(put(with_version(wanted(&later_in, &later_out), version), &editor).await.0, 403);
    assert_eq!(as_staff(&t.http, Method::PUT, url.clone(), None, with_version(wanted(&later_in, &later_out), version)).await.0, 401);

    // Wrong asks, each named.
    let past = put(with_version(wanted("2020-01-01", "2020-01-03"), version), &reception).await;
    assert_eq!(
        (past.0, past.1["code"].as_str(), past.1["errors"][0]["field"].as_str()),
        (422, Some("invalid_stay"), Some("checkIn")),
        "{}",
        past.1
    );
    let crowd = put(
        with_version(json!({"roomCode": crate::checkout::ROOM, "checkIn": later_in, "checkOut": later_out, "adults": 3}), version),
        &reception,
    )
    .await;
    assert_eq!((crowd.0, crowd.1["code"].as_str()), (422, Some("invalid_guests")), "{}", crowd.1);
    let nowhere = put(
        with_version(json!({"roomCode": "ROOM_NOWHERE", "checkIn": later_in, "checkOut": later_out, "adults": 2}), version),
        &reception,
    )
    .await;
    assert_eq!((nowhere.0, nowhere.1["code"].as_str()), (404, Some("unknown_product")), "{}", nowhere.1);
    let no_line = as_staff(
        &t.http,
        Method::PUT,
        url.replace(&format!("/items/{id}/"), "/items/999999/"),
        cookie(&reception),
        with_version(wanted(&later_in, &later_out), version),
    )
    .await;
    assert_eq!((no_line.0, no_line.1["code"].as_str()), (404, Some("item_not_found")), "{}", no_line.1);
    let stale = put(with_version(wanted(&later_in, &later_out), version - 1), &reception).await;
    assert_eq!((stale.0, stale.1["code"].as_str()), (409, Some("stale_version")), "{}", stale.1);
    let empty = put(json!({}), &reception).await;
    assert_eq!(empty.0, 400, "{}", empty.1);

    // A night of the new dates is closed: nothing moves.
    sqlx::query("UPDATE inventory SET closed = 1 WHERE room_code = $1 AND night = $2")
        .bind(crate::checkout::ROOM)
        .bind(&to)
        .execute(rooms.pool())
        .await
        .unwrap();
    let taken = put(with_version(wanted(&later_in, &later_out), version), &reception).await;
    assert_eq!((taken.0, taken.1["code"].as_str()), (409, Some("room_unavailable")), "{}", taken.1);
    let (quoted, _) = as_staff(&t.http, Method::GET, quote_url(&later_in, &later_out), cookie(&reception), Value::Null).await;
    assert_eq!(quoted, 409, "the quote says the night is taken too");
    assert_eq!(nights_of(cart, rooms, &token).await, [from.clone(), shifted(&from, 1)]);
    sqlx::query("UPDATE inventory SET closed = 0 WHERE room_code = $1 AND night = $2")
        .bind(crate::checkout::ROOM)
        .bind(&to)
        .execute(rooms.pool())
        .await
        .unwrap();

    // One night longer: the quote first, then the move; the difference is open.
    let longer_out = shifted(&to, 1);
    let (status, quote) = as_staff(&t.http, Method::GET, quote_url(&from, &longer_out), cookie(&reception), Value::Null).await;
    assert_eq!(status, 200, "{quote}");
    let difference = quote["difference"].as_i64().unwrap();
    assert!(difference > 0 && quote["price"].as_i64() == Some(quote["was"].as_i64().unwrap() + difference), "{quote}");
    assert_eq!(
        (quote["leftToPay"].as_i64(), quote["refund"].as_i64(), quote["version"].as_i64()),
        (Some(difference), Some(0), Some(version))
    );
    assert_eq!(nights_of(cart, rooms, &token).await.len(), 2, "a quote keeps nothing");
    let (status, longer) = put(with_version(wanted(&from, &longer_out), version), &reception).await;
    assert_eq!(status, 200, "{longer}");
    assert_eq!((longer["paymentState"].as_str(), longer["open"].as_i64()), (Some("partially_paid"), Some(difference)), "{longer}");
    assert_eq!(longer["items"][0]["dateTo"].as_str(), Some(longer_out.as_str()));
    let change = longer["history"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (change["action"].as_str(), change["staff"].as_str(), change["amount"].as_i64()),
        (Some("stay_changed"), Some("recepcja@example.pl"), Some(difference))
    );
    assert_eq!(nights_of(cart, rooms, &token).await, [from.clone(), shifted(&from, 1), to.clone()]);
    let retry = put(with_version(wanted(&from, &longer_out), version), &reception).await;
    assert_eq!((retry.0, retry.1["version"].as_i64()), (200, longer["version"].as_i64()), "the same move again answers it: {}", retry.1);

    // Back to two nights, a day later: the shared night kept, what it took off due back.
    let (status, shorter) = put(with_version(wanted(&later_in, &later_out), longer["version"].as_i64().unwrap()), &reception).await;
    assert_eq!(status, 200, "{shorter}");
    assert_eq!((shorter["paymentState"].as_str(), shorter["open"].as_i64()), (Some("paid"), Some(0)), "{shorter}");
    assert_eq!(nights_of(cart, rooms, &token).await, [later_in.clone(), to.clone()]);
    let due_back: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(due_back), 0) AS BIGINT) FROM payments WHERE order_token = $1 AND state = 'refund_due'",
    )
    .bind(&token)
    .fetch_one(cart.pool())
    .await
    .unwrap();
    let taken_off = -shorter["history"].as_array().unwrap().last().unwrap()["amount"].as_i64().unwrap();
    assert_eq!(due_back, taken_off - difference, "beyond the open part, what came is due back");
    assert_eq!(shorter["totals"]["total"].as_i64().unwrap(), due + difference - taken_off);
    let due_back_sum = || async {
        let sum: i64 = sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(due_back), 0) AS BIGINT) FROM payments WHERE order_token = $1 AND state = 'refund_due'",
        )
        .bind(&token)
        .fetch_one(cart.pool())
        .await
        .unwrap();
        sum
    };
    // A night shorter still: the payment partly due back already gives back more.
    let (status, shortest) =
        put(with_version(wanted(&later_in, &shifted(&later_in, 1)), shorter["version"].as_i64().unwrap()), &reception).await;
    assert_eq!(status, 200, "{shortest}");
    assert_eq!(due_back_sum().await, due - shortest["totals"]["total"].as_i64().unwrap(), "all that came beyond the order is due back");
    // Two nights again: what was still to go back is kept first, nothing is asked of the guest.
    let (status, again) = put(with_version(wanted(&later_in, &later_out), shortest["version"].as_i64().unwrap()), &reception).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(due_back_sum().await, due - again["totals"]["total"].as_i64().unwrap());
    assert_eq!((again["paymentState"].as_str(), again["open"].as_i64()), (Some("paid"), Some(0)), "{again}");
    let content = t.stack.db("content");
    eventually("the guest's updated confirmations", || async {
        let subject = format!("Zmiana rezerwacji {code}");
        (count(content, "SELECT COUNT(*) FROM outgoing_mail WHERE subject = $1", &subject).await == 4).then_some(())
    })
    .await;

    two_moves_at_once_one_wins(&t.http, &t.base, &reception, cart, rooms, 70).await;
}

/// A receptionist books a stay for a guest on the phone through the shop,
/// to be paid at the guesthouse: a way offered to the front desk only, the
/// order the guest's (not the receptionist's), its nights held until the
/// departure day ends, no unpaid caps, and the guest's confirmation says
/// where to pay; the order's page has no transfer to make.
#[tokio::test]
async fn the_front_desk_books_for_a_phone_guest_who_pays_on_arrival() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let reception = t.session_of("c-3", "recepcja@example.pl", "customer,reception").await;
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("cookie", format!("spa_session={reception}").parse().unwrap());
    headers.insert("x-requested-with", "XMLHttpRequest".parse().unwrap());
    let desk_http = reqwest::Client::builder().default_headers(headers).build().unwrap();
    let (cart, rooms, content) = (t.stack.db("cart"), t.stack.db("rooms"), t.stack.db("content"));

    // A guest's own basket is not offered the way, and cannot choose it.
    let stranger = crate::checkout::Visitor::new(&t.http, &t.base).await;
    let (from, to) = crate::support::stay(130, 2);
    assert_eq!(stranger.add(crate::checkout::reservation(&from, &to)).await.0, 201);
    stranger.step(Method::PUT, "address", crate::checkout::guest()).await;
    let (_, offered) = stranger.step(Method::GET, "payment", Value::Null).await;
    let codes = |answer: &Value| -> Vec<String> {
        answer["payments"][0]["methods"].as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap().to_owned()).collect()
    };
    assert!(!codes(&offered).contains(&"guesthouse".to_owned()), "{offered}");
    let refused = stranger.step(Method::PUT, "payment/0", json!({"method": "guesthouse"})).await;
    assert_eq!((refused.0, refused.1["code"].as_str()), (422, Some("invalid_method")), "{}", refused.1);

    // The front desk's basket for the guest on the phone.
    let desk = crate::checkout::Visitor::new(&desk_http, &t.base).await;
    let (from, to) = crate::support::stay(140, 3);
    assert_eq!(desk.add(crate::checkout::reservation(&from, &to)).await.0, 201);
    let (status, _) = desk.step(Method::PUT, "address", crate::checkout::guest()).await;
    assert_eq!(status, 200);
    let (_, offered) = desk.step(Method::GET, "payment", Value::Null).await;
    assert!(codes(&offered).contains(&"guesthouse".to_owned()), "{offered}");
    let advance = desk.step(Method::PUT, "payment/0", json!({"method": "guesthouse", "deposit": true})).await;
    assert_eq!(advance.0, 422, "paid on arrival, all of it: {}", advance.1);
    let (status, chosen) = desk.step(Method::PUT, "payment/0", json!({"method": "guesthouse"})).await;
    assert_eq!(status, 200, "{chosen}");
    let (status, order) = desk.complete(None).await;
    assert_eq!(status, 200, "{order}");
    assert_eq!((order["paymentMethod"].as_str(), order["state"].as_str()), (Some("guesthouse"), Some("new")), "{order}");
    let code = order["bookingCode"].as_str().unwrap().to_owned();
    let (customer_id, order_id): (Option<String>, String) =
        sqlx::query_as("SELECT customer_id, order_id FROM orders WHERE token = $1").bind(&desk.token).fetch_one(cart.pool()).await.unwrap();
    assert!(customer_id.unwrap_or_default().is_empty(), "the guest's order, not the receptionist's");
    let expires: i64 =
        sqlx::query_scalar("SELECT expires_at FROM holds WHERE order_id = $1").bind(&order_id).fetch_one(rooms.pool()).await.unwrap();
    let departure_ends = chrono::NaiveDate::parse_from_str(&to, "%Y-%m-%d").unwrap().succ_opt().unwrap().and_hms_opt(0, 0, 0).unwrap();
    let departure_ends = departure_ends.and_utc().timestamp_millis();
    assert!((departure_ends - expires).abs() < 60_000, "held until the departure day ends: {expires} vs {departure_ends}");
    // Moved three days later, it is held until its new departure day ends.
    let (id, check_in, check_out, version) = first_stay(&t.http, &t.base, &reception, &code).await;
    let body = json!({"version": version, "roomCode": crate::checkout::ROOM, "checkIn": shifted(&check_in, 3), "checkOut": shifted(&check_out, 3), "adults": 2});
    let url = t.url(&format!("/shop-api/backend/orders/{code}/items/{id}/stay"));
    let (status, moved) = as_staff(&t.http, Method::PUT, url, Some(format!("spa_session={reception}")), body).await;
    assert_eq!(status, 200, "{moved}");
    let expires: i64 =
        sqlx::query_scalar("SELECT expires_at FROM holds WHERE order_id = $1").bind(&order_id).fetch_one(rooms.pool()).await.unwrap();
    assert!((departure_ends + 3 * 86_400_000 - expires).abs() < 60_000, "held until the new departure day ends");
    let page = t.http.get(t.url(&format!("/order/{}/pay", desk.token))).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("Zapłacisz na miejscu") && !page.contains("id=\"transfer\""), "{page}");
    let mail = eventually("the guest's confirmation", || async {
        let id: String = sqlx::query_scalar("SELECT id FROM outgoing_mail WHERE subject = $1")
            .bind(format!("Twoja rezerwacja {code}"))
            .fetch_optional(content.pool())
            .await
            .unwrap()?;
        t.delivered_mail(&id)
    })
    .await;
    // Quoted-printable: "Do zapłaty na miejscu, przy przyjeździe", and no "Rezerwujemy dla Ciebie pokój do".
    assert!(mail.contains("aty na miejscu, przy przyje") && !mail.contains("Rezerwujemy dla Ciebie"), "{mail}");
}

/// A stay with the romantic weekend attached, to be paid by bank transfer:
/// (booking code, the package line's id, the order's version, its token).
async fn placed_with_package(http: &reqwest::Client, base: &str, desk: &str, in_days: i64) -> (String, i64, i64, String) {
    let v = crate::checkout::Visitor::new(http, base).await;
    let (from, to) = crate::support::stay(in_days, 2);
    let (status, cart) = v.add(crate::checkout::reservation(&from, &to)).await;
    assert_eq!(status, 201, "{cart}");
    let room = cart["items"][0]["id"].as_i64().unwrap();
    let path = format!("/shop-api/carts/{}/items/{room}/children-items", v.token);
    let (status, cart) = v.send(Method::POST, &path, json!({"type": "package", "packageCode": "PKG_ROMANTIC_WEEKEND"})).await;
    assert_eq!(status, 201, "{cart}");
    v.step(Method::PUT, "address", crate::checkout::guest()).await;
    assert_eq!(v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await.0, 200);
    let (status, order) = v.complete(None).await;
    assert_eq!(status, 200, "{order}");
    let code = order["bookingCode"].as_str().unwrap().to_owned();
    let url = format!("{base}/shop-api/backend/orders/{code}");
    let (_, order) = as_staff(http, Method::GET, url, Some(format!("spa_session={desk}")), Value::Null).await;
    let package = order["items"][0]["childItems"][0]["id"].as_i64().unwrap();
    (code, package, order["version"].as_i64().unwrap(), v.token)
}

/// The front desk changes the treatments of a booked package: priced by
/// the catalog first, then changed on the version read; the package's
/// rules, the roles and stale versions are enforced, and the stay cannot
/// move to fewer nights than the package needs.
#[tokio::test]
async fn the_front_desk_changes_a_packages_treatments_priced_by_the_catalog() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: &str| Some(format!("spa_session={token}"));
    let editor = t.session_of("c-2", "ed@example.pl", "customer,editor").await;
    let reception = t.session_of("c-3", "recepcja@example.pl", "customer,reception").await;
    let (code, package, version, _) = placed_with_package(&t.http, &t.base, &reception, 75).await;
    let url = t.url(&format!("/shop-api/backend/orders/{code}/items/{package}/treatments?locale=en_GB"));
    let quote_url = t.url(&format!("/shop-api/backend/orders/{code}/items/{package}/treatments/quote?locale=en_GB"));
    let own = json!([
        {"code": "TR_AROMATHERAPY_MASSAGE", "quantity": 2}, {"code": "TR_HERBAL_BATH", "quantity": 2}, {"code": "TR_SAUNA_RITUAL", "quantity": 2}
    ]);
    let mut more = own.clone();
    more.as_array_mut().unwrap().push(json!({"code": "TR_HOT_STONE", "quantity": 1}));

    assert_eq!(as_staff(&t.http, Method::POST, quote_url.clone(), cookie(&editor), json!({"treatments": more})).await.0, 403);
    let (status, quote) = as_staff(&t.http, Method::POST, quote_url.clone(), cookie(&reception), json!({"treatments": more})).await;
    assert_eq!(status, 200, "{quote}");
    let difference = quote["difference"].as_i64().unwrap();
    assert!(difference > 0, "a hot stone massage more costs more: {quote}");
    let (status, same) = as_staff(&t.http, Method::POST, quote_url.clone(), cookie(&reception), json!({"treatments": own})).await;
    assert_eq!((status, same["difference"].as_i64()), (200, Some(0)), "its own treatments cost what it was booked at: {same}");
    let unknown = json!({"treatments": [{"code": "TR_NOWHERE", "quantity": 1}]});
    let (status, refused) = as_staff(&t.http, Method::POST, quote_url.clone(), cookie(&reception), unknown).await;
    assert_eq!(status, 422, "{refused}");
    assert!(refused["errors"][0]["field"].as_str().unwrap_or_default().starts_with("treatments"), "{refused}");
    let empty = as_staff(&t.http, Method::PUT, url.clone(), cookie(&reception), json!({"version": version})).await;
    assert_eq!(empty.0, 400, "{}", empty.1);
    let stale = as_staff(&t.http, Method::PUT, url.clone(), cookie(&reception), json!({"version": version + 1, "treatments": more})).await;
    assert_eq!((stale.0, stale.1["code"].as_str()), (409, Some("stale_version")), "{}", stale.1);

    let (status, order) =
        as_staff(&t.http, Method::PUT, url.clone(), cookie(&reception), json!({"version": version, "treatments": more})).await;
    assert_eq!(status, 200, "{order}");
    let line = &order["items"][0]["childItems"][0];
    let codes: Vec<&str> = line["treatments"].as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap()).collect();
    assert!(codes.contains(&"TR_HOT_STONE"), "{line}");
    let change = order["history"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((change["action"].as_str(), change["amount"].as_i64()), (Some("treatments_changed"), Some(difference)), "{change}");
    let again = as_staff(&t.http, Method::PUT, url.clone(), cookie(&reception), json!({"version": version, "treatments": more})).await;
    assert_eq!((again.0, again.1["version"].as_i64()), (200, order["version"].as_i64()), "the same change again answers it");

    // The stay cannot shrink below the package's two nights.
    let room = order["items"][0].clone();
    let stay_url = t.url(&format!("/shop-api/backend/orders/{code}/items/{}/stay?locale=en_GB", room["id"]));
    let from = room["dateFrom"].as_str().unwrap();
    let body = json!({"version": order["version"], "roomCode": room["code"], "checkIn": from, "checkOut": shifted(from, 1), "adults": 2});
    let short = as_staff(&t.http, Method::PUT, stay_url, cookie(&reception), body).await;
    assert_eq!((short.0, short.1["code"].as_str()), (422, Some("package_too_long")), "{}", short.1);
}

/// The first offset from today, at least `min_days`, whose `nights` nights
/// of the test room all cost the same (no weekend or season among them),
/// as the rooms service prices them.
async fn evenly_priced(rooms: &Db, min_days: i64, nights: i64) -> i64 {
    for in_days in min_days..min_days + 60 {
        let (from, to) = crate::support::stay(in_days, nights);
        let rates: Vec<i64> = sqlx::query_scalar("SELECT rate FROM inventory WHERE room_code = $1 AND night >= $2 AND night < $3")
            .bind(crate::checkout::ROOM)
            .bind(&from)
            .bind(&to)
            .fetch_all(rooms.pool())
            .await
            .unwrap();
        if rates.len() == nights as usize && rates.iter().all(|r| *r == rates[0]) {
            return in_days;
        }
    }
    panic!("no {nights} nights at one rate within 60 days after {min_days}")
}

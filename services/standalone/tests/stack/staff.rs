//! The staff's calls on orders: looking one up by its booking code,
//! recording the bank transfer that paid it or the rest an advance payment
//! left, and marking payments to give back refunded.

use reqwest::Method;
use serde_json::{Value, json};

use crate::checkout::{Visitor, guest, reservation};
use spa_platform::db::Db;

use crate::support::{TestStack, eventually, json as read, stay};

/// A guest's order paid by bank transfer: (booking code, due now, token).
async fn transfer_order(http: &reqwest::Client, base: &str, in_days: i64) -> (String, i64, String) {
    placed(http, base, in_days, json!({"method": "bank_transfer"})).await
}

/// A guest's stay placed with `payment` chosen: (booking code, due now, token).
pub async fn placed(http: &reqwest::Client, base: &str, in_days: i64, payment: Value) -> (String, i64, String) {
    let v = Visitor::new(http, base).await;
    let (from, to) = stay(in_days, 2);
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    v.step(Method::PUT, "address", guest()).await;
    let (status, cart) = v.step(Method::PUT, "payment/0", payment).await;
    assert_eq!(status, 200, "{cart}");
    let (status, order) = v.complete(None).await;
    assert_eq!(status, 200, "{order}");
    (order["bookingCode"].as_str().unwrap().to_owned(), order["dueNow"].as_i64().unwrap(), v.token)
}

async fn count(db: &Db, sql: &str, bind: &str) -> i64 {
    sqlx::query_scalar(sql).bind(bind).fetch_one(db.pool()).await.unwrap()
}

/// An administrator's call with the script marker.
pub async fn as_staff(http: &reqwest::Client, method: Method, url: String, cookie: Option<String>, body: Value) -> (u16, Value) {
    let mut request = http.request(method, url).header("x-requested-with", "XMLHttpRequest");
    if let Some(c) = cookie {
        request = request.header("cookie", c);
    }
    if !body.is_null() {
        request = request.json(&body);
    }
    read(request.send().await.unwrap()).await
}

/// A new bank-transfer order's transfer recorded eight times at once, as
/// two staff members would with two references (the bank's and a typo's):
/// one payment, one `cart.order.paid`; the winning reference's recordings
/// answer the paid order, the other's `order_paid`. (booking code, due
/// now, token, the winning reference.)
pub async fn eight_recordings_at_once_pay_once(
    http: &reqwest::Client,
    base: &str,
    admin: &str,
    cart: &Db,
    in_days: i64,
) -> (String, i64, String, String) {
    let (code, due, token) = transfer_order(http, base, in_days).await;
    let admin = Some(format!("spa_session={admin}"));
    let paid_events = "SELECT COUNT(*) FROM outbox WHERE subject = $1";
    let before = count(cart, paid_events, "cart.order.paid").await;
    let transfers = format!("{base}/shop-api/backend/orders/{code}/bank-transfers?locale=en_GB");
    let references = ["R-1", "R-2"];
    let answers =
        futures::future::join_all((0..8).map(|i| {
            as_staff(http, Method::POST, transfers.clone(), admin.clone(), json!({"amount": due, "reference": references[i % 2]}))
        }))
        .await;
    let (state, reference): (String, String) = sqlx::query_as(
        "SELECT o.payment_state, p.provider_ref FROM orders o JOIN payments p ON p.order_token = o.token WHERE o.token = $1",
    )
    .bind(&token)
    .fetch_one(cart.pool())
    .await
    .unwrap();
    assert_eq!(state, "paid");
    for (i, (status, body)) in answers.iter().enumerate() {
        if references[i % 2] == reference {
            assert_eq!((*status, body["paymentState"].as_str()), (200, Some("paid")), "{body}");
        } else {
            assert_eq!((*status, body["code"].as_str()), (409, Some("order_paid")), "{body}");
        }
    }
    assert_eq!(count(cart, "SELECT COUNT(*) FROM payments WHERE order_token = $1", &token).await, 1, "one payment");
    assert_eq!(count(cart, paid_events, "cart.order.paid").await, before + 1, "one cart.order.paid");
    let (status, again) = as_staff(http, Method::POST, transfers, admin.clone(), json!({"amount": due, "reference": reference})).await;
    assert_eq!((status, again["state"].as_str()), (200, Some("paid")), "a retry answers the paid order: {again}");
    assert_eq!(count(cart, paid_events, "cart.order.paid").await, before + 1, "and changes nothing");
    (code, due, token, reference)
}

/// A payment due back marked refunded eight times at once, as two staff
/// members would with two references, several clicks each: one reference
/// is kept; its marks answer the refund, the other's `payment_refunded`.
pub async fn eight_marks_at_once_refund_once(http: &reqwest::Client, base: &str, admin: &str, cart: &Db, payment_id: &str) {
    let admin = Some(format!("spa_session={admin}"));
    let mark = format!("{base}/shop-api/backend/refunds/{payment_id}?locale=en_GB");
    let references = ["RF-1", "RF-2"];
    let marks = futures::future::join_all(
        (0..8).map(|i| as_staff(http, Method::PUT, mark.clone(), admin.clone(), json!({"reference": references[i % 2]}))),
    )
    .await;
    let (state, kept): (String, String) = sqlx::query_as("SELECT state, refund_reference FROM payments WHERE session_id = $1")
        .bind(payment_id)
        .fetch_one(cart.pool())
        .await
        .unwrap();
    assert_eq!(state, "refunded");
    for (i, (status, body)) in marks.iter().enumerate() {
        if references[i % 2] == kept {
            assert_eq!((*status, body["state"].as_str(), body["refundReference"].as_str()), (200, Some("refunded"), Some(kept.as_str())));
            assert!(body["refundedAt"].as_str().is_some(), "{body}");
        } else {
            assert_eq!((*status, body["code"].as_str()), (409, Some("payment_refunded")), "{body}");
        }
    }
}

/// Only an administrator sees any order and records its transfer; only the
/// amount the order awaits pays it; eight recordings at once, of two
/// references, pay it once; a retry answers the paid order; the booking is
/// then confirmed and the guest e-mailed, as after an online payment.
#[tokio::test]
async fn the_staff_record_a_bank_transfer_once_and_the_booking_is_confirmed() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: String| Some(format!("spa_session={token}"));
    let customer = cookie(t.session_of("c-1", "anna@example.pl", "customer").await);
    let editor = cookie(t.session_of("c-2", "ed@example.pl", "customer,editor").await);
    let admin_token = t.session_of("c-3", "admin@example.pl", "customer,admin").await;
    let admin = cookie(admin_token.clone());
    let send = |method: Method, path: String, who: &Option<String>, body: Value| as_staff(&t.http, method, t.url(&path), who.clone(), body);
    let (code, due, _) = transfer_order(&t.http, &t.base, 85).await;
    let order = format!("/shop-api/backend/orders/{code}?locale=en_GB");
    let transfers = format!("/shop-api/backend/orders/{code}/bank-transfers?locale=en_GB");
    let transfer = |amount: i64, reference: &str| json!({"amount": amount, "reference": reference});

    // Who may look and record.
    for (who, session, status) in [("anonymous", None, 401), ("customer", customer.clone(), 403), ("editor", editor.clone(), 403)] {
        assert_eq!(send(Method::GET, order.clone(), &session, Value::Null).await.0, status, "{who} looks");
        assert_eq!(send(Method::POST, transfers.clone(), &session, transfer(due, "R-0")).await.0, status, "{who} records");
    }
    let (status, found) = send(Method::GET, format!("/shop-api/backend/orders/{}", code.to_lowercase()), &admin, Value::Null).await;
    assert_eq!((status, found["bookingCode"].as_str(), found["dueNow"].as_i64()), (200, Some(code.as_str()), Some(due)), "{found}");
    assert_eq!((found["paymentMethod"].as_str(), found["paymentState"].as_str()), (Some("bank_transfer"), Some("awaiting_payment")));
    let (status, missing) = send(Method::GET, "/shop-api/backend/orders/SPA-0000-0000".into(), &admin, Value::Null).await;
    assert_eq!((status, missing["code"].as_str()), (404, Some("order_not_found")));

    // What is refused, and says why.
    let no_script = t.http.post(t.url(&transfers)).header("cookie", admin.clone().unwrap()).json(&transfer(due, "R-0"));
    assert_eq!(read(no_script.send().await.unwrap()).await.0, 400, "a cookie-authenticated change needs X-Requested-With");
    let (status, short) = send(Method::POST, transfers.clone(), &admin, transfer(due - 100, "R-0")).await;
    assert_eq!((status, short["code"].as_str(), short["errors"][0]["field"].as_str()), (422, Some("amount_mismatch"), Some("amount")));
    let expected = format!("{}.{:02} PLN", due / 100, due % 100);
    assert!(short["message"].as_str().unwrap().contains(&expected), "names what the order awaits: {short}");
    let (status, blank) = send(Method::POST, transfers.clone(), &admin, transfer(due, "  ")).await;
    assert_eq!((status, blank["code"].as_str(), blank["errors"][0]["field"].as_str()), (422, Some("invalid_transfer"), Some("reference")));
    let (status, awaiting) = send(Method::GET, order.clone(), &admin, Value::Null).await;
    assert_eq!((status, awaiting["paymentState"].as_str()), (200, Some("awaiting_payment")), "nothing was recorded: {awaiting}");

    // Recorded at once by several clicks: paid once.
    let cart = t.stack.db("cart");
    let (code, _, token, reference) = eight_recordings_at_once_pay_once(&t.http, &t.base, &admin_token, cart, 90).await;
    crate::payments::eight_claims_at_once_one_holds(cart, &token).await;

    // As after an online payment: the booking confirmed, the guest told.
    let order_id: String =
        sqlx::query_scalar("SELECT order_id FROM orders WHERE token = $1").bind(&token).fetch_one(cart.pool()).await.unwrap();
    eventually("the booking to be confirmed and the guest e-mailed", || {
        let (rooms, content, order_id, code) = (t.stack.db("rooms"), t.stack.db("content"), order_id.clone(), code.clone());
        async move {
            let confirmed = count(rooms, "SELECT COUNT(*) FROM holds WHERE order_id = $1 AND status = 'confirmed'", &order_id).await;
            let mails = count(content, "SELECT COUNT(*) FROM outgoing_mail WHERE subject = 'Płatność otrzymana – ' || $1", &code).await;
            (confirmed == 1 && mails == 1).then_some(())
        }
    })
    .await;

    // The same transfer cannot pay a second order; a cancelled one is not paid.
    let (second, second_due, second_token) = transfer_order(&t.http, &t.base, 95).await;
    let second_transfers = format!("/shop-api/backend/orders/{second}/bank-transfers");
    let (status, used) = send(Method::POST, second_transfers.clone(), &admin, transfer(second_due, &reference)).await;
    assert_eq!((status, used["code"].as_str()), (409, Some("transfer_reference_used")), "{used}");
    t.advance(crate::checkout::transfer_hold() + std::time::Duration::from_secs(60));
    eventually("the unpaid order to be cancelled", || {
        let second_token = second_token.clone();
        async move {
            (count(cart, "SELECT COUNT(*) FROM orders WHERE token = $1 AND state = 'cancelled'", &second_token).await == 1).then_some(())
        }
    })
    .await;
    let (status, cancelled) = send(Method::POST, second_transfers, &admin, transfer(second_due, "R-3")).await;
    assert_eq!((status, cancelled["code"].as_str()), (409, Some("order_cancelled")), "{cancelled}");
}

/// An advance-paid order, its advance recorded by transfer, then its
/// rest paid at the guesthouse recorded eight times at once with two
/// receipts: paid in full once; the kept receipt's recordings answer the
/// paid order, the other's `order_paid`; no second `cart.order.paid`.
pub async fn eight_rest_payments_at_once_pay_once(http: &reqwest::Client, base: &str, admin: &str, cart: &Db, in_days: i64) {
    let admin = Some(format!("spa_session={admin}"));
    let send = |method: Method, path: String, body: Value| as_staff(http, method, format!("{base}{path}"), admin.clone(), body);
    let (code, advance, token) = placed(http, base, in_days, json!({"method": "bank_transfer", "deposit": true})).await;
    let payment = |amount: i64, reference: &str| json!({"amount": amount, "reference": reference});
    let (_, order) = send(Method::GET, format!("/shop-api/backend/orders/{code}"), Value::Null).await;
    let rest = order["totals"]["total"].as_i64().unwrap() - order["totals"]["vouchers"].as_i64().unwrap() - advance;
    assert!(advance > 0 && rest > 0, "an advance and a rest: {order}");
    let (status, advanced) = send(Method::POST, format!("/shop-api/backend/orders/{code}/bank-transfers"), payment(advance, "R-ADV")).await;
    assert_eq!((status, advanced["paymentState"].as_str()), (200, Some("partially_paid")), "{advanced}");
    let left_later = || async {
        let page = http.get(format!("{base}/order/{token}/pay")).send().await.unwrap().text().await.unwrap();
        page.contains("Pozostało do zapłaty później")
    };
    assert!(left_later().await, "the guest's page names the rest");
    let paid_events = "SELECT COUNT(*) FROM outbox WHERE subject = $1";
    let before = count(cart, paid_events, "cart.order.paid").await;

    let rest_payments = format!("/shop-api/backend/orders/{code}/rest-payments?locale=en_GB");
    let references = ["K-1", "K-2"];
    let answers =
        futures::future::join_all((0..8).map(|i| send(Method::POST, rest_payments.clone(), payment(rest, references[i % 2])))).await;
    let (state, kept, amount): (String, String, i64) = sqlx::query_as(
        "SELECT o.payment_state, p.receipt, p.amount FROM orders o JOIN payments p ON p.order_token = o.token \
         WHERE o.token = $1 AND p.provider = 'guesthouse'",
    )
    .bind(&token)
    .fetch_one(cart.pool())
    .await
    .unwrap();
    assert_eq!((state.as_str(), amount), ("paid", rest));
    for (i, (status, body)) in answers.iter().enumerate() {
        if references[i % 2] == kept {
            assert_eq!((*status, body["paymentState"].as_str()), (200, Some("paid")), "{body}");
        } else {
            assert_eq!((*status, body["code"].as_str()), (409, Some("order_paid")), "{body}");
        }
    }
    assert_eq!(count(cart, "SELECT COUNT(*) FROM payments WHERE order_token = $1", &token).await, 2, "the advance and the rest");
    assert_eq!(count(cart, paid_events, "cart.order.paid").await, before, "none: the nights were confirmed with the advance");
    assert!(!left_later().await, "and no longer once it is paid");
    let (status, again) = send(Method::POST, rest_payments, payment(rest, &kept)).await;
    assert_eq!((status, again["paymentState"].as_str()), (200, Some("paid")), "a retry answers the order: {again}");
}

/// An advance-paid order's rest, paid at the guesthouse: recorded only
/// after the advance, only by the exact amount the advance left, and once.
#[tokio::test]
async fn the_staff_record_the_rest_of_an_advance_paid_order_once() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let admin_token = t.session_of("c-3", "admin@example.pl", "customer,admin").await;
    let admin = Some(format!("spa_session={admin_token}"));
    let customer = Some(format!("spa_session={}", t.session_of("c-1", "anna@example.pl", "customer").await));
    let send = |method: Method, path: String, who: &Option<String>, body: Value| as_staff(&t.http, method, t.url(&path), who.clone(), body);
    let (code, advance, _) = placed(&t.http, &t.base, 95, json!({"method": "bank_transfer", "deposit": true})).await;
    let rest_payments = format!("/shop-api/backend/orders/{code}/rest-payments?locale=en_GB");
    let (_, order) = send(Method::GET, format!("/shop-api/backend/orders/{code}"), &admin, Value::Null).await;
    let rest = order["totals"]["total"].as_i64().unwrap() - order["totals"]["vouchers"].as_i64().unwrap() - advance;
    let payment = |amount: i64, reference: &str| json!({"amount": amount, "reference": reference});

    for (who, session, status) in [("anonymous", None, 401), ("customer", customer, 403)] {
        assert_eq!(send(Method::POST, rest_payments.clone(), &session, payment(rest, "K-1")).await.0, status, "{who} records");
    }
    // Not before the advance came.
    let (status, early) = send(Method::POST, rest_payments.clone(), &admin, payment(rest, "K-1")).await;
    assert_eq!((status, early["code"].as_str()), (409, Some("advance_not_paid")), "{early}");
    let transfers = format!("/shop-api/backend/orders/{code}/bank-transfers?locale=en_GB");
    let (status, advanced) = send(Method::POST, transfers, &admin, payment(advance, "R-ADV-1")).await;
    assert_eq!((status, advanced["paymentState"].as_str()), (200, Some("partially_paid")), "{advanced}");

    // What is refused, and says why.
    let (status, short) = send(Method::POST, rest_payments.clone(), &admin, payment(rest - 100, "K-1")).await;
    assert_eq!((status, short["code"].as_str(), short["errors"][0]["field"].as_str()), (422, Some("amount_mismatch"), Some("amount")));
    assert!(short["message"].as_str().unwrap().contains(&format!("{}.{:02} PLN", rest / 100, rest % 100)), "names the rest: {short}");
    let (status, blank) = send(Method::POST, rest_payments.clone(), &admin, payment(rest, "")).await;
    assert_eq!((status, blank["code"].as_str(), blank["errors"][0]["field"].as_str()), (422, Some("invalid_receipt"), Some("reference")));
    let (status, recorded) = send(Method::POST, rest_payments.clone(), &admin, payment(rest, "K-0")).await;
    assert_eq!((status, recorded["paymentState"].as_str()), (200, Some("paid")), "{recorded}");
    let (status, other) = send(Method::POST, rest_payments, &admin, payment(rest, "K-9")).await;
    assert_eq!((status, other["code"].as_str()), (409, Some("order_paid")), "{other}");

    // A receipt's reference is no provider's id: another order's rest may
    // carry the same one.
    let (other_code, other_advance, _) = placed(&t.http, &t.base, 97, json!({"method": "bank_transfer", "deposit": true})).await;
    let (_, other_order) = send(Method::GET, format!("/shop-api/backend/orders/{other_code}"), &admin, Value::Null).await;
    let other_rest = other_order["totals"]["total"].as_i64().unwrap() - other_order["totals"]["vouchers"].as_i64().unwrap() - other_advance;
    let other_transfers = format!("/shop-api/backend/orders/{other_code}/bank-transfers");
    assert_eq!(send(Method::POST, other_transfers, &admin, payment(other_advance, "R-ADV-2")).await.0, 200);
    let other_rests = format!("/shop-api/backend/orders/{other_code}/rest-payments");
    let (status, same_receipt) = send(Method::POST, other_rests, &admin, payment(other_rest, "K-0")).await;
    assert_eq!((status, same_receipt["paymentState"].as_str()), (200, Some("paid")), "{same_receipt}");

    // Several clicks by two members of staff at once.
    eight_rest_payments_at_once_pay_once(&t.http, &t.base, &admin_token, t.stack.db("cart"), 100).await;
}

/// The occupancy board, for the front desk only: a guest's unpaid booking
/// shows at once as held on its nights, and the rooms are named in the
/// caller's language.
#[tokio::test]
async fn the_front_desk_sees_a_new_booking_held_on_the_board() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: String| Some(format!("spa_session={token}"));
    let customer = cookie(t.session_of("c-1", "anna@example.pl", "customer").await);
    let editor = cookie(t.session_of("c-2", "ed@example.pl", "customer,editor").await);
    let reception = cookie(t.session_of("c-3", "recepcja@example.pl", "customer,reception").await);
    let admin = cookie(t.session_of("c-4", "admin@example.pl", "customer,admin").await);
    let send = |path: String, who: &Option<String>| as_staff(&t.http, Method::GET, t.url(&path), who.clone(), Value::Null);
    let (from, _) = stay(70, 2);
    let board = format!("/shop-api/backend/board?from={from}&days=3&locale=en_GB");
    let double = |board: &Value| board["rooms"].as_array().unwrap().iter().find(|r| r["code"] == crate::checkout::ROOM).unwrap().clone();

    for (who, session, status) in [("anonymous", None, 401), ("customer", customer, 403), ("editor", editor, 403)] {
        assert_eq!(send(board.clone(), &session).await.0, status, "{who} looks");
    }
    assert_eq!(send(board.clone(), &admin).await.0, 200, "an administrator looks");
    let (status, before) = send(board.clone(), &reception).await;
    assert_eq!(status, 200, "{before}");
    let before = double(&before);
    assert_eq!(before["name"], "Standard Double Room", "in English: {before}");

    transfer_order(&t.http, &t.base, 70).await;
    let (_, after) = send(board.clone(), &reception).await;
    let after = double(&after);
    let counts = |row: &Value, i: usize| (row["nights"][i]["held"].as_u64().unwrap(), row["nights"][i]["free"].as_u64().unwrap());
    for night in 0..2 {
        let ((held, free), (held_now, free_now)) = (counts(&before, night), counts(&after, night));
        assert_eq!((held_now, free_now), (held + 1, free - 1), "night {night}: {after}");
    }
    assert_eq!(counts(&after, 2), counts(&before, 2), "the departure day's night is not the stay's");

    let (status, long) = send(format!("/shop-api/backend/board?from={from}&days=63"), &reception).await;
    assert_eq!((status, long["errors"][0]["field"].as_str()), (400, Some("days")), "{long}");
    let (status, bad) = send("/shop-api/backend/board?from=1.12.2026".into(), &reception).await;
    assert_eq!(status, 400, "{bad}");
}

/// The bookings list and a day's arrivals, for the front desk only: a
/// guest's two orders found by part of a booking code, by e-mail and by
/// dates, with the guest's details; wrong queries named.
#[tokio::test]
async fn the_front_desk_finds_bookings_and_a_days_arrivals() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: String| Some(format!("spa_session={token}"));
    let customer = cookie(t.session_of("c-1", "anna@example.pl", "customer").await);
    let editor = cookie(t.session_of("c-2", "ed@example.pl", "customer,editor").await);
    let reception = cookie(t.session_of("c-3", "recepcja@example.pl", "customer,reception").await);
    let send = |path: String, who: &Option<String>| as_staff(&t.http, Method::GET, t.url(&path), who.clone(), Value::Null);
    let (first, _, _) = transfer_order(&t.http, &t.base, 100).await;
    let (second, _, _) = transfer_order(&t.http, &t.base, 120).await;
    let (arrival, departure) = stay(100, 2);
    let codes = |answer: &Value, list: &str| -> Vec<String> {
        answer[list].as_array().unwrap().iter().map(|o| o["bookingCode"].as_str().unwrap().to_owned()).collect()
    };

    for (who, session, status) in [("anonymous", None, 401), ("customer", customer, 403), ("editor", editor, 403)] {
        assert_eq!(send("/shop-api/backend/bookings".into(), &session).await.0, status, "{who} lists");
        assert_eq!(send(format!("/shop-api/backend/arrivals?date={arrival}"), &session).await.0, status, "{who} reads arrivals");
    }

    let (status, all) = send("/shop-api/backend/bookings?q=anna%40example.pl".into(), &reception).await;
    assert_eq!(status, 200, "{all}");
    assert_eq!(codes(&all, "items"), [second.clone(), first.clone()], "newest first");
    assert_eq!((all["total"].as_u64(), all["page"].as_u64(), all["limit"].as_u64()), (Some(2), Some(1), Some(20)));
    let guest = &all["items"][0]["guest"];
    assert_eq!((guest["customer"]["lastName"].as_str(), guest["customer"]["phone"].as_str()), (Some("Nowak"), Some("+48 600 100 200")));

    let part = first[4..9].to_lowercase();
    let (_, by_code) = send(format!("/shop-api/backend/bookings?q={part}"), &reception).await;
    assert_eq!(codes(&by_code, "items"), [first.as_str()], "{part}");
    let (_, by_dates) = send(format!("/shop-api/backend/bookings?from={arrival}&to={departure}"), &reception).await;
    assert_eq!(codes(&by_dates, "items"), [first.as_str()]);
    let (_, paid) = send("/shop-api/backend/bookings?state=paid".into(), &reception).await;
    assert_eq!(paid["total"].as_u64(), Some(0), "{paid}");

    let (status, day) = send(format!("/shop-api/backend/arrivals?date={arrival}"), &reception).await;
    assert_eq!(status, 200, "{day}");
    assert_eq!((codes(&day, "arriving"), codes(&day, "departing")), (vec![first.clone()], vec![]));
    let (_, leaving) = send(format!("/shop-api/backend/arrivals?date={departure}"), &reception).await;
    assert_eq!(codes(&leaving, "departing"), [first.as_str()]);

    let (status, order) = send(format!("/shop-api/backend/orders/{first}"), &reception).await;
    assert_eq!((status, order["guest"]["customer"]["firstName"].as_str()), (200, Some("Anna")), "the front desk opens an order");

    let field = |answer: &(u16, Value)| (answer.0, answer.1["errors"][0]["field"].as_str().map(str::to_owned));
    let (status, backwards) = send(format!("/shop-api/backend/bookings?from={departure}&to={arrival}"), &reception).await;
    assert_eq!(
        (status, backwards["total"].as_u64()),
        (200, Some(0)),
        "no stay ends after the later day and begins by the earlier: {backwards}"
    );
    let long = send(format!("/shop-api/backend/bookings?q={}", "a".repeat(101)), &reception).await;
    assert_eq!(field(&long), (400, Some("q".into())), "{}", long.1);
    let bad_state = send("/shop-api/backend/bookings?state=lost".into(), &reception).await;
    assert_eq!(field(&bad_state), (400, Some("state".into())), "{}", bad_state.1);
    assert_eq!(send("/shop-api/backend/arrivals?date=1.12.2026".into(), &reception).await.0, 400);
}

/// The guesthouse is told of a new booking, in its own language, with the
/// guest's phone and a link to the order, a reply going to the guest; and
/// of the payment the staff record.
#[tokio::test]
async fn the_guesthouse_is_told_of_a_booking_and_of_its_payment() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let admin = Some(format!("spa_session={}", t.session_of("c-1", "admin@example.pl", "customer,admin").await));
    let (code, due, _) = transfer_order(&t.http, &t.base, 130).await;
    let content = t.stack.db("content");
    let notice = |subject: String| {
        eventually("the guesthouse's notice", move || {
            let subject = subject.clone();
            async move {
                sqlx::query_as::<_, (String, Option<String>, String)>(
                    "SELECT recipient, reply_to, body FROM outgoing_mail WHERE subject = $1",
                )
                .bind(subject)
                .fetch_optional(content.pool())
                .await
                .unwrap()
            }
        })
    };
    let (recipient, reply_to, body) = notice(format!("Nowa rezerwacja {code} – Anna Nowak")).await;
    assert_ne!(recipient, "anna@example.pl", "to the guesthouse");
    assert_eq!(reply_to.as_deref(), Some("anna@example.pl"));
    assert!(body.contains("Telefon: +48 600 100 200") && body.contains(&format!("/backend/orders?code={code}")), "{body}");

    let transfers = format!("/shop-api/backend/orders/{code}/bank-transfers");
    let (status, _) = as_staff(&t.http, Method::POST, t.url(&transfers), admin, json!({"amount": due, "reference": "R-1"})).await;
    assert_eq!(status, 200);
    let (_, _, paid) = notice(format!("Płatność otrzymana {code}")).await;
    assert!(paid.contains("Wpłacono:"), "{paid}");
}

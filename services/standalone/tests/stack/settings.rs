//! The back office's settings: an administrator changes the advance
//! payment's share (the next checkout offers it), and the payment methods
//! and bank account (without an account no bank transfer is offered, and an
//! order's page shows no account); the front desk and guests may not; bad
//! changes are named; every change is kept with who made it.

use reqwest::Method;
use serde_json::{Value, json};

use crate::checkout::{Visitor, guest, reservation};
use crate::staff::as_staff;
use crate::support::{TestStack, eventually, stay};

/// A basket with a stay at the payment step: the methods offered and the advance payment.
async fn payment_step(t: &TestStack, in_days: i64) -> (Visitor, Value, i64) {
    let v = Visitor::new(&t.http, &t.base).await;
    let (from, to) = stay(in_days, 2);
    let (status, cart) = v.add(reservation(&from, &to)).await;
    assert_eq!(status, 201, "{cart}");
    let stay_cost = cart["totals"]["total"].as_i64().unwrap();
    assert_eq!(v.step(Method::PUT, "address", guest()).await.0, 200);
    let (status, payment) = v.step(Method::GET, "payment", Value::Null).await;
    assert_eq!(status, 200, "{payment}");
    (v, payment["payments"][0].clone(), stay_cost)
}

fn codes(offer: &Value) -> Vec<&str> {
    offer["methods"].as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn an_administrator_sets_the_advance_payment_methods_and_account_and_the_next_checkout_follows() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: &str| Some(format!("spa_session={token}"));
    let reception = t.session_of("c-3", "recepcja@example.pl", "customer,reception").await;
    let admin = t.session_of("c-4", "admin@example.pl", "customer,admin").await;
    let checkout_url = t.url("/shop-api/backend/settings/checkout?locale=en_GB");
    let payments_url = t.url("/shop-api/backend/settings/payments?locale=en_GB");
    let call = |method: Method, url: &str, who: Option<String>, body: Value| as_staff(&t.http, method, url.to_owned(), who, body);

    // Who may.
    assert_eq!(call(Method::GET, &checkout_url, None, Value::Null).await.0, 401);
    assert_eq!(call(Method::GET, &checkout_url, cookie(&reception), Value::Null).await.0, 403);
    assert_eq!(call(Method::PUT, &payments_url, cookie(&reception), json!({"methods": []})).await.0, 403);

    // The deployment's first values: 30 %, nobody changed them yet.
    let (status, first) = call(Method::GET, &checkout_url, cookie(&admin), Value::Null).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(
        first,
        json!({"depositPercent": 30, "bankTransferHoldDays": 3, "onlineHoldMinutes": 30, "cancellationFreeDays": 14,
            "cancellationFeePercent": 30, "updatedAt": null, "updatedBy": ""})
    );
    let (_, offer, stay_cost) = payment_step(&t, 40).await;
    assert_eq!(offer["deposit"]["amount"].as_i64(), Some(((stay_cost * 30 + 99) / 100 + 99) / 100 * 100), "{offer}");

    // Half in advance: the next checkout offers it.
    let half = json!({"depositPercent": 50, "bankTransferHoldDays": 5, "onlineHoldMinutes": 45, "cancellationFreeDays": 7,
        "cancellationFeePercent": 40});
    let (status, saved) = call(Method::PUT, &checkout_url, cookie(&admin), half.clone()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!((saved["depositPercent"].as_u64(), saved["updatedBy"].as_str()), (Some(50), Some("admin@example.pl")));
    assert!(saved["updatedAt"].as_str().is_some_and(|at| at.ends_with('Z')), "{saved}");
    let (placed, offer, stay_cost) = payment_step(&t, 41).await;
    assert_eq!(offer["deposit"]["amount"].as_i64(), Some(((stay_cost * 50 + 99) / 100 + 99) / 100 * 100), "{offer}");
    // Its order holds the nights as long as set.
    assert_eq!(placed.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await.0, 200);
    let (status, order) = placed.complete(Some("settings-1")).await;
    assert_eq!(status, 200, "{order}");
    let held = order["holdExpiresAt"].as_str().and_then(|at| chrono::DateTime::parse_from_rfc3339(at).ok()).expect("held until");
    let days = (held.timestamp_millis() - chrono::Utc::now().timestamp_millis()) as f64 / 86_400_000.0;
    assert!((4.9..5.1).contains(&days), "held {days} days");

    // No advance payment at all.
    let mut none = half.clone();
    none["depositPercent"] = json!(0);
    assert_eq!(call(Method::PUT, &checkout_url, cookie(&admin), none).await.0, 200);
    let (_, offer, _) = payment_step(&t, 42).await;
    assert!(offer["deposit"].is_null() || offer["deposit"]["amount"] == 0, "{offer}");

    // Wrong values are named.
    let mut wrong = half.clone();
    wrong["depositPercent"] = json!(101);
    let answer = call(Method::PUT, &checkout_url, cookie(&admin), wrong).await;
    assert_eq!((answer.0, answer.1["errors"][0]["field"].as_str()), (400, Some("depositPercent")), "{}", answer.1);
    let answer = call(Method::PUT, &checkout_url, cookie(&admin), json!({"depositPercent": 20})).await;
    assert_eq!((answer.0, answer.1["errors"][0]["field"].as_str()), (400, Some("bankTransferHoldDays")), "{}", answer.1);

    // Payments: a bank transfer to the account the stack started with; no provider has keys here.
    let (status, payments) = call(Method::GET, &payments_url, cookie(&admin), Value::Null).await;
    assert_eq!(status, 200, "{payments}");
    assert_eq!(payments["methods"], json!(["bank_transfer"]));
    assert_eq!(
        payments["available"],
        json!([{"code": "bank_transfer", "ready": true}, {"code": "przelewy24", "ready": false}, {"code": "paypal", "ready": false}])
    );
    assert_eq!(payments["bankAccount"]["iban"], TestStack::DEMO_IBAN);
    let answer =
        call(Method::PUT, &payments_url, cookie(&admin), json!({"methods": ["paypal"], "bankAccount": payments["bankAccount"]})).await;
    assert_eq!(
        (answer.0, answer.1["code"].as_str(), answer.1["errors"][0]["field"].as_str()),
        (422, Some("invalid_settings"), Some("methods"))
    );
    let german_bank = json!({"holder": "Pensjonat", "iban": TestStack::DEMO_IBAN, "bic": "COBADEFFXXX"});
    let answer = call(Method::PUT, &payments_url, cookie(&admin), json!({"methods": ["bank_transfer"], "bankAccount": german_bank})).await;
    assert_eq!((answer.0, answer.1["errors"][0]["field"].as_str()), (422, Some("bankAccount.bic")), "not the IBAN's country: {}", answer.1);
    let typo = json!({"holder": "Pensjonat", "iban": "PL61 1090 1014 0000 0712 1981 2875", "bank": ""});
    let answer = call(Method::PUT, &payments_url, cookie(&admin), json!({"methods": ["bank_transfer"], "bankAccount": typo})).await;
    assert_eq!((answer.0, answer.1["errors"][0]["field"].as_str()), (422, Some("bankAccount.iban")), "{}", answer.1);
    let answer = call(Method::PUT, &payments_url, cookie(&admin), json!({"methods": ["bank_transfer"], "bankAccount": null})).await;
    assert_eq!((answer.0, answer.1["errors"][0]["field"].as_str()), (422, Some("methods")), "no transfer without an account");

    // No account: no bank transfer offered, none chosen, and the order placed before shows no account.
    let (status, saved) = call(Method::PUT, &payments_url, cookie(&admin), json!({"methods": [], "bankAccount": null})).await;
    assert_eq!((status, &saved["bankAccount"], &saved["methods"]), (200, &Value::Null, &json!([])), "{saved}");
    let (v, offer, _) = payment_step(&t, 43).await;
    assert_eq!(codes(&offer), Vec::<&str>::new());
    let answer = v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await;
    assert_eq!((answer.0, answer.1["code"].as_str()), (422, Some("invalid_method")), "{}", answer.1);
    let page = t.http.get(t.url(&format!("/order/{}/pay", placed.token))).send().await.unwrap().text().await.unwrap();
    assert!(!page.contains("PL61") && page.contains("Skontaktuj się z pensjonatem"), "{page}");

    // An account again, typed with spaces: offered, and shown grouped on the order's page.
    let account =
        json!({"holder": " Pensjonat Spa ", "iban": "de89 3704 0044 0532 0130 00", "bank": "Commerzbank", "bic": "coba de ff xxx"});
    let (status, saved) =
        call(Method::PUT, &payments_url, cookie(&admin), json!({"methods": ["bank_transfer"], "bankAccount": account})).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(
        saved["bankAccount"],
        json!({"holder": "Pensjonat Spa", "iban": "DE89370400440532013000", "bank": "Commerzbank", "bic": "COBADEFFXXX"})
    );
    let (_, offer, _) = payment_step(&t, 44).await;
    assert_eq!(codes(&offer), ["bank_transfer"]);
    let page = t.http.get(t.url(&format!("/order/{}/pay", placed.token))).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("DE89 3704 0044 0532 0130 00") && page.contains("COBADEFFXXX"), "{page}");

    // The order placed under 7 days and 40 % keeps them when the policy changes.
    let strict = json!({"depositPercent": 30, "bankTransferHoldDays": 3, "onlineHoldMinutes": 30, "cancellationFreeDays": 60,
        "cancellationFeePercent": 90});
    assert_eq!(call(Method::PUT, &checkout_url, cookie(&admin), strict).await.0, 200);
    let quote_url = t.url(&format!("/shop-api/backend/orders/{}/cancellation?locale=en_GB", order["bookingCode"].as_str().unwrap()));
    let (status, quote) = call(Method::GET, &quote_url, cookie(&admin), Value::Null).await;
    assert_eq!(status, 200, "{quote}");
    assert_eq!((quote["freeDays"].as_u64(), quote["feePercent"].as_u64()), (Some(7), Some(40)), "the terms it was placed under: {quote}");

    // Every change kept, with who made it.
    let cart_db = t.stack.db("cart");
    let kept: Vec<(String, String)> =
        sqlx::query_as("SELECT section, staff FROM settings_history ORDER BY at").fetch_all(cart_db.pool()).await.unwrap();
    assert_eq!(kept.iter().filter(|(s, _)| s == "checkout").count(), 3);
    assert_eq!(kept.iter().filter(|(s, _)| s == "payments").count(), 2);
    assert!(kept.iter().all(|(_, staff)| staff == "admin@example.pl"));
}

#[tokio::test]
async fn an_administrator_sends_a_test_e_mail_and_sees_it_leave() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: &str| Some(format!("spa_session={token}"));
    let reception = t.session_of("c-3", "recepcja@example.pl", "customer,reception").await;
    let admin = t.session_of("c-4", "admin@example.pl", "customer,admin").await;
    let mail_url = t.url("/shop-api/backend/settings/mail?locale=de");
    let test_url = t.url("/shop-api/backend/settings/mail/test?locale=de");

    assert_eq!(as_staff(&t.http, Method::GET, mail_url.clone(), cookie(&reception), Value::Null).await.0, 403);
    assert_eq!(as_staff(&t.http, Method::POST, test_url.clone(), cookie(&reception), json!({"recipient": "a@example.pl"})).await.0, 403);
    let (status, mail) = as_staff(&t.http, Method::GET, mail_url.clone(), cookie(&admin), Value::Null).await;
    assert_eq!(status, 200, "{mail}");
    assert_eq!((mail["smtp"].as_bool(), mail["tests"].as_array().map(Vec::len)), (Some(false), Some(0)), "files here: {mail}");
    assert!(mail["sender"].as_str().is_some_and(|s| s.contains('@')), "{mail}");

    let wrong = as_staff(&t.http, Method::POST, test_url.clone(), cookie(&admin), json!({"recipient": "not an address"})).await;
    assert_eq!((wrong.0, wrong.1["errors"][0]["field"].as_str()), (422, Some("recipient")), "{}", wrong.1);
    let (status, queued) = as_staff(&t.http, Method::POST, test_url, cookie(&admin), json!({"recipient": "wlasciciel@example.pl"})).await;
    assert_eq!(status, 202, "{queued}");
    assert_eq!(queued["tests"][0]["recipient"], "wlasciciel@example.pl");
    let sent = crate::support::eventually("the test e-mail sent", || async {
        let (_, mail) = as_staff(&t.http, Method::GET, mail_url.clone(), cookie(&admin), Value::Null).await;
        mail["tests"][0]["sentAt"].as_str().map(str::to_owned)
    })
    .await;
    assert!(sent.ends_with('Z'), "{sent}");
    let (subject, body): (String, String) = sqlx::query_as("SELECT subject, body FROM outgoing_mail WHERE kind = 'test'")
        .fetch_one(t.stack.db("content").pool())
        .await
        .unwrap();
    assert_eq!(subject, "Test-E-Mail des Shops", "in the page's language");
    assert!(body.contains("admin@example.pl"), "names who sent it: {body}");
}

#[tokio::test]
async fn an_administrator_sets_the_guesthouse_s_details_and_the_contact_page_shows_them() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: &str| Some(format!("spa_session={token}"));
    let reception = t.session_of("c-3", "recepcja@example.pl", "customer,reception").await;
    let admin = t.session_of("c-4", "admin@example.pl", "customer,admin").await;
    let url = t.url("/shop-api/backend/settings/guesthouse?locale=pl");
    let call = |method: Method, who: Option<String>, body: Value| as_staff(&t.http, method, url.clone(), who, body);

    assert_eq!(call(Method::GET, None, Value::Null).await.0, 401);
    assert_eq!(call(Method::GET, cookie(&reception), Value::Null).await.0, 403);
    let (status, first) = call(Method::GET, cookie(&admin), Value::Null).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!((first["updatedAt"].clone(), first["details"]["city"].as_str()), (Value::Null, Some("Ośno Lubuskie")), "{first}");
    let (status, page) = t.get("/shop-api/guesthouse?locale=de").await;
    assert_eq!((status, page["country"].as_str(), page["phones"][0]["label"].as_str()), (200, Some("Polen"), Some("Rezeption")));

    // The e-mails' sender is the house of the contact page: its name and reception e-mail.
    let mail_url = t.url("/shop-api/backend/settings/mail?locale=pl");
    let sender = || async { as_staff(&t.http, Method::GET, mail_url.clone(), cookie(&admin), Value::Null).await.1["sender"].clone() };
    assert_eq!(sender().await, json!("Pensjonat Spa & Wellness <recepcja@pensjonat-spa.example>"));

    let mut details = first["details"].clone();
    assert_eq!(call(Method::PUT, cookie(&reception), details.clone()).await.0, 403);
    details["street"] = json!("ul. Leśna 3");
    details["name"] = json!("Pensjonat Nad Jeziorem");
    details["reception"]["email"] = json!("recepcja@nad-jeziorem.example");
    details["phones"] =
        json!([{"label": {"pl": "Recepcja całodobowa", "de": "", "en_GB": "24-hour reception"}, "number": "+48 600 700 800"}]);
    details["latitude"] = json!(52.5);
    let (status, saved) = call(Method::PUT, cookie(&admin), details.clone()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!((saved["updatedBy"].as_str(), saved["details"]["street"].as_str()), (Some("admin@example.pl"), Some("ul. Leśna 3")));
    // At the next request, in the visitor's language, a missing German label in Polish.
    let (_, page) = t.get("/shop-api/guesthouse?locale=de").await;
    assert_eq!(page["street"], "ul. Leśna 3");
    assert_eq!(page["phones"], json!([{"label": "Recepcja całodobowa", "number": "+48 600 700 800"}]));
    assert_eq!(page["latitude"], 52.5);
    assert_eq!(sender().await, json!("Pensjonat Nad Jeziorem <recepcja@nad-jeziorem.example>"));
    // And the guesthouse's copies go to its new reception e-mail (no GUESTHOUSE_EMAIL here).
    let question = json!({"customer": "Ola", "email": "ola@example.pl", "phone": "600100200", "message": "Czy jest parking?"});
    assert_eq!(t.post("/shop-api/contact/product-questions?locale=pl", question).await.0, 201);
    let content = t.stack.db("content");
    let copy: String = eventually("the guesthouse's copy", || async {
        sqlx::query_scalar("SELECT recipient FROM outgoing_mail WHERE subject LIKE 'Wiadomość ze strony kontaktowej%'")
            .fetch_optional(content.pool())
            .await
            .unwrap()
    })
    .await;
    assert_eq!(copy, "recepcja@nad-jeziorem.example");

    // Every broken rule named; nothing saved.
    let mut wrong = details.clone();
    wrong["name"] = json!(" ");
    wrong["phones"][0]["number"] = json!("12");
    wrong["reception"]["hours"][0]["to"] = json!("25:00");
    wrong["longitude"] = json!(181.5);
    let (status, refused) = call(Method::PUT, cookie(&admin), wrong).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_settings")), "{refused}");
    let fields: Vec<&str> = refused["errors"].as_array().unwrap().iter().filter_map(|e| e["field"].as_str()).collect();
    assert_eq!(fields, ["name", "phones[0].number", "reception.hours[0].to", "longitude"], "{refused}");
    let mut missing = details.clone();
    missing.as_object_mut().unwrap().remove("city");
    let (status, refused) = call(Method::PUT, cookie(&admin), missing).await;
    assert_eq!((status, refused["errors"][0]["field"].as_str()), (400, Some("city")), "{refused}");
    assert_eq!(t.get("/shop-api/guesthouse?locale=pl").await.1["street"], "ul. Leśna 3");

    let kept: Vec<(String, String)> =
        sqlx::query_as("SELECT section, staff FROM settings_history").fetch_all(t.stack.db("content").pool()).await.unwrap();
    assert_eq!(kept, [("guesthouse".to_owned(), "admin@example.pl".to_owned())]);
}

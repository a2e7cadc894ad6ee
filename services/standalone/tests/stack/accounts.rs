//! Accounts over HTTP: registration, login, the session cookie, logout.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::{TestStack, eventually, json as read};

const PASSWORD: &str = "correct horse battery";

fn cookie_of(response: &reqwest::Response) -> String {
    response.headers()["set-cookie"].to_str().unwrap().to_owned()
}

async fn me(t: &TestStack, cookie: &str) -> (u16, Value) {
    read(t.http.get(t.url("/shop-api/me")).header("cookie", cookie).send().await.unwrap()).await
}

async fn login(t: &TestStack, email: &str, password: &str) -> reqwest::Response {
    t.http
        .post(t.url("/shop-api/login_check?locale=en_GB"))
        .header("x-requested-with", "XMLHttpRequest")
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
}

/// The spec's client creates a customer with `POST /me`: the same account as `/register`.
#[tokio::test]
async fn post_me_creates_a_logged_in_customer() {
    let t = TestStack::start().await;
    let body = json!({"email": "ewa@example.pl", "password": PASSWORD, "firstName": "Ewa", "lastName": "Lis"});
    let response = t.http.post(t.url("/shop-api/me?locale=de")).json(&body).send().await.unwrap();
    let session = cookie_of(&response).split(';').next().unwrap().to_owned();
    let (status, customer) = read(response).await;
    assert_eq!((status, customer["email"].as_str()), (201, Some("ewa@example.pl")), "{customer}");
    let (status, who) = me(&t, &session).await;
    assert_eq!((status, who["lastName"].as_str()), (200, Some("Lis")), "logged in at once");
    let (status, again) = read(t.http.post(t.url("/shop-api/me")).json(&body).send().await.unwrap()).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("email_taken")), "{again}");
    let (status, weak) = read(
        t.http
            .post(t.url("/shop-api/me"))
            .json(&json!({"email": "x@example.pl", "password": "short", "firstName": "X", "lastName": "Y"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status, weak["errors"][0]["field"].as_str()), (422, Some("password")), "{weak}");
    // Announced like a registration (the confirmation e-mail follows from it).
    let subjects: Vec<String> = sqlx::query_scalar("SELECT subject FROM outbox").fetch_all(t.stack.db("users").pool()).await.unwrap();
    assert!(subjects.iter().any(|s| s == "users.customer.registered"), "{subjects:?}");
}

#[tokio::test]
async fn a_customer_registers_logs_in_and_out() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let body =
        json!({"email": " Ola@Example.PL ", "password": PASSWORD, "firstName": "Ola", "lastName": "Nowak", "phone": "+48 600 100 200"});
    let response = t.http.post(t.url("/shop-api/register")).json(&body).send().await.unwrap();
    let cookie = cookie_of(&response);
    let (status, customer) = read(response).await;
    assert_eq!((status, customer["email"].as_str()), (201, Some("ola@example.pl")), "{customer}");
    for part in ["spa_session=", "HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain HTTP here");
    let session = cookie.split(';').next().unwrap().to_owned();
    let (status, who) = me(&t, &session).await;
    assert_eq!((status, who["firstName"].as_str()), (200, Some("Ola")), "logged in at once");

    // The registration is announced through the outbox.
    let subjects: Vec<String> = sqlx::query_scalar("SELECT subject FROM outbox").fetch_all(t.stack.db("users").pool()).await.unwrap();
    assert!(subjects.iter().any(|s| s == "users.customer.registered"), "{subjects:?}");
    // Only a hash of the token is kept.
    let token = session.trim_start_matches("spa_session=");
    let stored: Vec<String> = sqlx::query_scalar("SELECT token_hash FROM sessions").fetch_all(t.stack.db("users").pool()).await.unwrap();
    assert!(!stored.iter().any(|h| h == token));

    // Bad registrations name their field.
    let register = |body: Value| {
        let request = t.http.post(t.url("/shop-api/register")).json(&body);
        async move { read(request.send().await.unwrap()).await }
    };
    let field = |(status, body): (u16, Value)| {
        (status, body["code"].as_str().unwrap_or_default().to_owned(), body["errors"][0]["field"].as_str().unwrap_or_default().to_owned())
    };
    let with = |key: &str, value: &str| {
        let mut b = json!({"email": "jan@example.pl", "password": PASSWORD, "firstName": "Jan", "lastName": "Kowalski"});
        b[key] = json!(value);
        b
    };
    assert_eq!(field(register(with("email", "OLA@example.pl")).await), (409, "email_taken".into(), "email".into()));
    assert_eq!(field(register(with("email", "jan@")).await), (422, "invalid_email".into(), "email".into()));
    assert_eq!(field(register(with("password", "short")).await), (422, "weak_password".into(), "password".into()));
    assert_eq!(field(register(with("password", "jan@example.pl")).await), (422, "weak_password".into(), "password".into()));
    assert_eq!(field(register(with("firstName", " ")).await), (422, "invalid_name".into(), "firstName".into()));
    assert_eq!(field(register(with("lastName", &"x".repeat(61))).await), (422, "invalid_name".into(), "lastName".into()));

    // Login: the marker header is required; a wrong password and an unknown
    // e-mail get the same answer.
    let (status, _) = read(
        t.http.post(t.url("/shop-api/login_check")).json(&json!({"email": "ola@example.pl", "password": PASSWORD})).send().await.unwrap(),
    )
    .await;
    assert_eq!(status, 400, "no marker, no login");
    let wrong = login(&t, "ola@example.pl", "wrong horse battery").await;
    assert!(wrong.headers().get("set-cookie").is_none());
    let (status, wrong) = read(wrong).await;
    let (_, unknown) = read(login(&t, "nobody@example.pl", PASSWORD).await).await;
    assert_eq!((status, &wrong["success"]), (401, &json!(false)));
    assert_eq!(wrong, unknown, "the same answer either way");
    assert_eq!(wrong["message"], "Wrong e-mail address or password.");

    let response = login(&t, "OLA@example.pl", PASSWORD).await;
    let second = cookie_of(&response).split(';').next().unwrap().to_owned();
    let (status, answer) = read(response).await;
    assert_eq!((status, answer["success"].as_bool()), (200, Some(true)));
    assert_ne!(second, session, "a new session at each login");
    assert_eq!(me(&t, &second).await.0, 200);

    // A login in a browser that had a session replaces it.
    let third = t
        .http
        .post(t.url("/shop-api/login_check"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("cookie", &second)
        .json(&json!({"email": "ola@example.pl", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    let third = cookie_of(&third).split(';').next().unwrap().to_owned();
    assert_eq!(me(&t, &second).await.0, 204, "the replaced session is over");
    assert_eq!(me(&t, &third).await.0, 200);
    let second = third;

    // A session seen again after an hour is refreshed, so it outlives one
    // left unused: a week after its last use a session ends.
    t.advance(Duration::from_secs(2 * 3600));
    assert_eq!(me(&t, &second).await.0, 200, "seen again two hours later");
    t.advance(spa_users::domain::SESSION_IDLE - Duration::from_secs(3600));
    assert_eq!(me(&t, &session).await.0, 204, "unused for a week and an hour");
    assert_eq!(me(&t, &second).await.0, 200, "used six days and 23 hours ago");

    // Logout ends that session only, and clears the cookie.
    let response = t.http.post(t.url("/shop-api/logout")).header("cookie", &second).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 400, "only the shop's script logs out");
    let response =
        t.http.post(t.url("/shop-api/logout")).header("cookie", &second).header("x-requested-with", "XMLHttpRequest").send().await.unwrap();
    assert_eq!(response.status().as_u16(), 204);
    assert!(cookie_of(&response).contains("Max-Age=0"));
    assert_eq!(me(&t, &second).await.0, 204, "that session is over");
    let response = t.http.post(t.url("/shop-api/logout")).header("x-requested-with", "XMLHttpRequest").send().await.unwrap();
    assert_eq!(response.status().as_u16(), 204, "logging out without a session is no error");
}

#[tokio::test]
async fn a_new_customer_verifies_the_e_mail_once_through_its_link() {
    let t = TestStack::start().await;
    let body = json!({"email": "ola@example.pl", "password": PASSWORD, "firstName": "Ola", "lastName": "Nowak"});
    let response = t.http.post(t.url("/shop-api/register?locale=de")).json(&body).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 201);
    let session = cookie_of(&response).split(';').next().unwrap().to_owned();
    assert_eq!(me(&t, &session).await.1["emailVerified"], json!(false), "not confirmed yet");

    // The content service writes the e-mail, in the registration's language.
    let content = t.stack.db("content");
    // Its body is read from the delivered e-mail: the database forgets a
    // link once the mail is sent.
    let t = &t;
    let mail = |recipient: &'static str| {
        let content = content.clone();
        async move {
            let rows =
                sqlx::query_as::<_, (String, String)>("SELECT subject, id FROM outgoing_mail WHERE recipient = $1 ORDER BY created_at")
                    .bind(recipient)
                    .fetch_all(content.pool())
                    .await
                    .unwrap();
            rows.into_iter()
                .map(|(subject, id)| t.delivered_mail(&id).map(|body| (subject, body)))
                .collect::<Option<Vec<_>>>()
                .unwrap_or_default()
        }
    };
    let sent = eventually("the verification e-mail", || async { mail("ola@example.pl").await.into_iter().next() }).await;
    assert_eq!(sent.0, "Bitte bestätigen Sie Ihre E-Mail-Adresse");
    // An absolute link to the German pages' host (the e-mail's language);
    // its path opened here.
    let public = spa_platform::config::var_or("PUBLIC_URL", "http://localhost:8080");
    let hosts =
        spa_platform::hosts::parse_host_map(&spa_platform::config::var_or("LOCALE_HOSTS", spa_platform::hosts::DEFAULT_LOCALE_HOSTS))
            .unwrap();
    let origins = spa_platform::hosts::origins(&public, &hosts);
    let german = &origins.iter().find(|(l, _)| *l == spa_platform::locale::Locale::De).expect("a German host").1;
    assert_ne!(german, &public);
    let link = sent.1.split_whitespace().find_map(|w| w.strip_prefix(german.as_str())).expect(german).to_owned();
    assert!(link.starts_with("/verify-account/"), "{link}");

    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let open = |link: String| {
        let request = no_redirects.get(t.url(&link));
        async move {
            let r = request.send().await.unwrap();
            (r.status().as_u16(), r.headers().get("location").map(|l| l.to_str().unwrap().to_owned()))
        }
    };
    assert_eq!(open(link.clone()).await, (303, Some("/?account=verified".into())));
    let verified: Option<i64> = sqlx::query_scalar("SELECT verified_at FROM customers WHERE email = 'ola@example.pl'")
        .fetch_one(t.stack.db("users").pool())
        .await
        .unwrap();
    assert!(verified.is_some());
    assert_eq!(me(t, &session).await.1["emailVerified"], json!(true), "the profile says so");
    assert_eq!(open(link).await, (303, Some("/?account=link-expired".into())), "a link works once");
    assert_eq!(open("/verify-account/forged".into()).await, (303, Some("/?account=link-expired".into())));
    // An English e-mail's link leads to the English home page.
    assert_eq!(open("/en/verify-account/forged".into()).await, (303, Some("/en?account=link-expired".into())));

    // Asking again: the same answer for a verified, an unknown and any e-mail; no new mail.
    for email in ["ola@example.pl", "nobody@example.pl"] {
        let (status, _) = t.post("/shop-api/verify-account", json!({"email": email})).await;
        assert_eq!(status, 202, "{email}");
    }
    let (status, body) = t.post("/shop-api/verify-account", json!({"email": "ola@"})).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("invalid_email")));
    // Requests are recorded before the answer: the registration's is the only one.
    let requested: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE subject = 'users.verification.requested'")
        .fetch_one(t.stack.db("users").pool())
        .await
        .unwrap();
    assert_eq!(requested, 1);
}

/// A login from client `ip` (as the proxy in front of the gateway names it).
async fn login_from(t: &TestStack, ip: &str, email: &str, password: &str) -> (u16, Value) {
    let request = t
        .http
        .post(t.url("/shop-api/login_check?locale=en_GB"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("x-forwarded-for", ip)
        .json(&json!({"email": email, "password": password}));
    read(request.send().await.unwrap()).await
}

/// Five wrong passwords for an address from one client lock that client
/// out of it for a while, known address or not; the owner, from another
/// client, still logs in (before this, anyone could keep the staff out of
/// the back office by failing five logins with their address).
#[tokio::test]
async fn five_failed_logins_lock_a_client_out_of_an_address_not_its_owner() {
    let t = TestStack::start_with(|g| {
        g.limits.writes.burst = 1000;
        g.limits.client_ip_header = Some(axum::http::HeaderName::from_static("x-forwarded-for"));
    })
    .await;
    let body = json!({"email": "ola@example.pl", "password": PASSWORD, "firstName": "Ola", "lastName": "Nowak"});
    assert_eq!(t.post("/shop-api/register", body).await.0, 201);
    let attacker = "203.0.113.7";
    for email in ["ola@example.pl", "nobody@example.pl"] {
        for _ in 0..5 {
            let (status, body) = login_from(&t, attacker, email, "wrong horse battery").await;
            assert_eq!(status, 401, "{body}");
        }
        let (status, body) = login_from(&t, attacker, email, PASSWORD).await;
        assert_eq!((status, body["code"].as_str()), (429, Some("too_many_attempts")), "{email}: even the right password waits");
    }
    // The owner, elsewhere, is not locked out; their success clears nothing of the attacker's.
    assert_eq!(login_from(&t, "198.51.100.20", "ola@example.pl", PASSWORD).await.0, 200, "the owner from another client");
    assert_eq!(login_from(&t, attacker, "ola@example.pl", PASSWORD).await.0, 429, "still locked for the attacker's client");
    // The window over, the right password works again from there too, and clears that client's count.
    t.advance(spa_users::domain::LOGIN_WINDOW);
    assert_eq!(login_from(&t, attacker, "ola@example.pl", PASSWORD).await.0, 200);
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM login_throttle WHERE email = 'ola@example.pl'")
        .fetch_one(t.stack.db("users").pool())
        .await
        .unwrap();
    assert_eq!(left, 0, "the owner's and the attacker's counters of the address are cleared by their good logins");
}

/// A client guessing many addresses' passwords is stopped after 30 failures
/// over any addresses; its good logins neither count nor buy more guesses;
/// other clients are not stopped.
#[tokio::test]
async fn a_client_guessing_many_addresses_is_stopped() {
    let t = TestStack::start_with(|g| {
        g.limits.writes.burst = 1000;
        g.limits.client_ip_header = Some(axum::http::HeaderName::from_static("x-forwarded-for"));
    })
    .await;
    let body = json!({"email": "ola@example.pl", "password": PASSWORD, "firstName": "Ola", "lastName": "Nowak"});
    assert_eq!(t.post("/shop-api/register", body).await.0, 201);
    let stuffer = "203.0.113.8";
    for n in 0..30 {
        let (status, _) = login_from(&t, stuffer, &format!("guest{n}@example.pl"), "wrong horse battery").await;
        assert_eq!(status, 401, "attempt {n}");
        if n == 10 {
            assert_eq!(login_from(&t, stuffer, "ola@example.pl", PASSWORD).await.0, 200, "good logins on the way do not count");
        }
    }
    let (status, body) = login_from(&t, stuffer, "guest99@example.pl", "wrong horse battery").await;
    assert_eq!((status, body["code"].as_str()), (429, Some("too_many_attempts")), "{body}");
    assert_eq!(login_from(&t, "198.51.100.21", "ola@example.pl", PASSWORD).await.0, 200, "another client is not stopped");
}

/// 20 wrong passwords at once for one address: each attempt is counted
/// before its password is checked, so exactly 5 are checked (401) and the
/// rest are refused (429), and the right password then waits too.
#[tokio::test]
async fn parallel_logins_cannot_outrun_the_lock() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let body = json!({"email": "ola@example.pl", "password": PASSWORD, "firstName": "Ola", "lastName": "Nowak"});
    assert_eq!(t.post("/shop-api/register", body).await.0, 201);
    let attempts = (0..20).map(|_| {
        let request = t
            .http
            .post(t.url("/shop-api/login_check"))
            .header("x-requested-with", "XMLHttpRequest")
            .json(&json!({"email": "ola@example.pl", "password": "wrong horse battery"}));
        async move { request.send().await.unwrap().status().as_u16() }
    });
    let mut statuses = futures::future::join_all(attempts).await;
    statuses.sort();
    assert_eq!(statuses, [vec![401; 5], vec![429; 15]].concat());
    assert_eq!(login(&t, "ola@example.pl", PASSWORD).await.status().as_u16(), 429);
}

#[tokio::test]
async fn the_first_administrator_comes_from_the_settings_once() {
    let t = TestStack::start().await;
    let users = t.stack.db("users");
    assert!(spa_users::bootstrap_admin(users, "admin@example.pl", "short").await.is_err(), "the customers' password rule");
    spa_users::bootstrap_admin(users, " Admin@Example.PL ", PASSWORD).await.unwrap();
    spa_users::bootstrap_admin(users, "admin@example.pl", "another good password").await.unwrap();
    let response = login(&t, "admin@example.pl", PASSWORD).await;
    assert_eq!(response.status().as_u16(), 200, "the first password stays");
    let cookie = cookie_of(&response).split(';').next().unwrap().to_owned();
    let (_, who) = me(&t, &cookie).await;
    assert_eq!(who["roles"], json!(["admin"]));
}

#[tokio::test]
async fn a_customer_changes_the_profile_and_the_password() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let body = json!({"email": "ola@example.pl", "password": PASSWORD, "firstName": "Ola", "lastName": "Nowak"});
    let first =
        cookie_of(&t.http.post(t.url("/shop-api/register")).json(&body).send().await.unwrap()).split(';').next().unwrap().to_owned();
    let other = cookie_of(&login(&t, "ola@example.pl", PASSWORD).await).split(';').next().unwrap().to_owned();
    let put = |path: &str, cookie: Option<&str>, body: Value| {
        let mut request = t.http.put(t.url(path)).header("x-requested-with", "XMLHttpRequest").json(&body);
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie.to_owned());
        }
        async move { read(request.send().await.unwrap()).await }
    };
    let (status, me_now) =
        put("/shop-api/me", Some(&first), json!({"firstName": " Aleksandra ", "lastName": "Nowak", "phone": "+48 600"})).await;
    assert_eq!((status, me_now["firstName"].as_str(), me_now["email"].as_str()), (200, Some("Aleksandra"), Some("ola@example.pl")));
    assert_eq!(me(&t, &other).await.1["firstName"], "Aleksandra");
    assert_eq!(put("/shop-api/me", None, json!({"firstName": "X", "lastName": "Y"})).await.0, 401);
    let (status, body) = put("/shop-api/me", Some(&first), json!({"firstName": "", "lastName": "Y"})).await;
    assert_eq!((status, body["code"].as_str(), body["errors"][0]["field"].as_str()), (422, Some("invalid_name"), Some("firstName")));
    let no_marker =
        t.http.put(t.url("/shop-api/me")).header("cookie", &first).json(&json!({"firstName": "X", "lastName": "Y"})).send().await.unwrap();
    assert_eq!(no_marker.status().as_u16(), 400, "a cookie alone changes nothing");

    let new = "another good password";
    let (status, body) =
        put("/shop-api/me/password", Some(&first), json!({"currentPassword": "wrong horse battery", "newPassword": new})).await;
    assert_eq!(
        (status, body["code"].as_str(), body["errors"][0]["field"].as_str()),
        (400, Some("invalid_credentials"), Some("currentPassword"))
    );
    let (status, body) = put("/shop-api/me/password", Some(&first), json!({"currentPassword": PASSWORD, "newPassword": "short"})).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("weak_password")));
    let (status, _) = put("/shop-api/me/password", Some(&first), json!({"currentPassword": PASSWORD, "newPassword": new})).await;
    assert_eq!(status, 204);
    assert_eq!(me(&t, &first).await.0, 200, "this session stays");
    assert_eq!(me(&t, &other).await.0, 204, "every other session ends");
    assert_eq!(login(&t, "ola@example.pl", PASSWORD).await.status().as_u16(), 401);
    assert_eq!(login(&t, "ola@example.pl", new).await.status().as_u16(), 200);
}

#[tokio::test]
async fn a_forgotten_password_is_reset_once_through_the_e_mails_link() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let body = json!({"email": "ola@example.pl", "password": PASSWORD, "firstName": "Ola", "lastName": "Nowak"});
    let session =
        cookie_of(&t.http.post(t.url("/shop-api/register")).json(&body).send().await.unwrap()).split(';').next().unwrap().to_owned();
    for email in ["ola@example.pl", "nobody@example.pl"] {
        assert_eq!(t.post("/shop-api/password-reset?locale=en_GB", json!({"email": email})).await.0, 202, "alike for {email}");
    }
    let content = t.stack.db("content");
    let sent = eventually("the reset e-mail", || async {
        let (subject, id) =
            sqlx::query_as::<_, (String, String)>("SELECT subject, id FROM outgoing_mail WHERE subject = 'Your new password'")
                .fetch_optional(content.pool())
                .await
                .unwrap()?;
        Some((subject, t.delivered_mail(&id)?))
    })
    .await;
    let base = spa_platform::config::var_or("PUBLIC_URL", "http://localhost:8080");
    // The English page: under /en.
    let token = sent.1.split_whitespace().find_map(|w| w.strip_prefix(&format!("{base}/en/reset-password/"))).unwrap().to_owned();
    let reset = |token: &str, password: &str| {
        let request = t.http.post(t.url(&format!("/shop-api/password-reset/{token}"))).json(&json!({"password": password}));
        async move { read(request.send().await.unwrap()).await }
    };
    let (status, body) = reset(&token, "short").await;
    assert_eq!((status, body["code"].as_str()), (422, Some("weak_password")), "a weak one does not use the link");
    let new = "another good password";
    assert_eq!(reset(&token, new).await.0, 204);
    let (status, body) = reset(&token, "a third good password").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("invalid_link")), "a link works once");
    assert_eq!(me(&t, &session).await.0, 204, "every session ends");
    assert_eq!(login(&t, "ola@example.pl", PASSWORD).await.status().as_u16(), 401);
    assert_eq!(login(&t, "ola@example.pl", new).await.status().as_u16(), 200);
    let requested: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE subject = 'users.password_reset.requested'")
        .fetch_one(t.stack.db("users").pool())
        .await
        .unwrap();
    assert_eq!(requested, 1, "none for an unknown address");
}

/// Who may read and change what: an anonymous visitor, customer A and
/// customer B, on every call that reads or changes personal data.
#[tokio::test]
async fn nobody_reads_or_changes_another_customers_data() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let mut cookies = Vec::new();
    for (email, name) in [("a@example.pl", "Anna"), ("b@example.pl", "Bartek")] {
        let body = json!({"email": email, "password": PASSWORD, "firstName": name, "lastName": "Nowak"});
        let response = t.http.post(t.url("/shop-api/register")).json(&body).send().await.unwrap();
        cookies.push(cookie_of(&response).split(';').next().unwrap().to_owned());
        // Each opens a basket while logged in.
        let token = uuid::Uuid::new_v4().simple().to_string();
        let cookie = cookies.last().unwrap().clone();
        let r = t.http.post(t.url(&format!("/shop-api/carts/{token}"))).header("cookie", cookie).json(&json!({})).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 201);
    }
    let get = |path: &'static str, cookie: Option<String>| {
        let mut request = t.http.get(t.url(path));
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        async move { read(request.send().await.unwrap()).await }
    };
    // Anonymous: nothing.
    assert_eq!(get("/shop-api/me", None).await.0, 204);
    assert_eq!(get("/shop-api/visitor/cart", None).await.0, 204);
    let put_me =
        t.http.put(t.url("/shop-api/me")).header("x-requested-with", "XMLHttpRequest").json(&json!({"firstName": "X", "lastName": "Y"}));
    assert_eq!(put_me.send().await.unwrap().status().as_u16(), 401);
    // Each customer: their own profile and basket only.
    let (_, a) = get("/shop-api/me", Some(cookies[0].clone())).await;
    let (_, b) = get("/shop-api/me", Some(cookies[1].clone())).await;
    assert_eq!((a["firstName"].as_str(), b["firstName"].as_str()), (Some("Anna"), Some("Bartek")));
    let (_, cart_a) = get("/shop-api/visitor/cart", Some(cookies[0].clone())).await;
    let (_, cart_b) = get("/shop-api/visitor/cart", Some(cookies[1].clone())).await;
    assert_ne!(cart_a["tokenValue"], cart_b["tokenValue"]);
    // A change with A's cookie changes A only.
    let r = t
        .http
        .put(t.url("/shop-api/me"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("cookie", &cookies[0])
        .json(&json!({"firstName": "Ania", "lastName": "Nowak"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(get("/shop-api/me", Some(cookies[1].clone())).await.1["firstName"], "Bartek");
    // A session token of A used as a basket's or anything else's key opens nothing.
    let token = cookies[0].trim_start_matches("spa_session=");
    assert_eq!(t.get(&format!("/shop-api/carts/{token}")).await.0, 404);
}

/// The matrix above with orders and the staff roles: a customer's order and
/// open basket are seen by that customer alone; another customer, an editor
/// and an administrator (no role reads customers' data) each get their own,
/// and an anonymous visitor nothing.
#[tokio::test]
async fn orders_stay_their_customers_whatever_the_others_roles() {
    use reqwest::Method;
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: &str| format!("spa_session={token}");
    let owner = cookie(&t.session_of("c-owner", "owner@example.pl", "customer").await);
    let principals = [
        ("anonymous", None),
        ("another customer", Some(cookie(&t.session_of("c-other", "other@example.pl", "customer").await))),
        ("editor", Some(cookie(&t.session_of("c-editor", "editor@example.pl", "customer,editor").await))),
        ("admin", Some(cookie(&t.session_of("c-admin", "admin@example.pl", "customer,admin").await))),
    ];
    let send = |method: Method, path: &str, who: Option<&String>, body: Value| {
        let mut request = t.http.request(method, t.url(path)).header("x-requested-with", "XMLHttpRequest");
        if let Some(c) = who {
            request = request.header("cookie", c.clone());
        }
        if !body.is_null() {
            request = request.json(&body);
        }
        async move { crate::support::json(request.send().await.unwrap()).await }
    };

    // The owner books while logged in, and keeps a second basket open.
    let token = uuid::Uuid::new_v4().simple().to_string();
    let cart = format!("/shop-api/carts/{token}");
    assert_eq!(send(Method::POST, &cart, Some(&owner), json!({"locale": "pl"})).await.0, 201);
    let (from, to) = crate::support::stay(90, 2);
    let (status, _) = send(Method::POST, &format!("{cart}/items"), None, crate::checkout::reservation(&from, &to)).await;
    assert_eq!(status, 201);
    let mut details = crate::checkout::guest();
    details["customer"]["email"] = json!("owner@example.pl");
    assert_eq!(send(Method::PUT, &format!("/shop-api/checkout/{token}/address"), Some(&owner), details).await.0, 200);
    let payment = json!({"method": "bank_transfer"});
    assert_eq!(send(Method::PUT, &format!("/shop-api/checkout/{token}/payment/0"), Some(&owner), payment).await.0, 200);
    let (status, order) = send(Method::PUT, &format!("/shop-api/checkout/{token}/complete"), Some(&owner), Value::Null).await;
    assert_eq!(status, 200, "{order}");
    let booking = order["bookingCode"].as_str().unwrap().to_owned();
    let open = uuid::Uuid::new_v4().simple().to_string();
    assert_eq!(send(Method::POST, &format!("/shop-api/carts/{open}"), Some(&owner), json!({"locale": "pl"})).await.0, 201);

    // The owner sees all of it.
    let (status, me) = send(Method::GET, "/shop-api/me", Some(&owner), Value::Null).await;
    assert_eq!((status, me["email"].as_str()), (200, Some("owner@example.pl")));
    let (status, orders) = send(Method::GET, "/shop-api/me/orders", Some(&owner), Value::Null).await;
    assert_eq!(status, 200, "{orders}");
    assert!(orders.to_string().contains(&booking), "{orders}");
    let (status, basket) = send(Method::GET, "/shop-api/visitor/cart", Some(&owner), Value::Null).await;
    assert_eq!((status, basket["tokenValue"].as_str()), (200, Some(open.as_str())));

    for (who, session) in &principals {
        let session = session.as_ref();
        let (status, me) = send(Method::GET, "/shop-api/me", session, Value::Null).await;
        let (status, orders) = (status, send(Method::GET, "/shop-api/me/orders", session, Value::Null).await);
        let (basket_status, basket) = send(Method::GET, "/shop-api/visitor/cart", session, Value::Null).await;
        assert!(!me.to_string().contains("owner@example.pl"), "{who}: {me}");
        assert!(!orders.1.to_string().contains(&booking), "{who}: {}", orders.1);
        assert_eq!(basket_status, 204, "{who} gets no basket, never the owner's: {basket}");
        let profile = json!({"firstName": "Eve", "lastName": "Nowak", "phone": "+48 600 100 200"});
        let (profile_status, _) = send(Method::PUT, "/shop-api/me", session, profile).await;
        let change = json!({"currentPassword": "correct horse battery", "newPassword": "another horse battery"});
        let (password_status, _) = send(Method::PUT, "/shop-api/me/password", session, change).await;
        match session {
            None => {
                assert_eq!(status, 204, "anonymous: an empty answer");
                assert_eq!(orders.0, 401, "anonymous: {}", orders.1);
                assert_eq!((profile_status, password_status), (401, 401), "anonymous changes nothing");
            }
            Some(_) => {
                assert_eq!(status, 200, "{who}");
                assert_eq!(orders.0, 200, "{who}: {}", orders.1);
                assert_eq!(orders.1["items"].as_array().map_or(0, Vec::len), 0, "{who} has no orders: {}", orders.1);
                assert_eq!(profile_status, 200, "{who} changes their own profile");
            }
        }
    }
    // Their changes stayed theirs.
    let (_, me) = send(Method::GET, "/shop-api/me", Some(&owner), Value::Null).await;
    assert_eq!(me["firstName"], "Ola", "{me}");
}

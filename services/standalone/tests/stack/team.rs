//! The guesthouse's team, managed by its administrators: an invitation by
//! e-mail (a link to set the password), a role changed, an account
//! disabled (its session ends, its login is refused) and enabled again,
//! and the house never left without an active administrator.

use reqwest::Method;
use serde_json::{Value, json};

use crate::staff::as_staff;
use crate::support::{TestStack, eventually, json as read};

#[tokio::test]
async fn an_administrator_invites_a_receptionist_changes_their_role_and_disables_them() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: &str| Some(format!("spa_session={token}"));
    let admin = t.session_of("c-1", "admin@example.pl", "customer,admin").await;
    let reception = t.session_of("c-2", "recepcja@example.pl", "customer,reception").await;
    let editor = t.session_of("c-3", "ed@example.pl", "customer,editor").await;
    let team = t.url("/shop-api/backend/staff?locale=en_GB");
    let send = |method: Method, url: String, who: &str, body: Value| as_staff(&t.http, method, url, cookie(who), body);

    // Only administrators.
    let anonymous = t.http.get(&team).send().await.unwrap();
    assert_eq!(anonymous.status().as_u16(), 401);
    for (who, session) in [("reception", &reception), ("editor", &editor)] {
        assert_eq!(send(Method::GET, team.clone(), session, Value::Null).await.0, 403, "{who} lists");
        let invite = send(Method::POST, team.clone(), session, json!({"email": "x@example.pl", "role": "admin"})).await;
        assert_eq!(invite.0, 403, "{who} invites");
    }
    let (status, listed) = send(Method::GET, team.clone(), &admin, Value::Null).await;
    assert_eq!(status, 200, "{listed}");
    let emails: Vec<&str> = listed["items"].as_array().unwrap().iter().map(|m| m["email"].as_str().unwrap()).collect();
    assert_eq!(emails, ["admin@example.pl", "ed@example.pl", "recepcja@example.pl"]);

    // An invitation: an account without a password, and the e-mail with its link.
    let bad = send(Method::POST, team.clone(), &admin, json!({"email": "not an address", "role": "reception"})).await;
    assert_eq!((bad.0, bad.1["code"].as_str()), (422, Some("invalid_email")), "{}", bad.1);
    let (status, invited) = send(Method::POST, team.clone(), &admin, json!({"email": " Nowa@Example.PL ", "role": "reception"})).await;
    assert_eq!(status, 200, "{invited}");
    assert_eq!((invited["email"].as_str(), invited["role"].as_str()), (Some("nowa@example.pl"), Some("reception")));
    assert_eq!((invited["active"].as_bool(), invited["invited"].as_bool()), (Some(true), Some(true)));
    let id = invited["id"].as_str().unwrap().to_owned();
    let content = t.stack.db("content");
    let mail = eventually("the invitation", || async {
        let id: Option<String> = sqlx::query_scalar(
            "SELECT id FROM outgoing_mail WHERE recipient = 'nowa@example.pl' AND subject = 'Your access to the guesthouse''s back office'",
        )
        .fetch_optional(content.pool())
        .await
        .unwrap();
        t.delivered_mail(&id?)
    })
    .await;
    assert!(mail.contains("(role: front desk)"), "{mail}");
    let base = spa_platform::config::var_or("PUBLIC_URL", "http://localhost:8080");
    // Invited in English: the English page, under /en.
    let token = mail.split_whitespace().find_map(|w| w.strip_prefix(&format!("{base}/en/reset-password/"))).unwrap().to_owned();
    let password = "recepcja nowa 2026 hasło";
    let set = t.http.post(t.url(&format!("/shop-api/password-reset/{token}"))).json(&json!({"password": password}));
    assert_eq!(set.send().await.unwrap().status().as_u16(), 204);
    let login = || {
        t.http
            .post(t.url("/shop-api/login_check"))
            .header("x-requested-with", "XMLHttpRequest")
            .json(&json!({"email": "nowa@example.pl", "password": password}))
            .send()
    };
    let logged = login().await.unwrap();
    assert_eq!(logged.status().as_u16(), 200);
    let session = logged.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().trim_start_matches("spa_session=").to_owned();
    let board = t.url("/shop-api/backend/board?from=2027-01-04&days=1");
    assert_eq!(send(Method::GET, board.clone(), &session, Value::Null).await.0, 200, "the front desk's board opens");

    // Another role: the board closes to an editor.
    let member = t.url(&format!("/shop-api/backend/staff/{id}"));
    let (status, changed) = send(Method::PUT, member.clone(), &admin, json!({"role": "editor"})).await;
    assert_eq!((status, changed["role"].as_str(), changed["invited"].as_bool()), (200, Some("editor"), Some(false)), "{changed}");
    assert_eq!(send(Method::GET, board.clone(), &session, Value::Null).await.0, 403);

    // Disabled: the session ends at once and the login is refused; enabled, it logs in again.
    let (status, disabled) = send(Method::PUT, member.clone(), &admin, json!({"active": false})).await;
    assert_eq!((status, disabled["active"].as_bool()), (200, Some(false)), "{disabled}");
    assert_eq!(send(Method::GET, board.clone(), &session, Value::Null).await.0, 401, "its session ended");
    assert_eq!(login().await.unwrap().status().as_u16(), 401, "its login is refused");
    assert_eq!(send(Method::PUT, member.clone(), &admin, json!({"active": true})).await.0, 200);
    let again = login().await.unwrap();
    assert_eq!(again.status().as_u16(), 200);
    let session = again.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().trim_start_matches("spa_session=").to_owned();

    // The house keeps one active administrator.
    let me = t.url("/shop-api/backend/staff/c-1");
    for change in [json!({"role": "reception"}), json!({"active": false})] {
        let (status, refused) = send(Method::PUT, me.clone(), &admin, change).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("last_admin")), "{refused}");
    }
    assert_eq!(send(Method::PUT, member.clone(), &admin, json!({"role": "admin"})).await.0, 200);
    assert_eq!(send(Method::PUT, me, &admin, json!({"role": "reception"})).await.0, 200, "with another administrator it may step down");
    let missing = send(Method::PUT, t.url("/shop-api/backend/staff/nobody"), &session, json!({"active": false})).await;
    assert_eq!((missing.0, missing.1["code"].as_str()), (404, Some("staff_not_found")), "{}", missing.1);
    let wrong = send(Method::PUT, member, &session, json!({"role": "customer"})).await;
    assert_eq!(wrong.0, 400, "{}", wrong.1);
    let listed = read(t.http.get(&team).header("cookie", format!("spa_session={session}")).send().await.unwrap()).await;
    assert_eq!(listed.0, 200, "the new administrator lists the team: {}", listed.1);
}

//! E-mail delivery against an SMTP server listening on a local port: each
//! queued mail is received once, across a restart of the sender, and a
//! server that is down delays mails without losing them; on SQLite and
//! PostgreSQL.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use spa_content::mail::delivery::{Mailer, Transport};
use spa_platform::db::Db;
use spa_platform::testkit::TestDb;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A small SMTP server: answers the commands a client sends and keeps each
/// message's data. `refuse` makes it answer every DATA with a 451.
struct SmtpServer {
    addr: SocketAddr,
    received: Arc<Mutex<Vec<String>>>,
    refuse: Arc<std::sync::atomic::AtomicBool>,
}

impl SmtpServer {
    async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let received = Arc::new(Mutex::new(Vec::new()));
        let refuse = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (got, no) = (received.clone(), refuse.clone());
        tokio::spawn(async move {
            loop {
                let Ok((socket, _)) = listener.accept().await else { return };
                let (got, no) = (got.clone(), no.clone());
                tokio::spawn(async move {
                    let (read, mut write) = socket.into_split();
                    let mut lines = BufReader::new(read).lines();
                    write.write_all(b"220 test ESMTP\r\n").await.unwrap();
                    while let Ok(Some(line)) = lines.next_line().await {
                        let verb = line.split_whitespace().next().unwrap_or_default().to_uppercase();
                        let answer: &[u8] = match verb.as_str() {
                            "EHLO" | "HELO" => b"250 test\r\n",
                            "DATA" => {
                                write.write_all(b"354 go ahead\r\n").await.unwrap();
                                let mut data = String::new();
                                while let Ok(Some(l)) = lines.next_line().await {
                                    if l == "." {
                                        break;
                                    }
                                    data.push_str(&l);
                                    data.push('\n');
                                }
                                if no.load(std::sync::atomic::Ordering::SeqCst) {
                                    b"451 try again later\r\n"
                                } else {
                                    got.lock().unwrap().push(data);
                                    b"250 queued\r\n"
                                }
                            }
                            "QUIT" => {
                                write.write_all(b"221 bye\r\n").await.unwrap();
                                return;
                            }
                            _ => b"250 ok\r\n",
                        };
                        write.write_all(answer).await.unwrap();
                    }
                });
            }
        });
        Self { addr, received, refuse }
    }

    fn messages(&self) -> Vec<String> {
        self.received.lock().unwrap().clone()
    }

    fn mailer(&self) -> Mailer {
        let smtp = lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::from_url(&format!("smtp://{}", self.addr)).unwrap().build();
        Mailer::new(Transport::Smtp(smtp), "Spa <rezerwacje@spa.test>".parse().unwrap())
    }
}

async fn queue(db: &Db, id: &str, sensitive: bool) {
    sqlx::query(
        "INSERT INTO outgoing_mail (id, recipient, subject, body, html, sensitive, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(id)
    .bind("anna@example.pl")
    .bind("Twoja rezerwacja SPA-7KM4-XQ9D")
    .bind("Kod rezerwacji: SPA-7KM4-XQ9D")
    .bind("<p>Kod rezerwacji: <strong>SPA-7KM4-XQ9D</strong></p>")
    .bind(i64::from(sensitive))
    .bind(db.now_ms())
    .execute(db.pool())
    .await
    .unwrap();
}

async fn each_mail_once(db: TestDb) {
    db.db.migrate(sqlx::migrate!()).await.unwrap();
    let server = SmtpServer::start().await;
    queue(&db.db, "m1", true).await;

    assert_eq!(server.mailer().deliver_due(&db.db).await.unwrap(), 1);
    let got = server.messages();
    assert_eq!(got.len(), 1);
    assert!(got[0].contains("Message-ID: <m1@spa.mail>") && got[0].contains("multipart/alternative"), "{}", got[0]);
    assert!(got[0].contains("SPA-7KM4-XQ9D"));

    // A restarted sender (a new mailer on the same database) sends nothing again.
    assert_eq!(server.mailer().deliver_due(&db.db).await.unwrap(), 0);
    assert_eq!(server.messages().len(), 1);
    let body: String = sqlx::query_scalar("SELECT body FROM outgoing_mail WHERE id = 'm1'").fetch_one(db.db.pool()).await.unwrap();
    assert_eq!(body, "", "a secret link leaves the database once sent");

    // The server refuses: the mail waits, with the error kept, and goes once it accepts.
    server.refuse.store(true, std::sync::atomic::Ordering::SeqCst);
    queue(&db.db, "m2", false).await;
    assert_eq!(server.mailer().deliver_due(&db.db).await.unwrap(), 0);
    let (attempts, error): (i64, Option<String>) =
        sqlx::query_as("SELECT attempts, last_error FROM outgoing_mail WHERE id = 'm2'").fetch_one(db.db.pool()).await.unwrap();
    assert_eq!(attempts, 1);
    assert!(error.unwrap().contains("451"));
    assert_eq!(server.mailer().deliver_due(&db.db).await.unwrap(), 0, "not before its pause");
    server.refuse.store(false, std::sync::atomic::Ordering::SeqCst);
    // Its pause (a second after a first refusal) over.
    db.db.clock().advance(std::time::Duration::from_secs(2));
    assert_eq!(server.mailer().deliver_due(&db.db).await.unwrap(), 1);
    assert_eq!(server.messages().len(), 2);
    let kept: String = sqlx::query_scalar("SELECT body FROM outgoing_mail WHERE id = 'm2'").fetch_one(db.db.pool()).await.unwrap();
    assert!(kept.contains("SPA-7KM4-XQ9D"), "an order mail's body is kept");

    // Two senders at once (two replicas): one mail, sent once.
    queue(&db.db, "m3", false).await;
    let (a, b) = (server.mailer(), server.mailer());
    let (x, y) = tokio::join!(a.deliver_due(&db.db), b.deliver_due(&db.db));
    assert_eq!(x.unwrap() + y.unwrap(), 1);
    assert_eq!(server.messages().len(), 3);
}

#[tokio::test]
async fn each_mail_is_sent_once_on_sqlite() {
    each_mail_once(TestDb::sqlite().await).await;
}

#[tokio::test]
#[cfg_attr(not(has_postgres), ignore = "TEST_POSTGRES_URL is not set")]
async fn each_mail_is_sent_once_on_postgresql() {
    each_mail_once(TestDb::postgres().await).await;
}

#[tokio::test]
async fn without_smtp_mails_are_written_as_files() {
    let db = TestDb::sqlite().await;
    db.db.migrate(sqlx::migrate!()).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mailer = Mailer::new(Transport::Files(dir.path().join("mail")), "Spa <rezerwacje@spa.test>".parse().unwrap());
    queue(&db.db, "m1", false).await;
    assert_eq!(mailer.deliver_due(&db.db).await.unwrap(), 1);
    let eml = std::fs::read_to_string(dir.path().join("mail/m1.eml")).unwrap();
    assert!(eml.contains("To: anna@example.pl") && eml.contains("SPA-7KM4-XQ9D"), "{eml}");
    assert_eq!(mailer.deliver_due(&db.db).await.unwrap(), 0);
}

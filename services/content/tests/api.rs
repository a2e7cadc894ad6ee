//! The content service alone: started on port 0 over SQLite with its demo
//! pages and poll, the in-process bus and cache. Pages, blocks and the poll
//! need no peer.

use spa_platform::testkit::Alone;
use spa_proto::spa::content::v1::content_service_client::ContentServiceClient;
use spa_proto::spa::content::v1::{GetPageRequest, GetPollRequest, RestoreBlockRequest, SaveBlockRequest, VoteRequest};
use tonic::transport::Channel;

struct Service {
    client: ContentServiceClient<Channel>,
    db: spa_platform::db::Db,
    _alone: Alone,
}

impl Service {
    async fn start() -> Self {
        let alone = Alone::new().await;
        let (infra, listener) = alone.infra("content", |_| {}).await;
        let db = infra.db.clone();
        let started = spa_content::start(infra, listener).await.unwrap();
        let client = ContentServiceClient::connect(format!("http://{}", started.addr)).await.unwrap();
        Self { client, db, _alone: alone }
    }

    fn save(id: &str, html: &str, expected_revision: Option<i64>) -> SaveBlockRequest {
        SaveBlockRequest { id: id.into(), locale: "pl".into(), html: html.into(), editor_id: "editor-1".into(), expected_revision }
    }
}

#[tokio::test]
async fn a_block_saves_sanitized_as_a_new_revision_refuses_a_stale_save_and_restores_an_old_one() {
    let s = Service::start().await;
    let mut client = s.client.clone();
    let home = client.get_page(GetPageRequest { url: "/".into(), locale: "pl".into() }).await.unwrap().into_inner();
    let block = home.blocks.first().expect("the home page has blocks").clone();

    let saved = client
        .save_block(Service::save(&block.id, "<p onclick=\"steal()\">Nowy <b>tekst</b></p><script>alert(1)</script>", Some(block.revision)))
        .await
        .unwrap()
        .into_inner();
    let new = saved.block.expect("the saved block");
    assert_eq!(new.revision, block.revision + 1);
    assert_eq!(new.html, "<p>Nowy <b>tekst</b></p>", "scripts and handlers are dropped");

    let stale = client.save_block(Service::save(&block.id, "<p>Starszy</p>", Some(block.revision))).await.unwrap_err();
    assert_eq!(stale.code(), tonic::Code::Aborted, "saved from an old revision: {stale:?}");

    let restored = client
        .restore_block(RestoreBlockRequest {
            id: block.id.clone(),
            locale: "pl".into(),
            revision: block.revision,
            editor_id: "editor-1".into(),
        })
        .await
        .unwrap()
        .into_inner();
    let back = restored.block.expect("the restored block");
    assert_eq!((back.html.as_str(), back.revision), (block.html.as_str(), block.revision + 2), "a restore is a new revision");
    let home = client.get_page(GetPageRequest { url: "/".into(), locale: "pl".into() }).await.unwrap().into_inner();
    assert_eq!(home.blocks[0].html, block.html, "the page shows it");

    client.save_block(Service::save(&block.id, "<p>Redakcja</p>", None)).await.unwrap();
    spa_content::pages::load_seed(&s.db).await.unwrap();
    let again = client.get_page(GetPageRequest { url: "/".into(), locale: "pl".into() }).await.unwrap().into_inner();
    assert_eq!(again.blocks.len(), home.blocks.len(), "the next start adds no block twice");
    assert_eq!(again.blocks[0].html, "<p>Redakcja</p>", "and keeps what the editor wrote");

    let french = client.get_page(GetPageRequest { url: "/".into(), locale: "fr".into() }).await.unwrap_err();
    assert_eq!(french.code(), tonic::Code::InvalidArgument, "{french:?}");
}

#[tokio::test]
async fn a_visitor_votes_once_and_sees_the_count() {
    let s = Service::start().await;
    let mut client = s.client.clone();
    let visitor = "0123456789abcdef0123456789abcdef";
    let poll = client.get_poll(GetPollRequest { locale: "de".into(), visitor: visitor.into() }).await.unwrap().into_inner();
    assert_eq!(poll.voted, None);
    let first = poll.options[0].clone();

    let voted =
        client.vote(VoteRequest { locale: "de".into(), visitor: visitor.into(), option: first.code.clone() }).await.unwrap().into_inner();
    assert_eq!(voted.voted.as_deref(), Some(first.code.as_str()));
    assert_eq!(voted.options[0].votes, first.votes + 1);

    let again =
        client.vote(VoteRequest { locale: "de".into(), visitor: visitor.into(), option: poll.options[1].code.clone() }).await.unwrap_err();
    assert_eq!(again.code(), tonic::Code::AlreadyExists, "{again:?}");
    let poll = client.get_poll(GetPollRequest { locale: "de".into(), visitor: visitor.into() }).await.unwrap().into_inner();
    assert_eq!((poll.options[0].votes, poll.options[1].votes), (first.votes + 1, voted.options[1].votes), "counted once");
}

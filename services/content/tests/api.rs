//! The content service alone: started on port 0 over SQLite with its demo
//! pages and poll, the in-process bus and cache. Pages, blocks and the poll
//! need no peer.

use spa_platform::testkit::Alone;
use spa_proto::spa::content::v1::content_service_client::ContentServiceClient;
use spa_proto::spa::content::v1::{
    AddSlideRequest, GetBlockRequest, GetPageRequest, GetPollRequest, RemoveSlideRequest, RestoreBlockRequest, SaveBlockRequest,
    VoteRequest,
};
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
        let client = ContentServiceClient::connect(started.url.clone()).await.unwrap();
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
async fn a_slide_is_added_last_in_every_language_and_a_removed_one_never_comes_back() {
    let s = Service::start().await;
    let mut client = s.client.clone();
    let reader = s.client.clone();
    let slides = |url: &'static str, locale: &'static str| {
        let mut client = reader.clone();
        async move {
            let page = client.get_page(GetPageRequest { url: url.into(), locale: locale.into() }).await.unwrap().into_inner();
            page.blocks.into_iter().filter(|b| b.id.starts_with("home-slide-")).map(|b| (b.id, b.html)).collect::<Vec<_>>()
        }
    };
    let before = slides("/", "pl").await;
    assert_eq!(before.len(), 4, "the demo banner");

    let add = |html: &str| AddSlideRequest { locale: "de".into(), html: html.into(), editor_id: "admin-1".into() };
    let added = client.add_slide(add("<h2>Neu</h2><script>x()</script>")).await.unwrap().into_inner();
    let block = added.block.expect("the new slide");
    assert_eq!((block.html.as_str(), added.page_url.as_str(), added.revisions.len()), ("<h2>Neu</h2>", "/", 1));
    for (url, locale) in [("/", "pl"), ("/", "de"), ("/en", "en_GB")] {
        let now = slides(url, locale).await;
        assert_eq!(now.last().map(|(id, _)| id), Some(&block.id), "last on the {locale} banner");
        assert_eq!(now.len(), 5);
    }
    let empty = client.add_slide(add("<script>only()</script> ")).await.unwrap_err();
    assert_eq!(empty.code(), tonic::Code::InvalidArgument, "nothing left once sanitized: {empty:?}");

    // A demo slide removed stays removed through the next start's seed; editing it is refused.
    let removed = RemoveSlideRequest { id: "home-slide-rooms".into(), editor_id: "admin-1".into() };
    client.remove_slide(removed.clone()).await.unwrap();
    spa_content::pages::load_seed(&s.db).await.unwrap();
    for (url, locale) in [("/", "pl"), ("/en", "en_GB")] {
        assert!(!slides(url, locale).await.iter().any(|(id, _)| id == "home-slide-rooms"), "{locale}");
    }
    let gone = client.get_block(GetBlockRequest { id: "home-slide-rooms".into(), locale: "pl".into() }).await.unwrap_err();
    assert_eq!(gone.code(), tonic::Code::NotFound);
    assert_eq!(client.remove_slide(removed).await.unwrap_err().code(), tonic::Code::NotFound, "removed once");
    let welcome = RemoveSlideRequest { id: "home-welcome".into(), editor_id: "admin-1".into() };
    assert_eq!(client.remove_slide(welcome).await.unwrap_err().code(), tonic::Code::NotFound, "not a slide");

    // Up to twelve.
    for _ in slides("/", "pl").await.len()..12 {
        client.add_slide(add("<p>Mehr</p>")).await.unwrap();
    }
    let full = client.add_slide(add("<p>Zu viel</p>")).await.unwrap_err();
    assert_eq!(full.code(), tonic::Code::FailedPrecondition, "{full:?}");
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

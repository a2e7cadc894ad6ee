//! Booking portals' calendars (iCal sync), the rooms service alone over
//! SQLite with a fake portal on a loopback port: a portal's bookings take
//! units of their nights and follow its calendar as events are added, moved
//! and cancelled; a malformed or missing calendar changes nothing and says
//! why; a booking on a night sold out here is a conflict, not dropped; the
//! export feed shows each channel the nights it may not sell; one import of
//! a channel runs at a time.

use std::sync::Arc;

use spa_platform::testkit::{Alone, CalendarPortal as Portal, wait_until};
use spa_proto::spa::rooms::v1::rooms_service_client::RoomsServiceClient;
use spa_proto::spa::rooms::v1::{
    Channel, ChannelFeedRequest, ChannelFields, ChannelRef, GetBoardRequest, GetNightsRequest, Guests, ReserveRequest, SaveChannelRequest,
    StayLine,
};
use tokio::sync::Notify;
use tonic::transport::Channel as Transport;

/// Two units (`seed/rooms.json`).
const SUITE: &str = "ROOM_FAMILY_SUITE";

struct Service {
    client: RoomsServiceClient<Transport>,
    today: chrono::NaiveDate,
    _alone: Alone,
}

impl Service {
    /// The service importing every `sync_seconds`, allowed the fake portals on this host.
    async fn start(sync_seconds: &str) -> Self {
        Self::start_with(&[("CHANNEL_SYNC_SECONDS", sync_seconds), ("CHANNEL_IMPORT_ALLOW_PRIVATE", "true")]).await
    }

    async fn start_with(settings: &[(&str, &str)]) -> Self {
        let alone = Alone::new().await;
        let (mut infra, listener) = alone.infra("rooms", |_| {}).await;
        infra.settings = Arc::new(settings.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect());
        let today = infra.db.clock().today();
        let started = spa_rooms::start(infra, listener).await.unwrap();
        let client = RoomsServiceClient::connect(started.url.clone()).await.unwrap();
        Self { client, today, _alone: alone }
    }

    fn day(&self, in_days: u64) -> String {
        (self.today + chrono::Days::new(in_days)).to_string()
    }

    async fn channel(&self, name: &str, import_url: &str) -> Channel {
        let fields = ChannelFields { name: name.into(), room_code: SUITE.into(), units: 1, import_url: import_url.into() };
        let request = SaveChannelRequest { fields: Some(fields), staff: "admin@example.pl".into(), ..Default::default() };
        self.client.clone().save_channel(request).await.unwrap().into_inner()
    }

    /// Units portals' bookings take of the suite, night by night from `from` for `days`.
    async fn external(&self, from: u64, days: u64) -> Vec<u32> {
        let request = GetNightsRequest { room_code: SUITE.into(), from: self.day(from), to: self.day(from + days) };
        self.client.clone().get_nights(request).await.unwrap().into_inner().nights.iter().map(|n| n.external).collect()
    }

    /// Units of the suite still for sale, night by night.
    async fn free(&self, from: u64, days: u64) -> Vec<u32> {
        let request = GetNightsRequest { room_code: SUITE.into(), from: self.day(from), to: self.day(from + days) };
        self.client.clone().get_nights(request).await.unwrap().into_inner().nights.iter().map(|n| n.free).collect()
    }

    /// Books `units` of the suite for the nights `[from, to)` as a paid order.
    async fn book(&self, order: &str, from: u64, to: u64, units: u32) {
        let line = StayLine {
            room_code: SUITE.into(),
            from: self.day(from),
            to: self.day(to),
            quantity: units,
            guests: Some(Guests { adults: 2, ..Default::default() }),
            ..Default::default()
        };
        let mut client = self.client.clone();
        client.reserve(ReserveRequest { order_id: order.into(), lines: vec![line], hold_seconds: 0 }).await.unwrap();
        client.confirm(spa_proto::spa::rooms::v1::OrderRef { order_id: order.into() }).await.unwrap();
    }

    /// The nights the feed of `token` shows busy, as `(first night, the morning after)` runs.
    async fn busy(&self, token: &str) -> Vec<(String, String)> {
        let feed = self.client.clone().get_channel_feed(ChannelFeedRequest { token: token.into() }).await.unwrap().into_inner();
        let date = |line: &str| {
            let d = line.rsplit(':').next().unwrap_or_default().trim();
            format!("{}-{}-{}", &d[..4], &d[4..6], &d[6..8])
        };
        let starts = feed.ics.lines().filter(|l| l.starts_with("DTSTART")).map(date);
        let ends = feed.ics.lines().filter(|l| l.starts_with("DTEND")).map(date);
        starts.zip(ends).filter(|(from, _)| *from < self.day(60)).collect()
    }
}

fn sync(id: &str) -> ChannelRef {
    ChannelRef { id: id.into(), staff: "admin@example.pl".into() }
}

#[tokio::test]
async fn a_portals_bookings_take_their_nights_and_follow_its_calendar() {
    let s = Service::start("3600").await;
    let portal = Portal::start().await;
    let mut client = s.client.clone();
    let booking = s.channel("Booking.com", &portal.url).await;
    let airbnb = s.channel("Airbnb", "").await;
    assert_eq!(booking.export_token.len(), 64);
    assert_ne!(booking.export_token, airbnb.export_token);

    // A booking of three nights takes one of the suite's two units.
    portal.serve(&[("a@portal", s.day(10), s.day(13))]);
    let result = client.sync_channel(sync(&booking.id)).await.unwrap().into_inner();
    assert_eq!((result.added, result.error.as_str(), result.channel.as_ref().unwrap().bookings), (1, "", 1));
    assert_eq!(s.external(9, 5).await, [0, 1, 1, 1, 0]);
    assert_eq!(s.free(9, 5).await, [2, 1, 1, 1, 2]);

    // The last unit sold here: Airbnb's feed shows those nights busy (the
    // other portal's booking counted), Booking.com's not (its own booking
    // leaves it the unit it sold).
    s.book("order-1", 10, 12, 1).await;
    assert_eq!(s.free(9, 5).await, [2, 0, 0, 1, 2]);
    assert_eq!(s.busy(&airbnb.export_token).await, [(s.day(10), s.day(12))]);
    assert_eq!(s.busy(&booking.export_token).await, Vec::<(String, String)>::new());

    // The same calendar again is not read again (If-None-Match, 304).
    let again = client.sync_channel(sync(&booking.id)).await.unwrap().into_inner();
    assert!(again.not_modified, "{again:?}");
    assert_eq!(portal.asked(), [None, Some("\"v1\"".to_owned())], "asked again with the ETag it gave");

    // Moved a day later, another added, each night following.
    portal.serve(&[("a@portal", s.day(11), s.day(14)), ("b@portal", s.day(20), s.day(21))]);
    let moved = client.sync_channel(sync(&booking.id)).await.unwrap().into_inner();
    assert_eq!((moved.added, moved.changed, moved.removed), (1, 1, 0));
    assert_eq!(s.external(9, 6).await, [0, 0, 1, 1, 1, 0]);
    assert_eq!(s.external(20, 1).await, [1]);

    // A malformed calendar, or the portal down, changes nothing and says why.
    portal.answer(200, "<html><body>Maintenance</body></html>");
    let broken = client.sync_channel(sync(&booking.id)).await.unwrap().into_inner();
    assert!(broken.error.starts_with("the calendar is malformed"), "{broken:?}");
    let channel = broken.channel.unwrap();
    assert_eq!((channel.last_error.as_str(), channel.bookings), (broken.error.as_str(), 2));
    assert!(channel.last_success_at_ms < channel.last_sync_at_ms);
    portal.answer(503, "");
    let down = client.sync_channel(sync(&booking.id)).await.unwrap().into_inner();
    assert!(down.error.contains("503"), "{down:?}");
    assert_eq!(s.external(9, 6).await, [0, 0, 1, 1, 1, 0], "nothing given back");

    // Cancelled: its nights are for sale again.
    portal.serve(&[("b@portal", s.day(20), s.day(21))]);
    let cancelled = client.sync_channel(sync(&booking.id)).await.unwrap().into_inner();
    assert_eq!((cancelled.removed, cancelled.error.as_str()), (1, ""));
    assert_eq!(s.external(9, 6).await, [0; 6]);

    // A booking on a night sold out here is kept as a conflict and the board marks the night.
    s.book("order-2", 30, 31, 2).await;
    portal.serve(&[("b@portal", s.day(20), s.day(21)), ("c@portal", s.day(30), s.day(32))]);
    let conflict = client.sync_channel(sync(&booking.id)).await.unwrap().into_inner();
    assert_eq!((conflict.added, conflict.conflicts), (1, 1));
    let listed = &conflict.channel.unwrap().conflicts;
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0].uid.as_str(), listed[0].nights.clone()), ("c@portal", vec![s.day(30)]));
    let board = client.get_board(GetBoardRequest { from: s.day(30), days: 2 }).await.unwrap().into_inner();
    let suite = board.rooms.iter().find(|r| r.room_code == SUITE).unwrap();
    assert_eq!(suite.nights.iter().map(|n| (n.external, n.oversold, n.free)).collect::<Vec<_>>(), [(1, true, 0), (1, false, 1)]);

    // The paid order cancelled: the next import, the calendar unchanged (304), finds no conflict left.
    client.release(spa_proto::spa::rooms::v1::OrderRef { order_id: "order-2".into() }).await.unwrap();
    let settled = client.sync_channel(sync(&booking.id)).await.unwrap().into_inner();
    assert!(settled.not_modified, "{settled:?}");
    assert_eq!(settled.channel.unwrap().conflicts.len(), 0);

    // Moved to another room type, its bookings go along.
    let reader = s.client.clone();
    let lake = |from: u64, days: u64| {
        let mut client = reader.clone();
        let request = GetNightsRequest { room_code: "ROOM_LAKE_SUITE".into(), from: s.day(from), to: s.day(from + days) };
        async move { client.get_nights(request).await.unwrap().into_inner().nights.iter().map(|n| n.external).collect::<Vec<_>>() }
    };
    let moved = ChannelFields { room_code: "ROOM_LAKE_SUITE".into(), ..booking.fields.clone().unwrap() };
    client
        .save_channel(SaveChannelRequest {
            id: booking.id.clone(),
            fields: Some(moved),
            staff: "admin@example.pl".into(),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!((s.external(20, 1).await, s.external(30, 2).await), (vec![0], vec![0, 0]));
    assert_eq!((lake(20, 1).await, lake(30, 2).await), (vec![1], vec![1, 1]));

    // Deleting the channel gives its nights back; its feed is gone.
    client.delete_channel(sync(&booking.id)).await.unwrap();
    assert_eq!(s.external(20, 12).await, [0; 12]);
    assert_eq!((lake(20, 1).await, lake(30, 2).await), (vec![0], vec![0, 0]));
    let gone = client.get_channel_feed(ChannelFeedRequest { token: booking.export_token.clone() }).await.unwrap_err();
    assert_eq!(gone.code(), tonic::Code::NotFound);
}

#[tokio::test]
async fn a_channels_fields_are_checked_and_its_export_address_can_be_replaced() {
    let s = Service::start("3600").await;
    let mut client = s.client.clone();
    let wrong = ChannelFields { name: String::new(), room_code: SUITE.into(), units: 3, import_url: "webcal://portal".into() };
    let refused = client.save_channel(SaveChannelRequest { fields: Some(wrong), ..Default::default() }).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::InvalidArgument);
    assert_eq!(refused.message(), "not valid: name, units, importUrl");
    let unknown = ChannelFields { name: "X".into(), room_code: "NOPE".into(), units: 1, import_url: String::new() };
    let refused = client.save_channel(SaveChannelRequest { fields: Some(unknown), ..Default::default() }).await.unwrap_err();
    assert_eq!(refused.message(), "not valid: roomCode");

    let channel = s.channel("Booking.com", "").await;
    let renewed = client
        .save_channel(SaveChannelRequest {
            id: channel.id.clone(),
            fields: channel.fields.clone(),
            new_token: true,
            staff: "admin@example.pl".into(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_ne!(renewed.export_token, channel.export_token);
    let old = client.get_channel_feed(ChannelFeedRequest { token: channel.export_token }).await.unwrap_err();
    assert_eq!(old.code(), tonic::Code::NotFound, "the old address is revoked");
    let none = client.sync_channel(sync(&channel.id)).await.unwrap().into_inner();
    assert!(none.error.starts_with("no calendar to import"), "{none:?}");
}

/// As deployed, an import never reaches this host or its network (the
/// ops port, a cloud's metadata service), whether by address or by name.
#[tokio::test]
async fn an_import_from_this_host_or_its_network_is_refused_by_default() {
    let s = Service::start_with(&[("CHANNEL_SYNC_SECONDS", "3600")]).await;
    let portal = Portal::start().await;
    portal.serve(&[("a@portal", s.day(2), s.day(4))]);
    let by_name = portal.url.replace("127.0.0.1", "localhost");
    for (url, host) in [
        (portal.url.as_str(), "127.0.0.1"),
        (by_name.as_str(), "localhost"),
        ("http://169.254.169.254/latest/meta-data/", "169.254.169.254"),
    ] {
        let channel = s.channel(host, url).await;
        let refused = s.client.clone().sync_channel(sync(&channel.id)).await.unwrap().into_inner();
        assert_eq!(refused.error, format!("{host} is not a public address: a portal's calendar is on the internet"), "{url}");
        assert_eq!(refused.channel.unwrap().bookings, 0);
    }
    assert!(portal.asked().is_empty(), "never asked");
    assert_eq!(s.external(2, 2).await, [0, 0]);
}

#[tokio::test]
async fn one_import_of_a_channel_runs_at_a_time_and_the_schedule_imports_by_itself() {
    let s = Service::start("1").await;
    let portal = Portal::start().await;
    let hold = Arc::new(Notify::new());
    portal.hold(Some(hold.clone()));
    portal.serve(&[("a@portal", s.day(5), s.day(6))]);
    let channel = s.channel("Booking.com", &portal.url).await;

    // The schedule's import waits at the portal: a "sync now" meanwhile is told so.
    wait_until("the schedule's import reached the portal", || async { !portal.asked().is_empty() }).await;
    let busy = s.client.clone().sync_channel(sync(&channel.id)).await.unwrap_err();
    assert_eq!(busy.code(), tonic::Code::FailedPrecondition, "{busy:?}");
    assert_eq!(portal.asked().len(), 1, "asked once");
    portal.hold(None);
    hold.notify_waiters();
    wait_until("the booking imported by the schedule", || async { s.external(5, 1).await == [1] }).await;
}

//! The rooms service alone: started on port 0 over SQLite with its demo
//! room types, the in-process bus and cache, on a clock the tests move.
//! Holds and bookings need no peer.

use std::time::Duration;

use spa_platform::clock::Clock;
use spa_platform::grpc::fresh;
use spa_platform::testkit::{Alone, wait_until};
use spa_proto::spa::rooms::v1::rooms_service_client::RoomsServiceClient;
use spa_proto::spa::rooms::v1::{
    Board, GetAvailabilityRequest, GetBoardRequest, Guests, HoldStatus, MoveRequest, OrderRef, ReserveRequest, StayLine,
};
use tonic::transport::Channel;

const DOUBLE: &str = "ROOM_STANDARD_DOUBLE";
/// Units of the standard double in `seed/rooms.json`.
const DOUBLES: u32 = 8;

struct Service {
    client: RoomsServiceClient<Channel>,
    clock: Clock,
    /// Today when the service started: the tests' stays are fixed days,
    /// whatever the clock does later (moving it 31 minutes near midnight
    /// must not move the stay).
    started: chrono::NaiveDate,
    _alone: Alone,
}

impl Service {
    async fn start() -> Self {
        let alone = Alone::new().await;
        let (infra, listener) = alone.infra("rooms", |_| {}).await;
        let clock = infra.db.clock().clone();
        let started = spa_rooms::start(infra, listener).await.unwrap();
        let client = RoomsServiceClient::connect(started.url.clone()).await.unwrap();
        let started = clock.today();
        Self { client, clock, started, _alone: alone }
    }

    /// The night `in_days` from the day the service started, `YYYY-MM-DD`.
    fn day(&self, in_days: i64) -> String {
        (self.started + chrono::Days::new(in_days as u64)).to_string()
    }

    /// Two nights of the standard double, 20 days ahead.
    fn stay(&self, quantity: u32) -> StayLine {
        StayLine {
            room_code: DOUBLE.into(),
            from: self.day(20),
            to: self.day(22),
            quantity,
            guests: Some(Guests { adults: 2, ..Default::default() }),
            ..Default::default()
        }
    }

    async fn reserve(&self, order_id: &str, quantity: u32) -> Result<HoldStatus, tonic::Status> {
        let request = ReserveRequest { order_id: order_id.into(), lines: vec![self.stay(quantity)], hold_seconds: 0 };
        let hold = self.client.clone().reserve(request).await?.into_inner();
        Ok(hold.status())
    }

    /// Doubles free on each night of the stay, from the store.
    async fn free(&self) -> Vec<u32> {
        let request = GetAvailabilityRequest {
            room_code: DOUBLE.into(),
            from: self.day(20),
            to: self.day(22),
            guests: Some(Guests { adults: 2, ..Default::default() }),
        };
        let days = self.client.clone().get_availability(fresh(request)).await.unwrap().into_inner().days;
        days.iter().map(|d| d.available).collect()
    }
}

#[tokio::test]
async fn a_hold_takes_its_nights_until_the_clock_passes_its_expiry_and_a_late_payment_books_them_again() {
    let s = Service::start().await;
    assert_eq!(s.free().await, [DOUBLES, DOUBLES]);

    assert_eq!(s.reserve("order-1", 2).await.unwrap(), HoldStatus::Held);
    assert_eq!(s.free().await, [DOUBLES - 2, DOUBLES - 2]);
    assert_eq!(s.reserve("order-1", 2).await.unwrap(), HoldStatus::Held, "a retried reserve finds its claim");
    assert_eq!(s.free().await, [DOUBLES - 2, DOUBLES - 2], "and takes nothing more");
    let other_nights = s.reserve("order-1", 1).await.unwrap_err();
    assert_eq!(other_nights.code(), tonic::Code::FailedPrecondition, "{other_nights:?}");

    // Thirty minutes pass: the sweeper gives the nights back.
    s.clock.advance(Duration::from_secs(31 * 60));
    wait_until("the hold to expire", || async { s.free().await == [DOUBLES, DOUBLES] }).await;

    // The payment arrives after all: the nights are still free, so it books them.
    let hold = s.client.clone().confirm(OrderRef { order_id: "order-1".into() }).await.unwrap().into_inner();
    assert_eq!(hold.status(), HoldStatus::Confirmed);
    assert_eq!(s.free().await, [DOUBLES - 2, DOUBLES - 2]);
}

#[tokio::test]
async fn a_released_hold_gives_its_nights_back_and_cannot_be_confirmed() {
    let s = Service::start().await;
    s.reserve("order-2", 3).await.unwrap();
    let hold = s.client.clone().release(OrderRef { order_id: "order-2".into() }).await.unwrap().into_inner();
    assert_eq!(hold.status(), HoldStatus::Released);
    assert_eq!(s.free().await, [DOUBLES, DOUBLES]);
    let refused = s.client.clone().confirm(OrderRef { order_id: "order-2".into() }).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::FailedPrecondition, "{refused:?}");
    let unknown = s.client.clone().confirm(OrderRef { order_id: "order-none".into() }).await.unwrap_err();
    assert_eq!(unknown.code(), tonic::Code::NotFound, "{unknown:?}");
}

#[tokio::test]
async fn the_last_units_go_to_exactly_as_many_orders_as_there_are_units() {
    let s = Service::start().await;
    let asks = (0..DOUBLES + 4).map(|i| {
        let s = &s;
        async move { s.reserve(&format!("race-{i}"), 1).await }
    });
    let answers = futures::future::join_all(asks).await;
    let held = answers.iter().filter(|a| a.is_ok()).count();
    assert_eq!(held, DOUBLES as usize, "{answers:?}");
    for refused in answers.iter().filter_map(|a| a.as_ref().err()) {
        assert_eq!(refused.code(), tonic::Code::FailedPrecondition, "sold out: {refused:?}");
    }
    assert_eq!(s.free().await, [0, 0]);
}

#[tokio::test]
async fn the_board_counts_each_night_booked_held_and_free_and_shows_at_most_62_nights() {
    let s = Service::start().await;
    s.reserve("paid", 1).await.unwrap();
    s.client.clone().confirm(OrderRef { order_id: "paid".into() }).await.unwrap();
    s.reserve("unpaid", 2).await.unwrap();

    let board = s.client.clone().get_board(GetBoardRequest { from: s.day(19), days: 4 }).await.unwrap().into_inner();
    assert_eq!((board.from.as_str(), board.to.as_str()), (s.day(19).as_str(), s.day(23).as_str()));
    let double = board.rooms.iter().find(|r| r.room_code == DOUBLE).expect("the double's row");
    assert_eq!(double.units, DOUBLES);
    let counts: Vec<(u32, u32, u32)> = double.nights.iter().map(|n| (n.booked, n.held, n.free)).collect();
    assert_eq!(counts, [(0, 0, DOUBLES), (1, 2, DOUBLES - 3), (1, 2, DOUBLES - 3), (0, 0, DOUBLES)]);
    assert!(board.rooms.iter().all(|r| r.nights.len() == 4), "every room, every night");

    let too_long = s.client.clone().get_board(GetBoardRequest { from: s.day(0), days: 63 }).await.unwrap_err();
    assert_eq!(too_long.code(), tonic::Code::InvalidArgument, "{too_long:?}");
}

#[tokio::test]
async fn a_booking_moves_only_when_its_new_nights_are_free_newer_moves_win_and_the_last_unit_goes_to_one() {
    let s = Service::start().await;
    let line = |from: i64, to: i64| StayLine { from: s.day(from), to: s.day(to), ..s.stay(1) };
    let nights = |board: Board| -> Vec<(u32, u32)> {
        board.rooms.into_iter().find(|r| r.room_code == DOUBLE).unwrap().nights.iter().map(|n| (n.booked, n.held)).collect()
    };
    let board = || async { nights(s.client.clone().get_board(GetBoardRequest { from: s.day(20), days: 4 }).await.unwrap().into_inner()) };
    let move_to = |order: &str, from: i64, to: i64, revision: i64, dry_run: bool| {
        let request = MoveRequest { order_id: order.into(), lines: vec![line(from, to)], revision, dry_run, keep_until_ms: 0 };
        let mut client = s.client.clone();
        async move { client.r#move(request).await }
    };
    s.reserve("paid", 1).await.unwrap();
    s.client.clone().confirm(OrderRef { order_id: "paid".into() }).await.unwrap();
    let full = ReserveRequest { order_id: "full".into(), lines: vec![StayLine { quantity: DOUBLES, ..line(22, 23) }], hold_seconds: 0 };
    s.client.clone().reserve(full).await.unwrap();

    let sold_out = move_to("paid", 21, 23, 1, false).await.unwrap_err();
    assert_eq!(sold_out.code(), tonic::Code::FailedPrecondition, "{sold_out:?}");
    assert_eq!(board().await, [(1, 0), (1, 0), (0, DOUBLES), (0, 0)], "nothing moved");

    s.client.clone().release(OrderRef { order_id: "full".into() }).await.unwrap();
    let quoted = move_to("paid", 21, 23, 1, true).await.unwrap().into_inner();
    assert_eq!(quoted.status(), HoldStatus::Confirmed);
    assert!(quoted.total.unwrap().amount > 0);
    assert_eq!(board().await, [(1, 0), (1, 0), (0, 0), (0, 0)], "a dry run keeps nothing");

    let moved = move_to("paid", 21, 23, 1, false).await.unwrap().into_inner();
    assert_eq!(moved.status(), HoldStatus::Confirmed, "still a booking");
    assert_eq!(board().await, [(0, 0), (1, 0), (1, 0), (0, 0)], "the shared night kept, one taken, one given back");
    move_to("paid", 21, 23, 1, false).await.expect("the same move again");
    let stale = move_to("paid", 20, 22, 0, false).await.unwrap_err();
    assert_eq!(stale.code(), tonic::Code::FailedPrecondition, "an older move is refused: {stale:?}");
    assert_eq!(board().await, [(0, 0), (1, 0), (1, 0), (0, 0)]);

    // Two unpaid orders race for the last unit of night 23.
    let filler =
        ReserveRequest { order_id: "filler".into(), lines: vec![StayLine { quantity: DOUBLES - 1, ..line(23, 24) }], hold_seconds: 0 };
    s.client.clone().reserve(filler).await.unwrap();
    for order in ["a", "b"] {
        s.client.clone().reserve(ReserveRequest { order_id: order.into(), lines: vec![line(20, 21)], hold_seconds: 0 }).await.unwrap();
    }
    let (a, b) = futures::join!(move_to("a", 22, 24, 1, false), move_to("b", 22, 24, 1, false));
    assert_eq!(usize::from(a.is_ok()) + usize::from(b.is_ok()), 1, "{a:?} {b:?}");
    assert_eq!(board().await, [(0, 1), (1, 0), (1, 1), (0, DOUBLES)], "held, as the orders are unpaid");
    let unknown = move_to("none", 20, 21, 1, false).await.unwrap_err();
    assert_eq!(unknown.code(), tonic::Code::NotFound, "{unknown:?}");
}

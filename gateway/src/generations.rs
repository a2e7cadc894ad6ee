//! What the keys of cached answers are built from: the catalog's generation
//! and one counter per night, both kept in this process and moved by the
//! events this process receives itself (`subscribe_each`), so reading them
//! costs no round trip.
//!
//! An answer's key holds the values of everything it depends on, so an
//! answer stored before a change lands under a key that is never asked for
//! again, in moka and in Redis alike. The random epoch of each process is
//! part of every key: a restarted gateway, or another one sharing the same
//! Redis, never reads answers whose invalidation it did not see.

use spa_platform::bus::EventBus;
use spa_platform::cache::Generation;
use spa_platform::nights::Nights;
use spa_proto::EventMessage;
use spa_proto::events::{AvailabilityChanged, ProductChanged};
use tokio_util::sync::CancellationToken;

/// The state every cached answer's key is built from.
#[derive(Clone, Default)]
pub struct Generations {
    /// Bumped by every `catalog.product.changed`; its epoch is the process's.
    pub catalog: Generation,
    /// Moved by `rooms.availability.changed`, night by night.
    pub nights: Nights,
}

impl Generations {
    pub fn new() -> Self {
        Self::default()
    }

    /// The events that move these generations.
    pub const SUBJECTS: [&'static str; 2] = [ProductChanged::SUBJECT, AvailabilityChanged::SUBJECT];

    /// Follows the events of [`Self::SUBJECTS`] on `bus` until `shutdown`,
    /// each through a subscription of this process's own that catches up
    /// after an outage of the bus.
    pub async fn follow(&self, bus: &dyn EventBus, shutdown: CancellationToken) -> Result<(), spa_platform::bus::BusError> {
        self.catalog.follow(bus, &[ProductChanged::SUBJECT], "gateway-answers", shutdown.clone()).await?;
        self.nights.follow(bus, "gateway-answers", shutdown).await
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;

    fn d(s: &str) -> NaiveDate {
        spa_platform::dates::parse_ymd(s).unwrap()
    }

    #[tokio::test]
    async fn events_on_the_bus_move_the_generations() {
        let bus = spa_platform::bus::InProcessBus::new();
        let generations = Generations::new();
        let shutdown = CancellationToken::new();
        generations.follow(&bus, shutdown.clone()).await.unwrap();
        let (catalog, march, may) = (
            generations.catalog.current(),
            generations.nights.digest(d("2027-03-01"), d("2027-03-31")),
            generations.nights.digest(d("2027-05-01"), d("2027-05-31")),
        );
        let event = spa_platform::bus::Event::of(&AvailabilityChanged {
            room_code: "ROOM_STANDARD_DOUBLE".into(),
            from: "2027-03-10".into(),
            to: "2027-03-12".into(),
            version: 1,
        });
        bus.publish(&event).await.unwrap();
        assert_ne!(generations.nights.digest(d("2027-03-01"), d("2027-03-31")), march);
        assert_eq!(generations.nights.digest(d("2027-05-01"), d("2027-05-31")), may);
        assert_eq!(generations.catalog.current(), catalog, "availability leaves the catalog alone");
        bus.publish(&spa_platform::bus::Event::of(&ProductChanged {
            codes: vec!["X".into()],
            product_type: spa_proto::common::ProductType::Treatment as i32,
        }))
        .await
        .unwrap();
        assert_ne!(generations.catalog.current(), catalog);
        shutdown.cancel();
    }
}

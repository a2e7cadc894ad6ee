//! One counter per night of the calendar, moved by the
//! `rooms.availability.changed` events this process receives itself
//! (`subscribe_each`), so reading them costs no round trip. A cached answer
//! about a stay keeps the digest of its nights in its key: an answer stored
//! before a change to one of them lands under a key that is never asked for
//! again, and a change to other nights leaves it alone.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::{Datelike, NaiveDate};
use prost::Message;
use spa_proto::EventMessage;
use spa_proto::events::AvailabilityChanged;
use tokio_util::sync::CancellationToken;

use crate::bus::{BusError, Consumer, EventBus, RetryPolicy, spawn_consumer};

/// Slots of the ring of night counters: a little under three years of
/// nights, 8 KB. Nights [`NIGHT_SLOTS`] days apart share a slot, so a change
/// to one also drops the other's answers (needlessly, never wrongly).
pub const NIGHT_SLOTS: usize = 1024;

/// One counter per night, bumped by every `rooms.availability.changed`
/// whose nights include it. The digest of a stay's nights (the sum of their
/// counters) grows with every change to any of them, so it names the state
/// of exactly those nights: a change in March leaves May's digests as they
/// were. Memory is fixed, whatever the dates asked for.
///
/// Each slot also keeps the highest inventory version an event about it
/// carried ([`Nights::required`]): an answer about those nights read at a
/// lower version does not show that event and must not be kept under a key
/// that says it does.
#[derive(Clone)]
pub struct Nights {
    slots: Arc<[AtomicU64]>,
    versions: Arc<[AtomicU64]>,
}

impl Default for Nights {
    fn default() -> Self {
        Self::new()
    }
}

impl Nights {
    pub fn new() -> Self {
        Self {
            slots: (0..NIGHT_SLOTS).map(|_| AtomicU64::new(0)).collect(),
            versions: (0..NIGHT_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(night: NaiveDate) -> usize {
        night.num_days_from_ce().rem_euclid(NIGHT_SLOTS as i32) as usize
    }

    /// The slots of the nights `[from, to)`: every slot once when the range
    /// is as long as the ring; none when it is empty.
    fn range(from: NaiveDate, to: NaiveDate) -> impl Iterator<Item = usize> {
        let nights = usize::try_from((to - from).num_days()).unwrap_or(0).min(NIGHT_SLOTS);
        let first = Self::slot(from);
        (0..nights).map(move |i| (first + i) % NIGHT_SLOTS)
    }

    /// A change to the nights `[from, to)`.
    pub fn bump(&self, from: NaiveDate, to: NaiveDate) {
        for slot in Self::range(from, to) {
            self.slots[slot].fetch_add(1, Ordering::AcqRel);
        }
    }

    /// A change to nights unknown (an event that does not say which):
    /// every answer that depends on any night is dropped.
    pub fn bump_all(&self) {
        for slot in self.slots.iter() {
            slot.fetch_add(1, Ordering::AcqRel);
        }
    }

    /// The digest of the nights `[from, to)`: it changes whenever one of
    /// them does, and only then.
    pub fn digest(&self, from: NaiveDate, to: NaiveDate) -> u64 {
        Self::range(from, to).fold(0u64, |sum, slot| sum.wrapping_add(self.slots[slot].load(Ordering::Acquire)))
    }

    /// The lowest inventory version an answer about the nights `[from, to)`
    /// must show to be kept under a key holding the [`Nights::digest`] read
    /// just before: an event's version is in place before its bump, so a
    /// digest that counts an event comes with a requirement that does too.
    pub fn required(&self, from: NaiveDate, to: NaiveDate) -> u64 {
        Self::range(from, to).map(|slot| self.versions[slot].load(Ordering::Acquire)).max().unwrap_or(0)
    }

    /// A change to the nights `[from, to)` numbered `version` (0: not numbered).
    pub fn bump_at(&self, from: NaiveDate, to: NaiveDate, version: u64) {
        if version > 0 {
            for slot in Self::range(from, to) {
                self.versions[slot].fetch_max(version, Ordering::AcqRel);
            }
        }
        self.bump(from, to);
    }

    /// Applies one `rooms.availability.changed`; one that does not decode
    /// or names no valid range changes every night.
    pub fn apply(&self, payload: &[u8]) {
        let range = AvailabilityChanged::decode(payload).ok().and_then(|e| {
            let from = crate::dates::parse_ymd(&e.from)?;
            let to = crate::dates::parse_ymd(&e.to)?;
            (to > from).then_some((from, to, e.version))
        });
        match range {
            Some((from, to, version)) => self.bump_at(from, to, version),
            None => {
                tracing::warn!("an availability change without a valid range; every night's answers dropped");
                self.bump_all();
            }
        }
    }

    /// Follows `rooms.availability.changed` on `bus` until `shutdown`,
    /// through a subscription of this process's own that catches up after
    /// an outage of the bus.
    pub async fn follow(&self, bus: &dyn EventBus, consumer: &'static str, shutdown: CancellationToken) -> Result<(), BusError> {
        // Applying an event cannot fail, so there is nothing to retry or park.
        let consumer = Consumer { name: consumer, retry: RetryPolicy::default(), dead_letters: None };
        let nights = self.clone();
        let sub = bus.subscribe_each(AvailabilityChanged::SUBJECT).await?;
        spawn_consumer(sub, consumer, shutdown, move |event| {
            nights.apply(&event.payload);
            std::future::ready(Ok(()))
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        crate::dates::parse_ymd(s).unwrap()
    }

    fn change(from: &str, to: &str) -> Vec<u8> {
        AvailabilityChanged { room_code: "ROOM_STANDARD_DOUBLE".into(), from: from.into(), to: to.into(), version: 0 }.encode_to_vec()
    }

    #[test]
    fn a_change_moves_the_digests_of_stays_that_share_a_night_and_no_other() {
        let nights = Nights::new();
        let march = (d("2027-03-09"), d("2027-03-12"));
        let touching = (d("2027-03-11"), d("2027-03-13"));
        let after = (d("2027-03-12"), d("2027-03-14"));
        let before = (d("2027-03-01"), d("2027-03-09"));
        let may = (d("2027-05-01"), d("2027-05-03"));
        let stays = [march, touching, after, before, may];
        let digests = |n: &Nights| stays.map(|(f, t)| n.digest(f, t));
        let was = digests(&nights);
        // Nights 10 and 11 March: `to` is exclusive on both sides.
        nights.apply(&change("2027-03-10", "2027-03-12"));
        let now = digests(&nights);
        assert_ne!(now[0], was[0], "a stay over both nights");
        assert_ne!(now[1], was[1], "a stay over the 11th");
        assert_eq!(now[2], was[2], "a stay from the 12th");
        assert_eq!(now[3], was[3], "a stay leaving on the 9th");
        assert_eq!(now[4], was[4], "May");
        // Each further change to a night moves the digest again, never back.
        nights.apply(&change("2027-03-11", "2027-03-12"));
        assert!(nights.digest(march.0, march.1) > now[0]);
        assert_eq!(nights.digest(may.0, may.1), was[4]);
    }

    #[test]
    fn memory_is_fixed_and_nights_a_ring_apart_share_a_counter() {
        let nights = Nights::new();
        assert_eq!(nights.slots.len(), NIGHT_SLOTS);
        let far = d("2027-03-10") + chrono::Days::new(NIGHT_SLOTS as u64);
        let was = nights.digest(far, far + chrono::Days::new(1));
        nights.bump(d("2027-03-10"), d("2027-03-11"));
        assert_ne!(nights.digest(far, far + chrono::Days::new(1)), was, "dropped needlessly, never kept wrongly");
        // A range longer than the ring touches every slot once.
        let all = Nights::new();
        all.bump(d("2020-01-01"), d("2030-01-01"));
        assert!(all.slots.iter().all(|s| s.load(Ordering::Relaxed) == 1));
        assert_eq!(all.digest(d("2000-01-01"), d("2100-01-01")), NIGHT_SLOTS as u64);
        assert_eq!(all.digest(d("2027-01-01"), d("2027-01-01")), 0, "no nights");
    }

    #[test]
    fn an_event_that_says_no_valid_range_drops_every_night() {
        for payload in [change("2027-03-12", "2027-03-10"), change("soon", "2027-03-10"), b"\xff\xff not protobuf".to_vec()] {
            let nights = Nights::new();
            let may = nights.digest(d("2027-05-01"), d("2027-05-03"));
            nights.apply(&payload);
            assert_ne!(nights.digest(d("2027-05-01"), d("2027-05-03")), may);
        }
    }

    #[test]
    fn an_answer_must_show_the_latest_version_of_its_nights() {
        let nights = Nights::new();
        let numbered = |from: &str, to: &str, version: u64| {
            AvailabilityChanged { room_code: "ROOM_STANDARD_DOUBLE".into(), from: from.into(), to: to.into(), version }.encode_to_vec()
        };
        let stay = (d("2027-03-09"), d("2027-03-12"));
        assert_eq!(nights.required(stay.0, stay.1), 0, "nothing seen yet");
        nights.apply(&numbered("2027-03-10", "2027-03-11", 7));
        nights.apply(&numbered("2027-03-11", "2027-03-12", 5));
        assert_eq!(nights.required(stay.0, stay.1), 7, "the highest of its nights");
        assert_eq!(nights.required(d("2027-03-11"), d("2027-03-14")), 5, "only its own nights count");
        assert_eq!(nights.required(d("2027-05-01"), d("2027-05-03")), 0, "other nights ask nothing");
        nights.apply(&numbered("2027-03-10", "2027-03-11", 3));
        assert_eq!(nights.required(stay.0, stay.1), 7, "an older event, delivered late, lowers nothing");
        nights.apply(&change("2027-03-09", "2027-03-10"));
        assert_eq!(nights.required(stay.0, stay.1), 7, "an event without a number asks nothing more");
    }
}

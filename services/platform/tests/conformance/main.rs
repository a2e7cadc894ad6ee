//! Conformance suites: the same checks against both implementations of each
//! adapter, and what happens to events when something fails (poison
//! events, outages). The real-backend variants are skipped by name when
//! TEST_POSTGRES_URL, TEST_NATS_URL or TEST_REDIS_URL is unset.

mod bus;
mod cache;
mod db;
mod events;
mod outage;

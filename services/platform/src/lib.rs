//! Shared plumbing of every service, so each service crate holds only its
//! domain. Every adapter has two implementations selected by configuration
//! alone: the standalone mode (SQLite, in-process bus, in-process cache) and
//! the distributed mode (PostgreSQL, NATS JetStream, Redis).
//!
//! - [`clock`] — the time every service reads, which tests move forward.
//! - [`coded!`] — enums kept as string codes and sent as proto enums.
//! - [`config`] — environment variables with documented defaults.
//! - [`dates`] — the one strict `YYYY-MM-DD` parser.
//! - [`db`] — sqlx `Any` pool on SQLite or PostgreSQL, migrations.
//! - [`bus`] — the [`bus::EventBus`] trait, the in-process bus and NATS JetStream.
//! - [`outbox`] — transactional outbox, its relay, and the idempotent consumer.
//! - [`dead_letters`] — events given up on after their last attempt.
//! - [`cache`] — the [`cache::Cache`] trait over moka and Redis.
//! - [`grpc`] — server bootstrap with health and tracing, clients with deadlines.
//! - [`local`] — the same gRPC services called in process (standalone).
//! - [`errors`] — gRPC statuses that carry field violations.
//! - [`ops`] — `/healthz`, `/readyz` (the database answers; a gateway: the services it calls serve), `/metrics`.
//! - [`telemetry`] — tracing, OpenTelemetry, W3C trace context propagation.
//! - [`runtime`] — [`runtime::Infra`] and the thin `main` of every service.
//! - [`settings`] — the sections of settings administrators change, each a JSON row with its history.
//! - [`testkit`] — fresh databases per test on either backend.

/// Every process of ours allocates many small short-lived objects on several
/// threads (request bodies, protobuf and JSON values); glibc's allocator
/// spent a third of a room search's CPU time in malloc and free under load,
/// mimalloc a fraction of that.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Keeps this process's heap on 4 KiB pages. A transparent huge page stays
/// resident, all 2 MiB of it, while any byte of it is in use, and mimalloc
/// asks for them on its arenas. Measured on the standalone benchmark (32
/// connections, 10 s of room search): huge pages held 127 of the heap's
/// 189 MiB, and without them the idle process fell from 43 to 23 MiB and the
/// peak from 214 to 180 MiB, with no change in requests per second or p99
/// beyond the run-to-run noise. mimalloc is built without its huge-page
/// advice (`no_thp`); this also opts the process out where the kernel hands
/// out huge pages unasked (`transparent_hugepage=always`). Call it first in
/// `main`.
pub fn no_huge_pages() {
    #[cfg(target_os = "linux")]
    if let Err(e) = rustix::thread::disable_transparent_huge_pages(true) {
        eprintln!("transparent huge pages stay on: {e}");
    }
}

pub mod balance;
pub mod bus;
pub mod cache;
pub mod clock;
pub mod coded;
pub mod config;
pub mod dates;
pub mod db;
pub mod dead_letters;
pub mod email;
pub mod errors;
pub mod grpc;
pub mod hosts;
pub mod http;
pub mod local;
pub mod locale;
pub mod money;
pub mod nights;
pub mod ops;
pub mod outbox;
pub mod runtime;
pub mod settings;
pub mod telemetry;
pub mod testkit;

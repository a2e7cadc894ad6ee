//! The operations endpoints of every process: `/healthz` (the process is
//! alive), `/readyz` (it can serve: what it depends on answers, see
//! [`crate::runtime::readiness`]) and `/metrics` (Prometheus text format).

use std::sync::{Arc, OnceLock};

use axum::Router;
use axum::http::StatusCode;
use axum::routing::get;
use futures::future::BoxFuture;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

/// How often the recorder drains histogram samples into their summaries.
const METRICS_UPKEEP: std::time::Duration = std::time::Duration::from_secs(5);

/// The process-wide Prometheus recorder, installed on first use. Histograms
/// keep every sample until upkeep drains them (8 bytes a request, for ever
/// when nothing scrapes `/metrics`), so a thread runs upkeep every 5 s.
pub fn metrics_handle() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| match PrometheusBuilder::new().install_recorder() {
            Ok(handle) => {
                let upkeep = handle.clone();
                let spawned = std::thread::Builder::new().name("metrics-upkeep".into()).spawn(move || {
                    loop {
                        std::thread::sleep(METRICS_UPKEEP);
                        upkeep.run_upkeep();
                    }
                });
                if let Err(e) = spawned {
                    tracing::warn!(error = %e, "metrics upkeep not started");
                }
                handle
            }
            // A recorder is already installed (tests): keep a detached one.
            Err(_) => PrometheusBuilder::new().build_recorder().handle(),
        })
        .clone()
}

pub type ReadyCheck = Arc<dyn Fn() -> BoxFuture<'static, bool> + Send + Sync>;

/// The three endpoints, for a process's ops listener.
pub fn router(ready: ReadyCheck) -> Router {
    let handle = metrics_handle();
    probes(ready).route("/metrics", get(move || std::future::ready(handle.render())))
}

/// `/healthz` and `/readyz` alone: what a public listener may also answer.
pub fn probes(ready: ReadyCheck) -> Router {
    Router::new().route("/healthz", get(|| async { "ok" })).route(
        "/readyz",
        get(move || {
            let ready = ready.clone();
            async move { if ready().await { (StatusCode::OK, "ready") } else { (StatusCode::SERVICE_UNAVAILABLE, "not ready") } }
        }),
    )
}

/// `POST /clock?advance_ms=N` moves this process's clock forward and answers
/// the new now (ms). Served on the ops port only when `CLOCK_CONTROL=on`,
/// which tests of separate processes set and production never does.
pub fn clock_control(clock: crate::clock::Clock) -> Router {
    #[derive(serde::Deserialize)]
    struct Advance {
        advance_ms: u64,
    }
    Router::new().route(
        "/clock",
        axum::routing::post(move |axum::extract::Query(a): axum::extract::Query<Advance>| {
            let clock = clock.clone();
            async move {
                clock.advance(std::time::Duration::from_millis(a.advance_ms));
                clock.now_ms().to_string()
            }
        }),
    )
}

/// Whether this process lets its ops port move its clock (`CLOCK_CONTROL`).
pub fn clock_control_on() -> bool {
    std::env::var("CLOCK_CONTROL").is_ok_and(|v| v == "on")
}

pub async fn serve(listener: TcpListener, router: Router, shutdown: CancellationToken) -> anyhow::Result<()> {
    axum::serve(listener, router).with_graceful_shutdown(shutdown.cancelled_owned()).await?;
    Ok(())
}

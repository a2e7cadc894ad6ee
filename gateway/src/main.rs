use anyhow::Context;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _telemetry = spa_platform::telemetry::init("gateway")?;
    let config = spa_gateway::GatewayConfig::from_env()?;
    let addr: std::net::SocketAddr = spa_platform::config::parse_or("HTTP_ADDR", std::net::SocketAddr::from(([0, 0, 0, 0], 8080)))?;
    let shutdown = CancellationToken::new();
    spa_platform::runtime::cancel_on_signal(shutdown.clone());
    let var = spa_platform::config::var;
    let bus = spa_platform::runtime::connect_bus(var("NATS_URL").as_deref(), var("NATS_NAMESPACE").as_deref()).await?;
    let cache = spa_platform::runtime::connect_cache(var("REDIS_URL").as_deref(), "gateway").await?;
    let ready = spa_platform::runtime::readiness(None, bus.clone(), cache.clone());
    let state = spa_gateway::AppState::with_cache(config, cache, bus.as_ref(), shutdown.clone()).await?;
    let listener = TcpListener::bind(addr).await.with_context(|| format!("binding {addr}"))?;
    tracing::info!(%addr, "gateway serving");
    spa_gateway::serve(listener, state, ready, shutdown).await
}

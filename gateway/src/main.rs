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
    let listener = TcpListener::bind(addr).await.with_context(|| format!("binding {addr}"))?;
    tracing::info!(%addr, "gateway serving");
    spa_gateway::serve(listener, spa_gateway::AppState::new(config)?, spa_gateway::always_ready(), shutdown).await
}

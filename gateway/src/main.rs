use anyhow::Context;
use tokio::net::TcpListener;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    spa_platform::no_huge_pages();
    let _telemetry = spa_platform::telemetry::init("gateway")?;
    let config = spa_gateway::GatewayConfig::from_env()?;
    let addr: std::net::SocketAddr = spa_platform::config::parse_or("HTTP_ADDR", std::net::SocketAddr::from(([0, 0, 0, 0], 8080)))?;
    // On SIGTERM not ready at once, serving on for SHUTDOWN_DELAY_MS, then
    // draining: a rolling restart behind a balancer fails no request.
    let (draining, shutdown) = spa_platform::runtime::drain_on_signal()?;
    let var = spa_platform::config::var;
    let bus = spa_platform::runtime::connect_bus(var("NATS_URL").as_deref(), var("NATS_NAMESPACE").as_deref()).await?;
    let cache = spa_platform::runtime::connect_gateway_cache(var("REDIS_URL").as_deref()).await?;
    let ready = spa_platform::runtime::gateway_readiness(&config.peers, bus.clone(), cache.clone())?;
    let ready = spa_platform::runtime::unready_while_draining(ready, draining);
    let state = spa_gateway::AppState::with_cache(config, cache, bus.as_ref(), shutdown.clone()).await?;
    let ops_addr: std::net::SocketAddr = spa_platform::config::parse_or("OPS_ADDR", std::net::SocketAddr::from(([0, 0, 0, 0], 9090)))?;
    let listener = TcpListener::bind(addr).await.with_context(|| format!("binding {addr}"))?;
    let ops_listener = TcpListener::bind(ops_addr).await.with_context(|| format!("binding {ops_addr}"))?;
    // /metrics only on the ops port, which is not exposed to visitors.
    let mut ops_router = spa_platform::ops::router(ready.clone());
    if spa_platform::ops::clock_control_on() {
        tracing::warn!("CLOCK_CONTROL is on: the ops port moves this process's clock");
        ops_router = ops_router.merge(spa_platform::ops::clock_control(state.clock.clone()));
    }
    let ops = tokio::spawn(spa_platform::ops::serve(ops_listener, ops_router, shutdown.clone()));
    tracing::info!(%addr, ops = %ops_addr, "gateway serving");
    let result = spa_gateway::serve(listener, state, ready, shutdown.clone()).await;
    shutdown.cancel();
    let _ = ops.await;
    result
}

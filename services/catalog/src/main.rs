#[tokio::main]
async fn main() -> anyhow::Result<()> {
    spa_platform::runtime::service_main(spa_catalog::NAME, spa_catalog::DEFAULT_PORT, spa_catalog::start).await
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    spa_platform::runtime::service_main(spa_cart::NAME, spa_cart::DEFAULT_PORT, spa_cart::start).await
}

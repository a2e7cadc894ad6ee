#[tokio::main]
async fn main() -> anyhow::Result<()> {
    spa_platform::runtime::service_main(spa_rooms::NAME, spa_rooms::DEFAULT_PORT, spa_rooms::start).await
}

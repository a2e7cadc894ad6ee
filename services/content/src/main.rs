#[tokio::main]
async fn main() -> anyhow::Result<()> {
    spa_platform::runtime::service_main(spa_content::NAME, spa_content::DEFAULT_PORT, spa_content::start).await
}

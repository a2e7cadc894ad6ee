#[tokio::main]
async fn main() -> anyhow::Result<()> {
    spa_platform::runtime::service_main(spa_users::NAME, spa_users::DEFAULT_PORT, spa_users::start).await
}

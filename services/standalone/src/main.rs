use tokio_util::sync::CancellationToken;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    spa_platform::no_huge_pages();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("dead-letters") {
        // `spa-standalone dead-letters <service> list | replay ...` on that service's file under DATA_DIR.
        let config = spa_standalone::StackConfig::from_env()?;
        let service = args.get(1).map(String::as_str).unwrap_or_default();
        anyhow::ensure!(
            ["catalog", "rooms", "cart", "users", "content"].contains(&service),
            "usage: spa-standalone dead-letters <catalog|rooms|cart|users|content> list | replay <id> | replay --consumer <name> | replay --all"
        );
        let db = spa_platform::db::Db::connect(&format!("sqlite://{}/{service}.db", config.data_dir.display())).await?;
        print!("{}", spa_platform::dead_letters::command(&db, &args[2..]).await?);
        return Ok(());
    }
    let _telemetry = spa_platform::telemetry::init("spa-standalone")?;
    let config = spa_standalone::StackConfig::from_env()?;
    // Where the gateway links German pages to, seen from the public URL.
    let german = spa_gateway::locale::locale_authorities(None, &config.gateway.locale_hosts, &config.gateway.public_url)
        .into_iter()
        .find(|(locale, _)| *locale == spa_gateway::i18n::Locale::De)
        .map(|(_, authority)| spa_gateway::locale::split_authority(&authority).0.to_owned());
    let shutdown = CancellationToken::new();
    spa_platform::runtime::cancel_on_signal(shutdown.clone());
    let stack = spa_standalone::Stack::start(config, shutdown).await?;
    let port = stack.http_addr.port();
    println!("Spa shop running at http://localhost:{port}  (Ctrl-C stops it)");
    if let Some(host) = german {
        println!("German pages at http://{host}:{port}");
    }
    stack.wait().await
}

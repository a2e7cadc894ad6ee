fn main() {
    // Real-backend tests are skipped by name when their URL is unset.
    for (var, cfg) in [
        ("TEST_POSTGRES_URL", "has_postgres"),
        ("TEST_NATS_URL", "has_nats"),
        ("TEST_REDIS_URL", "has_redis"),
        ("TEST_MOTO_SERVER", "has_s3"),
        ("TEST_ICAL_PYTHON", "has_ical_python"),
    ] {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        println!("cargo::rerun-if-env-changed={var}");
        if std::env::var(var).is_ok_and(|v| !v.is_empty()) {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}

//! Demo room types (`seed/rooms.json`) and their inventory for the next
//! `horizonDays` nights, loaded once into an empty store.

use chrono::{Days, NaiveDate};
use serde::Deserialize;
use spa_platform::db::Db;
use sqlx::Row;

use crate::domain::{Season, night_rate};

const ROOMS_JSON: &str = include_str!("../seed/rooms.json");

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedRoomType {
    code: String,
    units: i64,
    occupancy: i64,
    max_occupancy: i64,
    extra_bed: bool,
    min_stay_nights: i64,
    base_rate: i64,
    weekend_rate: i64,
    position: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedRooms {
    room_types: Vec<SeedRoomType>,
    seasons: Vec<Season>,
    horizon_days: u64,
}

/// Inserts in chunks: one statement per row would make a year of
/// inventory slow on PostgreSQL.
const CHUNK: usize = 200;

pub async fn load_if_empty(db: &Db, today: NaiveDate) -> anyhow::Result<bool> {
    let count: i64 = sqlx::query("SELECT COUNT(*) FROM room_types").fetch_one(db.pool()).await?.try_get(0)?;
    if count > 0 {
        return Ok(false);
    }
    let seed: SeedRooms = serde_json::from_str(ROOMS_JSON)?;
    let mut tx = db.begin().await?;
    for r in &seed.room_types {
        sqlx::query(
            "INSERT INTO room_types (code, units, occupancy, max_occupancy, extra_bed, min_stay, base_rate, weekend_rate, position) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&r.code)
        .bind(r.units)
        .bind(r.occupancy)
        .bind(r.max_occupancy)
        .bind(i64::from(r.extra_bed))
        .bind(r.min_stay_nights)
        .bind(r.base_rate)
        .bind(r.weekend_rate)
        .bind(r.position)
        .execute(&mut *tx)
        .await?;
        let nights: Vec<NaiveDate> = (0..seed.horizon_days).filter_map(|i| today.checked_add_days(Days::new(i))).collect();
        for chunk in nights.chunks(CHUNK) {
            let values: Vec<String> =
                (0..chunk.len()).map(|i| format!("(${}, ${}, ${}, ${})", i * 4 + 1, i * 4 + 2, i * 4 + 3, i * 4 + 4)).collect();
            let sql = format!("INSERT INTO inventory (room_code, night, units, rate) VALUES {}", values.join(", "));
            let mut q = sqlx::query(&sql);
            for night in chunk {
                q = q.bind(r.code.clone()).bind(night.format("%Y-%m-%d").to_string()).bind(r.units).bind(night_rate(
                    *night,
                    r.base_rate,
                    r.weekend_rate,
                    &seed.seasons,
                ));
            }
            q.execute(&mut *tx).await?;
        }
    }
    tx.commit().await?;
    tracing::info!(room_types = seed.room_types.len(), nights = seed.horizon_days, "demo rooms loaded");
    Ok(true)
}

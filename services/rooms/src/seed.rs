//! Demo room types and seasons (`seed/rooms.json`) and the inventory for
//! the next `HORIZON_DAYS` nights, loaded once into an empty store.

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
}

/// Inserts in chunks: one statement per row would make a year of
/// inventory slow on PostgreSQL.
const CHUNK: usize = 200;

fn seed() -> SeedRooms {
    serde_json::from_str(ROOMS_JSON).expect("seed/rooms.json is valid")
}

/// Whether the demo passes the checks the back office's calls make (a room
/// type's rules as `PUT /backend/room-types/{code}` checks them, the seasons
/// as the season editor does): nothing is loaded that an administrator
/// could not have set.
fn checked(seed: &SeedRooms) -> anyhow::Result<()> {
    for r in &seed.room_types {
        let rules = crate::domain::settings::RoomTypeRules {
            units: u32::try_from(r.units)?,
            occupancy: u32::try_from(r.occupancy)?,
            max_occupancy: u32::try_from(r.max_occupancy)?,
            extra_bed: r.extra_bed,
            min_stay: u32::try_from(r.min_stay_nights)?,
            base_rate: r.base_rate,
            weekend_rate: r.weekend_rate,
        };
        let wrong = rules.check();
        anyhow::ensure!(wrong.is_empty(), "demo room type {}: {wrong:?}", r.code);
    }
    let wrong = crate::domain::settings::check_seasons(&seed.seasons);
    anyhow::ensure!(wrong.is_empty(), "demo seasons: {wrong:?}");
    Ok(())
}

/// Loads the demo room types into an empty store, then opens the inventory
/// up to the horizon.
pub async fn load_if_empty(db: &Db, today: NaiveDate) -> anyhow::Result<bool> {
    checked(&seed())?;
    seasons_once(db).await?;
    let count: i64 = sqlx::query("SELECT COUNT(*) FROM room_types").fetch_one(db.pool()).await?.try_get(0)?;
    if count > 0 {
        extend_horizon(db, today).await?;
        return Ok(false);
    }
    let seed = seed();
    if let Err(e) = insert_room_types(db, &seed).await {
        // Another replica seeded the same empty database first.
        if !e.downcast_ref::<sqlx::Error>().is_some_and(spa_platform::db::is_unique_violation) {
            return Err(e);
        }
        tracing::info!("room types already loaded by another replica");
    }
    let nights = extend_horizon(db, today).await?;
    tracing::info!(room_types = seed.room_types.len(), nights, "demo rooms loaded");
    Ok(true)
}

/// The demo seasons, once per store: after that the seasons are the
/// guesthouse's (a season deleted in the back office never comes back).
async fn seasons_once(db: &Db) -> anyhow::Result<()> {
    let mut tx = db.begin().await?;
    let first = sqlx::query("INSERT INTO seed_marks (name) VALUES ('seasons') ON CONFLICT DO NOTHING").execute(&mut *tx).await?;
    if first.rows_affected() == 1 {
        crate::store::replace_seasons(&mut tx, &seed().seasons).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn insert_room_types(db: &Db, seed: &SeedRooms) -> anyhow::Result<()> {
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
    }
    tx.commit().await?;
    Ok(())
}

/// Opens every room type's nights from today up to `HORIZON_DAYS` ahead, at
/// the rates of the guesthouse's seasons; nights that exist are left as
/// they are. Runs at start and daily, so the calendar always reaches a year ahead.
pub async fn extend_horizon(db: &Db, today: NaiveDate) -> anyhow::Result<usize> {
    let (seasons, _, _) = crate::store::seasons(db).await?;
    let last = today.checked_add_days(Days::new(crate::domain::stay::HORIZON_DAYS as u64)).unwrap_or(today);
    let types = sqlx::query("SELECT code, units, base_rate, weekend_rate FROM room_types").fetch_all(db.pool()).await?;
    let mut added = 0;
    for t in types {
        let code: String = t.try_get("code")?;
        let (units, base, weekend): (i64, i64, i64) = (t.try_get("units")?, t.try_get("base_rate")?, t.try_get("weekend_rate")?);
        let max: Option<String> =
            sqlx::query("SELECT MAX(night) FROM inventory WHERE room_code = $1").bind(&code).fetch_one(db.pool()).await?.try_get(0)?;
        let start = max
            .and_then(|m| NaiveDate::parse_from_str(&m, "%Y-%m-%d").ok())
            .and_then(|d| d.checked_add_days(Days::new(1)))
            .map_or(today, |d| d.max(today));
        let nights: Vec<NaiveDate> = start.iter_days().take_while(|d| *d < last).collect();
        let mut tx = db.begin().await?;
        for chunk in nights.chunks(CHUNK) {
            let values: Vec<String> =
                (0..chunk.len()).map(|i| format!("(${}, ${}, ${}, ${})", i * 4 + 1, i * 4 + 2, i * 4 + 3, i * 4 + 4)).collect();
            let sql = format!(
                "INSERT INTO inventory (room_code, night, units, rate) VALUES {} ON CONFLICT (room_code, night) DO NOTHING",
                values.join(", ")
            );
            let mut q = sqlx::query(&sql);
            for night in chunk {
                q = q
                    .bind(code.clone())
                    .bind(night.format("%Y-%m-%d").to_string())
                    .bind(units)
                    .bind(night_rate(*night, base, weekend, &seasons));
            }
            added += q.execute(&mut *tx).await?.rows_affected() as usize;
        }
        tx.commit().await?;
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_demo_passes_the_back_offices_checks() {
        super::checked(&super::seed()).unwrap();
    }
}

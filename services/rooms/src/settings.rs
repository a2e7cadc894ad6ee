//! The guesthouse's room types and seasons, changed in the back office:
//! each change is one transaction that writes the settings, reprices every
//! future night not priced by hand, keeps the change whole
//! (`rate_changes`), announces the nights (`rooms.availability.changed`)
//! and the room type (`rooms.room_type.changed`), so searches, baskets and
//! every replica's room types follow at once.

use std::collections::BTreeMap;

use spa_platform::db::Db;
use spa_platform::outbox::Outbox;
use spa_proto::events::RoomTypeChanged;

use crate::domain::settings::{self, RoomTypeRules};
use crate::domain::{RoomNight, Season, ymd};
use crate::error::RoomsError;
use crate::{events, store};

/// A room type's settings and who changed them last.
pub async fn room_type(db: &Db, code: &str) -> Result<(RoomTypeRules, i64, String), RoomsError> {
    store::room_type_rules(db, code).await?.ok_or_else(|| RoomsError::UnknownRoom(code.to_owned()))
}

/// The nights of `room` from `first` to `last` as one announced span.
fn span(room: &str, first: &str, last: Option<&String>) -> BTreeMap<RoomNight, i64> {
    let mut nights = BTreeMap::from([(RoomNight { room: room.to_owned(), night: first.to_owned() }, 0)]);
    if let Some(last) = last {
        nights.insert(RoomNight { room: room.to_owned(), night: last.clone() }, 0);
    }
    nights
}

pub async fn set_room_type(
    db: &Db,
    outbox: &Outbox,
    code: &str,
    rules: RoomTypeRules,
    staff: &str,
) -> Result<(RoomTypeRules, i64, String), RoomsError> {
    let wrong = rules.check();
    if !wrong.is_empty() {
        return Err(RoomsError::InvalidRoomType(wrong));
    }
    room_type(db, code).await?;
    let (seasons, _, _) = store::seasons(db).await?;
    let today = ymd(db.clock().today());
    let mut tx = db.begin().await?;
    // Written first, then checked in the same transaction: the nights are
    // locked by then, so no hold can slip in between. A night whose booked
    // and held units the new count would not hold fails the write itself.
    if let Err(e) = store::set_room_type(&mut tx, code, &rules, &today, staff).await {
        tx.rollback().await?;
        let mut read = db.begin().await?;
        let night = store::units_short(&mut read, code, &today, rules.units).await?;
        read.rollback().await?;
        return Err(night.map_or(RoomsError::Db(e), |night| RoomsError::UnitsNeeded { night }));
    }
    if let Some(night) = store::units_short(&mut tx, code, &today, rules.units).await? {
        tx.rollback().await?;
        return Err(RoomsError::UnitsNeeded { night });
    }
    let nights = store::reprice(&mut tx, code, &today, (rules.base_rate, rules.weekend_rate), &seasons).await?;
    events::announce(outbox, &mut tx, &span(code, &today, nights.iter().max())).await?;
    outbox.add(&mut tx, &RoomTypeChanged { code: code.to_owned() }).await?;
    tx.commit().await?;
    outbox.wake();
    tracing::info!(room = %code, ?rules, "room type set by the guesthouse");
    room_type(db, code).await
}

pub async fn seasons(db: &Db) -> Result<(Vec<Season>, i64, String), RoomsError> {
    Ok(store::seasons(db).await?)
}

pub async fn set_seasons(db: &Db, outbox: &Outbox, seasons: Vec<Season>, staff: &str) -> Result<(Vec<Season>, i64, String), RoomsError> {
    let seasons: Vec<Season> = seasons.into_iter().map(|s| Season { name: s.name.trim().to_owned(), ..s }).collect();
    let wrong = settings::check_seasons(&seasons);
    if !wrong.is_empty() {
        return Err(RoomsError::InvalidSeasons(wrong));
    }
    // Read before the transaction: it writes, and nothing waits on it.
    let rates = store::room_rates(db).await?;
    let today = ymd(db.clock().today());
    let mut tx = db.begin().await?;
    store::replace_seasons(&mut tx, &seasons).await?;
    store::rate_change(&mut tx, "seasons", &serde_json::to_string(&seasons).expect("seasons serialize"), staff).await?;
    for (code, rates) in &rates {
        let nights = store::reprice(&mut tx, code, &today, *rates, &seasons).await?;
        events::announce(outbox, &mut tx, &span(code, &today, nights.iter().max())).await?;
    }
    outbox.add(&mut tx, &RoomTypeChanged { code: String::new() }).await?;
    tx.commit().await?;
    outbox.wake();
    tracing::info!(seasons = seasons.len(), "seasons set by the guesthouse");
    Ok(store::seasons(db).await?)
}

//! Stock of the products that count it (services/catalog/README.md,
//! "Stock"):
//!
//! - the checkout takes what an order buys before placing it
//!   ([`reserve`]): all of its lines or none, a guarded update each, so the
//!   last unit is sold once however many guests complete at once; an
//!   order's retry takes nothing twice;
//! - the order's `cart.order.placed` keeps it ([`placed`]); an order placed
//!   without taking it first (placed before this rule) takes it then, never
//!   below nothing;
//! - what no placed order kept goes back: at once when the checkout gives
//!   up ([`release`]), else after [`HOLD`] ([`spawn_sweeper`]);
//! - `cart.order.cancelled` gives back what the order kept ([`cancelled`]).
//!
//! Each change of a count sends `catalog.product.changed` in its
//! transaction, so listings show what is left.

pub mod store;

use std::collections::BTreeMap;
use std::time::Duration;

use spa_platform::db::{Db, Tx};
use spa_platform::outbox::Outbox;
use tokio_util::sync::CancellationToken;

use crate::error::CatalogError;
use crate::events;

/// How long stock taken for an order waits for the order to be placed.
pub const HOLD: Duration = Duration::from_secs(30 * 60);
/// How often stock no placed order kept is looked for.
pub const SWEEP_EVERY: Duration = Duration::from_secs(60);

/// The order's lines by product, quantities added up.
fn by_product(lines: &[(String, i64)]) -> BTreeMap<&str, i64> {
    let mut wanted = BTreeMap::new();
    for (code, quantity) in lines.iter().filter(|(_, q)| *q > 0) {
        *wanted.entry(code.as_str()).or_insert(0) += quantity;
    }
    wanted
}

async fn changed(tx: &mut Tx, outbox: &Outbox, codes: &[String]) -> Result<(), CatalogError> {
    for code in codes {
        let kind = crate::editor::store::product_type(tx, code).await?;
        outbox.add(tx, &events::product_changed(code, kind)).await?;
    }
    Ok(())
}

/// Takes what `order_id`'s lines buy, all or none (`SoldOut` naming the
/// first product with too few left). A hold the order has already is kept
/// when its quantity is the same, taken again when not.
pub async fn reserve(db: &Db, outbox: &Outbox, order_id: &str, lines: &[(String, i64)]) -> Result<(), CatalogError> {
    let mut tx = db.begin().await?;
    let expires_at = tx.now_ms() + HOLD.as_millis() as i64;
    let mut moved = Vec::new();
    for (code, quantity) in by_product(lines) {
        match store::hold(&mut tx, order_id, code).await? {
            Some(held) if held == quantity => continue,
            Some(held) => {
                // The basket changed under the same order: the old hold goes back first.
                if store::delete_hold(&mut tx, order_id, code, false).await? {
                    store::give_back(&mut tx, code, held).await?;
                } else {
                    continue; // kept by the placed order: nothing to take again
                }
            }
            None => {}
        }
        if !store::counted(&mut tx, code).await? {
            continue;
        }
        if !store::take(&mut tx, code, quantity).await? {
            tx.rollback().await?;
            return Err(CatalogError::SoldOut(code.to_owned()));
        }
        store::insert_hold(&mut tx, order_id, code, quantity, expires_at).await?;
        moved.push(code.to_owned());
    }
    changed(&mut tx, outbox, &moved).await?;
    tx.commit().await?;
    outbox.wake();
    Ok(())
}

/// Gives back the order's holds that `due` picks (by their `expires_at`),
/// each once whatever runs at the same time.
async fn give_back(db: &Db, outbox: &Outbox, order_id: &str, due: impl Fn(i64) -> bool) -> Result<(), CatalogError> {
    let mut tx = db.begin().await?;
    let mut moved = Vec::new();
    for (code, quantity, expires_at) in store::holds(&mut tx, order_id).await? {
        if due(expires_at) && store::delete_hold(&mut tx, order_id, &code, expires_at == 0).await? {
            store::give_back(&mut tx, &code, quantity).await?;
            moved.push(code);
        }
    }
    changed(&mut tx, outbox, &moved).await?;
    tx.commit().await?;
    outbox.wake();
    Ok(())
}

/// The checkout gave up the order: what it took goes back (idempotent).
pub async fn release(db: &Db, outbox: &Outbox, order_id: &str) -> Result<(), CatalogError> {
    give_back(db, outbox, order_id, |expires_at| expires_at > 0).await
}

/// The order was placed: its holds are kept; a line with none takes what
/// it bought then (never below nothing), once per order.
pub async fn placed(db: &Db, outbox: &Outbox, order_id: &str, lines: &[(String, i64)]) -> Result<(), CatalogError> {
    let mut tx = db.begin().await?;
    store::keep(&mut tx, order_id).await?;
    let mut moved = Vec::new();
    for (code, quantity) in by_product(lines) {
        if store::hold(&mut tx, order_id, code).await?.is_some() || !store::counted(&mut tx, code).await? {
            continue;
        }
        let taken = store::take_what_is_left(&mut tx, code, quantity).await?;
        if !store::insert_hold(&mut tx, order_id, code, taken, 0).await? {
            // Another delivery of the event took it meanwhile: this one takes nothing.
            tx.rollback().await?;
            return Ok(());
        }
        moved.push(code.to_owned());
    }
    changed(&mut tx, outbox, &moved).await?;
    tx.commit().await?;
    outbox.wake();
    Ok(())
}

/// The order was cancelled: everything it took goes back, once.
pub async fn cancelled(db: &Db, outbox: &Outbox, order_id: &str) -> Result<(), CatalogError> {
    give_back(db, outbox, order_id, |_| true).await
}

/// Gives back, every [`SWEEP_EVERY`], what orders took and never placed.
/// Several replicas may sweep at once: each hold goes back once.
pub fn spawn_sweeper(db: Db, outbox: Outbox, shutdown: CancellationToken) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(SWEEP_EVERY);
        loop {
            tokio::select! {
                () = shutdown.cancelled() => return,
                _ = tick.tick() => {}
                () = db.clock().jumped() => {}
            }
            let now = db.now_ms();
            match store::expired_orders(&db, now, 100).await {
                Ok(orders) => {
                    for order_id in orders {
                        if let Err(e) = give_back(&db, &outbox, &order_id, |expires_at| expires_at > 0 && expires_at < now).await {
                            tracing::warn!(order = %order_id, error = %e, "expired stock not given back yet");
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "expired stock not looked for"),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_orders_lines_are_added_up_by_product_and_nothing_is_not_taken() {
        let lines = [("PR_TEA".to_owned(), 1), ("PR_OIL".to_owned(), 2), ("PR_TEA".to_owned(), 2), ("PR_NONE".to_owned(), 0)];
        assert_eq!(by_product(&lines).into_iter().collect::<Vec<_>>(), [("PR_OIL", 2), ("PR_TEA", 3)]);
    }
}

//! The stock's SQL: a product's count and each order's holds
//! (`stock_holds`). Every change of a count is a guarded update, so two
//! orders never take one unit twice on either backend.

use spa_platform::db::Tx;
use sqlx::Row;

/// Whether the product counts its stock.
pub async fn counted(tx: &mut Tx, code: &str) -> sqlx::Result<bool> {
    Ok(sqlx::query("SELECT 1 FROM products WHERE code = $1 AND stock IS NOT NULL").bind(code).fetch_optional(&mut **tx).await?.is_some())
}

/// The order's hold of the product, if it has one: its quantity.
pub async fn hold(tx: &mut Tx, order_id: &str, code: &str) -> sqlx::Result<Option<i64>> {
    let row = sqlx::query("SELECT quantity FROM stock_holds WHERE order_id = $1 AND product_code = $2")
        .bind(order_id)
        .bind(code)
        .fetch_optional(&mut **tx)
        .await?;
    row.map(|r| r.try_get("quantity")).transpose()
}

/// Takes `quantity` when that many are left; whether it did.
pub async fn take(tx: &mut Tx, code: &str, quantity: i64) -> sqlx::Result<bool> {
    let taken = sqlx::query("UPDATE products SET stock = stock - $2 WHERE code = $1 AND stock IS NOT NULL AND stock >= $2")
        .bind(code)
        .bind(quantity)
        .execute(&mut **tx)
        .await?;
    Ok(taken.rows_affected() == 1)
}

/// Takes up to `quantity` (never below nothing); how many it took. The
/// update is guarded by the count read, read again when another order
/// changed it in between: no count goes below nothing on either backend.
pub async fn take_what_is_left(tx: &mut Tx, code: &str, quantity: i64) -> sqlx::Result<i64> {
    loop {
        let row =
            sqlx::query("SELECT stock FROM products WHERE code = $1 AND stock IS NOT NULL").bind(code).fetch_optional(&mut **tx).await?;
        let Some(left) = row.map(|r| r.try_get::<i64, _>("stock")).transpose()? else { return Ok(0) };
        let taken = quantity.min(left).max(0);
        if taken == 0 {
            return Ok(0);
        }
        let updated = sqlx::query("UPDATE products SET stock = stock - $2 WHERE code = $1 AND stock = $3")
            .bind(code)
            .bind(taken)
            .bind(left)
            .execute(&mut **tx)
            .await?;
        if updated.rows_affected() == 1 {
            return Ok(taken);
        }
    }
}

pub async fn give_back(tx: &mut Tx, code: &str, quantity: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE products SET stock = stock + $2 WHERE code = $1 AND stock IS NOT NULL")
        .bind(code)
        .bind(quantity)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn insert_hold(tx: &mut Tx, order_id: &str, code: &str, quantity: i64, expires_at: i64) -> sqlx::Result<bool> {
    let inserted = sqlx::query(
        "INSERT INTO stock_holds (order_id, product_code, quantity, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind(order_id)
    .bind(code)
    .bind(quantity)
    .bind(expires_at)
    .execute(&mut **tx)
    .await?;
    Ok(inserted.rows_affected() == 1)
}

/// The order's holds: (product, quantity, expires_at).
pub async fn holds(tx: &mut Tx, order_id: &str) -> sqlx::Result<Vec<(String, i64, i64)>> {
    let rows = sqlx::query("SELECT product_code, quantity, expires_at FROM stock_holds WHERE order_id = $1 ORDER BY product_code")
        .bind(order_id)
        .fetch_all(&mut **tx)
        .await?;
    rows.iter().map(|r| Ok((r.try_get("product_code")?, r.try_get("quantity")?, r.try_get("expires_at")?))).collect()
}

/// Deletes one hold when it is still as read (kept or not, as `kept`
/// says); whether this call deleted it, so only one caller gives it back.
pub async fn delete_hold(tx: &mut Tx, order_id: &str, code: &str, kept: bool) -> sqlx::Result<bool> {
    let condition = if kept { "expires_at = 0" } else { "expires_at > 0" };
    let deleted = sqlx::query(&format!("DELETE FROM stock_holds WHERE order_id = $1 AND product_code = $2 AND {condition}"))
        .bind(order_id)
        .bind(code)
        .execute(&mut **tx)
        .await?;
    Ok(deleted.rows_affected() == 1)
}

/// Marks the order's holds kept by its placed order.
pub async fn keep(tx: &mut Tx, order_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE stock_holds SET expires_at = 0 WHERE order_id = $1").bind(order_id).execute(&mut **tx).await?;
    Ok(())
}

/// Orders with a hold not kept and past `now`, at most `limit`.
pub async fn expired_orders(db: &spa_platform::db::Db, now: i64, limit: i64) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query("SELECT DISTINCT order_id FROM stock_holds WHERE expires_at > 0 AND expires_at < $1 LIMIT $2")
        .bind(now)
        .bind(limit)
        .fetch_all(db.pool())
        .await?;
    rows.iter().map(|r| r.try_get("order_id")).collect()
}

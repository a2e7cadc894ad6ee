//! The product questions' SQL: each question kept as it was asked.

use spa_platform::db::Tx;
use spa_proto::events::QuestionAsked;

pub async fn insert(tx: &mut Tx, q: &QuestionAsked, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO product_questions (id, product_code, customer, email, phone, message, locale, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&q.id)
    .bind(&q.product_code)
    .bind(&q.customer)
    .bind(&q.email)
    .bind(&q.phone)
    .bind(&q.message)
    .bind(&q.locale)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

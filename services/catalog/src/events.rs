//! What the catalog publishes and consumes, typed.
//!
//! Publishes (through the outbox, in the transaction of the change):
//! `catalog.product.changed` when a product's price changes
//! ([`product_changed`], written by `store::set_price`). The cart and the
//! gateway drop their cached prices on it.
//! Consumes: its own `catalog.product.changed`, in every process
//! ([`LISTING_CACHE_CONSUMER`]), to move the listing cache to a new
//! generation so no replica serves a stale page; `cart.order.placed`
//! ([`STOCK_CONSUMER`]), taking what the order bought from the products
//! that count their stock, once per order.

use spa_platform::cache::Generation;
use spa_platform::runtime::Infra;
use spa_proto::EventMessage;
use spa_proto::events::{OrderCancelled, OrderPlaced, ProductChanged};

use crate::domain::ProductType;

/// The subscription that follows `catalog.product.changed` for the
/// listing cache.
pub const LISTING_CACHE_CONSUMER: &str = "catalog-listing-cache";

/// The durable consumer that keeps the stock placed orders took.
pub const STOCK_CONSUMER: &str = "catalog-stock";
/// The durable consumer that gives back the stock of cancelled orders.
pub const STOCK_RETURNS_CONSUMER: &str = "catalog-stock-returns";

/// Keeps the stock each placed order took, and gives back a cancelled
/// order's (src/stock), until shutdown.
pub async fn consume(infra: &Infra) -> anyhow::Result<()> {
    let (db, outbox) = (infra.db.clone(), infra.outbox.clone());
    infra
        .consume(STOCK_CONSUMER, move |event: spa_platform::bus::Received<OrderPlaced>| {
            let (db, outbox) = (db.clone(), outbox.clone());
            async move {
                // A package's treatments come with it: they are not sold from stock.
                let lines: Vec<(String, i64)> = event
                    .message
                    .lines
                    .iter()
                    .filter(|l| !l.code.is_empty() && !l.included)
                    .map(|l| (l.code.clone(), i64::from(l.quantity)))
                    .collect();
                crate::stock::placed(&db, &outbox, &event.message.order_id, &lines).await?;
                Ok(())
            }
        })
        .await?;
    let (db, outbox) = (infra.db.clone(), infra.outbox.clone());
    infra
        .consume(STOCK_RETURNS_CONSUMER, move |event: spa_platform::bus::Received<OrderCancelled>| {
            let (db, outbox) = (db.clone(), outbox.clone());
            async move {
                crate::stock::cancelled(&db, &outbox, &event.message.order_id).await?;
                Ok(())
            }
        })
        .await?;
    Ok(())
}

/// `catalog.product.changed` for the product `code` of `product_type`
/// (unspecified when the stored code is unknown).
pub fn product_changed(code: &str, product_type: Option<ProductType>) -> ProductChanged {
    ProductChanged { codes: vec![code.to_owned()], product_type: product_type.map_or(0, ProductType::wire) }
}

/// The listing cache's generation, bumped by every `catalog.product.changed`
/// until shutdown.
pub async fn listing_generation(infra: &Infra) -> anyhow::Result<Generation> {
    let generation = Generation::new();
    generation.follow(infra.bus.as_ref(), &[ProductChanged::SUBJECT], LISTING_CACHE_CONSUMER, infra.shutdown.clone()).await?;
    Ok(generation)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_price_change_names_the_product_and_its_type() {
        let e = product_changed("TR_HOT_STONE", Some(ProductType::Treatment));
        assert_eq!((e.codes, e.product_type), (vec!["TR_HOT_STONE".to_owned()], ProductType::Treatment.wire()));
        assert_eq!(product_changed("X", None).product_type, 0);
    }
}

//! One module per resource of `/shop-api`, each exporting `router()`: an
//! [`OpenApiRouter`] whose handlers carry their `#[utoipa::path]`, so a route
//! cannot exist without its place in the document.

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub mod account;
pub mod auth;
pub mod carts;
pub mod channels;
pub mod checkout;
pub mod front_desk;
pub mod guesthouse;
pub mod me;
pub mod newsletter;
pub mod offer;
pub mod order;
pub mod packages;
pub mod pages;
pub mod products;
pub mod products_admin;
pub mod rates;
pub mod rooms;
pub mod settings;
pub mod site;
pub mod staff;
pub mod stay_change;
pub mod taxons;
pub mod team;

/// Every `/shop-api` route, merged.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(offer::router())
        .merge(products::router())
        .merge(taxons::router())
        .merge(packages::router())
        .merge(rooms::router())
        .merge(carts::router())
        .merge(checkout::router())
        .merge(me::router())
        .merge(account::router())
        .merge(auth::router())
        .merge(newsletter::router())
        .merge(pages::router())
        .merge(site::router())
        .merge(staff::router())
        .merge(stay_change::router())
        .merge(front_desk::router())
        .merge(team::router())
        .merge(rates::router())
        .merge(settings::router())
        .merge(guesthouse::router())
        .merge(products_admin::router())
        .merge(channels::router())
}

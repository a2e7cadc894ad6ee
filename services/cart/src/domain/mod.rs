//! The cart's rules, free of storage and transport: what a line may be
//! ([`item`]), what the cart costs ([`totals`]), who may open a cart
//! ([`token`]), checkout's steps ([`checkout`]) and gift voucher codes
//! ([`gift`]), the caps on a basket and unpaid orders ([`limits`]), what the front desk finds orders by ([`front_desk`]), the money it takes and the cancellation policy ([`desk_money`]), the settings the administrators change ([`settings`]). Everything here is a pure function with unit tests.

pub mod checkout;
pub mod desk_money;
pub mod front_desk;
pub mod gift;
pub mod item;
pub mod limits;
pub mod settings;
pub mod token;
pub mod totals;

pub use token::{CartTtl, MAX_TOKEN_LEN, MIN_TOKEN_LEN, WeakToken, strong_token, well_formed};

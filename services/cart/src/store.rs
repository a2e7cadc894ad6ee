//! The cart's SQL, one store per part of the service (each beside the
//! code it serves), all on the cart's one database: [`crate::basket::store`]
//! (carts and lines), [`crate::checkout::store`] (unpaid caps),
//! [`crate::orders::store`], [`crate::payments::store`] and
//! [`crate::gift_vouchers::store`]. States and kinds are kept as their
//! domain enum's code.

use sqlx::Row;
use sqlx::any::AnyRow;

pub use crate::basket::store::*;
pub use crate::checkout::store::*;
pub use crate::gift_vouchers::store::*;
pub use crate::orders::store::*;
pub use crate::payments::store::*;

/// A column that holds one of an enum's codes.
pub(crate) fn coded<T>(r: &AnyRow, column: &str, parse: fn(&str) -> Option<T>) -> Result<T, sqlx::Error> {
    let code: String = r.try_get(column)?;
    parse(&code).ok_or_else(|| sqlx::Error::Decode(format!("{column}: unknown code {code}").into()))
}

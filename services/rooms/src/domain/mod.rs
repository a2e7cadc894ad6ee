//! The rooms' rules, free of storage and transport: a stay's dates and
//! party ([`stay`]), room types and their occupancy ([`room`]), the rate of
//! a night ([`rates`]), what a search finds ([`search`]), an order's
//! hold of nights ([`hold`]), the front desk's board ([`board`]) and the
//! guesthouse's rules per night ([`nights`]). Everything here is a pure function with unit
//! tests; the store fills these types and the inventory takes nights by
//! them.

pub mod board;
pub mod channels;
pub mod hold;
pub mod nights;
pub mod rates;
pub mod room;
pub mod search;
pub mod settings;
pub mod stay;

pub use hold::{HoldState, HoldStatus, RoomNight};
pub use rates::{Season, is_weekend_night, night_rate};
pub use room::{Occupancy, RoomType};
pub use search::{CalendarNight, EmptyReason, StaySummary};
pub use stay::{MAX_ADULTS, MAX_BABIES, MAX_CHILDREN, MAX_STAY_NIGHTS, Party, Stay, ymd};

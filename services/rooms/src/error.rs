//! The one error type of the rooms service and its only mapping to gRPC.
//! Field names are the REST body's (`roomCode`, `packageCode`), since the
//! gateway passes them through to the visitor.

use spa_platform::errors;
use tonic::{Code, Status};

use crate::domain::HoldStatus;

#[derive(Debug, thiserror::Error)]
pub enum RoomsError {
    /// A request's field breaks a rule; the field names the error code
    /// (guests, a stay's dates, or anything else).
    #[error("{field}: {message}")]
    Invalid { field: &'static str, message: String },
    #[error("unknown package")]
    UnknownPackage,
    #[error("not a package")]
    NotAPackage,
    #[error("unknown room type {0}")]
    UnknownRoom(String),
    #[error("{room} is sold out on {night}")]
    SoldOut { room: String, night: String },
    #[error("{room} does not take these guests")]
    DoesNotFit { room: String },
    #[error("{room} needs at least {min} nights")]
    MinStay { room: String, min: i64 },
    #[error("{night}: units out of order are booked or held that night")]
    UnitsTaken { night: String },
    /// Fewer units than are booked, held or out of order on that night.
    #[error("{night}: more units are booked, held or out of order that night")]
    UnitsNeeded { night: String },
    /// Every wrong field of a room type's settings.
    #[error("not valid: {}", .0.join(", "))]
    InvalidRoomType(Vec<String>),
    /// Every wrong field of the seasons.
    #[error("not valid: {}", .0.join(", "))]
    InvalidSeasons(Vec<String>),
    #[error("{night}: beyond the nights on sale")]
    NightMissing { night: String },
    /// Every wrong field of a channel.
    #[error("not valid: {}", .0.join(", "))]
    InvalidChannel(Vec<String>),
    #[error("no such channel")]
    ChannelNotFound,
    #[error("this channel's calendar is being imported right now; try again in a minute")]
    SyncRunning,
    #[error("order {0} already holds different nights")]
    OrderConflict(String),
    #[error("order {0} has no hold")]
    NoHold(String),
    #[error("the hold of order {0} is {1}")]
    HoldNotActive(String, HoldStatus),
    /// The catalog's answer passed on as it stands (the catalog being
    /// unavailable, say).
    #[error(transparent)]
    Peer(#[from] Status),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

impl RoomsError {
    pub fn invalid(field: &'static str, message: &str) -> Self {
        Self::Invalid { field, message: message.to_owned() }
    }
}

impl From<RoomsError> for Status {
    fn from(e: RoomsError) -> Self {
        let message = e.to_string();
        match e {
            RoomsError::Invalid { field, message: ref why } => {
                let code = match field {
                    "adults" | "children" | "babies" => "invalid_guests",
                    "from" | "to" => "invalid_stay",
                    "set" | "price" | "minStay" | "maxStay" | "outOfOrder" | "weekdays" => "invalid_nights",
                    _ => "invalid_request",
                };
                errors::invalid(code, message.clone(), &[(field, why)])
            }
            RoomsError::UnknownPackage | RoomsError::NotAPackage => {
                errors::invalid("unknown_package", message.clone(), &[("packageCode", &message)])
            }
            RoomsError::UnknownRoom(_) => errors::with_details(Code::NotFound, "unknown_room", message, &[("roomCode", "unknown room")]),
            RoomsError::SoldOut { ref room, ref night } => {
                errors::with_details(Code::FailedPrecondition, "room_unavailable", message.clone(), &[("room", room), ("night", night)])
            }
            RoomsError::DoesNotFit { .. } => errors::invalid("invalid_guests", message, &[("adults", "too many guests for this room")]),
            RoomsError::MinStay { .. } => errors::invalid("invalid_stay", message, &[("to", "stay shorter than the minimum")]),
            RoomsError::UnitsTaken { ref night } => {
                errors::with_details(Code::FailedPrecondition, "units_taken", message.clone(), &[("outOfOrder", night)])
            }
            RoomsError::UnitsNeeded { ref night } => {
                errors::with_args(Code::FailedPrecondition, "units_needed", message.clone(), &[("units", night)], &[("night", night)])
            }
            RoomsError::InvalidRoomType(ref fields) => {
                let v: Vec<(&str, &str)> = fields.iter().map(|f| (f.as_str(), "not valid")).collect();
                errors::invalid("invalid_room_type", message.clone(), &v)
            }
            RoomsError::InvalidSeasons(ref fields) => {
                let v: Vec<(&str, &str)> = fields.iter().map(|f| (f.as_str(), "not valid")).collect();
                errors::invalid("invalid_seasons", message.clone(), &v)
            }
            RoomsError::NightMissing { ref night } => errors::invalid("invalid_nights", message.clone(), &[("to", night)]),
            RoomsError::InvalidChannel(ref fields) => {
                let v: Vec<(&str, &str)> = fields.iter().map(|f| (f.as_str(), "not valid")).collect();
                errors::invalid("invalid_channel", message.clone(), &v)
            }
            RoomsError::ChannelNotFound => errors::with_details(Code::NotFound, "channel_not_found", message, &[]),
            RoomsError::SyncRunning => errors::with_details(Code::FailedPrecondition, "sync_running", message, &[]),
            RoomsError::OrderConflict(_) | RoomsError::HoldNotActive(..) => {
                errors::with_details(Code::FailedPrecondition, "hold_conflict", message, &[])
            }
            RoomsError::NoHold(_) => errors::with_details(Code::NotFound, "hold_not_found", message, &[]),
            RoomsError::Peer(status) => status,
            RoomsError::Db(e) => errors::db(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_names_its_code_and_the_message_names_the_field() {
        let s = Status::from(RoomsError::invalid("children", "must be between 0 and 2"));
        assert_eq!((s.code(), s.message()), (Code::InvalidArgument, "children: must be between 0 and 2"));
        assert_eq!(errors::details(&s).unwrap().code, "invalid_guests");
        assert_eq!(errors::details(&Status::from(RoomsError::invalid("to", "x"))).unwrap().code, "invalid_stay");
        assert_eq!(errors::details(&Status::from(RoomsError::invalid("orderId", "x"))).unwrap().code, "invalid_request");
        let s = Status::from(RoomsError::NotAPackage);
        assert_eq!((s.message(), errors::details(&s).unwrap().code.as_str()), ("not a package", "unknown_package"));
    }
}

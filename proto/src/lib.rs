//! Rust types and gRPC stubs for every context, generated at build time from
//! the `.proto` files beside this crate. The module tree mirrors the proto
//! packages (`spa::rooms::v1`, ...). [`EventMessage`] binds every event
//! message to its subject.

pub use prost;
pub use tonic;

pub mod event;
pub use event::EventMessage;

pub mod spa {
    pub mod common {
        pub mod v1 {
            tonic::include_proto!("spa.common.v1");
        }
    }
    pub mod events {
        pub mod v1 {
            tonic::include_proto!("spa.events.v1");
        }
    }
    pub mod catalog {
        pub mod v1 {
            tonic::include_proto!("spa.catalog.v1");
        }
    }
    pub mod rooms {
        pub mod v1 {
            tonic::include_proto!("spa.rooms.v1");
        }
    }
    pub mod cart {
        pub mod v1 {
            tonic::include_proto!("spa.cart.v1");
        }
    }
    pub mod users {
        pub mod v1 {
            tonic::include_proto!("spa.users.v1");
        }
    }
    pub mod content {
        pub mod v1 {
            tonic::include_proto!("spa.content.v1");
        }
    }
}

/// The gRPC paths (`/spa.rooms.v1.RoomsService/SearchRooms`) of the calls
/// that only read (`idempotency_level = NO_SIDE_EFFECTS` in their proto),
/// sorted.
pub mod read_only {
    include!(concat!(env!("OUT_DIR"), "/read_only_methods.rs"));

    /// Whether the call at `path` only reads.
    pub fn is_read_only(path: &str) -> bool {
        READ_ONLY_METHODS.binary_search(&path).is_ok()
    }
}

pub use spa::common::v1 as common;
pub use spa::events::v1 as events;

/// The code a proto enum value is written as outside gRPC (SQL columns,
/// JSON, REST): its name without the enum's prefix, in lower case
/// (`PRODUCT_TYPE_DAY_SPA` is `day_spa`). Derived from the generated names,
/// so no list of codes is kept twice.
pub trait Code: Sized {
    fn code(&self) -> String;
    fn from_code(code: &str) -> Option<Self>;
}

macro_rules! codes {
    ($($enum:path = $prefix:literal),* $(,)?) => {
        $(
            impl Code for $enum {
                fn code(&self) -> String {
                    self.as_str_name().strip_prefix($prefix).unwrap_or_default().to_ascii_lowercase()
                }

                fn from_code(code: &str) -> Option<Self> {
                    if code.is_empty() || code.eq_ignore_ascii_case("unspecified") {
                        return None;
                    }
                    Self::from_str_name(&format!("{}{}", $prefix, code.to_ascii_uppercase()))
                }
            }
        )*
    };
}

codes!(
    common::ProductType = "PRODUCT_TYPE_",
    common::PaymentMethod = "PAYMENT_METHOD_",
    common::VoucherDelivery = "VOUCHER_DELIVERY_",
    spa::cart::v1::CheckoutState = "CHECKOUT_STATE_",
    spa::cart::v1::ItemType = "ITEM_TYPE_",
    spa::cart::v1::NewItemType = "NEW_ITEM_TYPE_",
    spa::cart::v1::OrderState = "ORDER_STATE_",
    spa::cart::v1::OrderPaymentState = "ORDER_PAYMENT_STATE_",
    spa::cart::v1::PaymentState = "PAYMENT_STATE_",
    spa::cart::v1::PaymentProvider = "PAYMENT_PROVIDER_",
    spa::cart::v1::ShippingMethod = "SHIPPING_METHOD_",
    spa::cart::v1::SuggestionKind = "SUGGESTION_KIND_",
    spa::rooms::v1::HoldStatus = "HOLD_STATUS_",
    spa::rooms::v1::EmptyReason = "EMPTY_REASON_",
    spa::users::v1::Role = "ROLE_",
    spa::users::v1::IdentityProvider = "IDENTITY_PROVIDER_",
    spa::catalog::v1::AssociationType = "ASSOCIATION_TYPE_",
    events::CancelReason = "CANCEL_REASON_",
);

#[cfg(test)]
mod code_tests {
    use super::Code;
    use super::common::ProductType;

    #[test]
    fn codes_are_the_names_without_their_prefix() {
        assert_eq!(ProductType::DaySpa.code(), "day_spa");
        assert_eq!(ProductType::from_code("day_spa"), Some(ProductType::DaySpa));
        assert_eq!(ProductType::from_code("unspecified"), None);
        assert_eq!(ProductType::from_code("nope"), None);
        assert_eq!(super::spa::cart::v1::NewItemType::ReservationWithPackage.code(), "reservation_with_package");
    }
}

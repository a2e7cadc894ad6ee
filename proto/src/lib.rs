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

pub use spa::common::v1 as common;
pub use spa::events::v1 as events;

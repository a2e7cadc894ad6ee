//! Enums kept and sent as a code: a domain enum's string code (what the
//! SQL writes and the REST layer shows) and, with `: wire::Path`, the proto
//! enum that carries it between services. The proto enum's variants are
//! the domain's, plus `Unspecified` (an absent or unknown value), so the
//! mapping is written once here.

/// ```ignore
/// spa_platform::coded! {
///     /// Where a placed order stands.
///     pub enum OrderState: spa_proto::spa::cart::v1::OrderState {
///         New => "new",
///         Paid => "paid",
///     }
/// }
/// ```
/// gives `code()`, `parse()`, `ALL` and `Display`, and with a wire enum
/// `wire()` (its `i32`, as prost keeps it), `from_wire()` and `From`.
#[macro_export]
macro_rules! coded {
    ($(#[$meta:meta])* pub enum $name:ident : $wire:path { $($(#[$vmeta:meta])* $variant:ident => $code:literal,)* }) => {
        $crate::coded! { $(#[$meta])* pub enum $name { $($(#[$vmeta])* $variant => $code,)* } }

        impl From<$name> for $wire {
            fn from(v: $name) -> Self {
                type Wire = $wire;
                match v {
                    $($name::$variant => Wire::$variant,)*
                }
            }
        }

        impl $name {
            /// The proto enum's value, as prost keeps it in a message.
            pub fn wire(self) -> i32 {
                <$wire>::from(self) as i32
            }

            /// The value a message carries; `None` when unspecified or unknown.
            pub fn from_wire(value: i32) -> Option<Self> {
                type Wire = $wire;
                #[allow(unreachable_patterns)]
                match Wire::try_from(value).ok()? {
                    $(Wire::$variant => Some(Self::$variant),)*
                    _ => None,
                }
            }
        }
    };
    ($(#[$meta:meta])* pub enum $name:ident { $($(#[$vmeta:meta])* $variant:ident => $code:literal,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $name {
            pub const ALL: &[Self] = &[$(Self::$variant),*];

            pub fn code(self) -> &'static str {
                match self {
                    $(Self::$variant => $code,)*
                }
            }

            pub fn parse(s: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.code() == s)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.code())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    crate::coded! {
        /// A hold's state, as the rooms service sends it.
        pub enum Status: spa_proto::spa::rooms::v1::HoldStatus {
            Held => "held",
            Confirmed => "confirmed",
            Released => "released",
            Expired => "expired",
        }
    }

    #[test]
    fn codes_and_wire_values_go_both_ways() {
        for s in Status::ALL {
            assert_eq!(Status::parse(s.code()), Some(*s));
            assert_eq!(Status::from_wire(s.wire()), Some(*s));
        }
        assert_eq!(Status::from_wire(0), None, "unspecified");
        assert_eq!(Status::from_wire(99), None, "unknown");
        assert_eq!(Status::parse("HELD"), None);
        assert_eq!(Status::Confirmed.to_string(), "confirmed");
    }
}

//! Integration events bound to their subjects. Every message of
//! `spa.events.v1` travels on exactly one NATS subject,
//! `<context>.<entity>.<verb>`; the binding is declared once, in the table
//! below, and publishers (the outbox), consumers and the stream's subject
//! list all read it from here, so no subject is spelled twice.

use crate::spa::events::v1::*;

/// A message of `spa.events.v1` and the subject it is published on.
pub trait EventMessage: prost::Message + Default + Send + Sync + 'static {
    /// `<context>.<entity>.<verb>`, e.g. `cart.order.placed`.
    const SUBJECT: &'static str;
}

macro_rules! events {
    ($($message:ident => $subject:literal,)*) => {
        $(impl EventMessage for $message {
            const SUBJECT: &'static str = $subject;
        })*

        /// Every event: its message name in `events.proto` and its subject.
        pub const EVENTS: &[(&str, &str)] = &[$((stringify!($message), $subject)),*];
    };
}

events! {
    ProductChanged => "catalog.product.changed",
    AvailabilityChanged => "rooms.availability.changed",
    RoomTypeChanged => "rooms.room_type.changed",
    HoldExpired => "rooms.hold.expired",
    HoldLost => "rooms.hold.lost",
    ChannelConflicted => "rooms.channel.conflicted",
    OrderPlaced => "cart.order.placed",
    OrderPaid => "cart.order.paid",
    OrderCancelled => "cart.order.cancelled",
    OrderChanged => "cart.order.changed",
    VoucherIssued => "cart.voucher.issued",
    SettingsChanged => "cart.settings.changed",
    CustomerRegistered => "users.customer.registered",
    VerificationRequested => "users.verification.requested",
    CustomerVerified => "users.customer.verified",
    PasswordResetRequested => "users.password_reset.requested",
    NewsletterSubscribed => "content.newsletter.subscribed",
    BlockChanged => "content.block.changed",
    QuestionAsked => "content.question.asked",
    GuesthouseChanged => "content.guesthouse.changed",
}

/// Every declared event subject.
pub fn subjects() -> impl Iterator<Item = &'static str> {
    EVENTS.iter().map(|(_, subject)| *subject)
}

/// The contexts that publish events (the first token of each subject), in
/// declaration order, each once.
pub fn contexts() -> Vec<&'static str> {
    let mut contexts: Vec<&'static str> = Vec::new();
    for subject in subjects() {
        let context = subject.split('.').next().unwrap_or(subject);
        if !contexts.contains(&context) {
            contexts.push(context);
        }
    }
    contexts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_are_context_entity_verb_and_unique() {
        let mut seen = std::collections::HashSet::new();
        for subject in subjects() {
            let tokens: Vec<&str> = subject.split('.').collect();
            assert_eq!(tokens.len(), 3, "{subject} is not <context>.<entity>.<verb>");
            for token in tokens {
                assert!(!token.is_empty() && token.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{subject}");
            }
            assert!(seen.insert(subject), "{subject} is declared twice");
        }
        assert_eq!(contexts(), ["catalog", "rooms", "cart", "users", "content"]);
    }

    #[test]
    fn the_table_matches_every_message_of_events_proto() {
        // events.proto names each message's subject in the comment above it;
        // the table here and the file must say the same.
        let proto = include_str!("../spa/events/v1/events.proto");
        let mut declared = Vec::new();
        let mut comment = None;
        for line in proto.lines().map(str::trim) {
            if let Some(text) = line.strip_prefix("//") {
                comment = Some(text.trim().to_owned());
            } else if let Some(rest) = line.strip_prefix("message ") {
                let name = rest.split_whitespace().next().unwrap_or_default().to_owned();
                declared.push((name, comment.take().unwrap_or_default()));
            } else if !line.is_empty() {
                comment = None;
            }
        }
        let table: Vec<(String, String)> = EVENTS.iter().map(|(m, s)| (m.to_string(), s.to_string())).collect();
        assert_eq!(table, declared);
    }

    #[test]
    fn a_message_type_names_its_subject() {
        assert_eq!(OrderPlaced::SUBJECT, "cart.order.placed");
        assert_eq!(NewsletterSubscribed::SUBJECT, "content.newsletter.subscribed");
    }
}

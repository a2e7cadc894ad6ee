//! Locale resolution for pages and links: the rules are the platform's
//! (shared with the e-mails' links).

pub use spa_platform::hosts::*;

//! The content service's SQL, one store per feature (each beside the code
//! it serves), all on the service's one database: the mail queue, the
//! newsletter's subscribers, the pages and their blocks' revisions, the
//! poll's votes and the product questions.

pub use crate::mail::store as mail;
pub use crate::newsletter::store as newsletter;
pub use crate::pages::store as pages;
pub use crate::poll::store as poll;
pub use crate::questions::store as questions;

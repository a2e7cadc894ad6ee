//! E-mail addresses as every context accepts them.

/// A practical e-mail check: one `@`, a non-empty local part, a dotted
/// domain, no spaces, at most 254 characters.
pub fn is_valid(email: &str) -> bool {
    if email.len() > 254 || email.chars().any(char::is_whitespace) {
        return false;
    }
    let Some((local, domain)) = email.split_once('@') else { return false };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
}

#[cfg(test)]
mod tests {
    use super::is_valid;

    #[test]
    fn email_rules() {
        for ok in ["anna@example.pl", "a.b+c@sub.example.de"] {
            assert!(is_valid(ok), "{ok}");
        }
        for bad in ["", "anna", "anna@", "@example.pl", "anna@example", "an na@example.pl", "a@b@c.pl", "a@.pl", "a@example..pl"] {
            assert!(!is_valid(bad), "{bad}");
        }
    }
}

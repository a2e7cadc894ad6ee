//! The shop's languages and the server's translation catalogue
//! (`gateway/locales/*.ftl`, Fluent): every text the gateway writes for a
//! visitor (error messages, the room popup) comes from there, in the
//! request's locale.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

use crate::error::ErrorCode;

pub use spa_platform::locale::Locale;

fn source(locale: Locale) -> &'static str {
    match locale {
        Locale::Pl => include_str!("../locales/pl.ftl"),
        Locale::De => include_str!("../locales/de.ftl"),
        Locale::EnGb => include_str!("../locales/en_GB.ftl"),
    }
}

type Bundle = FluentBundle<FluentResource>;

fn bundles() -> &'static [Bundle; 3] {
    static BUNDLES: OnceLock<[Bundle; 3]> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        Locale::ALL.map(|locale| {
            let resource = FluentResource::try_new(source(locale).to_owned())
                .unwrap_or_else(|(_, errors)| panic!("locales/{}.ftl does not parse: {errors:?}", locale.code()));
            let lang = locale.tag().parse().unwrap_or_default();
            let mut bundle = Bundle::new_concurrent(vec![lang]);
            // Unicode isolation marks around values would end up in toasts.
            bundle.set_use_isolating(false);
            if let Err(errors) = bundle.add_resource(resource) {
                panic!("locales/{}.ftl repeats a message: {errors:?}", locale.code());
            }
            bundle
        })
    })
}

fn bundle(locale: Locale) -> &'static Bundle {
    &bundles()[Locale::ALL.iter().position(|l| *l == locale).unwrap_or(0)]
}

/// `pattern` of message `id` with `args`; a formatting error is logged and
/// the text kept as far as it formatted.
fn format(locale: Locale, id: &str, pattern: &fluent_syntax::ast::Pattern<&str>, args: &FluentArgs) -> String {
    let mut errors = Vec::new();
    let text = bundle(locale).format_pattern(pattern, Some(args), &mut errors);
    if !errors.is_empty() {
        tracing::error!(id, locale = locale.code(), ?errors, "message did not format");
    }
    text.into_owned()
}

/// A message of the catalogue, or its id when it is missing (a test checks
/// that none is).
pub fn text(locale: Locale, id: &str) -> String {
    text_with(locale, id, &[])
}

/// A message of the catalogue with its arguments (numbers as numbers, so
/// a plural is chosen by them), or its id when it is missing.
pub fn text_with(locale: Locale, id: &str, args: &[(&str, fluent_bundle::FluentValue<'static>)]) -> String {
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    match bundle(locale).get_message(id).and_then(|m| m.value()) {
        Some(pattern) => format(locale, id, pattern, &fluent_args),
        None => {
            tracing::error!(id, locale = locale.code(), "message missing from the catalogue");
            id.to_owned()
        }
    }
}

/// The catalogue id of an error code: `invalid_stay` -> `error-invalid-stay`.
pub fn error_id(code: ErrorCode) -> String {
    format!("error-{}", code.as_str().replace('_', "-"))
}

/// An error's message; for one field, the message's `.field` attribute when
/// it has one (e.g. "Check this date."), else the message itself.
pub fn error_message(locale: Locale, code: ErrorCode, args: &BTreeMap<String, String>, field: Option<&str>) -> String {
    let id = error_id(code);
    let message = bundle(locale).get_message(&id);
    let attribute = field.and_then(|_| message.as_ref()?.get_attribute("field")).map(|a| a.value());
    let Some(pattern) = attribute.or_else(|| message.as_ref()?.value()) else {
        tracing::error!(id, locale = locale.code(), "error message missing from the catalogue");
        return code.as_str().to_owned();
    };
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        fluent_args.set(name.clone(), value.clone());
    }
    if let Some(field) = field {
        fluent_args.set("field", field.to_owned());
        // Variant keys cannot hold dots: `customer.email` is selected as `customer-email`.
        fluent_args.set("key", field.replace('.', "-"));
    }
    format(locale, &id, pattern, &fluent_args)
}

tokio::task_local! {
    static REQUEST_LOCALE: Locale;
}

/// The locale of the request being answered (Polish outside a request).
pub fn request_locale() -> Locale {
    REQUEST_LOCALE.try_with(|l| *l).unwrap_or_default()
}

/// The locale a request names in its `locale` query parameter; a missing or
/// unknown one is Polish (an unknown one is also refused, in Polish).
pub fn locale_of_query(query: Option<&str>) -> Locale {
    query
        .and_then(|q| form_urlencoded::parse(q.as_bytes()).filter(|(k, _)| k == "locale").last())
        .and_then(|(_, v)| Locale::parse(&v))
        .unwrap_or_default()
}

/// Runs the rest of the stack knowing the request's locale, so every error
/// answer made below, by a handler or a layer, speaks it.
pub async fn localize_errors(request: Request, next: Next) -> Response {
    let locale = locale_of_query(request.uri().query());
    REQUEST_LOCALE.scope(locale, next.run(request)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// German guests read one word for the extra bed (the page's too) and
    /// the VAT number's name they know (`USt-IdNr./NIP`).
    #[test]
    fn german_texts_use_the_shops_words() {
        let german = source(Locale::De);
        assert!(german.contains("Zustellbett") && german.contains("USt-IdNr./NIP"));
        assert!(!german.contains("Zusatzbett") && !german.contains("Steuernummer"));
    }

    /// Every error code and every message id has a text in every language,
    /// and no language has a message the others lack.
    #[test]
    fn the_catalogue_is_complete_in_every_language() {
        let ids = |locale: Locale| -> std::collections::BTreeSet<String> {
            let resource = FluentResource::try_new(source(locale).to_owned()).unwrap();
            resource
                .entries()
                .filter_map(|e| match e {
                    fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
                    _ => None,
                })
                .collect()
        };
        let polish = ids(Locale::Pl);
        for &code in ErrorCode::ALL {
            assert!(polish.contains(&error_id(code)), "{} has no Polish message", error_id(code));
        }
        for locale in [Locale::De, Locale::EnGb] {
            assert_eq!(ids(locale), polish, "{} differs from Polish", locale.code());
        }
        for locale in Locale::ALL {
            for &code in ErrorCode::ALL {
                let text = error_message(locale, code, &BTreeMap::from([("seconds".to_owned(), "3".to_owned())]), Some("from"));
                assert!(!text.is_empty() && !text.contains("error-"), "{locale:?} {code:?}: {text}");
            }
        }
    }

    #[test]
    fn messages_follow_the_locale() {
        let args = BTreeMap::new();
        let pl = error_message(Locale::Pl, ErrorCode::ServiceUnavailable, &args, None);
        let de = error_message(Locale::De, ErrorCode::ServiceUnavailable, &args, None);
        let en = error_message(Locale::EnGb, ErrorCode::ServiceUnavailable, &args, None);
        assert!(pl != de && de != en && pl != en, "{pl} / {de} / {en}");
        assert_eq!(locale_of_query(Some("channel=web_pl&locale=de")), Locale::De);
        assert_eq!(locale_of_query(Some("locale=fr")), Locale::Pl);
        assert_eq!(locale_of_query(None), Locale::Pl);
    }
}

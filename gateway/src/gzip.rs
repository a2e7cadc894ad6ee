//! Answers cached gzip-compressed (the answers module). A room-search answer
//! is 7-12 KB of JSON and about 3.4 KB gzipped, so the answer cache holds three times as many
//! answers in the same bytes (a year of stays for the common parties in
//! about 40 MB instead of 120 MB). A client that accepts gzip, as every
//! browser does, gets the cached bytes as they are; any other gets them
//! inflated (about 22 µs for a 12 KB answer).

use std::io::{Read, Write};

use axum::http::{HeaderMap, header};

/// Largest answer [`inflate`] expands, against a corrupt length trailer.
const MAX_INFLATED: usize = 4 * 1024 * 1024;

/// `body` gzip-compressed at the default level (about 80 µs for a 12 KB
/// answer, paid once per cached answer; the fastest level makes it a third
/// larger).
pub fn deflate(body: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(body.len() / 3 + 64), flate2::Compression::default());
    // Writing into a Vec cannot fail.
    let _ = encoder.write_all(body);
    encoder.finish().unwrap_or_default()
}

/// The bytes of a gzip member, or `None` when they are not one (or their
/// checksum or length is wrong).
pub fn inflate(gz: &[u8]) -> Option<Vec<u8>> {
    match own_member(gz) {
        Some((deflated, crc, size)) => inflate_raw(deflated, crc, size),
        None => inflate_any(gz),
    }
}

/// A member as [`deflate`] writes it: the 10-byte header without optional
/// fields, raw deflate, the CRC-32 and the length of the original.
fn own_member(gz: &[u8]) -> Option<(&[u8], u32, usize)> {
    if gz.len() < 18 || gz[..4] != [0x1f, 0x8b, 8, 0] {
        return None;
    }
    let (deflated, trailer) = gz[10..].split_at(gz.len() - 18);
    let word = |at: usize| u32::from_le_bytes([trailer[at], trailer[at + 1], trailer[at + 2], trailer[at + 3]]);
    Some((deflated, word(0), word(4) as usize))
}

thread_local! {
    /// One raw inflater per thread, reset for each answer: a new one
    /// allocates and zeroes its window every time, which cost as much as
    /// the inflating itself.
    static INFLATER: std::cell::RefCell<flate2::Decompress> = std::cell::RefCell::new(flate2::Decompress::new(false));
}

fn inflate_raw(deflated: &[u8], crc: u32, size: usize) -> Option<Vec<u8>> {
    if size > MAX_INFLATED {
        return None;
    }
    let mut body = Vec::with_capacity(size);
    let status = INFLATER.with(|inflater| {
        let mut inflater = inflater.borrow_mut();
        inflater.reset(false);
        inflater.decompress_vec(deflated, &mut body, flate2::FlushDecompress::Finish)
    });
    let mut check = flate2::Crc::new();
    check.update(&body);
    (matches!(status, Ok(flate2::Status::StreamEnd)) && body.len() == size && check.sum() == crc).then_some(body)
}

/// Any gzip member (one with a file name, say), the general way.
fn inflate_any(gz: &[u8]) -> Option<Vec<u8>> {
    // The trailer's last four bytes are the length of the original.
    let size = gz.len().checked_sub(4).and_then(|at| gz.get(at..)).map_or(0, |t| u32::from_le_bytes([t[0], t[1], t[2], t[3]]) as usize);
    let mut body = Vec::with_capacity(size.min(MAX_INFLATED));
    flate2::read::GzDecoder::new(gz).take(MAX_INFLATED as u64 + 1).read_to_end(&mut body).ok()?;
    (body.len() <= MAX_INFLATED).then_some(body)
}

/// True when `Accept-Encoding` takes gzip: named with a weight above zero,
/// or not named and `*` is.
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    let (mut gzip, mut any) = (None, None);
    for item in headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')) {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or_default().trim();
        let weight = parts
            .find_map(|p| {
                p.split_once('=').filter(|(k, _)| k.trim().eq_ignore_ascii_case("q")).map(|(_, v)| v.trim().parse::<f32>().unwrap_or(0.0))
            })
            .unwrap_or(1.0);
        if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
            gzip = Some(weight > 0.0);
        } else if coding == "*" {
            any = Some(weight > 0.0);
        }
    }
    gzip.or(any).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn accept(value: &str) -> bool {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        accepts_gzip(&headers)
    }

    #[test]
    fn gzip_is_taken_when_offered_with_a_weight_above_zero() {
        assert!(accept("gzip, deflate, br, zstd"));
        assert!(accept("br;q=1.0, GZIP;q=0.5"));
        assert!(accept("*"));
        assert!(accept("x-gzip"));
        assert!(!accept("gzip;q=0"));
        assert!(!accept("gzip;q=0, *"));
        assert!(!accept("br, zstd"));
        assert!(!accept("identity"));
        assert!(!accept("gzipped"));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }

    #[test]
    fn answers_come_back_as_they_went_in() {
        let body = br#"{"items":[{"code":"ROOM_STANDARD_DOUBLE","description":"Jasny pok\xc3\xb3j"}]}"#.repeat(40);
        let gz = deflate(&body);
        assert!(gz.len() < body.len() / 3, "{} of {}", gz.len(), body.len());
        assert!(own_member(&gz).is_some(), "our members take the quick way");
        assert_eq!(inflate(&gz).as_deref(), Some(&body[..]));
        assert_eq!(inflate(b"not gzip at all"), None);
        assert_eq!(inflate(&gz[..gz.len() / 2]), None, "a truncated member");
        let mut corrupt = gz.clone();
        let at = corrupt.len() - 8;
        corrupt[at] ^= 1;
        assert_eq!(inflate(&corrupt), None, "a wrong checksum");
        // Members written elsewhere, with a file name, inflate too.
        let mut named = flate2::GzBuilder::new().filename("answer.json").write(Vec::new(), flate2::Compression::fast());
        named.write_all(&body).unwrap();
        assert_eq!(inflate(&named.finish().unwrap()).as_deref(), Some(&body[..]));
        // The same inflater serves one answer after another.
        let other = deflate(b"{}");
        for _ in 0..3 {
            assert_eq!(inflate(&gz).as_deref(), Some(&body[..]));
            assert_eq!(inflate(&other).as_deref(), Some(&b"{}"[..]));
        }
    }
}

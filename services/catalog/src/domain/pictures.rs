//! A picture an administrator uploads for a product: what is accepted (a
//! JPEG, PNG or WebP of at least 800×600 and at most 8000×8000 pixels, up
//! to 8 MB) and the two sizes it is kept in: the product page's (within
//! 1600×1200, its proportions kept) and the listing card's (800×600, cut to
//! fill). Both are JPEG, whatever came, so no uploaded file is ever served
//! as it came.

use std::io::Cursor;

use image::imageops::FilterType;
use image::{DynamicImage, ImageFormat, ImageReader, Limits};

pub const MAX_BYTES: usize = 8 * 1024 * 1024;
pub const MIN_SIZE: (u32, u32) = (800, 600);
pub const MAX_SIZE: (u32, u32) = (8000, 8000);
pub const PAGE_SIZE: (u32, u32) = (1600, 1200);
pub const LISTING_SIZE: (u32, u32) = (800, 600);
const JPEG_QUALITY: u8 = 85;

/// Why a picture was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    TooLarge,
    NotAPicture,
    TooSmall,
    TooBig,
}

/// The two sizes, as JPEG bytes.
pub struct Resized {
    pub page: Vec<u8>,
    pub listing: Vec<u8>,
}

fn jpeg(image: &DynamicImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    let rgb = DynamicImage::ImageRgb8(image.to_rgb8());
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY);
    // Encoding an in-memory RGB image into a Vec cannot fail.
    rgb.write_with_encoder(encoder).expect("a JPEG is written into memory");
    out.into_inner()
}

/// The picture checked and resized.
pub fn prepare(data: &[u8]) -> Result<Resized, Refusal> {
    if data.len() > MAX_BYTES {
        return Err(Refusal::TooLarge);
    }
    let reader = ImageReader::new(Cursor::new(data)).with_guessed_format().map_err(|_| Refusal::NotAPicture)?;
    if !matches!(reader.format(), Some(ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP)) {
        return Err(Refusal::NotAPicture);
    }
    let (width, height) = reader.into_dimensions().map_err(|_| Refusal::NotAPicture)?;
    if width < MIN_SIZE.0 || height < MIN_SIZE.1 {
        return Err(Refusal::TooSmall);
    }
    if width > MAX_SIZE.0 || height > MAX_SIZE.1 {
        return Err(Refusal::TooBig);
    }
    let mut reader = ImageReader::new(Cursor::new(data)).with_guessed_format().map_err(|_| Refusal::NotAPicture)?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIZE.0);
    limits.max_image_height = Some(MAX_SIZE.1);
    reader.limits(limits);
    let image = reader.decode().map_err(|_| Refusal::NotAPicture)?;
    // Within the page's size already: kept as it is, never made larger.
    let page = if width <= PAGE_SIZE.0 && height <= PAGE_SIZE.1 {
        image.clone()
    } else {
        image.resize(PAGE_SIZE.0, PAGE_SIZE.1, FilterType::Lanczos3)
    };
    let listing = image.resize_to_fill(LISTING_SIZE.0, LISTING_SIZE.1, FilterType::Lanczos3);
    Ok(Resized { page: jpeg(&page), listing: jpeg(&listing) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let image = DynamicImage::ImageRgb8(image::RgbImage::from_pixel(width, height, image::Rgb([200, 120, 60])));
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    fn size(jpeg: &[u8]) -> (u32, u32) {
        ImageReader::new(Cursor::new(jpeg)).with_guessed_format().unwrap().into_dimensions().unwrap()
    }

    #[test]
    fn a_picture_is_kept_in_the_pages_size_and_cut_to_the_cards() {
        let r = prepare(&png(2400, 1200)).unwrap();
        assert_eq!(size(&r.page), (1600, 800), "proportions kept");
        assert_eq!(size(&r.listing), (800, 600), "cut to fill");
        assert!(r.page.starts_with(&[0xFF, 0xD8]) && r.listing.starts_with(&[0xFF, 0xD8]), "JPEG");
        let small = prepare(&png(800, 600)).unwrap();
        assert_eq!(size(&small.page), (800, 600), "never made larger");
    }

    #[test]
    fn what_is_not_a_picture_of_the_right_size_is_refused() {
        assert_eq!(prepare(b"hello, not a picture").err(), Some(Refusal::NotAPicture));
        assert_eq!(prepare(&png(799, 600)).err(), Some(Refusal::TooSmall));
        assert_eq!(prepare(&vec![0; MAX_BYTES + 1]).err(), Some(Refusal::TooLarge));
        let gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;";
        assert_eq!(prepare(gif).err(), Some(Refusal::NotAPicture));
    }
}

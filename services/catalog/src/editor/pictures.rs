//! Where uploaded pictures are kept: files under the catalog's picture
//! directory (`PICTURE_DIR`), named by a random id under their product's
//! code, written whole before they are named (a reader never sees half a
//! file). Served back by path through `GetPicture`.

use std::path::{Path, PathBuf};

/// The public path prefix of uploaded pictures (the gateway serves it).
pub const PREFIX: &str = "/pictures/";

#[derive(Clone, Debug)]
pub struct PictureStore {
    dir: PathBuf,
}

/// Whether `path` is one this store names: `/pictures/<CODE>/<32 hex>-page.jpg` or `-listing.jpg`.
pub fn well_formed(path: &str) -> bool {
    let Some(rest) = path.strip_prefix(PREFIX) else { return false };
    let Some((code, file)) = rest.split_once('/') else { return false };
    let code_ok = (1..=64).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
    let Some((id, size)) = file.split_once('-') else { return false };
    let id_ok = id.len() == 32 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    code_ok && id_ok && matches!(size, "page.jpg" | "listing.jpg")
}

impl PictureStore {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    fn file(&self, path: &str) -> Option<PathBuf> {
        well_formed(path).then(|| self.dir.join(path.trim_start_matches(PREFIX)))
    }

    /// Two new paths for a picture of `code`: the page's and the listing's.
    pub fn new_paths(code: &str) -> (String, String) {
        let id = uuid::Uuid::new_v4().simple().to_string();
        (format!("{PREFIX}{code}/{id}-page.jpg"), format!("{PREFIX}{code}/{id}-listing.jpg"))
    }

    pub async fn put(&self, path: &str, data: &[u8]) -> std::io::Result<()> {
        let file = self.file(path).ok_or_else(|| std::io::Error::other(format!("not a picture path: {path}")))?;
        let dir = file.parent().unwrap_or(Path::new("."));
        tokio::fs::create_dir_all(dir).await?;
        let part = file.with_extension("part");
        tokio::fs::write(&part, data).await?;
        tokio::fs::rename(&part, &file).await
    }

    /// The picture's bytes; none for a path this store does not hold.
    pub async fn get(&self, path: &str) -> std::io::Result<Option<Vec<u8>>> {
        let Some(file) = self.file(path) else { return Ok(None) };
        match tokio::fs::read(file).await {
            Ok(data) => Ok(Some(data)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    pub async fn remove(&self, path: &str) {
        if let Some(file) = self.file(path)
            && let Err(e) = tokio::fs::remove_file(&file).await
        {
            tracing::warn!(error = %e, path, "picture file not removed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_stores_own_names_are_served() {
        let (page, listing) = PictureStore::new_paths("TR_ZEN");
        assert!(well_formed(&page) && well_formed(&listing), "{page} {listing}");
        for wrong in [
            "/pictures/../etc/passwd",
            "/pictures/TR_ZEN/../../x-page.jpg",
            "/pictures/tr_zen/0123456789abcdef0123456789abcdef-page.jpg",
            "/pictures/TR_ZEN/0123456789abcdef0123456789abcdef-page.png",
            "/media/TR_ZEN/0123456789abcdef0123456789abcdef-page.jpg",
        ] {
            assert!(!well_formed(wrong), "{wrong}");
        }
    }
}

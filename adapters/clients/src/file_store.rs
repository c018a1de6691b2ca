//! The `FileStore` port on a local folder (`PATIO_UPLOAD_DIR`, default `.data/uploads`). The
//! HTTP adapter serves the folder read-only at [`PUBLIC_PREFIX`].
//!
//! Files get new random names (`<32 hex digits>.<ext>`) inside a fixed set of sub-folders;
//! nothing a client sends becomes part of a path. A file is written under a hidden temporary
//! name and renamed, so a reader never sees half a file.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use patio_application::settings::ports::FileStore;
use patio_application::{AppError, AppResult};

/// Where the files are served.
pub const PUBLIC_PREFIX: &str = "/uploads";
/// The folder used when `PATIO_UPLOAD_DIR` is not set.
pub const DEFAULT_UPLOAD_DIR: &str = ".data/uploads";

pub struct FolderFileStore {
    root: PathBuf,
}

fn is_folder_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 40
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn is_extension(s: &str) -> bool {
    (1..=5).contains(&s.len())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// A name this store gave: hex digits, a dot, an extension.
fn is_stored_name(s: &str) -> bool {
    match s.split_once('.') {
        Some((stem, ext)) => {
            stem.len() == 32 && stem.chars().all(|c| c.is_ascii_hexdigit()) && is_extension(ext)
        }
        None => false,
    }
}

impl FolderFileStore {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file of a public path handed out by [`FileStore::save`], if it is one.
    pub fn file_of(&self, public_path: &str) -> Option<PathBuf> {
        let rest = public_path.strip_prefix(PUBLIC_PREFIX)?.strip_prefix('/')?;
        let (folder, name) = rest.split_once('/')?;
        (is_folder_name(folder) && is_stored_name(name)).then(|| self.root.join(folder).join(name))
    }
}

impl FileStore for FolderFileStore {
    fn save(&self, folder: &str, extension: &str, bytes: &[u8]) -> AppResult<String> {
        if !is_folder_name(folder) || !is_extension(extension) {
            return Err(AppError::internal(format!(
                "file store: refused folder {folder:?} or extension {extension:?}"
            )));
        }
        let dir = self.root.join(folder);
        std::fs::create_dir_all(&dir).map_err(AppError::internal)?;
        let name = format!("{:032x}.{extension}", rand::random::<u128>());
        let temporary = dir.join(format!(".{name}.part"));
        std::fs::write(&temporary, bytes).map_err(AppError::internal)?;
        if let Err(e) = std::fs::rename(&temporary, dir.join(&name)) {
            let _ = std::fs::remove_file(&temporary);
            return Err(AppError::internal(e));
        }
        Ok(format!("{PUBLIC_PREFIX}/{folder}/{name}"))
    }

    fn remove(&self, path: &str) -> AppResult<()> {
        let Some(file) = self.file_of(path) else {
            return Ok(());
        };
        match std::fs::remove_file(file) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            Err(e) => Err(AppError::internal(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_store() -> FolderFileStore {
        let dir = std::env::temp_dir().join(format!("patio-files-{:x}", rand::random::<u64>()));
        FolderFileStore::new(dir)
    }

    #[test]
    fn saves_under_a_random_name_and_removes_by_public_path() {
        let store = temp_store();
        let a = store.save("logos", "png", b"one").unwrap();
        let b = store.save("logos", "png", b"two").unwrap();
        assert_ne!(a, b);
        assert!(
            a.starts_with("/uploads/logos/") && a.ends_with(".png"),
            "{a}"
        );
        let file = store.file_of(&a).unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"one");
        store.remove(&a).unwrap();
        assert!(!file.exists());
        // Removing again, or something this store never gave, is quietly ignored.
        store.remove(&a).unwrap();
        store.remove("/uploads/../../etc/passwd").unwrap();
        store.remove("https://example.com/a.png").unwrap();
        std::fs::remove_dir_all(store.root()).unwrap();
    }

    #[test]
    fn names_from_outside_never_become_paths() {
        let store = temp_store();
        assert!(store.save("../x", "png", b"x").is_err());
        assert!(store.save("logos", "p/ng", b"x").is_err());
        assert!(store.save("Logos", "png", b"x").is_err());
        assert_eq!(store.file_of("/uploads/logos/../secret.png"), None);
        assert_eq!(store.file_of("/uploads/logos/abc.png"), None);
        assert_eq!(store.file_of("/uploadsx/logos/abc.png"), None);
        let _ = std::fs::remove_dir_all(store.root());
    }
}

//! The built single-page app: files by path, `index.html` for every other non-API path except
//! a missing static file (a path ending in an asset extension), which is a 404: a broken asset
//! link must show as an error, not as the app's HTML.

use std::path::PathBuf;

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::HttpResponse;

/// Extensions of files the build emits or a browser asks for by itself (favicon, manifest).
const ASSET_EXTENSIONS: &[&str] = &[
    "ico",
    "png",
    "jpg",
    "jpeg",
    "gif",
    "svg",
    "webp",
    "js",
    "mjs",
    "css",
    "map",
    "json",
    "txt",
    "xml",
    "webmanifest",
    "woff",
    "woff2",
    "ttf",
    "html",
];

/// Whether `path` names a static file rather than a page of the app. Only the last segment
/// counts, and only known extensions: a sign-in link's token may hold dots.
pub fn is_asset_path(path: &str) -> bool {
    let last = path.rsplit('/').next().unwrap_or("");
    last.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && ASSET_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
    })
}

pub fn spa(dir: PathBuf) -> Files {
    let index = dir.join("index.html");
    Files::new("/", dir)
        .index_file("index.html")
        .prefer_utf8(true)
        .default_handler(fn_service(move |req: ServiceRequest| {
            let index = index.clone();
            async move {
                let (req, _) = req.into_parts();
                if is_asset_path(req.path()) {
                    return Ok(ServiceResponse::new(req, HttpResponse::NotFound().finish()));
                }
                let file = NamedFile::open_async(&index).await?;
                let mut res = file.into_response(&req);
                // The shell must be re-read so new deployments are picked up at once.
                res.headers_mut().insert(
                    actix_web::http::header::CACHE_CONTROL,
                    CacheControl(vec![CacheDirective::NoCache])
                        .to_string()
                        .parse()
                        .map_err(actix_web::error::ErrorInternalServerError)?,
                );
                Ok(ServiceResponse::new(req, res))
            }
        }))
}

#[cfg(test)]
mod tests {
    use super::is_asset_path;

    #[test]
    fn asset_paths_are_told_from_app_routes() {
        for p in [
            "/favicon.ico",
            "/main.1a2b3c4d.js",
            "/x/logo.PNG",
            "/robots.txt",
        ] {
            assert!(is_asset_path(p), "{p}");
        }
        for p in [
            "/",
            "/dashboard",
            "/empresa/novo/12",
            "/driver-login/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
            "/.well-known",
        ] {
            assert!(!is_asset_path(p), "{p}");
        }
    }
}

//! The built single-page app (issue 23). Each file goes out as the build wrote it, in the
//! smallest encoding the browser accepts: the build writes `name.br` (brotli 11) and `name.gz`
//! (gzip 9) beside every file worth it, so nothing is compressed per request. Hashed files
//! (`name.1a2b3c4d.js`) are cached for a year; the shell, the service worker and every other
//! unhashed file are revalidated on each use. `index.html` answers every other non-API path
//! except a missing static file (a path ending in an asset extension), which is a 404: a broken
//! asset link must show as an error, not as the app's HTML.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use actix_files::{NamedFile, PathBufWrap};
use actix_web::dev::HttpServiceFactory;
use actix_web::http::header::{self, ContentEncoding, HeaderValue};
use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::edge;

/// `Cache-Control` of a file whose name changes with its content.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of everything else: kept, but checked (ETag) before each use, so a new
/// deployment is picked up at once.
pub const NO_CACHE: &str = "no-cache";

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

/// The encodings the build writes, best first, with the suffix of their file.
const PRECOMPRESSED: &[(ContentEncoding, &str)] = &[
    (ContentEncoding::Brotli, "br"),
    (ContentEncoding::Gzip, "gz"),
];

/// Whether `path` names a static file rather than a page of the app. Only the last segment
/// counts, and only known extensions: a sign-in link's token may hold dots.
pub fn is_asset_path(path: &str) -> bool {
    let last = path.rsplit('/').next().unwrap_or("");
    last.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && ASSET_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
    })
}

/// Whether a file name carries the build's content hash (`name.<8+ hex>.js|css`): such a file
/// never changes under its name.
pub fn is_hashed(file_name: &str) -> bool {
    let mut parts = file_name.rsplit('.');
    let (Some(ext), Some(hash), Some(stem)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    matches!(ext, "js" | "css")
        && !stem.is_empty()
        && hash.len() >= 8
        && hash.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The `Cache-Control` of a built file, by its name.
pub fn cache_control(file_name: &str) -> &'static str {
    if is_hashed(file_name) {
        IMMUTABLE
    } else {
        NO_CACHE
    }
}

/// Whether an `Accept-Encoding` value admits `coding`: named with q > 0, or by `*` with
/// q > 0 when not named (RFC 9110 section 12.5.3). Case-insensitive.
pub fn accepts(accept_encoding: &str, coding: &str) -> bool {
    let mut star = None;
    for item in accept_encoding.split(',') {
        let mut fields = item.split(';');
        let name = fields.next().unwrap_or("").trim();
        let q = fields
            .filter_map(|p| p.trim().split_once('='))
            .find(|(k, _)| k.trim().eq_ignore_ascii_case("q"))
            .map_or(1.0, |(_, v)| v.trim().parse::<f32>().unwrap_or(0.0));
        if name.eq_ignore_ascii_case(coding) {
            return q > 0.0;
        }
        if name == "*" {
            star = Some(q > 0.0);
        }
    }
    star.unwrap_or(false)
}

/// The app built in `dir`, with the browser-facing headers of [`edge::app_headers`], on every
/// path not taken by a service registered before it.
pub fn spa(dir: PathBuf) -> impl HttpServiceFactory {
    let headers = edge::app_headers(&dir);
    let site = Arc::new(dir);
    web::scope("")
        .wrap(headers)
        .default_service(web::to(move |req: HttpRequest| {
            let site = site.clone();
            async move { serve(&site, &req).await }
        }))
}

async fn serve(dir: &Path, req: &HttpRequest) -> HttpResponse {
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return HttpResponse::MethodNotAllowed()
            .insert_header((header::ALLOW, "GET, HEAD"))
            .finish();
    }
    // A path that is not a safe relative one (`..`, hidden segments) is no file of the build.
    let file = PathBufWrap::parse_path(req.path(), false)
        .ok()
        .map(|p| dir.join(p))
        .filter(|p| p.as_path() != dir && p.is_file());
    let file = match file {
        Some(file) => file,
        None if is_asset_path(req.path()) => return HttpResponse::NotFound().finish(),
        None => dir.join("index.html"),
    };
    send(req, &file)
        .await
        .unwrap_or_else(|_| HttpResponse::NotFound().finish())
}

/// `file` in the best encoding the request accepts that the build wrote, with its caching.
async fn send(req: &HttpRequest, file: &Path) -> std::io::Result<HttpResponse> {
    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let accept = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let variants: Vec<(ContentEncoding, PathBuf)> = PRECOMPRESSED
        .iter()
        .map(|(encoding, suffix)| (*encoding, file.with_file_name(format!("{name}.{suffix}"))))
        .filter(|(_, path)| path.is_file())
        .collect();
    let chosen = variants
        .iter()
        .find(|(encoding, _)| accepts(accept, encoding.as_str()));
    let named = match chosen {
        Some((encoding, path)) => NamedFile::open_async(path)
            .await?
            .set_content_encoding(*encoding),
        None => NamedFile::open_async(file).await?,
    };
    let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
    let mut res = named
        .set_content_type(actix_files::file_extension_to_mime(ext))
        .disable_content_disposition()
        .prefer_utf8(true)
        .into_response(req);
    let headers = res.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(cache_control(name)),
    );
    if !variants.is_empty() {
        // Caches keep one answer per encoding.
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn only_content_hashed_scripts_and_styles_are_immutable() {
        for name in [
            "main.1a2b3c4d.js",
            "driver-home.0f9e8d7c.css",
            "123.abcdef12.js",
        ] {
            assert_eq!(cache_control(name), IMMUTABLE, "{name}");
        }
        for name in [
            "index.html",
            "sw.js",
            "manifest.webmanifest",
            "favicon.ico",
            "main.js",
            "chunk-groups.json",
            "framework.notahash.js",
            ".1a2b3c4d.js",
        ] {
            assert_eq!(cache_control(name), NO_CACHE, "{name}");
        }
    }

    #[test]
    fn accept_encoding_honours_q_values_and_the_wildcard() {
        assert!(accepts("gzip, deflate, br, zstd", "br"));
        assert!(accepts("GZIP", "gzip"));
        assert!(accepts("br;q=0.5, gzip;q=1.0", "br"));
        assert!(!accepts("br;q=0, gzip", "br"));
        assert!(accepts("br;q=0, gzip", "gzip"));
        assert!(!accepts("gzip, deflate", "br"));
        assert!(!accepts("", "gzip"));
        assert!(!accepts("identity", "gzip"));
        assert!(accepts("*", "br"));
        assert!(!accepts("*;q=0", "br"));
        assert!(!accepts("*, br;q=0", "br"));
        assert!(accepts("*;q=0, br", "br"));
    }
}

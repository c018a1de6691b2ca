//! The built app as `patio serve` hands it out (issue 23): the build's brotli and gzip files
//! chosen by `Accept-Encoding`, caching by name, the shell for app routes, 404 for a missing
//! asset, and the browser-facing security headers on all of it.
#![allow(clippy::unwrap_used)] // tests fail loudly

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use actix_web::http::{header, Method, StatusCode};
use actix_web::{test, App};
use patio_http::static_files::{spa, IMMUTABLE, NO_CACHE};

const SCRIPT: &[u8] = b"console.log('driver');\n";
const SCRIPT_BR: &[u8] = b"brotli bytes of the script";
const SCRIPT_GZ: &[u8] = b"gzip bytes of the script";
const SHELL: &str = "<!doctype html><html><head><script>boot()</script></head><body><div id=\"root\"></div></body></html>";
const SHELL_BR: &[u8] = b"brotli bytes of the shell";

/// A dist/ as the build leaves it, in a folder of its own (removed on drop).
struct Dist(PathBuf);

impl Dist {
    fn new() -> Self {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "patio-static-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let files: &[(&str, &[u8])] = &[
            ("index.html", SHELL.as_bytes()),
            ("index.html.br", SHELL_BR),
            ("main.1a2b3c4d.js", SCRIPT),
            ("main.1a2b3c4d.js.br", SCRIPT_BR),
            ("main.1a2b3c4d.js.gz", SCRIPT_GZ),
            ("driver.0f9e8d7c.css", b".d{color:red}"),
            ("driver.0f9e8d7c.css.gz", b"gzip bytes of the style"),
            ("sw.js", b"self.addEventListener('fetch', () => {});"),
            ("sw.js.br", b"brotli bytes of the worker"),
            ("favicon.ico", &[0, 0, 1, 0, 1, 0]),
        ];
        for (name, bytes) in files {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        Dist(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Dist {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

async fn get(
    dist: &Dist,
    path: &str,
    accept_encoding: Option<&str>,
) -> (StatusCode, header::HeaderMap, Vec<u8>) {
    let app = test::init_service(App::new().service(spa(dist.path().to_path_buf()))).await;
    let mut req = test::TestRequest::get().uri(path);
    if let Some(value) = accept_encoding {
        req = req.insert_header((header::ACCEPT_ENCODING, value));
    }
    let res = test::call_service(&app, req.to_request()).await;
    let status = res.status();
    let headers = res.headers().clone();
    let body = test::read_body(res).await.to_vec();
    (status, headers, body)
}

fn h(headers: &header::HeaderMap, name: header::HeaderName) -> &str {
    headers
        .get(&name)
        .map(|v| v.to_str().unwrap())
        .unwrap_or_default()
}

#[actix_rt::test]
async fn a_hashed_script_goes_out_as_the_build_s_brotli_file_when_the_browser_accepts_it() {
    let dist = Dist::new();
    let (status, headers, body) =
        get(&dist, "/main.1a2b3c4d.js", Some("gzip, deflate, br, zstd")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, SCRIPT_BR);
    assert_eq!(h(&headers, header::CONTENT_ENCODING), "br");
    assert_eq!(h(&headers, header::VARY), "Accept-Encoding");
    assert!(h(&headers, header::CONTENT_TYPE).starts_with("text/javascript"));
    assert_eq!(h(&headers, header::CACHE_CONTROL), IMMUTABLE);
    assert_eq!(h(&headers, header::CONTENT_DISPOSITION), "");
}

#[actix_rt::test]
async fn gzip_goes_out_when_brotli_is_refused_or_not_asked_for() {
    let dist = Dist::new();
    for accept in ["gzip, deflate", "br;q=0, gzip", "GZIP;q=0.5"] {
        let (status, headers, body) = get(&dist, "/main.1a2b3c4d.js", Some(accept)).await;
        assert_eq!(status, StatusCode::OK, "{accept}");
        assert_eq!(body, SCRIPT_GZ, "{accept}");
        assert_eq!(h(&headers, header::CONTENT_ENCODING), "gzip", "{accept}");
        assert_eq!(h(&headers, header::VARY), "Accept-Encoding", "{accept}");
    }
    // A style the build wrote only in gzip: a brotli browser still gets gzip.
    let (_, headers, body) = get(&dist, "/driver.0f9e8d7c.css", Some("br, gzip")).await;
    assert_eq!(body, b"gzip bytes of the style");
    assert_eq!(h(&headers, header::CONTENT_ENCODING), "gzip");
    assert!(h(&headers, header::CONTENT_TYPE).starts_with("text/css"));
    assert_eq!(h(&headers, header::CACHE_CONTROL), IMMUTABLE);
}

#[actix_rt::test]
async fn a_client_without_accept_encoding_gets_the_plain_file_and_nothing_is_compressed_on_the_fly()
{
    let dist = Dist::new();
    for accept in [None, Some("identity"), Some("br;q=0, gzip;q=0")] {
        let (status, headers, body) = get(&dist, "/main.1a2b3c4d.js", accept).await;
        assert_eq!(status, StatusCode::OK, "{accept:?}");
        assert_eq!(body, SCRIPT, "{accept:?}");
        assert_eq!(h(&headers, header::CONTENT_ENCODING), "", "{accept:?}");
        // The answer still depends on the header: caches must keep them apart.
        assert_eq!(h(&headers, header::VARY), "Accept-Encoding", "{accept:?}");
    }
    // A file the build did not compress (the icon): as it is, no Vary.
    let (status, headers, body) = get(&dist, "/favicon.ico", Some("br, gzip")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, [0, 0, 1, 0, 1, 0]);
    assert_eq!(h(&headers, header::CONTENT_ENCODING), "");
    assert_eq!(h(&headers, header::VARY), "");
    assert_eq!(h(&headers, header::CACHE_CONTROL), NO_CACHE);
}

#[actix_rt::test]
async fn the_shell_and_the_service_worker_are_revalidated_on_every_use() {
    let dist = Dist::new();
    for path in ["/", "/index.html"] {
        let (status, headers, body) = get(&dist, path, Some("br")).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(body, SHELL_BR, "{path}");
        assert_eq!(h(&headers, header::CONTENT_ENCODING), "br", "{path}");
        assert_eq!(h(&headers, header::CACHE_CONTROL), NO_CACHE, "{path}");
        assert!(h(&headers, header::CONTENT_TYPE).starts_with("text/html"));
    }
    let (status, headers, body) = get(&dist, "/sw.js", Some("br")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, b"brotli bytes of the worker");
    assert_eq!(h(&headers, header::CACHE_CONTROL), NO_CACHE);
}

#[actix_rt::test]
async fn an_app_route_gets_the_shell_and_a_missing_asset_a_404() {
    let dist = Dist::new();
    for path in [
        "/app/login",
        "/app/agendamento/status",
        "/driver-login/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
        "/.well-known",
        "/a/../../etc/passwd",
    ] {
        let (status, headers, body) = get(&dist, path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(String::from_utf8(body).unwrap(), SHELL, "{path}");
        assert_eq!(h(&headers, header::CACHE_CONTROL), NO_CACHE, "{path}");
    }
    for path in [
        "/missing.1a2b3c4d.js",
        "/nao-existe.css",
        "/x/logo.png",
        "/../secret.json",
    ] {
        let (status, headers, body) = get(&dist, path, Some("br, gzip")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(body.is_empty(), "{path}");
        assert_eq!(h(&headers, header::CACHE_CONTROL), "", "{path}");
    }
}

#[actix_rt::test]
async fn every_answer_carries_the_security_headers_with_the_shell_s_script_hash() {
    let dist = Dist::new();
    for path in ["/", "/app/login", "/main.1a2b3c4d.js", "/nao-existe.css"] {
        let (_, headers, _) = get(&dist, path, Some("br")).await;
        let csp = h(&headers, header::CONTENT_SECURITY_POLICY);
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("'sha256-"), "{path}: {csp}");
        assert_eq!(h(&headers, header::X_CONTENT_TYPE_OPTIONS), "nosniff");
        assert_eq!(h(&headers, header::X_FRAME_OPTIONS), "DENY");
    }
}

#[actix_rt::test]
async fn a_revalidation_of_an_unchanged_file_is_a_304_and_writes_are_refused() {
    let dist = Dist::new();
    let app = test::init_service(App::new().service(spa(dist.path().to_path_buf()))).await;
    let res = test::call_service(
        &app,
        test::TestRequest::get()
            .uri("/sw.js")
            .insert_header((header::ACCEPT_ENCODING, "br"))
            .to_request(),
    )
    .await;
    let etag = res.headers().get(header::ETAG).unwrap().clone();
    let again = test::call_service(
        &app,
        test::TestRequest::get()
            .uri("/sw.js")
            .insert_header((header::ACCEPT_ENCODING, "br"))
            .insert_header((header::IF_NONE_MATCH, etag))
            .to_request(),
    )
    .await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(h(again.headers(), header::CACHE_CONTROL), NO_CACHE);
    let post = test::call_service(
        &app,
        test::TestRequest::default()
            .method(Method::POST)
            .uri("/app/login")
            .to_request(),
    )
    .await;
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
}

//! The built single-page app: files by path, `index.html` for every other non-API path.

use std::path::PathBuf;

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{CacheControl, CacheDirective};

pub fn spa(dir: PathBuf) -> Files {
    let index = dir.join("index.html");
    Files::new("/", dir)
        .index_file("index.html")
        .prefer_utf8(true)
        .default_handler(fn_service(move |req: ServiceRequest| {
            let index = index.clone();
            async move {
                let (req, _) = req.into_parts();
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

//! Uploads: reading the multipart forms of the upload calls (logo, pop-up image) with a size
//! cap, and serving the stored files read-only at `/uploads/...`.

use std::collections::HashMap;
use std::path::PathBuf;

use actix_multipart::Multipart;
use actix_web::middleware::DefaultHeaders;
use actix_web::{web, HttpRequest};
use futures_util::StreamExt;
use patio_application::AppError;
use patio_domain::settings::images::{IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES};

use crate::error::ApiError;

pub const MULTIPART_MESSAGE: &str = "Envie a imagem como multipart/form-data.";

/// Longest text field kept (ids).
const TEXT_FIELD_MAX: usize = 1024;
/// Bytes of a file read at most before the upload is cut off: beyond it the client is told
/// the image is too large without waiting for the rest.
const DRAIN_LIMIT: usize = 8 * MAX_IMAGE_BYTES;
/// Fields read at most.
const MAX_FIELDS: usize = 16;

/// The file and the text fields of an upload form.
#[derive(Debug, Default)]
pub struct UploadForm {
    /// The file's first `MAX_IMAGE_BYTES + 1` bytes at most: enough for the domain to refuse
    /// a larger one without holding it in memory.
    pub file: Vec<u8>,
    pub fields: HashMap<String, String>,
}

impl UploadForm {
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(|s| s.trim())
    }
}

/// Reads the multipart body: the field `file_field` (or the first field carrying a file name)
/// as the file, the others as text. Anything that is not multipart is a 422 on the file field.
pub async fn read_upload(
    req: &HttpRequest,
    payload: web::Payload,
    file_field: &str,
) -> Result<UploadForm, ApiError> {
    let refused = || ApiError(AppError::field(file_field, MULTIPART_MESSAGE));
    let is_multipart = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("multipart/form-data"));
    if !is_multipart {
        return Err(refused());
    }
    let mut multipart = Multipart::new(req.headers(), payload);
    let mut form = UploadForm::default();
    let mut have_file = false;
    let mut seen = 0;
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(|_| refused())?;
        seen += 1;
        if seen > MAX_FIELDS {
            break;
        }
        let name = field.name().unwrap_or("").to_owned();
        let has_file_name = field
            .content_disposition()
            .and_then(|cd| cd.get_filename())
            .is_some();
        if !have_file && (name == file_field || has_file_name) {
            have_file = true;
            let mut received = 0usize;
            while let Some(chunk) = field.next().await {
                let chunk = chunk.map_err(|_| refused())?;
                received = received.saturating_add(chunk.len());
                if received > DRAIN_LIMIT {
                    return Err(ApiError(AppError::field(
                        file_field,
                        IMAGE_TOO_LARGE_MESSAGE,
                    )));
                }
                // Past the cap the rest is read and dropped, so the fields after it arrive.
                let room = (MAX_IMAGE_BYTES + 1).saturating_sub(form.file.len());
                form.file.extend_from_slice(&chunk[..chunk.len().min(room)]);
            }
        } else {
            let mut text = Vec::new();
            while let Some(chunk) = field.next().await {
                let chunk = chunk.map_err(|_| refused())?;
                if text.len() + chunk.len() > TEXT_FIELD_MAX {
                    return Err(refused());
                }
                text.extend_from_slice(&chunk);
            }
            if text.contains(&0) {
                return Err(ApiError(AppError::field(&name, crate::edge::NUL_MESSAGE)));
            }
            form.fields
                .insert(name, String::from_utf8_lossy(&text).into_owned());
        }
    }
    Ok(form)
}

/// The stored files, read-only, at `/uploads`: no listing, no hidden files, `nosniff` and a
/// sandboxing policy so that nothing served from there can run script, and, like every other
/// answer, nobody frames them (`frame-ancestors 'none'`, `X-Frame-Options`). Names are random
/// and never reused, so they are cached for a year.
pub fn files(dir: PathBuf) -> impl actix_web::dev::HttpServiceFactory {
    web::scope("/uploads")
        .wrap(
            DefaultHeaders::new()
                .add(("X-Content-Type-Options", "nosniff"))
                .add((
                    "Content-Security-Policy",
                    "default-src 'none'; img-src 'self'; sandbox; frame-ancestors 'none'",
                ))
                .add(("X-Frame-Options", "DENY"))
                .add(("Referrer-Policy", "same-origin"))
                .add(("Cache-Control", "public, max-age=31536000, immutable")),
        )
        .service(actix_files::Files::new("", dir))
}

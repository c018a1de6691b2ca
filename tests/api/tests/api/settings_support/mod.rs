//! Helpers of the settings-area tests (settings, blocked dates, terms, pop-ups): the demo
//! people signed in (clients of `common::client`), multipart bodies and small images.
#![allow(dead_code)]

use actix_web::test::TestRequest;

use super::common::fixtures;
use super::common::{Client, TestApp, DEMO_CPF, OTHER_CPF};

/// The demo people signed in: Demo Agro's staff and driver, a non-root administrator, and
/// Outra Empresa's Usuario and driver.
pub struct People {
    pub root: Client,
    pub admin: Client,
    pub usuario: Client,
    pub expedicao: Client,
    pub espectador: Client,
    pub transp: Client,
    pub other_usuario: Client,
    pub driver: Client,
    pub other_driver: Client,
}

/// Signs the demo people in on `anon`'s server; the non-root administrator
/// (`admin2@patio.local`) is created by the root administrator first.
pub async fn people(app: &TestApp, anon: &Client) -> People {
    let root = anon.sign_in("admin@patio.local").await;
    fixtures::plain_admin(app, "Admin Comum", "admin2@patio.local").await;
    People {
        admin: anon.sign_in("admin2@patio.local").await,
        root,
        usuario: anon.sign_in("usuario@patio.local").await,
        expedicao: anon.sign_in("expedicao@patio.local").await,
        espectador: anon.sign_in("espectador@patio.local").await,
        transp: anon.sign_in("transp@patio.local").await,
        other_usuario: anon.sign_in("outra@empresa.local").await,
        driver: anon
            .driver_sign_in(DEMO_CPF, app.ids.demo, "1990-01-15")
            .await,
        other_driver: anon
            .driver_sign_in(OTHER_CPF, app.ids.other, "1985-06-30")
            .await,
    }
}

/// One part of a multipart body: name, file name (for files) and bytes.
pub struct Part<'a> {
    pub name: &'a str,
    pub file_name: Option<&'a str>,
    pub content_type: &'a str,
    pub bytes: &'a [u8],
}

pub fn file<'a>(
    name: &'a str,
    file_name: &'a str,
    content_type: &'a str,
    bytes: &'a [u8],
) -> Part<'a> {
    Part {
        name,
        file_name: Some(file_name),
        content_type,
        bytes,
    }
}

pub fn text<'a>(name: &'a str, value: &'a str) -> Part<'a> {
    Part {
        name,
        file_name: None,
        content_type: "text/plain",
        bytes: value.as_bytes(),
    }
}

const BOUNDARY: &str = "----patio-test-boundary-7d1f";

/// A `multipart/form-data` POST (send it with `client.send`).
pub fn multipart(uri: &str, parts: &[Part<'_>]) -> TestRequest {
    let mut body = Vec::new();
    for p in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        match p.file_name {
            Some(f) => body.extend_from_slice(
                format!(
                    "Content-Disposition: form-data; name=\"{}\"; filename=\"{f}\"\r\nContent-Type: {}\r\n\r\n",
                    p.name, p.content_type
                )
                .as_bytes(),
            ),
            None => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{}\"\r\n\r\n", p.name).as_bytes(),
            ),
        }
        body.extend_from_slice(p.bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    TestRequest::post()
        .uri(uri)
        .insert_header((
            "Content-Type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        ))
        .set_payload(body)
}

/// A 1x1 PNG (signature, IHDR, IDAT, IEND).
pub fn png() -> Vec<u8> {
    vec![
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F,
        0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00,
        0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49,
        0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}

/// The start of a JPEG (JFIF header).
pub fn jpeg() -> Vec<u8> {
    let mut b = vec![
        0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, b'J', b'F', b'I', b'F', 0x00, 0x01, 0x01, 0x00, 0x00,
        0x01, 0x00, 0x01, 0x00, 0x00,
    ];
    b.extend_from_slice(&[0xFF, 0xD9]);
    b
}

/// A PNG header padded to `size` bytes.
pub fn png_of_size(size: usize) -> Vec<u8> {
    let mut b = png();
    b.resize(size, 0);
    b
}

/// Staff log rows of an object type and operation.
pub fn staff_logs(app: &TestApp, object: &str, operation: &str) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM staff_logs WHERE object_type = '{object}' AND operation_type = '{operation}'"
    ))
}

/// The file behind a public `/uploads/...` path in the test server's upload folder.
pub fn uploaded_file(app: &TestApp, public_path: &str) -> std::path::PathBuf {
    let dir = app
        .state
        .config
        .upload_dir
        .clone()
        .expect("the test server has an upload folder");
    dir.join(public_path.trim_start_matches("/uploads/"))
}

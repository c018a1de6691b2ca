//! The reqwest adapter against a local stub of reCAPTCHA's verify call (never the internet).

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly

use std::net::TcpListener;

use actix_web::{web, App, HttpResponse, HttpServer};
use patio_application::ports::{CaptchaOutcome, CaptchaVerifier};
use patio_clients::RecaptchaVerifier;
use serde::Deserialize;

#[derive(Deserialize)]
struct Form {
    secret: String,
    response: String,
}

async fn siteverify(form: web::Form<Form>) -> HttpResponse {
    let ok = form.secret == "s3cret" && form.response == "good-token";
    HttpResponse::Ok().json(serde_json::json!({ "success": ok }))
}

fn start_stub() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        actix_rt::System::new().block_on(async move {
            HttpServer::new(|| App::new().route("/siteverify", web::post().to(siteverify)))
                .listen(listener)
                .unwrap()
                .workers(1)
                .run()
                .await
                .unwrap();
        });
    });
    format!("http://{addr}/siteverify")
}

#[test]
fn captcha_passes_a_good_token_and_refuses_a_bad_one() {
    let url = start_stub();
    let v = RecaptchaVerifier::new(url).unwrap();
    assert_eq!(
        v.verify("s3cret", "good-token", Some("10.0.0.1")).unwrap(),
        CaptchaOutcome::Passed
    );
    assert_eq!(
        v.verify("s3cret", "bad-token", None).unwrap(),
        CaptchaOutcome::Refused
    );
}

#[test]
fn captcha_service_down_is_an_error_not_a_pass() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/siteverify", listener.local_addr().unwrap());
    drop(listener);
    let v = RecaptchaVerifier::new(url).unwrap();
    let err = v.verify("s3cret", "good-token", None).unwrap_err();
    assert!(err.to_string().contains("captcha"), "{err}");
}

//! The ViaCEP adapter against a local stub of the service (never the internet).

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly

use std::net::TcpListener;

use actix_web::{web, App, HttpResponse, HttpServer};
use patio_application::ports::PostalCodeLookup;
use patio_clients::ViaCepLookup;
use patio_domain::values::Cep;

async fn viacep(path: web::Path<String>) -> HttpResponse {
    match path.as_str() {
        "01001000" => HttpResponse::Ok().json(serde_json::json!({
            "cep": "01001-000", "logradouro": "Praça da Sé", "complemento": "lado ímpar",
            "unidade": "", "bairro": "Sé", "localidade": "São Paulo", "uf": "SP",
            "estado": "São Paulo", "ibge": "3550308"
        })),
        "99999999" => HttpResponse::Ok().json(serde_json::json!({ "erro": "true" })),
        "88888888" => HttpResponse::Ok().json(serde_json::json!({ "erro": true })),
        "77777777" => HttpResponse::ServiceUnavailable().finish(),
        _ => HttpResponse::NotFound().finish(),
    }
}

fn start_stub() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        actix_rt::System::new().block_on(async move {
            HttpServer::new(|| App::new().route("/ws/{cep}/json/", web::get().to(viacep)))
                .listen(listener)
                .unwrap()
                .workers(1)
                .run()
                .await
                .unwrap();
        });
    });
    format!("http://{addr}/ws/{{cep}}/json/")
}

fn cep(s: &str) -> Cep {
    Cep::parse(s).unwrap()
}

#[test]
fn a_known_cep_fills_the_address() {
    let lookup = ViaCepLookup::new(start_stub());
    let found = lookup.lookup(&cep("01001-000")).unwrap().unwrap();
    assert_eq!(found.cep, "01001-000");
    assert_eq!(found.street, "Praça da Sé");
    assert_eq!(found.complement, "lado ímpar");
    assert_eq!(found.district, "Sé");
    assert_eq!(found.city, "São Paulo");
    assert_eq!(found.uf, "SP");
}

#[test]
fn an_unknown_cep_is_none() {
    let lookup = ViaCepLookup::new(start_stub());
    assert_eq!(lookup.lookup(&cep("99999-999")).unwrap(), None);
    assert_eq!(lookup.lookup(&cep("88888-888")).unwrap(), None);
    assert_eq!(lookup.lookup(&cep("12345-678")).unwrap(), None);
}

#[test]
fn a_failing_or_absent_service_is_an_error() {
    let lookup = ViaCepLookup::new(start_stub());
    assert!(lookup.lookup(&cep("77777-777")).is_err());
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/ws/{{cep}}/json/", listener.local_addr().unwrap());
    drop(listener);
    assert!(ViaCepLookup::new(url).lookup(&cep("01001-000")).is_err());
}

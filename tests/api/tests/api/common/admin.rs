//! Helpers of the administration tests (issue 3): the demo people, valid documents and form
//! bodies (requests go through `common::client`).

use serde_json::{json, Value};

use super::TestApp;

pub const ADMIN: &str = "admin@patio.local";
pub const USUARIO: &str = "usuario@patio.local";
pub const TRANSP: &str = "transp@patio.local";
pub const EXPEDICAO: &str = "expedicao@patio.local";
pub const OTHER_USUARIO: &str = "outra@empresa.local";

/// A valid CNPJ (14 digits) built from `n`.
pub fn cnpj(n: u32) -> String {
    let base = format!("{:08}0001", n % 100_000_000);
    let [d1, d2] = patio_domain::values::Cnpj::check_digits(&base).unwrap();
    format!("{base}{d1}{d2}")
}

/// `##.###.###/####-##`.
pub fn masked_cnpj(n: u32) -> String {
    patio_domain::values::Cnpj::parse(&cnpj(n))
        .unwrap()
        .masked()
}

/// A valid CPF built from `n`.
pub fn cpf(n: u32) -> String {
    let s = format!("{:09}", n % 1_000_000_000);
    let mut base = [0u8; 9];
    for (b, c) in base.iter_mut().zip(s.bytes()) {
        *b = c - b'0';
    }
    patio_domain::values::Cpf::from_base(base)
        .unwrap()
        .as_str()
        .to_owned()
}

pub fn company_body(name: &str, cnpj_n: u32) -> Value {
    json!({
        "name": name, "company": format!("{name} Ltda"), "cnpj": masked_cnpj(cnpj_n),
        "uf": "MT", "city": "Cuiabá", "street": "Rua das Flores", "number": 120,
        "complement": null, "district": "Centro", "zipCode": "78000-000",
        "website": null, "status": true, "contact": []
    })
}

pub fn contact(name: &str, fone: &str, email: &str) -> Value {
    json!({ "name": name, "fone": fone, "email": email, "whatsapp": true })
}

pub fn customer_body(code: i64, name: &str, company: Option<i64>) -> Value {
    json!({
        "id": 0, "code": code, "name": name, "company": format!("{name} SA"),
        "cnpj": masked_cnpj(5000 + code as u32), "stateRegistration": "123456",
        "uf": "MT", "street": "Estrada Velha", "number": "10", "complement": "",
        "city": "Sorriso", "district": "Zona Rural", "zipCode": "78890-000",
        "contact": [], "_company": company.map(|id| json!({ "id": id }))
    })
}

/// A shipping company that passes the edit rules too.
pub fn shipping_body(code: i64, name: &str, company: Option<i64>) -> Value {
    json!({
        "id": 0, "code": code, "name": name, "cnpj": masked_cnpj(7000 + code as u32),
        "stateRegistration": "987654", "uf": "MT", "street": "Rua do Porto",
        "number": 5, "complement": "", "city": "Sinop", "district": "Industrial",
        "zipCode": "78550-000", "isEnabled": true, "contact": [], "users": [],
        "login": null, "company": company.map(|id| json!({ "id": id }))
    })
}

/// A user form; new users get the demo password, so `app.staff(email)` signs them in.
pub fn user_body(name: &str, email: &str, role: &str, company: Option<i64>) -> Value {
    json!({
        "id": null, "name": name, "email": email, "role": role, "cpf": "", "fone": "",
        "password": super::PASSWORD, "receivesEmail": false, "isEnabled": true, "isRoot": false,
        "company": company.map(|id| json!({ "id": id })), "shippingCompany": null
    })
}

/// Staff log rows of an operation on an object type.
pub fn log_count(app: &TestApp, operation: &str, object: &str) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM staff_logs WHERE operation_type = '{operation}' AND object_type = '{object}'"
    ))
}

/// The `fields` of a 422 answer.
pub fn fields(body: &Value) -> &serde_json::Map<String, Value> {
    body["fields"].as_object().expect("a 422 body has fields")
}

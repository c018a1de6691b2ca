//! Records a test needs, made as the product makes them: through the API, by the person who
//! would (issue 8 item 5). Raw SQL is left for what no product path creates (see the `// why`
//! comments where it remains).
#![allow(dead_code)]

use actix_web::http::StatusCode;
use patio_application::fleet::drivers::SaveDriver;
use patio_application::fleet::trucks::{SaveTruck, VehicleModelRef};
use patio_application::services::OptIdRef;
use patio_domain::roles::Role;
use serde_json::{json, Value};

use super::admin::{customer_body, shipping_body, user_body};
use super::client::Client;
use super::TestApp;

/// A user of `role` in `company` created by the root administrator (demo password); its
/// e-mail. A Transportadora gets a shipping company of that company, made for it.
pub async fn user(app: &TestApp, role: Role, company: i64) -> String {
    let admin = app.admin().await;
    let email = format!("{}-{company}@fixture.local", role.as_str().to_lowercase());
    let mut body = user_body(
        &format!("{} {company}", role.label()),
        &email,
        role.as_str(),
        Some(company),
    );
    if role == Role::Transportadora {
        let code = 900 + company;
        let mut sc = shipping_body(code, &format!("Transportadora {company}"), Some(company));
        sc["cnpj"] = json!(super::admin::masked_cnpj(8000 + company as u32));
        let shipping = admin
            .post("/api/shipping-company/create", sc)
            .await
            .id(StatusCode::CREATED);
        body["company"] = Value::Null;
        body["shippingCompany"] = json!({ "id": shipping });
    }
    admin
        .post("/api/users/save", body)
        .await
        .expect(StatusCode::CREATED);
    email
}

/// An administrator who is not root, created by the root administrator (demo password).
pub async fn plain_admin(app: &TestApp, name: &str, email: &str) {
    app.admin()
        .await
        .post(
            "/api/users/save",
            user_body(name, email, "Administrador", None),
        )
        .await
        .expect(StatusCode::CREATED);
}

/// A customer of the caller's company (`customer_body`'s valid form); its id.
pub async fn customer(by: &Client, code: i64, name: &str) -> i64 {
    by.post("/api/customer/create", customer_body(code, name, None))
        .await
        .id(StatusCode::CREATED)
}

/// A product of the caller's company; its id.
pub async fn product(by: &Client, code: i64, name: &str) -> i64 {
    by.post(
        "/api/product/create",
        json!({ "id": 0, "code": code, "name": name, "group": 0 }),
    )
    .await
    .id(StatusCode::CREATED)
}

/// A shipping company of the caller's company (`shipping_body`'s valid form); its id.
pub async fn shipping_company(by: &Client, code: i64, name: &str) -> i64 {
    by.post(
        "/api/shipping-company/create",
        shipping_body(code, name, None),
    )
    .await
    .id(StatusCode::CREATED)
}

/// What [`order`] made.
#[derive(Debug, Clone, Copy)]
pub struct Order {
    pub id: i64,
    pub customer: i64,
    pub product: i64,
}

/// How an order is made by [`order`]: its code, the customer's and product's codes and
/// names, tonnes, open or not, and the shipping companies it is open to.
#[derive(Debug, Clone)]
pub struct OrderSpec<'a> {
    pub code: &'a str,
    pub customer: (i64, &'a str),
    pub product: (i64, &'a str),
    pub tonnes: f64,
    pub enable: bool,
    pub shipping: Vec<i64>,
}

impl<'a> OrderSpec<'a> {
    /// An open order of `tonnes` of SOJA (code 1) for 'Fazenda Rio Verde' (code 7).
    pub fn new(code: &'a str, tonnes: f64) -> Self {
        Self {
            code,
            customer: (7, "Fazenda Rio Verde"),
            product: (1, "SOJA"),
            tonnes,
            enable: true,
            shipping: Vec::new(),
        }
    }

    pub fn enable(mut self, enable: bool) -> Self {
        self.enable = enable;
        self
    }

    pub fn shipping(mut self, shipping: &[i64]) -> Self {
        self.shipping = shipping.to_vec();
        self
    }

    pub fn customer(mut self, code: i64, name: &'a str) -> Self {
        self.customer = (code, name);
        self
    }

    pub fn product(mut self, code: i64, name: &'a str) -> Self {
        self.product = (code, name);
        self
    }
}

/// An order with its customer and product, saved by `by` (a Usuario) through the API.
pub async fn order(by: &Client, spec: OrderSpec<'_>) -> Order {
    let customer = customer(by, spec.customer.0, spec.customer.1).await;
    let product = product(by, spec.product.0, spec.product.1).await;
    let shipping: Vec<Value> = spec.shipping.iter().map(|id| json!({ "id": id })).collect();
    let id = by
        .post(
            "/api/order/save",
            json!({ "id": 0, "code": spec.code, "customer": { "id": customer },
                    "enable": spec.enable, "shippingCompany": shipping,
                    "orderItem": [{ "product": { "id": product }, "quantity": spec.tonnes }] }),
        )
        .await
        .id(StatusCode::CREATED);
    Order {
        id,
        customer,
        product,
    }
}

/// A loading of `tonnes` on `order` for the pair, valid until `expiry` (`YYYY-MM-DD`), saved by
/// `by` (a Usuario); its id.
pub async fn loading(
    by: &Client,
    order: i64,
    truck: i64,
    driver: i64,
    tonnes: f64,
    expiry: Option<&str>,
) -> i64 {
    let saved = by
        .post(
            "/api/scheduling/save",
            json!([{ "order": { "id": order }, "truck": { "id": truck },
                     "driver": { "id": driver }, "qtyOrdered": tonnes,
                     "expirationDate": expiry }]),
        )
        .await
        .expect(StatusCode::OK);
    saved[0]["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("no loading in {saved}"))
}

/// A driver form of the caller's company (`n` makes the CPF).
pub fn driver_body(name: &str, n: u32) -> Value {
    json!({
        "id": 0, "name": name, "cpf": masked_cpf(n), "cnh": "12345678901",
        "birthDate": "1990-01-15", "isEnabled": true, "company": null,
        "shippingCompany": null, "contact": [],
    })
}

pub fn masked_cpf(n: u32) -> String {
    patio_domain::values::Cpf::parse(&super::admin::cpf(n))
        .unwrap()
        .masked()
}

/// A driver saved by `by` (`driver_body`, with the shipping company when given); its id.
pub async fn driver(by: &Client, name: &str, n: u32, shipping: Option<i64>) -> i64 {
    let mut body = driver_body(name, n);
    if let Some(s) = shipping {
        body["shippingCompany"] = json!({ "id": s });
    }
    by.post("/api/driver/save", body)
        .await
        .id(StatusCode::CREATED)
}

/// The seeded truck model (Volvo FH 540).
pub fn model(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT id AS v FROM truck_models WHERE name = 'FH 540'")
}

/// A truck form of the caller's company.
pub fn truck_body(plate: &str, model: i64) -> Value {
    json!({
        "id": 0, "licensePlate": plate, "renavam": "12345678901", "owner": "Dono",
        "implementType": "TRUCK", "vehicleModel": { "id": model, "truckBrand": { "id": 1 } },
        "color": "#1F6FEB", "isEnabled": true, "company": null, "shippingCompany": null,
        "driver": null, "contact": []
    })
}

/// A truck of an implement type (its capacities follow) saved by `by`, bound to `driver` and
/// carried by `shipping` when given; its id.
pub async fn truck(
    app: &TestApp,
    by: &Client,
    plate: &str,
    implement: &str,
    driver: Option<i64>,
    shipping: Option<i64>,
) -> i64 {
    let mut body = truck_body(plate, model(app));
    body["implementType"] = json!(implement);
    if let Some(d) = driver {
        body["driver"] = json!({ "id": d });
    }
    if let Some(s) = shipping {
        body["shippingCompany"] = json!({ "id": s });
    }
    let res = by.post("/api/truck/save", body).await;
    assert!(res.status.is_success(), "truck {plate}: {}", res.body);
    res.body["id"].as_i64().unwrap()
}

/// The seeded truck of the demo driver (DEM0A12, 16 t net).
pub fn demo_truck(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT id AS v FROM trucks WHERE license_plate = 'DEM0A12'")
}

/// A driver joins `company`'s queue (`POST /api/queue/save`) with `body` (`{"scheduling":
/// {"id"}}` or `{"truck": {"id"}}`); the entry's id.
pub async fn join(app: &TestApp, driver: i64, company: i64, body: Value) -> i64 {
    app.driver_id(driver, company)
        .await
        .post("/api/queue/save", body)
        .await
        .id(StatusCode::CREATED)
}

/// A driver of `company` saved through the drivers' service by the root administrator (for
/// the synchronous helpers: many at once, or outside an async test); its id.
pub fn saved_driver(app: &TestApp, company: i64, name: &str, cpf: &str, birth: &str) -> i64 {
    saved_carried_driver(app, company, None, name, cpf, birth)
}

/// [`saved_driver`], carried by the shipping company `shipping` when given.
pub fn saved_carried_driver(
    app: &TestApp,
    company: i64,
    shipping: Option<i64>,
    name: &str,
    cpf: &str,
    birth: &str,
) -> i64 {
    let root = crate::queue_common::staff(app, "admin@patio.local");
    let cmd = SaveDriver {
        name: Some(name.to_owned()),
        cpf: Some(cpf.to_owned()),
        cnh: Some("12345678901".to_owned()),
        birth_date: Some(birth.to_owned()),
        company: Some(OptIdRef { id: Some(company) }),
        shipping_company: shipping.map(|id| OptIdRef { id: Some(id) }),
        ..SaveDriver::default()
    };
    let saved = app.state.services.drivers.save(&root, None, cmd).unwrap();
    saved.view.driver.id
}

/// A truck of `company` (an implement type of the spec's table; the model FH 540) saved
/// through the trucks' service by the root administrator, bound to `driver` when given.
pub fn saved_truck(
    app: &TestApp,
    company: i64,
    driver: Option<i64>,
    plate: &str,
    implement: &str,
) -> i64 {
    saved_carried_truck(app, company, None, driver, plate, implement)
}

/// [`saved_truck`], carried by the shipping company `shipping` when given.
pub fn saved_carried_truck(
    app: &TestApp,
    company: i64,
    shipping: Option<i64>,
    driver: Option<i64>,
    plate: &str,
    implement: &str,
) -> i64 {
    let root = crate::queue_common::staff(app, "admin@patio.local");
    let id = |id| Some(OptIdRef { id });
    let cmd = SaveTruck {
        license_plate: Some(plate.to_owned()),
        renavam: Some("12345678901".to_owned()),
        owner: Some("Dono".to_owned()),
        implement_type: Some(implement.to_owned()),
        vehicle_model: Some(VehicleModelRef {
            id: Some(model(app)),
            truck_brand: None,
        }),
        is_enabled: Some(true),
        company: id(Some(company)),
        shipping_company: id(shipping),
        driver: id(driver),
        ..SaveTruck::default()
    };
    app.state
        .services
        .trucks
        .save(&root, None, cmd)
        .unwrap()
        .view
        .id
}

/// A shipping company of `company` (`shipping_body`'s valid form) saved by the root
/// administrator; its id.
pub async fn shipping_company_of(app: &TestApp, company: i64, code: i64, name: &str) -> i64 {
    app.admin()
        .await
        .post(
            "/api/shipping-company/create",
            shipping_body(code, name, Some(company)),
        )
        .await
        .id(StatusCode::CREATED)
}

/// The root administrator saves `fields` of `company`'s settings form (`POST
/// /api/settings/save`; a tab may send only its fields).
pub async fn settings_saved(app: &TestApp, company: i64, fields: Value) {
    let mut body = fields;
    body["company"] = json!(company);
    app.admin()
        .await
        .post("/api/settings/save", body)
        .await
        .expect(StatusCode::OK);
}

//! `GET /api/queue/shipping-company/{id}/positions` and `GET /api/queue/companys` (issue 13,
//! spec 3 section 7): who may read them and what they say.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use queue_common::*;
use serde_json::Value;

/// A driver and truck of the demo shipping company in the queue, and one without a carrier.
async fn two_in_queue(app: &TestApp) -> (String, String) {
    open_for_freelancers(app).await;
    at(app, MONDAY_0900);
    let demo = app.ids.demo;
    let shipping = app.ids.shipping;
    let pairs = [
        add_pair(app, demo, 1, 3, (Some(shipping), Some(shipping))),
        add_pair(app, demo, 2, 3, (None, None)),
    ];
    let carrier_truck = pairs[0].1;
    for (d, t) in &pairs {
        join_freelancer(&app.state.services.queue, demo, *d, *t).unwrap();
    }
    let plate = |t: i64| {
        app.scalar_text(&format!(
            "SELECT license_plate AS v FROM trucks WHERE id = {t}"
        ))
    };
    (plate(carrier_truck), plate(pairs[1].1))
}

#[actix_rt::test]
async fn a_shipping_company_reads_where_its_own_vehicles_stand() {
    let app = TestApp::new();
    let (mine, not_mine) = two_in_queue(&app).await;
    let uri = format!("/api/queue/shipping-company/{}/positions", app.ids.shipping);

    let transp = app.transportadora_of(app.ids.demo).await;
    let rows = transp.get(&uri).await.expect(StatusCode::OK);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["licensePlate"], mine.as_str());
    assert_eq!(rows[0]["position"], 1);
    assert_eq!(rows[0]["driverName"], "MOTORISTA 1");
    assert!(rows[0]["time"].is_string());
    assert!(!Value::Array(rows.clone()).to_string().contains(&not_mine));

    // The company's staff read it too; another company's and another carrier's are 404.
    let usuario = app.usuario_of(app.ids.demo).await;
    usuario.get(&uri).await.expect(StatusCode::OK);
    let other = app.usuario_of(app.ids.other).await;
    other.get(&uri).await.expect(StatusCode::NOT_FOUND);
    let rival = fixtures::shipping_company_of(&app, app.ids.demo, 78, "Rival").await;
    transp
        .get(&format!("/api/queue/shipping-company/{rival}/positions"))
        .await
        .expect(StatusCode::NOT_FOUND);
    // A driver is not a reader of carriers.
    let driver = app.driver_id(app.ids.driver, app.ids.demo).await;
    let (status, _, _) = driver.get(&uri).await.parts();
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[actix_rt::test]
async fn the_dashboard_reads_each_companys_queue_of_the_day() {
    let app = TestApp::new();
    two_in_queue(&app).await;
    let anon = app.anonymous().await;

    let admin = app.admin().await;
    let all = admin
        .get("/api/queue/companys")
        .await
        .expect(StatusCode::OK);
    let demo = all
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["companyId"] == app.ids.demo)
        .unwrap();
    assert_eq!(demo["name"], "Demo Agro");
    assert_eq!(demo["totals"], 2);
    assert!(all
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["companyId"] == app.ids.other));

    let usuario = app.usuario_of(app.ids.demo).await;
    let own = usuario
        .get("/api/queue/companys")
        .await
        .expect(StatusCode::OK);
    let own = own.as_array().unwrap();
    assert_eq!(own.len(), 1);
    assert_eq!(own[0]["companyId"], app.ids.demo);
    assert_eq!(own[0]["totals"], 2);

    for email in [EXPEDICAO, TRANSP] {
        let cookie = anon.sign_in(email).await;
        cookie
            .get("/api/queue/companys")
            .await
            .expect(StatusCode::FORBIDDEN);
    }
}

//! Issue 24 item 4: what a role may do on the office screens comes from the server. The staff
//! session carries `screens` (the company column and filter, the shipping-company scope, order
//! editing, the customers' company, the carriers' dashboard company choice, the title prefix and
//! the profile page) and `redirects`; the role lookup carries each role's user-form fields.
//! Each flag is checked for the role that has it and for the roles that do not, and where the
//! server enforces the same rule, the refusal is checked beside the flag.

use crate::common;
use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use serde_json::{json, Value};

async fn session(c: &Client) -> Value {
    c.get("/api/auth/session").await.expect(StatusCode::OK)
}

#[actix_rt::test]
async fn each_role_reads_its_screen_abilities_in_the_session() {
    let app = TestApp::new();
    let root = session(&app.admin().await).await;
    assert_eq!(
        root["screens"],
        json!({
            "seesEveryCompany": true,
            "ownShippingCompany": false,
            "editsOrders": true,
            "customersOfOwnCompany": false,
            "choosesDashboardCompany": true,
            "titlePrefix": "Admin - ",
            "profilePath": "/admin/edit",
            "newUser": { "roleAndCompany": true, "rootSwitch": true, "enabledSwitch": true },
        })
    );
    assert_eq!(root["redirects"], json!({}));

    fixtures::plain_admin(&app, "Admin Comum", "comum@patio.local").await;
    let plain = session(&app.staff("comum@patio.local").await).await;
    assert_eq!(plain["screens"]["seesEveryCompany"], true);
    assert_eq!(
        plain["screens"]["choosesDashboardCompany"], false,
        "only the root administrator chooses the dashboard's company"
    );

    let usuario = session(&app.usuario_of(app.ids.demo).await).await;
    assert_eq!(
        usuario["screens"],
        json!({
            "seesEveryCompany": false,
            "ownShippingCompany": false,
            "editsOrders": true,
            "customersOfOwnCompany": true,
            "choosesDashboardCompany": false,
            "titlePrefix": "Admin - ",
            "profilePath": "/user/edit",
            "newUser": null,
        })
    );
    assert_eq!(usuario["redirects"], json!({}));

    let transp = session(&app.staff(TRANSP).await).await;
    assert_eq!(
        transp["screens"],
        json!({
            "seesEveryCompany": false,
            "ownShippingCompany": true,
            "editsOrders": false,
            "customersOfOwnCompany": false,
            "choosesDashboardCompany": false,
            "titlePrefix": "Transportadora - ",
            "profilePath": "/user/edit",
            "newUser": null,
        })
    );
    assert_eq!(transp["redirects"], json!({ "/dashboard": "/pedidos" }));

    for who in [
        app.expedicao_of(app.ids.demo).await,
        app.espectador_of(app.ids.demo).await,
        app.portaria_of(app.ids.demo).await,
    ] {
        let s = session(&who).await;
        assert_eq!(s["screens"]["profilePath"], "/perfil", "{s}");
        assert_eq!(s["screens"]["seesEveryCompany"], false, "{s}");
        assert_eq!(s["screens"]["ownShippingCompany"], false, "{s}");
        assert_eq!(s["redirects"], json!({}), "{s}");
    }

    let (status, _, _) = app.anonymous().await.get("/api/auth/session").await.parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[actix_rt::test]
async fn what_the_session_offers_is_what_the_server_accepts() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let order = fixtures::order(
        &usuario,
        fixtures::OrderSpec::new("PED-S24", 50.0).shipping(&[app.ids.shipping]),
    )
    .await;
    // The Transportadora is told it does not edit orders, and the server refuses it.
    let transp = app.staff(TRANSP).await;
    assert_eq!(session(&transp).await["screens"]["editsOrders"], false);
    transp
        .delete(&format!("/api/order/delete/{}", order.id))
        .await
        .expect(StatusCode::FORBIDDEN);
    let count = format!("SELECT count(*) AS v FROM orders WHERE id = {}", order.id);
    assert_eq!(
        app.scalar_i64(&count),
        1,
        "the refused delete changed nothing"
    );
    // The Usuario is told it does, and the server lets it.
    assert_eq!(session(&usuario).await["screens"]["editsOrders"], true);
    usuario
        .delete(&format!("/api/order/delete/{}", order.id))
        .await
        .expect(StatusCode::OK);
    assert_eq!(app.scalar_i64(&count), 0);
}

#[actix_rt::test]
async fn the_role_lookup_carries_each_roles_user_form_fields() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let roles = usuario.get("/api/role/like").await.expect(StatusCode::OK);
    let form = |id: &str| {
        roles
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("{id} missing from {roles}"))["form"]
            .clone()
    };
    assert_eq!(
        form("Transportadora"),
        json!({ "company": true, "companyRequired": false, "shippingCompany": true,
                "dailyReport": false, "rootSwitch": false, "contactFlags": true })
    );
    assert_eq!(
        form("Administrador"),
        json!({ "company": false, "companyRequired": false, "shippingCompany": false,
                "dailyReport": false, "rootSwitch": true, "contactFlags": false })
    );
    assert_eq!(
        form("Usuario"),
        json!({ "company": true, "companyRequired": true, "shippingCompany": false,
                "dailyReport": true, "rootSwitch": false, "contactFlags": false })
    );
    assert_eq!(form("Expedicao")["dailyReport"], true);
    for id in ["Espectador", "Portaria"] {
        assert_eq!(
            form(id),
            json!({ "company": true, "companyRequired": true, "shippingCompany": false,
                    "dailyReport": false, "rootSwitch": false, "contactFlags": false }),
            "{id}"
        );
    }
    let (status, _, _) = app.anonymous().await.get("/api/role/like").await.parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

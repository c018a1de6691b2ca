//! Users and profiles (issue 3): the list with search, filters and paging; the user form
//! with every rule of spec 1; the own-profile form; delete; roles, tenants and the log.

use crate::common;
use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use serde_json::{json, Value};

async fn signs_in(anon: &Client, email: &str, password: &str) -> bool {
    let (status, _, _) = anon
        .post(
            "/api/auth/login",
            staff_login_body(email, password, None, "staff"),
        )
        .await
        .parts();
    status == StatusCode::OK
}

#[actix_rt::test]
async fn administrator_creates_a_user_who_signs_in_and_whose_password_is_never_returned() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let admin = app.admin().await;
    let mut body = user_body("Ana Souza", "Ana@Demo.com", "Usuario", Some(app.ids.demo));
    body["cpf"] = json!("52998224725");
    body["fone"] = json!("66999990000");
    body["receivesEmail"] = json!(true);
    let created = admin
        .post("/api/users/save", body)
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(created["email"], "ana@demo.com");
    assert_eq!(created["role"], "Usuario");
    assert_eq!(created["cpf"], "529.982.247-25");
    assert_eq!(created["fone"], "(66) 9 9999-0000");
    assert_eq!(created["receivesEmail"], true);
    assert_eq!(created["isEnabled"], true);
    assert_eq!(created["company"]["id"], app.ids.demo);
    assert!(created.get("password").is_none() && created.get("passwordHash").is_none());
    let hash = app.scalar_text("SELECT password_hash AS v FROM users WHERE email = 'ana@demo.com'");
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    assert!(signs_in(&anon, "ana@demo.com", PASSWORD).await);
    assert_eq!(log_count(&app, "CREATE", "USER"), 1);

    // Editing without a password keeps it.
    let id = created["id"].as_i64().unwrap();
    let mut edit = user_body("Ana S.", "ana@demo.com", "Usuario", Some(app.ids.demo));
    edit["id"] = json!(id);
    edit["password"] = json!("");
    let edited = admin
        .post("/api/users/save", edit)
        .await
        .expect(StatusCode::OK);
    assert_eq!(edited["name"], "Ana S.");
    assert!(signs_in(&anon, "ana@demo.com", PASSWORD).await);
}

#[actix_rt::test]
async fn a_taken_email_is_refused_whatever_its_case() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let body = admin
        .post(
            "/api/users/save",
            user_body(
                "Outro",
                "USUARIO@patio.local",
                "Usuario",
                Some(app.ids.demo),
            ),
        )
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(body["code"], "duplicate");
    assert_eq!(body["message"], "Email já cadastrado!");
}

#[actix_rt::test]
async fn user_form_messages_are_the_spec_ones() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let body = admin
        .post("/api/users/save", json!({}))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        Value::Object(fields(&body).clone()),
        json!({
            "name": "Nome é obrigatório!",
            "email": "E-mail é obrigatório!",
            "password": "Senha é obrigatória!",
            "company": "Selecione uma empresa para o usuário:",
        })
    );
    let mut bad = user_body(&"n".repeat(26), "nao-e-email", "Transportadora", None);
    bad["cpf"] = json!("111.111.111-11");
    bad["fone"] = json!("123");
    let body = admin
        .post("/api/users/save", bad)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    let f = fields(&body);
    assert_eq!(f["name"], "Tamanho máximo de 25 caracteres");
    assert_eq!(f["email"], "E-email inválido");
    assert_eq!(f["cpf"], "Cpf Inválido");
    assert_eq!(f["fone"], "Telefone inválido");
    assert_eq!(
        f["shippingCompany"],
        "Selecione uma transportadora para o usuário:"
    );
    let mut password = user_body("Ana", "ana@demo.com", "Usuario", Some(app.ids.demo));
    password["password"] = json!("123456789012");
    let body = admin
        .post("/api/users/save", password)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["password"], "Tamanho máximo de 11 caracteres");
    let body = admin
        .post(
            "/api/users/save",
            user_body(
                "Ana",
                "um.email.comprido@demo.com",
                "Gerente",
                Some(app.ids.demo),
            ),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["email"], "Tamanho máximo de 25 caracteres");
    assert_eq!(fields(&body)["role"], "Perfil inválido");
    assert_eq!(log_count(&app, "CREATE", "USER"), 0);
}

#[actix_rt::test]
async fn a_transportadora_user_takes_its_shipping_company_s_company() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let mut body = user_body("Motorista Chefe", "chefe@frota.com", "Transportadora", None);
    body["shippingCompany"] = json!({ "id": app.ids.shipping });
    body["receivesEmail"] = json!(true);
    body["isRoot"] = json!(true);
    let created = admin
        .post("/api/users/save", body.clone())
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(created["shippingCompany"]["id"], app.ids.shipping);
    assert_eq!(created["company"]["id"], app.ids.demo);
    assert_eq!(
        created["receivesEmail"], false,
        "the daily report is for Usuario and Expedicao"
    );
    assert_eq!(created["isRoot"], false, "root is for administrators");
    // A shipping company of another company than the one chosen is refused.
    body["email"] = json!("chefe2@frota.com");
    body["company"] = json!({ "id": app.ids.other });
    let body = admin
        .post("/api/users/save", body)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body)["shippingCompany"],
        "A transportadora não pertence à empresa selecionada!"
    );
}

#[actix_rt::test]
async fn root_rules() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let root = app.admin().await;
    // A root administrator creates an administrator without root, then one with it.
    let mut plain = user_body(
        "Admin Dois",
        "admin2@patio.local",
        "Administrador",
        Some(app.ids.demo),
    );
    plain["isRoot"] = json!(false);
    let plain = root
        .post("/api/users/save", plain)
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(
        plain["company"],
        Value::Null,
        "administrators have no company"
    );
    let mut second_root = user_body("Root Dois", "root2@patio.local", "Administrador", None);
    second_root["isRoot"] = json!(true);
    let second_root = root
        .post("/api/users/save", second_root)
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(second_root["isRoot"], true);

    // The plain administrator cannot set root, nor touch a root administrator.
    let admin2 = anon.sign_in("admin2@patio.local").await;
    let mut try_root = user_body("Admin Três", "admin3@patio.local", "Administrador", None);
    try_root["isRoot"] = json!(true);
    let created = admin2
        .post("/api/users/save", try_root)
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(created["isRoot"], false);
    let mut edit_root = user_body("Root", "root2@patio.local", "Administrador", None);
    edit_root["id"] = second_root["id"].clone();
    admin2
        .post("/api/users/save", edit_root)
        .await
        .expect(StatusCode::FORBIDDEN);
    admin2
        .delete(&format!("/api/users/delete/{}", second_root["id"]))
        .await
        .expect(StatusCode::FORBIDDEN);
    // ...and changes neither role nor company of others: they keep theirs.
    let mut demote = user_body(
        "Usuário Demo",
        "usuario@patio.local",
        "Administrador",
        Some(app.ids.other),
    );
    demote["id"] = json!(app.ids.usuario);
    demote["password"] = json!("");
    let kept = admin2
        .post("/api/users/save", demote)
        .await
        .expect(StatusCode::OK);
    assert_eq!(kept["role"], "Usuario");
    assert_eq!(kept["company"]["id"], app.ids.demo);
    // The root administrator does.
    let mut moved = user_body(
        "Usuário Demo",
        "usuario@patio.local",
        "Usuario",
        Some(app.ids.other),
    );
    moved["id"] = json!(app.ids.usuario);
    moved["password"] = json!("");
    let moved = root
        .post("/api/users/save", moved)
        .await
        .expect(StatusCode::OK);
    assert_eq!(moved["company"]["id"], app.ids.other);
}

/// Issue 24: the user form's rights come from the server (`access::user_edit_rights`): with
/// each user it answers (what the reader may set when saving that user) and, for a new user,
/// in the session's `screens.newUser`. The saves keep refusing what the rights refuse.
#[actix_rt::test]
async fn the_user_form_rights_come_with_the_user_and_the_session() {
    let app = TestApp::new();
    let all = json!({ "roleAndCompany": true, "rootSwitch": true, "enabledSwitch": true });
    let root = app.admin().await;
    let usuario_url = format!("/api/users/{}", app.ids.usuario);
    let read = root.get(&usuario_url).await.expect(StatusCode::OK);
    assert_eq!(read["rights"], all);
    let own = root
        .get(&format!("/api/users/{}", app.ids.admin))
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        own["rights"],
        json!({ "roleAndCompany": true, "rootSwitch": true, "enabledSwitch": false }),
        "nobody switches themselves off"
    );

    fixtures::plain_admin(&app, "Admin Comum", "comum@patio.local").await;
    let plain = app.staff("comum@patio.local").await;
    let read = plain.get(&usuario_url).await.expect(StatusCode::OK);
    assert_eq!(
        read["rights"],
        json!({ "roleAndCompany": false, "rootSwitch": false, "enabledSwitch": true })
    );
    let session = plain.get("/api/auth/session").await.expect(StatusCode::OK);
    assert_eq!(
        session["screens"]["newUser"],
        json!({ "roleAndCompany": true, "rootSwitch": false, "enabledSwitch": true })
    );
    // A root administrator is read but not saved by a plain one: no rights, and a 403.
    let root_read = plain
        .get(&format!("/api/users/{}", app.ids.admin))
        .await
        .expect(StatusCode::OK);
    assert_eq!(root_read["rights"], Value::Null);
    let mut edit_root = user_body("Root", "admin@patio.local", "Administrador", None);
    edit_root["id"] = json!(app.ids.admin);
    plain
        .post("/api/users/save", edit_root)
        .await
        .expect(StatusCode::FORBIDDEN);

    // A Usuario edits only its own profile, without role, company or switches; it creates none.
    let usuario = app.usuario_of(app.ids.demo).await;
    let me = usuario.get(&usuario_url).await.expect(StatusCode::OK);
    assert_eq!(
        me["rights"],
        json!({ "roleAndCompany": false, "rootSwitch": false, "enabledSwitch": false })
    );
    let session = usuario
        .get("/api/auth/session")
        .await
        .expect(StatusCode::OK);
    assert_eq!(session["screens"]["newUser"], Value::Null);
    usuario
        .post(
            "/api/users/save",
            user_body("Novo", "novo@patio.local", "Usuario", Some(app.ids.demo)),
        )
        .await
        .expect(StatusCode::FORBIDDEN);
}

#[actix_rt::test]
async fn everyone_edits_their_own_profile_but_not_their_role_company_or_switches() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let mut me = user_body(
        "Usuária Nova",
        "usuario@patio.local",
        "Administrador",
        Some(app.ids.other),
    );
    me["id"] = json!(app.ids.usuario);
    me["password"] = json!("outra123");
    me["isEnabled"] = json!(false);
    me["isRoot"] = json!(true);
    let saved = usuario
        .post("/api/users/save", me)
        .await
        .expect(StatusCode::OK);
    assert_eq!(saved["name"], "Usuária Nova");
    assert_eq!(saved["role"], "Usuario");
    assert_eq!(saved["company"]["id"], app.ids.demo);
    assert_eq!(saved["isEnabled"], true);
    assert_eq!(saved["isRoot"], false);
    assert!(signs_in(&anon, "usuario@patio.local", "outra123").await);

    // Others cannot be edited or created by a Usuario.
    let mut other = user_body(
        "Expedição",
        "expedicao@patio.local",
        "Expedicao",
        Some(app.ids.demo),
    );
    other["id"] = json!(app.ids.expedicao);
    usuario
        .post("/api/users/save", other)
        .await
        .expect(StatusCode::FORBIDDEN);
    usuario
        .post(
            "/api/users/save",
            user_body("Novo", "novo@demo.com", "Usuario", Some(app.ids.demo)),
        )
        .await
        .expect(StatusCode::FORBIDDEN);
    // Another tenant's user is not found.
    let mut foreign = user_body("X", "outra@empresa.local", "Usuario", Some(app.ids.other));
    foreign["id"] = json!(app.ids.other_user);
    usuario
        .post("/api/users/save", foreign)
        .await
        .expect(StatusCode::NOT_FOUND);

    // A Transportadora sets its contact authorizations in its profile.
    let transp = app.transportadora_of(app.ids.demo).await;
    let mut profile = user_body(
        "Transportadora Demo",
        "transp@patio.local",
        "Transportadora",
        None,
    );
    profile["id"] = json!(app.ids.transp);
    profile["password"] = json!("");
    profile["hasSMS"] = json!(true);
    profile["hasWhats"] = json!(true);
    profile["hasEmail"] = json!(false);
    let saved = transp
        .post("/api/users/save", profile)
        .await
        .expect(StatusCode::OK);
    assert_eq!(saved["shippingCompany"]["id"], app.ids.shipping);
    let flags = app.scalar_text(&format!(
        "SELECT has_sms::text || has_whats::text || has_email::text AS v FROM contact_authorizations WHERE user_id = {}",
        app.ids.transp
    ));
    assert_eq!(flags, "truetruefalse");
}

#[actix_rt::test]
async fn the_simple_profile_form_changes_name_phone_and_password() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let body = transp
        .post("/api/users/profile", json!({ "name": "", "fone": "1" }))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["name"], "Nome é obrigatório!");
    assert_eq!(fields(&body)["fone"], "Telefone inválido");
    let saved = transp
        .post(
            "/api/users/profile",
            json!({ "name": "Frota Demo", "fone": "66988887777", "password": "novasenha" }),
        )
        .await
        .expect(StatusCode::OK);
    assert_eq!(saved["name"], "Frota Demo");
    assert_eq!(saved["fone"], "(66) 9 8888-7777");
    assert_eq!(saved["role"], "Transportadora");
    assert!(signs_in(&anon, "transp@patio.local", "novasenha").await);
    assert_eq!(log_count(&app, "UPDATE", "USER"), 1);
}

#[actix_rt::test]
async fn user_list_searches_filters_and_pages_by_eight() {
    let app = TestApp::new();
    let admin = app.admin().await;
    for i in 0..4 {
        admin
            .post(
                "/api/users/save",
                user_body(
                    &format!("Conferente {i}"),
                    &format!("c{i}@demo.com"),
                    "Usuario",
                    Some(app.ids.other),
                ),
            )
            .await
            .expect(StatusCode::CREATED);
    }
    // 7 seeded users + 4.
    let page = admin.get("/api/users?page=2").await.expect(StatusCode::OK);
    assert_eq!(page["total"], 11);
    assert_eq!(page["pageSize"], 8);
    assert_eq!(page["items"].as_array().unwrap().len(), 3);
    let by_name = admin
        .get("/api/users?search=conferente")
        .await
        .expect(StatusCode::OK);
    assert_eq!(by_name.as_array().unwrap().len(), 4);
    let by_company = admin
        .get(&format!("/api/users?companyId={}", app.ids.other))
        .await
        .expect(StatusCode::OK);
    assert_eq!(by_company.as_array().unwrap().len(), 5);
    let by_role = admin
        .get(&format!(
            "/api/users?companyId={}&role=Transportadora",
            app.ids.demo
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(by_role.as_array().unwrap().len(), 1);
    assert_eq!(by_role[0]["email"], "transp@patio.local");
    let body = admin
        .get("/api/users?role=Chefe")
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["role"], "Perfil inválido");

    // A Usuario lists its company's users only; other roles are refused.
    let usuario = app.usuario_of(app.ids.demo).await;
    let mine = usuario.get("/api/users").await.expect(StatusCode::OK);
    assert!(mine
        .as_array()
        .unwrap()
        .iter()
        .all(|u| u["company"]["id"] == app.ids.demo));
    usuario
        .get(&format!("/api/users?companyId={}", app.ids.other))
        .await
        .expect(StatusCode::NOT_FOUND);
    let transp = app.transportadora_of(app.ids.demo).await;
    transp.get("/api/users").await.expect(StatusCode::FORBIDDEN);
}

#[actix_rt::test]
async fn deleting_users() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let body = admin
        .delete(&format!("/api/users/delete/{}", app.ids.expedicao))
        .await
        .expect(StatusCode::OK);
    assert_eq!(body["message"], "Excluido com sucesso!");
    assert_eq!(log_count(&app, "DELETE", "USER"), 1);
    let body = admin
        .delete(&format!("/api/users/delete/{}", app.ids.admin))
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(body["message"], "Você não pode excluir o próprio usuário!");
    let usuario = app.usuario_of(app.ids.demo).await;
    usuario
        .delete(&format!("/api/users/delete/{}", app.ids.transp))
        .await
        .expect(StatusCode::FORBIDDEN);
    usuario
        .delete(&format!("/api/users/delete/{}", app.ids.other_user))
        .await
        .expect(StatusCode::NOT_FOUND);
    admin
        .delete("/api/users/delete/999999")
        .await
        .expect(StatusCode::NOT_FOUND);
}

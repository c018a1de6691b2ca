//! Companies (issue 3): list with paging and search, read, save with contacts, delete;
//! roles, tenants, validation messages and the staff log.

use crate::common;
use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use serde_json::json;

#[actix_rt::test]
async fn administrator_creates_a_company_with_a_contact_and_edits_it() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let admin = app.admin().await;
    let mut body = company_body("Grãos <Norte>", 41);
    body["website"] = json!("https://Patio.GraosNorte.com.br/login");
    body["cnpj"] = json!(cnpj(41));
    body["zipCode"] = json!("78000000");
    body["contact"] = json!([contact(
        "Portaria",
        "66999991111",
        "Portaria@GraosNorte.com"
    )]);
    let created = admin
        .post("/api/company/create", body.clone())
        .await
        .expect(StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["code"], id);
    assert_eq!(created["name"], "Grãos <Norte>");
    assert_eq!(created["cnpj"], masked_cnpj(41));
    assert_eq!(created["zipCode"], "78000-000");
    assert_eq!(created["status"], true);
    assert_eq!(created["contact"][0]["fone"], "(66) 9 9999-1111");
    assert_eq!(created["contact"][0]["email"], "portaria@graosnorte.com");
    let contact_id = created["contact"][0]["id"].as_i64().unwrap();

    // Default settings and the queue-state row come with the company.
    let settings = app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM settings WHERE company_id = {id}"
    ));
    assert_eq!(settings, 1);
    // The website's host resolves the company for the login pages.
    let (status, host, _) = anon
        .get("/api/company/host?host=patio.graosnorte.com.br")
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(host["id"], id);

    // The log title escapes the name.
    let title = app.scalar_text(&format!(
        "SELECT title AS v FROM staff_logs WHERE operation_type = 'CREATE' AND object_type = 'COMPANY' AND company_id = {id}"
    ));
    assert_eq!(title, "Empresa <b>Grãos &lt;Norte&gt;</b> cadastrada");

    // Edit: inactive, the contact edited in place, one more contact.
    body["id"] = json!(id);
    body["status"] = json!(false);
    body["contact"] = json!([
        { "id": contact_id, "name": "Portaria 2", "fone": "(66) 9 9999-1111", "email": "p2@graosnorte.com", "whatsapp": false },
        contact("Balança", "6634561234", "balanca@graosnorte.com"),
    ]);
    let edited = admin
        .post("/api/company/create", body)
        .await
        .expect(StatusCode::OK);
    assert_eq!(edited["status"], false);
    let contacts = edited["contact"].as_array().unwrap();
    assert_eq!(contacts.len(), 2);
    assert_eq!(contacts[0]["id"], contact_id);
    assert_eq!(contacts[0]["name"], "Portaria 2");
    assert_eq!(contacts[1]["fone"], "(66) 3456-1234");
    assert_eq!(log_count(&app, "UPDATE", "COMPANY"), 1);

    let read = admin
        .get(&format!("/api/company/{id}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(read, edited);
}

#[actix_rt::test]
async fn company_list_pages_by_six_and_searches_name_legal_name_and_cnpj() {
    let app = TestApp::new();
    let admin = app.admin().await;
    for i in 0..7 {
        admin
            .post(
                "/api/company/create",
                company_body(&format!("Armazém {i}"), 100 + i),
            )
            .await
            .expect(StatusCode::CREATED);
    }
    // 9 companies in all: Demo Agro, Outra Empresa and the 7 above.
    let page1 = admin
        .get("/api/company?page=1")
        .await
        .expect(StatusCode::OK);
    assert_eq!(page1["total"], 9);
    assert_eq!(page1["page"], 1);
    assert_eq!(page1["pageSize"], 6);
    assert_eq!(page1["items"].as_array().unwrap().len(), 6);
    let page2 = admin
        .get("/api/company?page=2")
        .await
        .expect(StatusCode::OK);
    assert_eq!(page2["items"].as_array().unwrap().len(), 3);
    let all = admin.get("/api/company").await.expect(StatusCode::OK);
    assert_eq!(all.as_array().unwrap().len(), 9, "no paging: an array");
    let row = &all[0];
    for key in [
        "id", "code", "name", "company", "cnpj", "uf", "city", "status",
    ] {
        assert!(row.get(key).is_some(), "{key} in {row}");
    }

    let found = admin
        .get("/api/company?page=1&search=armaz%C3%A9M%203")
        .await
        .expect(StatusCode::OK);
    assert_eq!(found["total"], 1);
    assert_eq!(found["items"][0]["name"], "Armazém 3");
    let by_legal = admin
        .get("/api/company?search=demo%20agro%20armaz")
        .await
        .expect(StatusCode::OK);
    assert_eq!(by_legal.as_array().unwrap().len(), 1);
    assert_eq!(by_legal[0]["name"], "Demo Agro");
    // CNPJ typed with or without its mask.
    for q in ["11.222.333", "11222333"] {
        let by_cnpj = admin
            .get(&format!("/api/company?search={q}"))
            .await
            .expect(StatusCode::OK);
        assert_eq!(by_cnpj.as_array().unwrap().len(), 1, "{q}");
        assert_eq!(by_cnpj[0]["cnpj"], "11.222.333/0001-81");
    }
}

#[actix_rt::test]
async fn usuario_reads_only_its_company_and_other_roles_are_refused() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let list = usuario.get("/api/company").await.expect(StatusCode::OK);
    let ids: Vec<i64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [app.ids.demo]);
    usuario
        .get(&format!("/api/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    let other = usuario
        .get(&format!("/api/company/{}", app.ids.other))
        .await
        .expect(StatusCode::NOT_FOUND);
    assert!(other.get("name").is_none(), "never another tenant's data");

    for who in [TRANSP, EXPEDICAO] {
        let cookie = anon.sign_in(who).await;
        cookie
            .get("/api/company")
            .await
            .expect(StatusCode::FORBIDDEN);
    }
    let (status, _, _) = anon.get("/api/company").await.parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[actix_rt::test]
async fn only_administrators_create_edit_and_delete_companies() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let body = usuario
        .post("/api/company/create", company_body("Nova", 7))
        .await
        .expect(StatusCode::FORBIDDEN);
    assert_eq!(body["message"], "Você não tem permissão de acesso!");
    let mut edit = company_body("Demo Agro", 7);
    edit["id"] = json!(app.ids.demo);
    usuario
        .post("/api/company/create", edit)
        .await
        .expect(StatusCode::FORBIDDEN);
    usuario
        .delete(&format!("/api/company/delete/{}", app.ids.demo))
        .await
        .expect(StatusCode::FORBIDDEN);
    assert_eq!(log_count(&app, "CREATE", "COMPANY"), 0);
}

#[actix_rt::test]
async fn company_form_messages_are_the_spec_ones() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let body = admin
        .post("/api/company/create", json!({}))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "validation");
    assert_eq!(
        serde_json::Value::Object(fields(&body).clone()),
        json!({
            "name": "Nome fantasia é obrigatório!",
            "cnpj": "Número de CNPJ é obrigatório!",
            "company": "Razão social é obrigatório!",
            "uf": "Estado é obrigatório!",
            "street": "Nome da rua é obrigatório!",
            "city": "Nome da cidade é obrigatório!",
            "district": "Nome do bairro é obrigatório!",
            "zipCode": "CEP é obrigatório!",
        })
    );

    let mut long = company_body("x", 3);
    long["name"] = json!("n".repeat(81));
    long["company"] = json!("c".repeat(51));
    long["street"] = json!("s".repeat(51));
    long["complement"] = json!("c".repeat(26));
    long["city"] = json!("c".repeat(51));
    long["cnpj"] = json!("11.222.333/0001-80");
    long["zipCode"] = json!("7800-000");
    long["number"] = json!("123456");
    let body = admin
        .post("/api/company/create", long)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    let f = fields(&body);
    assert_eq!(f["name"], "Tamanho máximo de 80 caracteres");
    assert_eq!(f["company"], "Tamanho máximo de 50 caracteres");
    assert_eq!(f["street"], "Tamanho máximo de 50 caracteres");
    assert_eq!(f["complement"], "Tamanho máximo de 25 caracteres");
    assert_eq!(f["city"], "Tamanho máximo de 50 caracteres");
    assert_eq!(f["cnpj"], "CNPJ inválido");
    assert_eq!(f["zipCode"], "CEP inválido");
    assert_eq!(f["number"], "Número inválido!");

    let mut bad_contact = company_body("Com contato", 3);
    bad_contact["contact"] = json!([{ "name": "Só nome", "fone": "", "email": "" }]);
    let body = admin
        .post("/api/company/create", bad_contact)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body)["contact"],
        "Preencha nome, telefone e e-mail do contato!"
    );
    assert_eq!(log_count(&app, "CREATE", "COMPANY"), 0);
}

#[actix_rt::test]
async fn a_website_already_serving_another_company_is_refused() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let mut body = company_body("Outro site", 9);
    body["website"] = json!("http://outra.local");
    let body = admin
        .post("/api/company/create", body)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body)["website"],
        "Este site já está cadastrado para outra empresa!"
    );
}

#[actix_rt::test]
async fn deleting_companies() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let created = admin
        .post("/api/company/create", company_body("Temporária", 77))
        .await
        .expect(StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    let body = admin
        .delete(&format!("/api/company/delete/{id}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        body,
        json!({ "id": id, "message": "Excluido com sucesso!" })
    );
    admin
        .get(&format!("/api/company/{id}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    assert_eq!(log_count(&app, "DELETE", "COMPANY"), 1);

    // The demo company has users, customers, drivers...: referenced.
    let body = admin
        .delete(&format!("/api/company/delete/{}", app.ids.demo))
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(body["code"], "referenced");
    assert_eq!(
        body["message"],
        "Erro ao excluir, existem cadastros vinculados a esta empresa!"
    );
    admin
        .delete("/api/company/delete/999999")
        .await
        .expect(StatusCode::NOT_FOUND);
}

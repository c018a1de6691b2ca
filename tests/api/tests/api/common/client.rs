//! The one way the API tests talk to the server (issue 8 item 5): a [`Client`] per person,
//! signed in as the product signs them in, and a [`Res`] per answer.
//!
//! ```ignore
//! let app = TestApp::new();
//! let usuario = app.usuario_of(app.ids.demo).await;
//! let id = usuario.post("/api/product/create", json!({ .. })).await.expect(StatusCode::CREATED)["id"];
//! app.transportadora_of(app.ids.demo).await.get(uri).await.expect_message(StatusCode::FORBIDDEN, "...");
//! ```
//!
//! Staff sign in through `POST /api/auth/login` (the `patio_staff` cookie, on /expedicao for
//! the dispatch roles); a driver carries the session the app's sign-in issues (a bearer token
//! of the same kind), so a test does not depend on the birth-date check that `auth_driver.rs`
//! tests. Every client has a server of its own on the test's wiring (`app.on(state)` for
//! another wiring of the same database).
#![allow(dead_code)]

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::rc::Rc;

use actix_web::http::header::HeaderMap;
use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use actix_web::App;
use diesel::prelude::*;
use patio_domain::auth::Actor;
use patio_domain::roles::{Role, SessionKind};
use serde_json::Value;

use super::{addr, cookie_pair, staff_login_body, TestApp, PASSWORD};

/// One answer of the server.
#[derive(Debug, Clone)]
pub struct Res {
    pub status: StatusCode,
    /// The JSON body; `Null` when empty, a string when the body is not JSON.
    pub body: Value,
    /// The bytes as sent (exports, files).
    pub bytes: Vec<u8>,
    pub headers: HeaderMap,
    /// The `Set-Cookie` values.
    pub cookies: Vec<String>,
}

impl Res {
    /// Asserts the status and returns the body.
    #[track_caller]
    pub fn expect(self, status: StatusCode) -> Value {
        assert_eq!(self.status, status, "{}", self.body);
        self.body
    }

    /// Asserts the status and the answer's `message`, verbatim; returns the body.
    #[track_caller]
    pub fn expect_message(self, status: StatusCode, message: &str) -> Value {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(self.body["message"], message, "{}", self.body);
        self.body
    }

    /// Asserts the status and that the body's text contains `text`.
    #[track_caller]
    pub fn expect_containing(self, status: StatusCode, text: &str) -> Value {
        assert_eq!(self.status, status, "{}", self.body);
        let all = self.body.to_string();
        assert!(all.contains(text), "{text} not in {all}");
        self.body
    }

    /// Asserts the status and returns the body's `id`.
    #[track_caller]
    pub fn id(self, status: StatusCode) -> i64 {
        let body = self.expect(status);
        body["id"]
            .as_i64()
            .unwrap_or_else(|| panic!("no id in {body}"))
    }

    /// A header's value, if any.
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    }

    /// `(status, bytes, Content-Disposition)` of a file answer (exports, reports).
    pub fn file(self) -> (StatusCode, Vec<u8>, String) {
        let disposition = self.header("content-disposition").unwrap_or_default();
        (self.status, self.bytes, disposition)
    }

    /// The `name=value` pair of a cookie this answer sets.
    pub fn cookie(&self, name: &str) -> String {
        cookie_pair(&self.cookies, name)
    }

    /// `(status, body, Set-Cookie values)`, for assertions written on the three.
    pub fn parts(self) -> (StatusCode, Value, Vec<String>) {
        (self.status, self.body, self.cookies)
    }

    /// The old `(status, body)` pair, for assertions written on it.
    pub fn pair(self) -> (StatusCode, Value) {
        (self.status, self.body)
    }
}

/// A request any client may send ([`Client::run`]): the role matrices send one list of calls
/// as several people.
#[derive(Debug, Clone)]
pub struct Req {
    pub method: &'static str,
    pub uri: String,
    pub body: Option<Value>,
}

pub fn get(uri: &str) -> Req {
    Req {
        method: "GET",
        uri: uri.to_owned(),
        body: None,
    }
}

pub fn post(uri: &str, body: Value) -> Req {
    Req {
        method: "POST",
        uri: uri.to_owned(),
        body: Some(body),
    }
}

pub fn put(uri: &str, body: Value) -> Req {
    Req {
        method: "PUT",
        uri: uri.to_owned(),
        body: Some(body),
    }
}

pub fn patch(uri: &str, body: Value) -> Req {
    Req {
        method: "PATCH",
        uri: uri.to_owned(),
        body: Some(body),
    }
}

pub fn delete(uri: &str) -> Req {
    Req {
        method: "DELETE",
        uri: uri.to_owned(),
        body: None,
    }
}

pub fn delete_with(uri: &str, body: Value) -> Req {
    Req {
        method: "DELETE",
        uri: uri.to_owned(),
        body: Some(body),
    }
}

type Call = Rc<dyn Fn(actix_http::Request) -> Pin<Box<dyn Future<Output = Res>>>>;

/// The HTTP service of one wiring, type-erased so a client can keep it.
#[derive(Clone)]
pub struct Server(Call);

impl Server {
    pub async fn on(state: patio_http::AppState) -> Self {
        let svc =
            Rc::new(test::init_service(App::new().configure(patio_http::configure(state))).await);
        Self(Rc::new(move |req| {
            let svc = svc.clone();
            Box::pin(async move {
                let res = test::call_service(&*svc, req).await;
                let status = res.status();
                let headers = res.headers().clone();
                let cookies = headers
                    .get_all(actix_web::http::header::SET_COOKIE)
                    .filter_map(|v| v.to_str().ok().map(str::to_owned))
                    .collect();
                let bytes = test::read_body(res).await.to_vec();
                let body = if bytes.is_empty() {
                    Value::Null
                } else {
                    serde_json::from_slice(&bytes)
                        .unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into()))
                };
                Res {
                    status,
                    body,
                    bytes,
                    headers,
                    cookies,
                }
            })
        }))
    }
}

#[derive(Clone, Debug)]
enum Auth {
    None,
    Cookie(String),
    Bearer(String),
}

/// Someone calling the API: anonymous, a staff member (cookie) or a driver (bearer).
#[derive(Clone)]
pub struct Client {
    server: Server,
    auth: Auth,
    peer: SocketAddr,
}

impl Client {
    fn new(server: Server, auth: Auth) -> Self {
        Self {
            server,
            auth,
            peer: addr("10.1.1.1"),
        }
    }

    /// The same person calling from another address (`PATIO_TRUSTED_PROXIES`, throttles).
    pub fn calling_from(mut self, ip: &str) -> Self {
        self.peer = addr(ip);
        self
    }

    /// The same server with no session.
    pub fn anonymous(&self) -> Self {
        Self::new(self.server.clone(), Auth::None)
    }

    /// The same server with a given `Cookie` header (e.g. a pair a sign-in answered).
    pub fn with_cookie(&self, cookie: &str) -> Self {
        Self::new(self.server.clone(), Auth::Cookie(cookie.to_owned()))
    }

    /// The same server with a given `Authorization` value (`Bearer ...`).
    pub fn with_bearer(&self, authorization: &str) -> Self {
        Self::new(self.server.clone(), Auth::Bearer(authorization.to_owned()))
    }

    /// Signs `email` in (demo password) on this server; dispatch people (`expedicao@...`,
    /// `espectador@...`, `portaria@...`) on /expedicao.
    pub async fn sign_in(&self, email: &str) -> Self {
        let dispatch = ["expedicao", "espectador", "portaria"]
            .iter()
            .any(|p| email.starts_with(p));
        self.sign_in_on(email, if dispatch { "dispatch" } else { "staff" })
            .await
    }

    /// Signs `email` in (demo password) through `POST /api/auth/login` from `page`
    /// (`staff` or `dispatch`); the same server with the `patio_staff` cookie.
    pub async fn sign_in_on(&self, email: &str, page: &str) -> Self {
        // A host no company serves (the sign-in of every company's staff): the test server's
        // default host is the demo company's, where only its own staff sign in.
        let res = self
            .anonymous()
            .send(
                TestRequest::post()
                    .uri("/api/auth/login")
                    .insert_header(("Host", super::NEUTRAL_HOST))
                    .set_json(staff_login_body(email, PASSWORD, None, page)),
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::OK,
            "sign-in of {email}: {}",
            res.body
        );
        self.with_cookie(&res.cookie("patio_staff"))
    }

    /// Signs a driver in through the app (`POST /api/auth/app/login`); the same server with
    /// the `patio_driver` cookie.
    pub async fn driver_sign_in(&self, cpf: &str, company: i64, birth: &str) -> Self {
        let res = self
            .anonymous()
            .post(
                "/api/auth/app/login",
                super::driver_login_body(cpf, company, birth),
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::CREATED,
            "sign-in of {cpf}: {}",
            res.body
        );
        self.with_cookie(&res.cookie("patio_driver"))
    }

    /// The `Cookie` header this client sends, if it signed in by cookie.
    pub fn cookie(&self) -> &str {
        match &self.auth {
            Auth::Cookie(c) => c,
            other => panic!("no cookie session: {other:?}"),
        }
    }

    /// Any request, with this client's session and address added.
    pub async fn send(&self, req: TestRequest) -> Res {
        let req = match &self.auth {
            Auth::None => req,
            Auth::Cookie(c) => req.insert_header(("Cookie", c.clone())),
            Auth::Bearer(b) => req.insert_header(("Authorization", b.clone())),
        };
        (self.server.0)(req.peer_addr(self.peer).to_request()).await
    }

    /// A request sent as built, its peer address included (no session added).
    pub async fn send_as_is(&self, req: TestRequest) -> Res {
        (self.server.0)(req.to_request()).await
    }

    pub async fn get(&self, uri: &str) -> Res {
        self.send(TestRequest::get().uri(uri)).await
    }

    pub async fn post(&self, uri: &str, body: Value) -> Res {
        self.send(TestRequest::post().uri(uri).set_json(body)).await
    }

    /// A POST with no body.
    pub async fn post_empty(&self, uri: &str) -> Res {
        self.send(TestRequest::post().uri(uri)).await
    }

    pub async fn put(&self, uri: &str, body: Value) -> Res {
        self.send(TestRequest::put().uri(uri).set_json(body)).await
    }

    pub async fn patch(&self, uri: &str, body: Value) -> Res {
        self.send(TestRequest::patch().uri(uri).set_json(body))
            .await
    }

    pub async fn delete(&self, uri: &str) -> Res {
        self.send(TestRequest::delete().uri(uri)).await
    }

    /// A DELETE with a JSON body.
    pub async fn delete_with(&self, uri: &str, body: Value) -> Res {
        self.send(TestRequest::delete().uri(uri).set_json(body))
            .await
    }

    /// A [`Req`].
    pub async fn run(&self, req: Req) -> Res {
        self.call(req.method, &req.uri, req.body).await
    }

    /// `method` by name, with an optional JSON body.
    pub async fn call(&self, method: &str, uri: &str, body: Option<Value>) -> Res {
        let req = match method {
            "GET" => TestRequest::get(),
            "POST" => TestRequest::post(),
            "PUT" => TestRequest::put(),
            "PATCH" => TestRequest::patch(),
            "DELETE" => TestRequest::delete(),
            other => panic!("method {other}"),
        }
        .uri(uri);
        let req = match body {
            Some(b) => req.set_json(b),
            None => req,
        };
        self.send(req).await
    }
}

/// The `Authorization` value of a session for `actor` (what a sign-in issues), for what is not
/// a `Client`: a socket's handshake, a load client.
pub fn bearer(app: &TestApp, actor: &Actor) -> String {
    format!("Bearer {}", app.state.tokens.issue_session(actor).unwrap())
}

/// A driver's session as the app's sign-in makes it.
pub fn driver_actor(id: i64, company: i64) -> Actor {
    Actor {
        kind: SessionKind::Driver,
        id,
        role: None,
        company_id: Some(company),
        shipping_company_id: None,
        is_root: false,
        issued_at: None,
    }
}

/// The clients of one wiring of a test's database (`app.on(state)`; `TestApp`'s own methods
/// use the test's wiring).
pub struct Wiring<'a> {
    app: &'a TestApp,
    state: patio_http::AppState,
}

#[derive(QueryableByName)]
struct Person {
    #[diesel(sql_type = diesel::sql_types::Text)]
    email: String,
}

impl Wiring<'_> {
    async fn server(&self) -> Server {
        Server::on(self.state.clone()).await
    }

    pub async fn anonymous(&self) -> Client {
        Client::new(self.server().await, Auth::None)
    }

    /// Signs `email` in (demo password) through `POST /api/auth/login`, on /expedicao for the
    /// dispatch roles.
    pub async fn staff(&self, email: &str) -> Client {
        let dispatch = self.role_of(email).is_some_and(Role::is_dispatch);
        self.anonymous()
            .await
            .sign_in_on(email, if dispatch { "dispatch" } else { "staff" })
            .await
    }

    fn role_of(&self, email: &str) -> Option<Role> {
        #[derive(QueryableByName)]
        struct R {
            #[diesel(sql_type = diesel::sql_types::Text)]
            role: String,
        }
        diesel::sql_query("SELECT role FROM users WHERE email = $1")
            .bind::<diesel::sql_types::Text, _>(email)
            .get_result::<R>(&mut self.app.db.conn().unwrap())
            .ok()
            .and_then(|r| Role::parse(&r.role).ok())
    }

    /// The first enabled user of `role` in `company` (through its shipping company for the
    /// Transportadora); one is created through the administration API when there is none.
    pub async fn role_of_company(&self, role: Role, company: i64) -> Client {
        let found = diesel::sql_query(
            "SELECT u.email FROM users u
               LEFT JOIN shipping_companies sc ON sc.id = u.shipping_company_id
              WHERE u.role = $1 AND COALESCE(u.company_id, sc.company_id) = $2
                AND u.is_enabled AND NOT u.is_root
              ORDER BY u.id LIMIT 1",
        )
        .bind::<diesel::sql_types::Text, _>(role.as_str())
        .bind::<diesel::sql_types::BigInt, _>(company)
        .get_result::<Person>(&mut self.app.db.conn().unwrap())
        .ok();
        let email = match found {
            Some(p) => p.email,
            None => super::fixtures::user(self.app, role, company).await,
        };
        self.staff(&email).await
    }

    /// The root administrator (`admin@patio.local`).
    pub async fn admin(&self) -> Client {
        self.staff("admin@patio.local").await
    }

    pub async fn usuario_of(&self, company: i64) -> Client {
        self.role_of_company(Role::Usuario, company).await
    }

    pub async fn expedicao_of(&self, company: i64) -> Client {
        self.role_of_company(Role::Expedicao, company).await
    }

    pub async fn espectador_of(&self, company: i64) -> Client {
        self.role_of_company(Role::Espectador, company).await
    }

    pub async fn portaria_of(&self, company: i64) -> Client {
        self.role_of_company(Role::Portaria, company).await
    }

    pub async fn transportadora_of(&self, company: i64) -> Client {
        self.role_of_company(Role::Transportadora, company).await
    }

    /// The driver of `company` with this CPF (masked or not).
    pub async fn driver(&self, cpf: &str, company: i64) -> Client {
        let digits: String = cpf.chars().filter(char::is_ascii_digit).collect();
        #[derive(QueryableByName)]
        struct D {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            id: i64,
        }
        let d: D = diesel::sql_query("SELECT id FROM drivers WHERE cpf = $1 AND company_id = $2")
            .bind::<diesel::sql_types::Text, _>(&digits)
            .bind::<diesel::sql_types::BigInt, _>(company)
            .get_result(&mut self.app.db.conn().unwrap())
            .unwrap_or_else(|e| panic!("no driver {cpf} in company {company}: {e}"));
        self.driver_id(d.id, company).await
    }

    /// The driver with this id, signed in to `company`.
    pub async fn driver_id(&self, id: i64, company: i64) -> Client {
        self.as_actor(&driver_actor(id, company)).await
    }

    /// A bearer session for any actor (what a sign-in would issue).
    pub async fn as_actor(&self, actor: &Actor) -> Client {
        let token = self.state.tokens.issue_session(actor).unwrap();
        Client::new(self.server().await, Auth::Bearer(format!("Bearer {token}")))
    }
}

impl TestApp {
    /// The clients of this test's wiring.
    pub fn wiring(&self) -> Wiring<'_> {
        self.on(self.state.clone())
    }

    /// The clients of another wiring of this test's database (`state_with_*`).
    pub fn on(&self, state: patio_http::AppState) -> Wiring<'_> {
        Wiring { app: self, state }
    }

    pub async fn anonymous(&self) -> Client {
        self.wiring().anonymous().await
    }

    /// Any staff member by e-mail (demo password).
    pub async fn staff(&self, email: &str) -> Client {
        self.wiring().staff(email).await
    }

    pub async fn admin(&self) -> Client {
        self.wiring().admin().await
    }

    pub async fn usuario_of(&self, company: i64) -> Client {
        self.wiring().usuario_of(company).await
    }

    pub async fn expedicao_of(&self, company: i64) -> Client {
        self.wiring().expedicao_of(company).await
    }

    pub async fn espectador_of(&self, company: i64) -> Client {
        self.wiring().espectador_of(company).await
    }

    pub async fn portaria_of(&self, company: i64) -> Client {
        self.wiring().portaria_of(company).await
    }

    pub async fn transportadora_of(&self, company: i64) -> Client {
        self.wiring().transportadora_of(company).await
    }

    pub async fn driver(&self, cpf: &str, company: i64) -> Client {
        self.wiring().driver(cpf, company).await
    }

    pub async fn driver_id(&self, id: i64, company: i64) -> Client {
        self.wiring().driver_id(id, company).await
    }

    pub async fn as_actor(&self, actor: &Actor) -> Client {
        self.wiring().as_actor(actor).await
    }
}

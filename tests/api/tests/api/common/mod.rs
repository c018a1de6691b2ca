//! A real server (the production wiring) on a database of its own, per test.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, Mutex, OnceLock};

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::{test, web, App, HttpResponse, HttpServer};
use chrono::{DateTime, Utc};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use patio::{build_state, Parts};
use patio_application::auth::throttle::ThrottlePolicy;
use patio_application::ports::{Clock, PasswordHasher};
use patio_http::security::Argon2Hasher;
use patio_http::HttpConfig;
use patio_postgres::testkit::TestDb;
use serde_json::Value;

pub mod admin;
pub mod client;
pub mod fixtures;

#[allow(unused_imports)] // the bench examples use part of it
pub use client::{delete, delete_with, get, patch, post, put, Client, Req, Res};

pub const PASSWORD: &str = patio_postgres::seed::DEMO_PASSWORD;
pub const DEMO_CPF: &str = "529.982.247-25";
pub const OTHER_CPF: &str = "111.444.777-35";
pub const CAPTCHA_SECRET: &str = "stub-secret";
pub const GOOD_CAPTCHA: &str = "good-token";

pub struct TestClock(pub Mutex<DateTime<Utc>>);

impl Clock for TestClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap()
    }
}

/// A reCAPTCHA stand-in on a local port; the real reqwest adapter talks to it.
fn captcha_stub() -> String {
    static URL: OnceLock<String> = OnceLock::new();
    URL.get_or_init(|| {
        #[derive(serde::Deserialize)]
        struct Form {
            secret: String,
            response: String,
        }
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        std::thread::spawn(move || {
            actix_rt::System::new().block_on(async move {
                HttpServer::new(|| {
                    App::new().route(
                        "/siteverify",
                        web::post().to(|f: web::Form<Form>| async move {
                            let ok = f.secret == CAPTCHA_SECRET && f.response == GOOD_CAPTCHA;
                            HttpResponse::Ok().json(serde_json::json!({ "success": ok }))
                        }),
                    )
                })
                .workers(1)
                .listen(listener)
                .unwrap()
                .run()
                .await
                .unwrap();
            });
        });
        format!("http://{addr}/siteverify")
    })
    .clone()
}

/// A ViaCEP stand-in on a local port: `01001000` is known, `99999999` is not, `77777777`
/// fails (503); the real reqwest adapter talks to it.
pub fn postal_stub() -> String {
    static URL: OnceLock<String> = OnceLock::new();
    URL.get_or_init(|| {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        std::thread::spawn(move || {
            actix_rt::System::new().block_on(async move {
                HttpServer::new(|| {
                    App::new().route(
                        "/ws/{cep}/json/",
                        web::get().to(|cep: web::Path<String>| async move {
                            match cep.as_str() {
                                "01001000" => HttpResponse::Ok().json(serde_json::json!({
                                    "cep": "01001-000", "logradouro": "Praça da Sé",
                                    "complemento": "lado ímpar", "bairro": "Sé",
                                    "localidade": "São Paulo", "uf": "SP"
                                })),
                                "77777777" => HttpResponse::ServiceUnavailable().finish(),
                                _ => HttpResponse::Ok().json(serde_json::json!({ "erro": "true" })),
                            }
                        }),
                    )
                })
                .workers(1)
                .listen(listener)
                .unwrap()
                .run()
                .await
                .unwrap();
            });
        });
        format!("http://{addr}/ws/{{cep}}/json/")
    })
    .clone()
}

pub struct Ids {
    pub demo: i64,
    pub other: i64,
    pub admin: i64,
    pub usuario: i64,
    pub expedicao: i64,
    pub transp: i64,
    pub shipping: i64,
    pub driver: i64,
    pub other_user: i64,
    pub other_driver: i64,
}

pub struct TestApp {
    pub db: TestDb,
    pub state: patio_http::AppState,
    pub clock: Arc<TestClock>,
    pub ids: Ids,
}

pub fn fast_hash(password: &str) -> String {
    Argon2Hasher::fast_for_tests().hash(password).unwrap()
}

impl TestApp {
    pub fn new() -> Self {
        Self::with_throttle(ThrottlePolicy::default())
    }

    pub fn with_throttle(throttle: ThrottlePolicy) -> Self {
        let db = TestDb::new();
        let mut conn = db.conn().unwrap();
        assert!(patio_postgres::seed::seed_demo(&mut conn, &fast_hash(PASSWORD)).unwrap());
        // A second tenant, to prove isolation.
        // why: every test's starting data, written before the wiring (and so the forms) exists,
        // as the seed writes the demo company.
        conn.batch_execute(&format!(
            "WITH c AS (INSERT INTO companies (name, company, cnpj, uf, city, street, district, zip_code, status)
                        VALUES ('Outra Empresa', 'Outra Empresa SA', '11444777000161', 'SP', 'Santos', 'Rua A', 'Centro', '11000-000', TRUE)
                        RETURNING id),
                  h AS (INSERT INTO company_hosts (company_id, host) SELECT id, 'outra.local' FROM c),
                  s AS (INSERT INTO settings (company_id) SELECT id FROM c),
                  u AS (INSERT INTO users (name, email, password_hash, role, company_id, use_terms)
                        SELECT 'Usuária Outra', 'outra@empresa.local', '{hash}', 'Usuario', id, TRUE FROM c)
             INSERT INTO drivers (company_id, name, cpf, birth_date, is_enabled, use_terms)
             SELECT id, 'MOTORISTA OUTRO', '11144477735', '1985-06-30', TRUE, TRUE FROM c",
            hash = fast_hash(PASSWORD)
        ))
        .unwrap();
        let id = |conn: &mut PgConnection, sql: &str| -> i64 {
            #[derive(QueryableByName)]
            struct Row {
                #[diesel(sql_type = diesel::sql_types::BigInt)]
                id: i64,
            }
            diesel::sql_query(sql).get_result::<Row>(conn).unwrap().id
        };
        let ids = Ids {
            demo: id(
                &mut conn,
                "SELECT id FROM companies WHERE name = 'Demo Agro'",
            ),
            other: id(
                &mut conn,
                "SELECT id FROM companies WHERE name = 'Outra Empresa'",
            ),
            admin: id(
                &mut conn,
                "SELECT id FROM users WHERE email = 'admin@patio.local'",
            ),
            usuario: id(
                &mut conn,
                "SELECT id FROM users WHERE email = 'usuario@patio.local'",
            ),
            expedicao: id(
                &mut conn,
                "SELECT id FROM users WHERE email = 'expedicao@patio.local'",
            ),
            transp: id(
                &mut conn,
                "SELECT id FROM users WHERE email = 'transp@patio.local'",
            ),
            shipping: id(
                &mut conn,
                "SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo'",
            ),
            driver: id(
                &mut conn,
                "SELECT id FROM drivers WHERE cpf = '52998224725'",
            ),
            other_user: id(
                &mut conn,
                "SELECT id FROM users WHERE email = 'outra@empresa.local'",
            ),
            other_driver: id(
                &mut conn,
                "SELECT id FROM drivers WHERE cpf = '11144477735'",
            ),
        };
        drop(conn);

        let clock = Arc::new(TestClock(Mutex::new(Utc::now())));
        let state = build_state(Parts {
            pools: db.pool().clone().into(),
            clock: clock.clone(),
            hasher: Arc::new(Argon2Hasher::fast_for_tests()),
            captcha: Arc::new(patio_clients::RecaptchaVerifier::new(captcha_stub()).unwrap()),
            postal: Arc::new(patio_clients::ViaCepLookup::new(postal_stub())),
            secret: b"test-secret-test-secret-test-secret".to_vec(),
            http: HttpConfig::default(),
            throttle,
            positions: None,
            accounts: None,
            // The tests' receivers listen on loopback.
            webhook_allow_private: true,
        });
        Self {
            db,
            state,
            clock,
            ids,
        }
    }

    pub fn sql(&self, sql: &str) {
        self.db.conn().unwrap().batch_execute(sql).unwrap();
    }

    pub fn scalar_i64(&self, sql: &str) -> i64 {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            v: i64,
        }
        diesel::sql_query(sql)
            .get_result::<Row>(&mut self.db.conn().unwrap())
            .unwrap()
            .v
    }

    pub fn scalar_text(&self, sql: &str) -> String {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = diesel::sql_types::Text)]
            v: String,
        }
        diesel::sql_query(sql)
            .get_result::<Row>(&mut self.db.conn().unwrap())
            .unwrap()
            .v
    }

    pub async fn service(
        &self,
    ) -> impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
    > {
        service_on(self.state.clone()).await
    }
}

/// The HTTP service on a given wiring (see the `state_with_*` methods).
pub async fn service_on(
    state: patio_http::AppState,
) -> impl Service<
    actix_http::Request,
    Response = ServiceResponse<impl MessageBody>,
    Error = actix_web::Error,
> {
    test::init_service(App::new().configure(patio_http::configure(state))).await
}

pub fn addr(ip: &str) -> SocketAddr {
    format!("{ip}:40000").parse().unwrap()
}

/// Sends a request and returns status, JSON body and the Set-Cookie values.
pub async fn send<S, B>(svc: &S, req: test::TestRequest) -> (StatusCode, Value, Vec<String>)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    send_with_peer(svc, req.peer_addr(addr("10.1.1.1"))).await
}

/// Like [`send`], keeping the peer address the request names (`TestRequest::peer_addr`).
pub async fn send_with_peer<S, B>(
    svc: &S,
    req: test::TestRequest,
) -> (StatusCode, Value, Vec<String>)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let req = req.to_request();
    let res = test::call_service(svc, req).await;
    let status = res.status();
    let cookies = res
        .headers()
        .get_all(actix_web::http::header::SET_COOKIE)
        .filter_map(|v| v.to_str().ok().map(str::to_owned))
        .collect();
    let bytes = test::read_body(res).await;
    let body = if bytes.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&bytes)
            .unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into()))
    };
    (status, body, cookies)
}

pub fn cookie_pair(set_cookie: &[String], name: &str) -> String {
    set_cookie
        .iter()
        .find(|c| c.starts_with(&format!("{name}=")))
        .and_then(|c| c.split(';').next())
        .unwrap_or_else(|| panic!("no {name} cookie in {set_cookie:?}"))
        .to_owned()
}

/// A host no company serves: staff of any company sign in there (the test server's default
/// host, `localhost`, is the demo company's, where only the demo's staff and administrators do).
pub const NEUTRAL_HOST: &str = "patio.test";

pub fn staff_login_body(email: &str, password: &str, company: Option<i64>, page: &str) -> Value {
    serde_json::json!({
        "email": email, "password": password,
        "company": company.map(|id| serde_json::json!({ "id": id })),
        "recaptcha_token": "", "page": page,
    })
}

/// Signs in and returns the `patio_staff=...` cookie pair.
pub async fn staff_cookie<S, B>(svc: &S, email: &str, page: &str) -> String
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let (status, body, cookies) = send(
        svc,
        test::TestRequest::post()
            .uri("/api/auth/login")
            .insert_header(("Host", NEUTRAL_HOST))
            .set_json(staff_login_body(email, PASSWORD, None, page)),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    cookie_pair(&cookies, "patio_staff")
}

pub fn driver_login_body(cpf: &str, company: i64, birth: &str) -> Value {
    serde_json::json!({ "cpf": cpf, "company": { "id": company }, "birthDate": birth, "recaptcha_token": "" })
}

impl TestApp {
    /// Another instance of `patio serve` on this test's database, wired as the binary is:
    /// positions read by their own pool and remembered by `cache` (feed it with a listener).
    #[allow(dead_code)]
    pub fn instance_with_cache(
        &self,
        cache: Arc<patio_application::queue::position_cache::PositionCache>,
    ) -> patio_http::AppState {
        build_state(self.parts(self.db.pool().clone(), Some(cache)))
    }

    /// The wiring of `patio serve`'s session check: accounts remembered for 30 s.
    pub fn state_with_account_memory(&self) -> patio_http::AppState {
        let reader = patio_postgres::PgDirectReader::from_pool(self.db.pool().clone());
        let mut parts = self.parts(self.db.pool().clone(), None);
        parts.accounts = Some(
            patio_application::auth::account_check::AccountCheck::with_memory(
                Arc::new(reader),
                patio_application::auth::account_check::DEFAULT_MEMORY,
            ),
        );
        build_state(parts)
    }

    /// `patio serve`'s wiring in full: positions remembered by `cache`, accounts for 30 s.
    #[allow(dead_code)]
    pub fn instance_as_served(
        &self,
        cache: Arc<patio_application::queue::position_cache::PositionCache>,
    ) -> patio_http::AppState {
        let reader = patio_postgres::PgDirectReader::from_pool(self.db.pool().clone());
        let mut parts = self.parts(self.db.pool().clone(), Some(cache));
        parts.accounts = Some(
            patio_application::auth::account_check::AccountCheck::with_memory(
                Arc::new(reader),
                patio_application::auth::account_check::DEFAULT_MEMORY,
            ),
        );
        build_state(parts)
    }

    /// The same wiring (clock included) on another pool of this test's database, e.g. a
    /// larger one for tests that need many connections at once.
    pub fn state_with_pool(&self, pool: patio_postgres::PgPool) -> patio_http::AppState {
        build_state(self.parts(pool, None))
    }

    /// The same wiring as an installation without `PATIO_WEBHOOK_ALLOW_PRIVATE`.
    pub fn state_refusing_private_webhooks(&self) -> patio_http::AppState {
        let mut parts = self.parts(self.db.pool().clone(), None);
        parts.webhook_allow_private = false;
        build_state(parts)
    }

    /// The same wiring with the HTTP edge's settings given (trusted proxies, `/metrics`
    /// allow list).
    pub fn state_with_http(&self, http: HttpConfig) -> patio_http::AppState {
        let mut parts = self.parts(self.db.pool().clone(), None);
        parts.http = http;
        build_state(parts)
    }

    /// The same wiring on `pool`, with the e-mail side given (an SMTP sink, a server that is
    /// down, the public address and report hour).
    pub fn state_with_mail(
        &self,
        pool: patio_postgres::PgPool,
        mail: patio::MailParts,
    ) -> patio_http::AppState {
        patio::build_state_with_mail(self.parts(pool, None), mail)
    }

    fn parts(
        &self,
        pool: patio_postgres::PgPool,
        positions: Option<Arc<patio_application::queue::position_cache::PositionCache>>,
    ) -> Parts {
        Parts {
            pools: pool.into(),
            clock: self.clock.clone(),
            hasher: Arc::new(Argon2Hasher::fast_for_tests()),
            captcha: Arc::new(patio_clients::RecaptchaVerifier::new(captcha_stub()).unwrap()),
            postal: Arc::new(patio_clients::ViaCepLookup::new(postal_stub())),
            secret: b"test-secret-test-secret-test-secret".to_vec(),
            http: HttpConfig::default(),
            throttle: ThrottlePolicy::default(),
            positions,
            accounts: None,
            webhook_allow_private: true,
        }
    }
}

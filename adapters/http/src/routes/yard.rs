//! The yard (issue 13, spec 3 section 7): the dispatch panel's actions (`/queue/start`,
//! `/queue/update`, `/queue/update-driver`, `/queue/close/{id}`, `/scheduling/close`,
//! `/scheduling/update`), its lists and the check-ins with the TV's calls. The `/queue/...`
//! handlers are registered inside the `/queue` scope of `queue.rs`; the others here.

use actix_web::{get, post, put};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use patio_application::yard::ports::YardList;
use patio_application::yard::{
    queue_export, CheckinStateView, CheckinView, CompleteCommand, QueueExportTable, YardActionView,
    YardListRow, YardService, EXPORT_DAYS,
};
use patio_application::{AppError, AppResult};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::IdRef;
use crate::error::{blocking, ApiError};
use crate::export::{attachment, csv_bytes, pdf_bytes, Fit};
use crate::session::{client_address, Session, Sessions};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(complete)
        .service(edit_weight)
        .service(queue_drops)
        .service(checkin_save)
        .service(checkin_checkout)
        .service(checkin_actives)
        .service(checkin_called)
        .service(checkin_count)
        .service(checkin_verify)
        .service(checkin_setcall);
}

/// Runs one of the yard service's use cases on the blocking pool: each handler below reads
/// its body, then calls this with the action.
async fn yard<T: Send + 'static>(
    state: &AppState,
    action: impl FnOnce(&YardService) -> AppResult<T> + Send + 'static,
) -> Result<T, ApiError> {
    let svc = state.services.yard.clone();
    blocking(move || action(&svc)).await
}

/// `PUT /queue/start {id, status}`: `status` true starts the loading.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct YardStartBody {
    pub id: i64,
    pub status: Option<bool>,
}

#[utoipa::path(tag = "yard", request_body = YardStartBody,
    responses((status = 200, description = "{id, message: 'Carregamento iniciado', status: 'loading'}", body = YardActionView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "'Por favor, iniciar o atendimento da empresa!', 'Por favor, cancelar o atraso!', 'Limite de atendimento atingido!', 'Adicione o veículo e o Motorista em um pedido!', 'motorista precisa fazer check-in'")))]
#[put("/start")]
pub async fn start(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<YardStartBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let ip = client_address(&req);
    let view = yard(&state, move |svc| {
        if body.status == Some(false) {
            svc.return_to_queue(&session.0, body.id, ip)
        } else {
            svc.start(&session.0, body.id, ip)
        }
    })
    .await?;
    Ok(HttpResponse::Ok().json(view))
}

/// `PUT /queue/update {id, scheduling{id}, company, driver}`: back to the queue.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct YardReturnBody {
    pub id: i64,
    pub scheduling: Option<IdRef>,
    pub company: Option<IdRef>,
    pub driver: Option<IdRef>,
}

#[utoipa::path(tag = "yard", request_body = YardReturnBody,
    responses((status = 200, description = "{id, message: 'Veículo voltou para a fila', status: 'waiting'}", body = YardActionView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "'Este veículo não está em atendimento.'")))]
#[put("/update")]
pub async fn return_to_queue(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<YardReturnBody>,
) -> Result<HttpResponse, ApiError> {
    let id = body.id;
    let ip = client_address(&req);
    let view = yard(&state, move |svc| svc.return_to_queue(&session.0, id, ip)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// `PUT /queue/update-driver {id, driver{id}, company{id}}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct YardDriverBody {
    pub id: i64,
    pub driver: Option<IdRef>,
    pub company: Option<IdRef>,
}

#[utoipa::path(tag = "yard", request_body = YardDriverBody,
    responses((status = 200, description = "{id, message: 'Motorista trocado'}", body = YardActionView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "'Este motorista já está na fila.', 'Este veículo não está aguardando na fila.'"),
        (status = 422, description = "'Selecione um motorista!'")))]
#[put("/update-driver")]
pub async fn update_driver(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<YardDriverBody>,
) -> Result<HttpResponse, ApiError> {
    let id = body.id;
    let driver = body
        .driver
        .map(|d| d.id)
        .ok_or_else(|| AppError::field("driver", "Selecione um motorista!"))?;
    let ip = client_address(&req);
    let view = yard(&state, move |svc| {
        svc.change_driver(&session.0, id, driver, ip)
    })
    .await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "yard",
    responses((status = 200, description = "{id, message: 'Agendamento cancelado', status: 'cancelled'}", body = YardActionView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "'Apenas agendamentos do dia de hoje podem ser cancelados'")))]
#[post("/close/{queueId}")]
pub async fn cancel(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let ip = client_address(&req);
    let view = yard(&state, move |svc| svc.cancel(&session.0, id, ip)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct PlateQuery {
    #[serde(rename = "licensePlate")]
    pub license_plate: Option<String>,
}

async fn list(
    state: web::Data<AppState>,
    session: Session,
    company_id: i64,
    list: YardList,
    plate: Option<String>,
) -> Result<HttpResponse, ApiError> {
    let rows = yard(&state, move |svc| {
        svc.list(&session.0, company_id, list, plate)
    })
    .await?;
    Ok(HttpResponse::Ok().json(rows))
}

#[utoipa::path(tag = "yard", params(PlateQuery),
    responses((status = 200, description = "Faltosos of the operating day", body = Vec<YardListRow>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/missings/{companyId}")]
pub async fn missings(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
    q: web::Query<PlateQuery>,
) -> Result<HttpResponse, ApiError> {
    list(
        state,
        session,
        path.into_inner(),
        YardList::Missing,
        q.into_inner().license_plate,
    )
    .await
}

#[utoipa::path(tag = "yard", params(PlateQuery),
    responses((status = 200, description = "Atendidos of the operating day (not for Portaria)", body = Vec<YardListRow>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/attendeds/{companyId}")]
pub async fn attendeds(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
    q: web::Query<PlateQuery>,
) -> Result<HttpResponse, ApiError> {
    list(
        state,
        session,
        path.into_inner(),
        YardList::Attended,
        q.into_inner().license_plate,
    )
    .await
}

#[utoipa::path(tag = "yard", params(PlateQuery),
    responses((status = 200, description = "Desistentes of the operating day", body = Vec<YardListRow>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/logs/queue-drops/{companyId}")]
pub async fn queue_drops(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
    q: web::Query<PlateQuery>,
) -> Result<HttpResponse, ApiError> {
    list(
        state,
        session,
        path.into_inner(),
        YardList::Dropouts,
        q.into_inner().license_plate,
    )
    .await
}

/// `POST /scheduling/close {id, status, qtyTransported, expedInitialDate, expedDate}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct YardCloseBody {
    /// The loading (scheduling) id.
    pub id: i64,
    pub status: Option<bool>,
    pub qty_transported: Option<f64>,
    pub exped_initial_date: Option<DateTime<Utc>>,
    pub exped_date: Option<DateTime<Utc>>,
}

#[utoipa::path(tag = "yard", request_body = YardCloseBody,
    responses((status = 200, description = "{id, message: 'Carregamento finalizado', status: 'attended', orderStatus}", body = YardActionView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "'Este veículo não está em atendimento.'"),
        (status = 422, description = "qtyTransported: 'Informe um peso maior que zero (até 99,999 t).'")))]
#[post("/scheduling/close")]
pub async fn complete(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<YardCloseBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let cmd = CompleteCommand {
        scheduling_id: b.id,
        qty_transported: b.qty_transported.unwrap_or(0.0),
        exped_initial_date: b.exped_initial_date,
        exped_date: b.exped_date,
        ip: client_address(&req),
    };
    let view = yard(&state, move |svc| svc.complete(&session.0, &cmd)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// `PUT /scheduling/update {id, qtyTransported}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct YardWeightBody {
    pub id: i64,
    pub qty_transported: Option<f64>,
}

#[utoipa::path(tag = "yard", request_body = YardWeightBody,
    responses((status = 200, description = "{message: 'Peso editado', orderStatus}", body = YardActionView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "'Apenas o peso de atendimentos de hoje pode ser editado.'"),
        (status = 422, description = "qtyTransported")))]
#[put("/scheduling/update")]
pub async fn edit_weight(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<YardWeightBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, qty) = (body.id, body.qty_transported.unwrap_or(0.0));
    let ip = client_address(&req);
    let view = yard(&state, move |svc| svc.edit_weight(&session.0, id, qty, ip)).await?;
    Ok(HttpResponse::Ok().json(view))
}

// ---- Check-in and calls.

/// `POST /checkins/save {id, company, queue{id}, isPresent, status}`: the driver's check-in;
/// only `queue` counts (the rest is decided on the server).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckinSaveBody {
    pub id: Option<i64>,
    pub company: Option<IdRef>,
    pub queue: IdRef,
    pub is_present: Option<bool>,
    pub status: Option<bool>,
}

#[utoipa::path(tag = "checkin", request_body = CheckinSaveBody,
    responses((status = 201, description = "The present check-in", body = CheckinView),
        (status = 401), (status = 403, description = "Not a driver, or 'Check-in permitido apenas na rede do pátio da empresa.'"), (status = 404),
        (status = 409, description = "'O check-in não está habilitado.', 'Você não tem posição na fila'")))]
#[post("/checkins/save")]
pub async fn checkin_save(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<CheckinSaveBody>,
) -> Result<HttpResponse, ApiError> {
    let queue = body.queue.id;
    let ip = client_address(&req);
    let view = yard(&state, move |svc| svc.check_in(&session.0, queue, ip)).await?;
    Ok(HttpResponse::Created().json(view))
}

/// `POST /checkins/checkout {id, driver{id}}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CheckoutBody {
    pub id: i64,
    pub driver: Option<IdRef>,
}

#[utoipa::path(tag = "checkin", request_body = CheckoutBody,
    responses((status = 200, description = "The check-in after the checkout (isPresent false)", body = CheckinView),
        (status = 401), (status = 403), (status = 404)))]
#[post("/checkins/checkout")]
pub async fn checkin_checkout(
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<CheckoutBody>,
) -> Result<HttpResponse, ApiError> {
    let id = body.id;
    let view = yard(&state, move |svc| svc.check_out(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "checkin",
    responses((status = 200, description = "Present check-ins of active entries", body = Vec<CheckinView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/checkins/company/actives/{companyId}")]
pub async fn checkin_actives(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let company = path.into_inner();
    let rows = yard(&state, move |svc| svc.active_checkins(&session.0, company)).await?;
    Ok(HttpResponse::Ok().json(rows))
}

#[utoipa::path(tag = "checkin",
    responses((status = 200, description = "The 10 most recent calls, newest first (staff, or the TV from an address of checkinIp)", body = Vec<CheckinView>),
        (status = 403, description = "'Check-in permitido apenas na rede do pátio da empresa.'"), (status = 404)))]
#[get("/checkins/called/{companyId}")]
pub async fn checkin_called(
    state: web::Data<AppState>,
    sessions: Sessions,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let company = path.into_inner();
    let actor = sessions.any();
    let ip = client_address(&req);
    let rows = yard(&state, move |svc| svc.called(actor.as_ref(), company, ip)).await?;
    Ok(HttpResponse::Ok().json(rows))
}

#[utoipa::path(tag = "checkin",
    responses((status = 200, description = "The entry's check-in state (a read: nothing changes)", body = CheckinStateView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/checkins/count/{queueId}")]
pub async fn checkin_count(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let ip = client_address(&req);
    let view = yard(&state, move |svc| svc.check_in_state(&session.0, id, ip)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "checkin",
    responses((status = 200, description = "The entry's check-in state; the driver's present check-in from an address no longer authorised is cancelled (`cancelled`: true)", body = CheckinStateView),
        (status = 401), (status = 403), (status = 404)))]
#[post("/checkins/count/{queueId}")]
pub async fn checkin_verify(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let ip = client_address(&req);
    let view = yard(&state, move |svc| svc.verify_check_in(&session.0, id, ip)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// `POST /checkins/setcall {id, isCalling}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetCallBody {
    pub id: i64,
    pub is_calling: Option<bool>,
}

#[utoipa::path(tag = "checkin", request_body = SetCallBody,
    responses((status = 200, description = "The check-in; a call publishes checkInCallResponse on /api/ws", body = CheckinView),
        (status = 401), (status = 403), (status = 404)))]
#[post("/checkins/setcall")]
pub async fn checkin_setcall(
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<SetCallBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, calling) = (body.id, body.is_calling.unwrap_or(true));
    let view = yard(&state, move |svc| svc.set_call(&session.0, id, calling)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// The panel's export: the queue's first 4 days (waiting vehicles, in queue order).
async fn queue_table(
    state: web::Data<AppState>,
    session: Session,
    company_id: i64,
) -> Result<QueueExportTable, ApiError> {
    let svc = state.services.queue_reads.clone();
    let days =
        blocking(move || svc.company_queue(&session.0, company_id, Some(EXPORT_DAYS))).await?;
    Ok(queue_export(&days))
}

#[utoipa::path(tag = "yard",
    responses((status = 200, description = "fila.csv: the queue's first 4 days, `;`-separated", content_type = "text/csv", body = String),
        (status = 401), (status = 403), (status = 404)))]
#[get("/company/{id}/export.csv")]
pub async fn queue_csv(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let t = queue_table(state, session, path.into_inner()).await?;
    let bytes = csv_bytes(&t.header, &t.rows)?;
    Ok(attachment("text/csv; charset=utf-8", "fila.csv", bytes))
}

#[utoipa::path(tag = "yard",
    responses((status = 200, description = "fila.pdf: A4 portrait, titled 'Fila', the queue's first 4 days", content_type = "application/pdf", body = Vec<u8>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/company/{id}/report.pdf")]
pub async fn queue_pdf(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let t = queue_table(state, session, path.into_inner()).await?;
    let fits: Vec<Fit> = t
        .header
        .iter()
        .map(|h| match *h {
            "Posição" => Fit::Number,
            "Dia" | "Placa" | "Pedido" | "Horário" => Fit::Whole,
            _ => Fit::Wrap,
        })
        .collect();
    let subtitle = "Fila de carregamento: os 4 primeiros dias";
    let bytes = web::block(move || pdf_bytes("Fila", subtitle, &t.header, &t.rows, &fits))
        .await
        .map_err(|e| ApiError(AppError::internal(e.to_string())))??;
    Ok(attachment("application/pdf", "fila.pdf", bytes))
}

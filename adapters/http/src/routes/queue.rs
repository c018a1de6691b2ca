//! The virtual queue (spec 3 section 7 "Queue and expedition"): join, leave, delay, reset and
//! the queue reads. Handlers parse, call one service method on a blocking thread and map.

use actix_web::{delete, get, post, put};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::queue::reads::QueueReadService;
use patio_application::queue::{DelayCommand, JoinCommand};
use patio_application::{AppError, AppResult};
use patio_domain::auth::Actor;
use serde::{Deserialize, Serialize};
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use super::IdRef;
use crate::error::{blocking, ApiError};
use crate::session::{client_address, Session};
use crate::state::AppState;

/// Under one `/queue` scope, registered first in `/api`: the driver apps poll
/// `/queue/position/driver/{id}`, and actix matches routes one by one, so the hot path should
/// not walk the regexes of every other area first.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(
        scope("/queue")
            .service(join)
            .service(super::queue_desk::add)
            .service(driver_position)
            .service(leave)
            .service(reset)
            .service(delay)
            .service(company_queue)
            .service(shipping_queue)
            .service(active_company)
            .service(active_shipping)
            .service(panel)
            .service(totals)
            .service(next_date)
            .service(has_driver)
            .service(driver_positions)
            .service(delay_status)
            // The yard's actions and lists (routes/yard.rs).
            .service(super::yard::start)
            .service(super::yard::return_to_queue)
            .service(super::yard::update_driver)
            .service(super::yard::cancel)
            .service(super::yard::missings)
            .service(super::yard::attendeds)
            .service(super::yard::queue_csv)
            .service(super::yard::queue_pdf)
            .service(super::queue_overview::shipping_positions)
            .service(super::queue_overview::companies)
            .service(entry),
    );
}

/// The queue reads by one id: the service call on a blocking thread, its answer as JSON.
async fn read_one<T: Serialize + Send + 'static>(
    state: &AppState,
    session: Session,
    id: i64,
    read: fn(&QueueReadService, &Actor, i64) -> AppResult<T>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.queue_reads.clone();
    let view = blocking(move || read(&svc, &session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// The device a dropout came from: the `userAgent` query parameter the app sends, else the
/// User-Agent header.
fn device(req: &HttpRequest) -> Option<String> {
    let from_query = web::Query::<UserAgentQuery>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.into_inner().user_agent);
    from_query
        .or_else(|| {
            req.headers()
                .get(actix_web::http::header::USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        })
        .map(|s| s.chars().take(300).collect())
}

#[derive(Deserialize)]
struct UserAgentQuery {
    #[serde(rename = "userAgent")]
    user_agent: Option<String>,
}

/// `POST /queue/save`. `driver` defaults to the signed-in driver and `company` to the
/// session's company; `scheduling` `null` joins as a freelancer ('Autônomo') with `truck`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct JoinBody {
    pub driver: Option<IdRef>,
    pub company: Option<IdRef>,
    pub scheduling: Option<IdRef>,
    pub truck: Option<IdRef>,
}

#[utoipa::path(tag = "queue", request_body = JoinBody,
    responses((status = 201, description = "{id, message: 'Marcação Confirmada', position, date, forecast, time, isFreelancer}", body = patio_application::queue::JoinView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Refused by the queue rules (pt-BR message)"),
        (status = 422, description = "'Selecione um veículo!' and other field messages")))]
#[post("/save")]
pub async fn join(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<JoinBody>,
) -> Result<HttpResponse, ApiError> {
    let actor = session.0;
    let body = body.into_inner();
    let driver_id = body
        .driver
        .map(|d| d.id)
        .or_else(|| actor.is_driver().then_some(actor.id))
        .ok_or_else(|| AppError::field("driver", "Selecione um motorista!"))?;
    let company_id = body
        .company
        .map(|c| c.id)
        .or(actor.company_id)
        .ok_or_else(|| AppError::field("company", "Selecione uma empresa!"))?;
    let cmd = JoinCommand {
        driver_id,
        company_id,
        scheduling_id: body.scheduling.map(|s| s.id),
        truck_id: body.truck.map(|t| t.id),
        ip: client_address(&req),
    };
    let svc = state.services.queue.clone();
    let view = blocking(move || svc.join(&actor, &cmd)).await?;
    Ok(HttpResponse::Created().json(view))
}

#[utoipa::path(tag = "queue",
    responses((status = 200, description = "{id, message: 'Você saiu da fila com sucesso'}", body = patio_application::queue::LeaveView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Inside the leave window, or not waiting")))]
#[delete("/delete/{queueId}")]
pub async fn leave(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let (ip, device) = (client_address(&req), device(&req));
    let svc = state.services.queue.clone();
    let view = blocking(move || svc.leave(&session.0, id, ip, device)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = QueueCompanyBody)]
pub struct CompanyBody {
    pub company: IdRef,
}

#[utoipa::path(tag = "queue", request_body = CompanyBody,
    responses((status = 200, description = "{message: 'Fila resetada', companyId, entries}", body = patio_application::queue::ResetView),
        (status = 401), (status = 403, description = "Root administrators only"), (status = 404)))]
#[post("/reset")]
pub async fn reset(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<CompanyBody>,
) -> Result<HttpResponse, ApiError> {
    let company_id = body.company.id;
    let ip = client_address(&req);
    let svc = state.services.queue.clone();
    let view = blocking(move || svc.reset(&session.0, company_id, ip)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// `PUT /queue/delay`: `time` in minutes; negative ends the running delay early.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DelayBody {
    #[serde(rename = "delayId")]
    pub delay_id: Option<i64>,
    pub time: i32,
    #[serde(rename = "companyId")]
    pub company_id: i64,
}

#[utoipa::path(tag = "queue", request_body = DelayBody,
    responses((status = 200, description = "{companyId, active, delayedTime, delayId}", body = patio_application::queue::DelayChangeView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "'Por favor, cancelar o atraso!' or no delay to end"),
        (status = 422, description = "'Preencha os campos'")))]
#[put("/delay")]
pub async fn delay(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<DelayBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let cmd = DelayCommand {
        company_id: body.company_id,
        delay_id: body.delay_id,
        time: body.time,
        ip: client_address(&req),
    };
    let svc = state.services.queue.clone();
    let view = blocking(move || svc.delay(&session.0, &cmd)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct DaysQuery {
    /// How many planned days to read (default 5).
    pub days_limit: Option<i64>,
}

#[utoipa::path(tag = "queue", params(DaysQuery),
    responses((status = 200, description = "[{date, label, queue: [queue row]}] waiting entries by day", body = Vec<patio_application::queue::reads::QueueDayView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/company/{id}")]
pub async fn company_queue(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
    q: web::Query<DaysQuery>,
) -> Result<HttpResponse, ApiError> {
    let (id, days) = (path.into_inner(), q.days_limit);
    let svc = state.services.queue_reads.clone();
    let view = blocking(move || svc.company_queue(&session.0, id, days)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "queue", params(DaysQuery),
    responses((status = 200, description = "The shipping company's vehicles by day", body = Vec<patio_application::queue::reads::QueueDayView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/shipping-company/{id}")]
pub async fn shipping_queue(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
    q: web::Query<DaysQuery>,
) -> Result<HttpResponse, ApiError> {
    let (id, days) = (path.into_inner(), q.days_limit);
    let svc = state.services.queue_reads.clone();
    let view = blocking(move || svc.shipping_queue(&session.0, id, days)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "queue",
    responses((status = 200, description = "Active entries: loading first, then waiting in queue order", body = Vec<patio_application::queue::reads::QueueRowView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/active/company/{id}")]
pub async fn active_company(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    read_one(
        &state,
        session,
        path.into_inner(),
        QueueReadService::active_company,
    )
    .await
}

#[utoipa::path(tag = "queue",
    responses((status = 200, description = "The shipping company's active entries", body = Vec<patio_application::queue::reads::QueueRowView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/active/shipping-company/{id}")]
pub async fn active_shipping(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    read_one(
        &state,
        session,
        path.into_inner(),
        QueueReadService::active_shipping,
    )
    .await
}

#[utoipa::path(tag = "queue",
    responses((status = 200, description = "Panel rows: id, position, licensePlate, time, date, isInTolerance, isActive, isMine", body = Vec<patio_application::queue::reads::PanelRowView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/active/{companyId}")]
pub async fn panel(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    read_one(&state, session, path.into_inner(), QueueReadService::panel).await
}

#[utoipa::path(tag = "queue",
    responses((status = 200, description = "{totals, totalsToday, attended, missing, totalTransportedToday, dropouts}", body = patio_application::queue::reads::TotalsView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/totals/company/{id}")]
pub async fn totals(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    read_one(&state, session, path.into_inner(), QueueReadService::totals).await
}

#[utoipa::path(tag = "queue",
    responses((status = 200, description = "{companyId, date, label, forecast, time, plannedAt}", body = patio_application::queue::reads::NextDateView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/next-date/{companyId}")]
pub async fn next_date(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    read_one(
        &state,
        session,
        path.into_inner(),
        QueueReadService::next_date,
    )
    .await
}

#[utoipa::path(tag = "queue",
    responses((status = 200, description = "{id, companyId, position, status: null|pending|tolerance|attended|fault, forecast, date, isInTolerance, isFreelancer, truck}", body = patio_application::queue::reads::DriverPositionView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/position/driver/{driverId}")]
pub async fn driver_position(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let svc = state.services.queue_reads.clone();
    // Phones poll this every 30 s: a remembered answer goes out without leaving this thread.
    if let Some(answer) = svc.driver_position_at_once(&session.0, id) {
        return Ok(HttpResponse::Ok().json(answer.map_err(ApiError)?));
    }
    let view = blocking(move || svc.driver_position(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "queue",
    responses((status = 200, description = "{hasDriver, queueId}", body = patio_application::queue::reads::HasDriverView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/hasDriver/{driverId}")]
pub async fn has_driver(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    read_one(
        &state,
        session,
        path.into_inner(),
        QueueReadService::has_driver,
    )
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct IdsQuery {
    /// Driver ids, comma separated.
    pub ids: Option<String>,
}

#[utoipa::path(tag = "queue", params(IdsQuery),
    responses((status = 200, description = "[{id (driver), queueId, position, truckId}]", body = Vec<patio_application::queue::reads::DriverPositionItem>),
        (status = 401), (status = 403), (status = 422)))]
#[get("/driver/positions")]
pub async fn driver_positions(
    state: web::Data<AppState>,
    session: Session,
    q: web::Query<IdsQuery>,
) -> Result<HttpResponse, ApiError> {
    let ids = q
        .ids
        .as_deref()
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::parse::<i64>)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| AppError::field("ids", "Lista de motoristas inválida."))?;
    let svc = state.services.queue_reads.clone();
    let view = blocking(move || svc.driver_positions(&session.0, &ids)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "queue",
    responses((status = 200, description = "{id, delayedTime, delay: {id, reason, icon}, expedition, created_at, endsAt} or null", body = Option<patio_application::queue::reads::DelayStatusView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/delayStatus/company/{id}")]
pub async fn delay_status(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    read_one(
        &state,
        session,
        path.into_inner(),
        QueueReadService::delay_status,
    )
    .await
}

#[utoipa::path(tag = "queue",
    responses((status = 200, description = "The queue entry with its row fields", body = patio_application::queue::reads::QueueRowView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/{id}")]
pub async fn entry(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    read_one(&state, session, path.into_inner(), QueueReadService::entry).await
}

//! Rescues (issue 13, spec 3 section 7): `POST /queue-restore/save`, `GET /queue-restore`,
//! `PUT /queue-restore/restore`.

use actix_web::{get, post, put};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::queue::rescues::{
    RescueApprovedView, RescueCommand, RescueOrderView, RescuePageView, RescueSavedView,
};
use patio_application::services::OptIdRef;
use patio_application::AppError;
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::IdRef;
use crate::error::{blocking, ApiError};
use crate::session::{client_address, Session};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(rescue_save)
        .service(rescue_orders)
        .service(rescue_list)
        .service(rescue_restore);
}

/// `POST /queue-restore/save {queue{id}, order{id}?, netWeight}` (the spec's `{orderId,
/// queueId, qtyTransported, company{id}}` are accepted too).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RescueSaveBody {
    pub queue: Option<IdRef>,
    pub queue_id: Option<i64>,
    /// Absent: the order of the vehicle's loading.
    pub order: Option<OptIdRef>,
    pub order_id: Option<i64>,
    /// Net weight in tonnes (above 0, at most 99.999).
    pub net_weight: Option<f64>,
    pub qty_transported: Option<f64>,
    pub company: Option<OptIdRef>,
}

#[utoipa::path(tag = "rescues", request_body = RescueSaveBody,
    responses((status = 201, description = "{id, message: 'Solicitação enviada'}", body = RescueSavedView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "'Apenas veículos faltosos podem ser recuperados.', 'Apenas faltosos de hoje podem ser recuperados.', 'Este carregamento já foi finalizado.', 'Já existe uma solicitação de resgate para este veículo.'"),
        (status = 422, description = "netWeight: 'Informe um peso maior que zero (até 99,999 t).'; order: 'O pedido informado não é o do agendamento do veículo.', a freelancer's 'Pedido é obrigatório!'; queue: 'Veículo é obrigatório!'; a freelancer's loading on the chosen order: the checks of spec 2 section 5 ('A Capacidade Liquida ultrapassa o Saldo do Pedido.' on netWeight, 'Motorista ja vinculado ao pedido por outra transportadora.' on driver, 'Pedido desativado!' on order…)")))]
#[post("/queue-restore/save")]
pub async fn rescue_save(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<RescueSaveBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let queue_id = b
        .queue
        .map(|q| q.id)
        .or(b.queue_id)
        .ok_or_else(|| AppError::field("queue", "Veículo é obrigatório!"))?;
    let cmd = RescueCommand {
        queue_id,
        order_id: b.order.and_then(|o| o.id).or(b.order_id),
        net_weight: b.net_weight.or(b.qty_transported).unwrap_or(0.0),
        ip: client_address(&req),
    };
    let svc = state.services.rescues.clone();
    let view = blocking(move || svc.request(&session.0, &cmd)).await?;
    Ok(HttpResponse::Created().json(view))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RescueOrdersParams {
    /// Order code or customer name (a freelancer's choices).
    pub search: Option<String>,
}

#[utoipa::path(tag = "rescues", params(("queueId" = i64, Path, description = "The missing vehicle's queue entry"), RescueOrdersParams),
    responses((status = 200, description = "The orders the rescue form offers: the loading's own, or for a freelancer the company's enabled open orders (20 at a time), with what each can still take", body = Vec<RescueOrderView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/queue-restore/orders/{queueId}")]
pub async fn rescue_orders(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
    q: web::Query<RescueOrdersParams>,
) -> Result<HttpResponse, ApiError> {
    let queue_id = path.into_inner();
    let search = q.into_inner().search;
    let svc = state.services.rescues.clone();
    let orders = blocking(move || svc.orders(&session.0, queue_id, search)).await?;
    Ok(HttpResponse::Ok().json(orders))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RescueListParams {
    /// From 1; 6 rows a page.
    pub page: Option<i64>,
    /// 'Buscar Resgate': plate, driver or order code.
    pub search: Option<String>,
    /// Administrators: one company; others: their own only.
    pub company_id: Option<i64>,
}

#[utoipa::path(tag = "rescues", params(RescueListParams),
    responses((status = 200, description = "Pending rescues, 6 per page (the carrier column only for administrators)", body = RescuePageView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/queue-restore")]
pub async fn rescue_list(
    state: web::Data<AppState>,
    session: Session,
    q: web::Query<RescueListParams>,
) -> Result<HttpResponse, ApiError> {
    let q = q.into_inner();
    let svc = state.services.rescues.clone();
    let page = blocking(move || svc.list(&session.0, q.company_id, q.search, q.page)).await?;
    Ok(HttpResponse::Ok().json(page))
}

/// `PUT /queue-restore/restore {id, company{id}}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RescueRestoreBody {
    pub id: i64,
    pub company: Option<OptIdRef>,
}

#[utoipa::path(tag = "rescues", request_body = RescueRestoreBody,
    responses((status = 200, description = "{id, message: 'Aprovação realizada com sucesso', queueStatus: 'attended', orderStatus}", body = RescueApprovedView),
        (status = 401), (status = 403, description = "root administrators only"), (status = 404),
        (status = 409, description = "'Este resgate já foi aprovado.', 'Este carregamento já foi finalizado.', 'Apenas veículos faltosos podem ser recuperados.'"),
        (status = 422, description = "A freelancer's loading on the chosen order no longer passes the checks of spec 2 section 5 (the order filled up meanwhile)")))]
#[put("/queue-restore/restore")]
pub async fn rescue_restore(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<RescueRestoreBody>,
) -> Result<HttpResponse, ApiError> {
    let id = body.id;
    let ip = client_address(&req);
    let svc = state.services.rescues.clone();
    let view = blocking(move || svc.approve(&session.0, id, ip)).await?;
    Ok(HttpResponse::Ok().json(view))
}

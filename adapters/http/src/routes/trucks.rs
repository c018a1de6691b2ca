//! Trucks (spec 2 section 7 "Trucks", spec 3 section 7 "Driver trucks"): the staff lists,
//! form, delete and shipping-company unbind; the driver's own calls; the implement table; the
//! plate check; the `truck` picker.

use actix_web::{delete, get, patch, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::fleet::trucks::{SaveTruck, TruckList, TruckQuery};
use patio_application::services::OptIdRef;
use patio_application::AppError;
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::saved;
use crate::error::{blocking, ApiError, INVALID_ID_MESSAGE};
use crate::session::{client_address, Session, StaffSession};
use crate::state::AppState;

/// Static paths before `/truck/{id}`.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(implement_types)
        .service(is_truck)
        .service(truck_like_all)
        .service(truck_like_all_in_company)
        .service(truck_like_all_in_shipping_company)
        .service(truck_like)
        .service(truck_like_in_company)
        .service(truck_like_in_shipping_company)
        .service(truck_driver_choices)
        .service(list_company_trucks)
        .service(list_shipping_company_trucks)
        .service(trucks_of_driver)
        .service(list_trucks)
        .service(save_truck)
        .service(delete_truck)
        .service(unbind_truck_shipping_company)
        .service(unbind_truck)
        .service(rebind_truck)
        .service(app_edit_truck)
        .service(get_truck);
}

/// `page` (from 1), `pageSize` (8 by default), `search` (id, plate, renavam or model) and the
/// administrators' filters. Without `page` and `pageSize` the answer is an array of every row.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TruckListParams {
    pub page: Option<i64>,
    pub page_size: Option<i64>,
    pub search: Option<String>,
    /// `GET /truck` only.
    pub company_id: Option<i64>,
    /// Every list but a Transportadora's (always its own).
    pub shipping_company_id: Option<i64>,
}

impl TruckListParams {
    fn query(self) -> TruckQuery {
        TruckQuery {
            page: self.page,
            page_size: self.page_size,
            search: self.search,
            company_id: self.company_id,
            shipping_company_id: self.shipping_company_id,
        }
    }
}

/// The truck an unbind is about: `{truck: {id}}` (the spec's) or `{id}`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct TruckUnbindBody {
    pub id: Option<i64>,
    pub truck: Option<OptIdRef>,
}

impl TruckUnbindBody {
    fn truck_id(self) -> Result<i64, ApiError> {
        self.truck
            .and_then(|t| t.id)
            .or(self.id)
            .ok_or_else(|| ApiError(AppError::field("truck", INVALID_ID_MESSAGE)))
    }
}

#[utoipa::path(tag = "trucks",
    responses((status = 200, description = "The implement table (spec 2 section 3): type, axles, gross and net tonnes", body = Vec<patio_application::fleet::trucks::ImplementTypeView>)))]
#[get("/truck/implement-types")]
pub async fn implement_types(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(state.services.trucks.implement_types())
}

#[utoipa::path(tag = "trucks",
    params(("plate" = String, Path, description = "7 letters or digits (separators ignored)")),
    responses((status = 200, description = "{isTruck}: false for a text that is not a plate; otherwise the plate registry's answer (docs/decisions.md)", body = patio_application::fleet::trucks::IsTruckView)))]
#[get("/truck/isTruck/{plate}")]
pub async fn is_truck(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.trucks.clone();
    let plate = path.into_inner();
    let answer = blocking(move || svc.is_truck(&plate)).await?;
    Ok(HttpResponse::Ok().json(answer))
}

async fn like_answer(
    state: web::Data<AppState>,
    session: StaffSession,
    text: Option<String>,
    within: Option<TruckList>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.trucks.clone();
    let items = blocking(move || svc.like(&session.0, text.as_deref(), within)).await?;
    Ok(HttpResponse::Ok().json(items))
}

#[utoipa::path(tag = "trucks",
    responses((status = 200, description = "Up to 20 trucks {id, licensePlate, name, vehicleModel, netCapacity} in the actor's scope", body = Vec<patio_application::fleet::trucks::TruckLikeItem>), (status = 401), (status = 403)))]
#[get("/truck/like")]
pub async fn truck_like_all(
    state: web::Data<AppState>,
    session: StaffSession,
) -> Result<HttpResponse, ApiError> {
    like_answer(state, session, None, None).await
}

#[utoipa::path(tag = "trucks",
    params(("companyId" = i64, Path)),
    responses((status = 200, description = "Trucks of one company", body = Vec<patio_application::fleet::trucks::TruckLikeItem>), (status = 401), (status = 403), (status = 404)))]
#[get("/truck/like/company/{companyId}")]
pub async fn truck_like_all_in_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let within = TruckList::Company(path.into_inner());
    like_answer(state, session, None, Some(within)).await
}

#[utoipa::path(tag = "trucks",
    params(("shippingCompanyId" = i64, Path)),
    responses((status = 200, description = "Trucks of one shipping company", body = Vec<patio_application::fleet::trucks::TruckLikeItem>), (status = 401), (status = 403), (status = 404)))]
#[get("/truck/like/shipping-company/{shippingCompanyId}")]
pub async fn truck_like_all_in_shipping_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let within = TruckList::ShippingCompany(path.into_inner());
    like_answer(state, session, None, Some(within)).await
}

#[utoipa::path(tag = "trucks",
    params(("text" = String, Path, description = "Part of the plate, renavam or model, or the id")),
    responses((status = 200, description = "Up to 20 trucks in the actor's scope", body = Vec<patio_application::fleet::trucks::TruckLikeItem>), (status = 401), (status = 403)))]
#[get("/truck/like/{text}")]
pub async fn truck_like(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    like_answer(state, session, Some(path.into_inner()), None).await
}

#[utoipa::path(tag = "trucks",
    params(("text" = String, Path), ("companyId" = i64, Path)),
    responses((status = 200, description = "Trucks of one company", body = Vec<patio_application::fleet::trucks::TruckLikeItem>), (status = 401), (status = 403), (status = 404)))]
#[get("/truck/like/{text}/company/{companyId}")]
pub async fn truck_like_in_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (text, company) = path.into_inner();
    like_answer(
        state,
        session,
        Some(text),
        Some(TruckList::Company(company)),
    )
    .await
}

#[utoipa::path(tag = "trucks",
    params(("text" = String, Path), ("shippingCompanyId" = i64, Path)),
    responses((status = 200, description = "Trucks of one shipping company", body = Vec<patio_application::fleet::trucks::TruckLikeItem>), (status = 401), (status = 403), (status = 404)))]
#[get("/truck/like/{text}/shipping-company/{shippingCompanyId}")]
pub async fn truck_like_in_shipping_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (text, shipping) = path.into_inner();
    let within = TruckList::ShippingCompany(shipping);
    like_answer(state, session, Some(text), Some(within)).await
}

#[utoipa::path(tag = "trucks",
    params(("companyId" = i64, Path)),
    responses((status = 200, description = "The drivers the truck form may bind the truck to {id, name} (a Transportadora: its own)", body = Vec<patio_application::fleet::trucks::TruckDriverChoice>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/truck/drivers/company/{companyId}")]
pub async fn truck_driver_choices(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.trucks.clone();
    let company = path.into_inner();
    let list = blocking(move || svc.driver_choices(&session.0, company)).await?;
    Ok(HttpResponse::Ok().json(list))
}

async fn list_answer(
    state: web::Data<AppState>,
    session: StaffSession,
    which: TruckList,
    q: TruckListParams,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.trucks.clone();
    let q = q.query();
    let list = blocking(move || svc.list(&session.0, which, &q)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "trucks", params(TruckListParams),
    responses((status = 200, description = "Every company's trucks (administrators; 8 per page when paged)", body = patio_application::services::Listing<patio_application::fleet::trucks::TruckView>),
        (status = 401), (status = 403)))]
#[get("/truck")]
pub async fn list_trucks(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<TruckListParams>,
) -> Result<HttpResponse, ApiError> {
    list_answer(state, session, TruckList::All, q.into_inner()).await
}

#[utoipa::path(tag = "trucks", params(TruckListParams),
    responses((status = 200, description = "A company's trucks (a Transportadora: its shipping company's)", body = patio_application::services::Listing<patio_application::fleet::trucks::TruckView>),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/truck/company/{id}")]
pub async fn list_company_trucks(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<TruckListParams>,
) -> Result<HttpResponse, ApiError> {
    let which = TruckList::Company(path.into_inner());
    list_answer(state, session, which, q.into_inner()).await
}

#[utoipa::path(tag = "trucks", params(TruckListParams),
    responses((status = 200, description = "A shipping company's trucks", body = patio_application::services::Listing<patio_application::fleet::trucks::TruckView>),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/truck/shipping-company/{id}")]
pub async fn list_shipping_company_trucks(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<TruckListParams>,
) -> Result<HttpResponse, ApiError> {
    let which = TruckList::ShippingCompany(path.into_inner());
    list_answer(state, session, which, q.into_inner()).await
}

#[utoipa::path(tag = "trucks",
    responses((status = 200, description = "The driver's trucks (the driver itself, or staff who see the driver)", body = Vec<patio_application::fleet::trucks::TruckView>),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/truck/driver/{driverId}")]
pub async fn trucks_of_driver(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.trucks.clone();
    let driver = path.into_inner();
    let list = blocking(move || svc.of_driver(&session.0, driver)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "trucks",
    responses((status = 200, description = "The truck (staff in scope, or its driver)", body = patio_application::fleet::trucks::TruckView),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/truck/{id}")]
pub async fn get_truck(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.trucks.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.get(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "trucks", request_body = SaveTruck,
    responses((status = 201, description = "Created", body = patio_application::fleet::trucks::TruckView),
        (status = 200, description = "Updated", body = patio_application::fleet::trucks::TruckView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Placa já cadastrada!"),
        (status = 422, description = "'Placa e obrigatorio!', 'Tamanho maximo de 7 caracteres', 'Renavam e obrigatorio!', 'Modelo e obrigatorio!', 'Tipo de implemento e obrigatorio!', 'Selecione uma empresa!'...")))]
#[post("/truck/save")]
pub async fn save_truck(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<SaveTruck>,
) -> Result<HttpResponse, ApiError> {
    let cmd = body.into_inner();
    let svc = state.services.trucks.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.save(&session.0, ip.as_deref(), cmd)).await?;
    Ok(saved(out))
}

#[utoipa::path(tag = "trucks",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted),
        (status = 401), (status = 403), (status = 404), (status = 422),
        (status = 409, description = "Erro ao excluir, existe(m) pedido(s) para este caminhão!")))]
#[delete("/truck/delete/{id}")]
pub async fn delete_truck(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.trucks.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    let out = blocking(move || svc.delete(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "trucks", request_body = TruckUnbindBody,
    responses((status = 200, description = "{id, message: 'Caminhão desvinculado com sucesso'}", body = patio_application::fleet::trucks::TruckUnbound),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[patch("/truck/unbind-shipping-company")]
pub async fn unbind_truck_shipping_company(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<TruckUnbindBody>,
) -> Result<HttpResponse, ApiError> {
    let id = body.into_inner().truck_id()?;
    let svc = state.services.trucks.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.unbind_shipping_company(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "trucks", request_body = TruckUnbindBody,
    responses((status = 200, description = "The driver let go of its truck: {id, message}", body = patio_application::fleet::trucks::TruckUnbound),
        (status = 401), (status = 403, description = "Not a driver session"), (status = 404),
        (status = 409, description = "Este caminhão está na fila. Saia da fila antes de desvinculá-lo."),
        (status = 422)))]
#[patch("/truck/unbind")]
pub async fn unbind_truck(
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<TruckUnbindBody>,
) -> Result<HttpResponse, ApiError> {
    let id = body.into_inner().truck_id()?;
    let svc = state.services.trucks.clone();
    let out = blocking(move || svc.driver_unbind(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "trucks", request_body = SaveTruck,
    responses((status = 201, description = "A new plate: registered and bound to the driver", body = patio_application::fleet::trucks::TruckView),
        (status = 200, description = "A free truck of the driver's company bound to the driver, or its own updated", body = patio_application::fleet::trucks::TruckView),
        (status = 401), (status = 403, description = "Not a driver session"),
        (status = 409, description = "'Este caminhão está vinculado a outro motorista.', 'Este caminhão está cadastrado em outra empresa.'"),
        (status = 422, description = "The driver app's messages: 'Placa é obrigatório!', 'Nome do proprietário é obrigatório!', 'Qtd de eixo é obrigatório!'...")))]
#[patch("/truck/rebind")]
pub async fn rebind_truck(
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<SaveTruck>,
) -> Result<HttpResponse, ApiError> {
    let cmd = body.into_inner();
    let svc = state.services.trucks.clone();
    let out = blocking(move || svc.rebind(&session.0, cmd)).await?;
    Ok(saved(out))
}

#[utoipa::path(tag = "trucks", request_body = SaveTruck,
    responses((status = 200, description = "The driver's truck, edited", body = patio_application::fleet::trucks::TruckView),
        (status = 401), (status = 403, description = "Not a driver session"), (status = 404),
        (status = 409, description = "Placa já cadastrada!"),
        (status = 422, description = "The driver app's messages")))]
#[post("/truck/app/edit")]
pub async fn app_edit_truck(
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<SaveTruck>,
) -> Result<HttpResponse, ApiError> {
    let cmd = body.into_inner();
    let svc = state.services.trucks.clone();
    let out = blocking(move || svc.app_edit(&session.0, cmd)).await?;
    Ok(HttpResponse::Ok().json(out))
}

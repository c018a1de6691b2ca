//! Truck brands and models (spec 2 section 7 "Brands and models"): the administrator's lists,
//! forms and deletes, and the lists every signed-in user's truck forms read.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::fleet::truck_catalog::SaveCatalogItem;
use patio_application::services::OptIdRef;
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::{saved, ListParams};
use crate::error::{blocking, ApiError};
use crate::session::{client_address, Session, StaffSession};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(all_brands)
        .service(list_brands)
        .service(save_brand)
        .service(delete_brand)
        .service(get_brand)
        .service(list_models)
        .service(models_of_brand)
        .service(save_model)
        .service(delete_model)
        .service(get_model);
}

/// `POST truck-brand/save`: `id` 0 or absent creates.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct BrandBody {
    id: Option<i64>,
    name: Option<String>,
}

/// `POST truck-model/save`: `id` 0 or absent creates; the model belongs to `truckBrand`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelBody {
    id: Option<i64>,
    name: Option<String>,
    truck_brand: Option<OptIdRef>,
}

#[utoipa::path(tag = "truck-catalog",
    responses((status = 200, description = "Every brand, by name (the truck forms)", body = Vec<patio_application::fleet::truck_catalog::BrandView>), (status = 401)))]
#[get("/truck-brand/")]
pub async fn all_brands(
    state: web::Data<AppState>,
    _session: Session,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.truck_catalog.clone();
    let list = blocking(move || svc.all_brands()).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "truck-catalog", params(ListParams),
    responses((status = 200, description = "Brands (8 per page when paged); search by id or name", body = patio_application::services::Listing<patio_application::fleet::truck_catalog::BrandView>),
        (status = 401), (status = 403)))]
#[get("/truck-brand")]
pub async fn list_brands(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.truck_catalog.clone();
    let q = q.into_inner().query();
    let list = blocking(move || svc.brands(&session.0, &q)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "truck-catalog",
    responses((status = 200, description = "{id, name}", body = patio_application::fleet::truck_catalog::BrandView),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/truck-brand/{id}")]
pub async fn get_brand(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.truck_catalog.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.brand(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "truck-catalog", request_body = BrandBody,
    responses((status = 201, description = "Created", body = patio_application::fleet::truck_catalog::BrandView),
        (status = 200, description = "Updated", body = patio_application::fleet::truck_catalog::BrandView),
        (status = 401), (status = 403), (status = 404),
        (status = 422, description = "'Nome é obrigatório!', 'Tamanho máximo de 80 caracteres', 'Marca já cadastrada!'")))]
#[post("/truck-brand/save")]
pub async fn save_brand(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<BrandBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let cmd = SaveCatalogItem {
        id: body.id,
        name: body.name.unwrap_or_default(),
        brand_id: None,
    };
    let svc = state.services.truck_catalog.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.save_brand(&session.0, ip.as_deref(), cmd)).await?;
    Ok(saved(out))
}

#[utoipa::path(tag = "truck-catalog",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted),
        (status = 401), (status = 403), (status = 404), (status = 422),
        (status = 409, description = "Erro ao excluir, existe(m) caminhões(s) com esta marca!")))]
#[delete("/truck-brand/delete/{id}")]
pub async fn delete_brand(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.truck_catalog.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    let out = blocking(move || svc.delete_brand(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "truck-catalog", params(ListParams),
    responses((status = 200, description = "Models with their brand (8 per page when paged); search by id, name or brand", body = patio_application::services::Listing<patio_application::fleet::truck_catalog::ModelView>),
        (status = 401), (status = 403)))]
#[get("/truck-model")]
pub async fn list_models(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.truck_catalog.clone();
    let q = q.into_inner().query();
    let list = blocking(move || svc.models(&session.0, &q)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "truck-catalog",
    responses((status = 200, description = "The brand's models (the truck forms)", body = Vec<patio_application::fleet::truck_catalog::ModelView>),
        (status = 401), (status = 404), (status = 422)))]
#[get("/truck-model/brand/{brandId}")]
pub async fn models_of_brand(
    state: web::Data<AppState>,
    _session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.truck_catalog.clone();
    let brand = path.into_inner();
    let list = blocking(move || svc.models_of_brand(brand)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "truck-catalog",
    responses((status = 200, description = "{id, name, truckBrand: {id, name}}", body = patio_application::fleet::truck_catalog::ModelView),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/truck-model/{id}")]
pub async fn get_model(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.truck_catalog.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.model(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "truck-catalog", request_body = ModelBody,
    responses((status = 201, description = "Created", body = patio_application::fleet::truck_catalog::ModelView),
        (status = 200, description = "Updated", body = patio_application::fleet::truck_catalog::ModelView),
        (status = 401), (status = 403), (status = 404),
        (status = 422, description = "'Nome é obrigatório!', 'Tamanho máximo de 80 caracteres', 'Marca é obrigatório!', 'Modelo já cadastrado para esta marca!'")))]
#[post("/truck-model/save")]
pub async fn save_model(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<ModelBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let cmd = SaveCatalogItem {
        id: body.id,
        name: body.name.unwrap_or_default(),
        brand_id: body.truck_brand.and_then(|b| b.id),
    };
    let svc = state.services.truck_catalog.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.save_model(&session.0, ip.as_deref(), cmd)).await?;
    Ok(saved(out))
}

#[utoipa::path(tag = "truck-catalog",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted),
        (status = 401), (status = 403), (status = 404), (status = 422),
        (status = 409, description = "Erro ao excluir, existe(m) caminhões(s) com este modelo!")))]
#[delete("/truck-model/delete/{id}")]
pub async fn delete_model(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.truck_catalog.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    let out = blocking(move || svc.delete_model(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

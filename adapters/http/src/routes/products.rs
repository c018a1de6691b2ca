//! Products (spec 2 section 7): list (all, or by company), read, save, CSV import, delete, and
//! the order form's picker `GET /product/like/...`.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::orders::products::SaveProduct;
use serde::Deserialize;
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::{saved, ListParams};
use super::customers::IMPORT_BODY_LIMIT;
use crate::error::{blocking, ApiError};
use crate::session::{client_address, StaffSession};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(like_products_all)
        .service(like_products)
        .service(like_products_in_company)
        .service(list_products)
        .service(save_product)
        .service(
            scope("/product/import")
                .app_data(
                    web::JsonConfig::default()
                        .limit(IMPORT_BODY_LIMIT)
                        .error_handler(crate::error::json_error),
                )
                .service(check_product_import)
                .service(import_products),
        )
        .service(delete_product)
        .service(list_company_products)
        .service(get_product);
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductImportParams {
    /// The company the rows go to (administrators); else the rows' `company.id`.
    company_id: Option<i64>,
}

#[utoipa::path(tag = "products", params(ListParams),
    responses((status = 200, description = "Products (9 per page when paged); search over name, NCM code and code", body = patio_application::services::Listing<patio_application::orders::products::ProductView>),
        (status = 401), (status = 403)))]
#[get("/product")]
pub async fn list_products(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.products.clone();
    let q = q.into_inner().query();
    let list = blocking(move || svc.list(&session.0, None, &q)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "products", params(ListParams),
    responses((status = 200, description = "The company's products", body = patio_application::services::Listing<patio_application::orders::products::ProductView>), (status = 401), (status = 403), (status = 404)))]
#[get("/product/company/{companyId}")]
pub async fn list_company_products(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.products.clone();
    let company = path.into_inner();
    let q = q.into_inner().query();
    let list = blocking(move || svc.list(&session.0, Some(company), &q)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "products",
    responses((status = 200, description = "{id, code, name, group, groupName, ncmcode, company}", body = patio_application::orders::products::ProductView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/product/{id}")]
pub async fn get_product(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.products.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.get(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "products", request_body = SaveProduct,
    responses((status = 201, description = "Created", body = patio_application::orders::products::ProductView), (status = 200, description = "Edited", body = patio_application::orders::products::ProductView),
        (status = 401), (status = 403), (status = 404), (status = 409, description = "Código já cadastrado!"), (status = 422)))]
#[post("/product/create")]
pub async fn save_product(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<SaveProduct>,
) -> Result<HttpResponse, ApiError> {
    let cmd = body.into_inner();
    let svc = state.services.products.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.save(&session.0, ip.as_deref(), cmd)).await?;
    Ok(saved(out))
}

#[utoipa::path(tag = "products", params(ProductImportParams),
    request_body = Vec<SaveProduct>,
    responses((status = 201, description = "{created, updated}", body = patio_application::services::Imported), (status = 401), (status = 403),
        (status = 422, description = "'Linha N: ...' for every bad row; nothing is saved")))]
#[post("")]
pub async fn import_products(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ProductImportParams>,
    body: web::Json<Vec<SaveProduct>>,
) -> Result<HttpResponse, ApiError> {
    let rows = body.into_inner();
    let company = q
        .company_id
        .or_else(|| rows.first().and_then(|r| r.company).and_then(|c| c.id));
    let rows = rows.into_iter().map(SaveProduct::input).collect();
    let svc = state.services.products.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.import(&session.0, ip.as_deref(), company, rows)).await?;
    Ok(HttpResponse::Created().json(out))
}

#[utoipa::path(tag = "products",
    request_body = Vec<SaveProduct>,
    responses((status = 200, description = "Each row's first problem under the import's rules (rows after the header, in file order; empty codes skipped); nothing is saved", body = patio_application::services::ImportCheck),
        (status = 401), (status = 403), (status = 422, description = "An empty or too large file")))]
#[post("/check")]
pub async fn check_product_import(
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<Vec<SaveProduct>>,
) -> Result<HttpResponse, ApiError> {
    let rows = body
        .into_inner()
        .into_iter()
        .map(SaveProduct::input)
        .collect();
    let svc = state.services.products.clone();
    let out = blocking(move || svc.check_import(&session.0, rows)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "products",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Erro ao excluir, existe(m) pedido(s) para este produto!")))]
#[delete("/product/delete/{id}")]
pub async fn delete_product(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.products.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    let out = blocking(move || svc.delete(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

async fn like(
    state: web::Data<AppState>,
    session: StaffSession,
    text: Option<String>,
    company: Option<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.products.clone();
    let items = blocking(move || svc.like(&session.0, text.as_deref(), company)).await?;
    Ok(HttpResponse::Ok().json(items))
}

#[utoipa::path(tag = "products",
    responses((status = 200, description = "At most 20 products [{id, code, name}]", body = Vec<patio_application::model::LikeItem>), (status = 401), (status = 403)))]
#[get("/product/like")]
pub async fn like_products_all(
    state: web::Data<AppState>,
    session: StaffSession,
) -> Result<HttpResponse, ApiError> {
    like(state, session, None, None).await
}

#[utoipa::path(tag = "products",
    responses((status = 200, description = "Products whose name or code matches", body = Vec<patio_application::model::LikeItem>), (status = 401), (status = 403)))]
#[get("/product/like/{text}")]
pub async fn like_products(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    like(state, session, Some(path.into_inner()), None).await
}

#[utoipa::path(tag = "products",
    responses((status = 200, description = "The company's matching products", body = Vec<patio_application::model::LikeItem>), (status = 401), (status = 403), (status = 404)))]
#[get("/product/like/{text}/company/{companyId}")]
pub async fn like_products_in_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (text, company) = path.into_inner();
    like(state, session, Some(text), Some(company)).await
}

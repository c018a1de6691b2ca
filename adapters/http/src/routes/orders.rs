//! Orders (spec 2 section 7): list (all, by company, by shipping company), read, save with
//! items and shipping companies, delete, item delete, and `hasDriver`.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::orders::{OrderListOf, SaveOrder};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::{saved, ListParams};
use crate::error::{blocking, ApiError};
use crate::session::{client_address, StaffSession};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_orders)
        .service(save_order)
        .service(delete_order)
        .service(delete_order_item)
        .service(list_company_orders)
        .service(list_shipping_orders)
        .service(order_has_driver)
        .service(get_order);
}

/// The list's query: the common paging and search, and `complete` to include orders at 100 %.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderListParams {
    page: Option<i64>,
    page_size: Option<i64>,
    /// Over id, code and customer name.
    search: Option<String>,
    company_id: Option<i64>,
    /// Include orders at 100 % (hidden by default).
    complete: Option<bool>,
}

impl OrderListParams {
    fn split(self) -> (patio_application::services::ListQuery, bool) {
        let complete = self.complete.unwrap_or(false);
        let q = ListParams {
            page: self.page,
            page_size: self.page_size,
            search: self.search,
            company_id: self.company_id,
            ..ListParams::default()
        }
        .query();
        (q, complete)
    }
}

async fn list(
    state: web::Data<AppState>,
    session: StaffSession,
    of: OrderListOf,
    q: OrderListParams,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.orders.clone();
    let (q, complete) = q.split();
    let list = blocking(move || svc.list(&session.0, of, &q, complete)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "orders", params(OrderListParams),
    responses((status = 200, description = "Orders the actor sees (9 per page when paged), newest first", body = patio_application::services::Listing<patio_application::orders::OrderView>),
        (status = 401), (status = 403)))]
#[get("/order")]
pub async fn list_orders(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<OrderListParams>,
) -> Result<HttpResponse, ApiError> {
    list(state, session, OrderListOf::Scope, q.into_inner()).await
}

#[utoipa::path(tag = "orders", params(OrderListParams),
    responses((status = 200, description = "The company's orders", body = patio_application::services::Listing<patio_application::orders::OrderView>), (status = 401), (status = 403), (status = 404)))]
#[get("/order/company/{companyId}")]
pub async fn list_company_orders(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<OrderListParams>,
) -> Result<HttpResponse, ApiError> {
    let of = OrderListOf::Company(path.into_inner());
    list(state, session, of, q.into_inner()).await
}

#[utoipa::path(tag = "orders", params(OrderListParams),
    responses((status = 200, description = "The orders open to the shipping company", body = patio_application::services::Listing<patio_application::orders::OrderView>), (status = 401), (status = 403), (status = 404)))]
#[get("/order/shipping-company/{shippingCompanyId}")]
pub async fn list_shipping_orders(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<OrderListParams>,
) -> Result<HttpResponse, ApiError> {
    let of = OrderListOf::ShippingCompany(path.into_inner());
    list(state, session, of, q.into_inner()).await
}

#[utoipa::path(tag = "orders",
    responses((status = 200, description = "The order with its items and shipping companies", body = patio_application::orders::OrderView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/order/{id}")]
pub async fn get_order(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.orders.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.get(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "orders",
    responses((status = 200, description = "{orderHasThisDriver}", body = patio_application::orders::HasDriver), (status = 401), (status = 403), (status = 404)))]
#[get("/order/{id}/hasDriver/{driverId}")]
pub async fn order_has_driver(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.orders.clone();
    let (id, driver) = path.into_inner();
    let out = blocking(move || svc.has_driver(&session.0, id, driver)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "orders", request_body = SaveOrder,
    responses((status = 201, description = "Created", body = patio_application::orders::OrderView), (status = 200, description = "Edited", body = patio_application::orders::OrderView),
        (status = 401), (status = 403), (status = 404), (status = 409, description = "Código do pedido já cadastrado!"), (status = 422)))]
#[post("/order/save")]
pub async fn save_order(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<SaveOrder>,
) -> Result<HttpResponse, ApiError> {
    let cmd = body.into_inner();
    let svc = state.services.orders.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.save(&session.0, ip.as_deref(), cmd)).await?;
    Ok(saved(out))
}

#[utoipa::path(tag = "orders",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "A loading of the order has a transported quantity")))]
#[delete("/order/delete/{id}")]
pub async fn delete_order(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.orders.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    let out = blocking(move || svc.delete(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "orders",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted), (status = 401), (status = 403), (status = 404)))]
#[delete("/orderItem/delete/{id}")]
pub async fn delete_order_item(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.orders.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    let out = blocking(move || svc.delete_item(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

/// The documentation of the product and order routes, merged into the API document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    super::products::list_products,
    super::products::list_company_products,
    super::products::get_product,
    super::products::save_product,
    super::products::import_products,
    super::products::delete_product,
    super::products::like_products_all,
    super::products::like_products,
    super::products::like_products_in_company,
    list_orders,
    list_company_orders,
    list_shipping_orders,
    get_order,
    order_has_driver,
    save_order,
    delete_order,
    delete_order_item,
))]
pub struct OrdersApi;

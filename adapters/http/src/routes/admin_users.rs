//! Users and profiles: the list, the user form, the own-profile form and delete.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::admin::admin_users::SaveUser;
use patio_application::model::AuthorizationFlags;
use patio_application::services::OptIdRef;
use patio_application::services::WithSession;
use patio_application::AppError;
use patio_domain::admin::forms::{ProfileInput, UserInput};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::{saved, ListParams};
use crate::error::{blocking, ApiError};
use crate::session::{client_address, session_cookie, StaffSession, STAFF_COOKIE};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_users)
        .service(save_user)
        .service(save_profile)
        .service(delete_user);
}

/// The user and profile forms (`POST /users/save`). `id` absent or 0 creates. The password
/// is write-only: empty keeps the stored one. `hasSMS`, `hasWhats`, `hasEmail`: the contact
/// authorizations a Transportadora user sets in its profile.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserBody {
    id: Option<i64>,
    shipping_company: Option<OptIdRef>,
    company: Option<OptIdRef>,
    name: Option<String>,
    email: Option<String>,
    role: Option<String>,
    cpf: Option<String>,
    fone: Option<String>,
    password: Option<String>,
    #[serde(default)]
    receives_email: bool,
    is_enabled: Option<bool>,
    #[serde(default)]
    is_root: bool,
    #[serde(rename = "hasSMS")]
    has_sms: Option<bool>,
    has_whats: Option<bool>,
    has_email: Option<bool>,
}

/// The simple own-profile form.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ProfileBody {
    name: Option<String>,
    fone: Option<String>,
    password: Option<String>,
}

#[utoipa::path(tag = "users", params(ListParams),
    responses((status = 200, description = "Users (8 per page when paged); search by name or e-mail, filters companyId and role", body = patio_application::services::Listing<patio_application::admin::users::UserView>),
        (status = 401), (status = 403), (status = 404), (status = 422, description = "Unknown role")))]
#[get("/users")]
pub async fn list_users(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.user_admin.clone();
    let q = q.into_inner().query();
    let list = blocking(move || svc.list(&session.0, &q)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "users", request_body = UserBody,
    responses((status = 201, description = "Created", body = patio_application::admin::users::UserView), (status = 200, description = "Edited", body = patio_application::admin::users::UserView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Email já cadastrado!"), (status = 422)))]
#[post("/users/save")]
pub async fn save_user(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<UserBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let flags =
        (b.has_sms.is_some() || b.has_whats.is_some() || b.has_email.is_some()).then(|| {
            AuthorizationFlags {
                has_email: b.has_email.unwrap_or(false),
                has_sms: b.has_sms.unwrap_or(false),
                has_whats: b.has_whats.unwrap_or(false),
            }
        });
    let cmd = SaveUser {
        id: b.id,
        input: UserInput {
            name: b.name,
            email: b.email,
            cpf: b.cpf,
            fone: b.fone,
            role: b.role,
            password: b.password,
            company_id: b.company.and_then(|c| c.id),
            shipping_company_id: b.shipping_company.and_then(|s| s.id),
            receives_email: b.receives_email,
            is_enabled: b.is_enabled,
            is_root: b.is_root,
        },
        flags,
    };
    let svc = state.services.user_admin.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.save(&session.0, ip.as_deref(), cmd)).await?;
    renewing(&state, saved(out.value), out.session)
}

#[utoipa::path(tag = "users", request_body = ProfileBody,
    responses((status = 200, description = "The signed-in user", body = patio_application::admin::users::UserView), (status = 401), (status = 422)))]
#[post("/users/profile")]
pub async fn save_profile(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<ProfileBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input = ProfileInput {
        name: b.name,
        fone: b.fone,
        password: b.password,
    };
    let svc = state.services.user_admin.clone();
    let ip = client_address(&req);
    let WithSession { value, session } =
        blocking(move || svc.update_profile(&session.0, ip.as_deref(), input)).await?;
    renewing(&state, HttpResponse::Ok().json(value), session)
}

/// The answer, with the staff cookie of the caller's renewed session when saving their own
/// account ended the one they had.
fn renewing(
    state: &AppState,
    mut res: HttpResponse,
    session: Option<String>,
) -> Result<HttpResponse, ApiError> {
    if let Some(token) = session {
        let cookie = session_cookie(
            STAFF_COOKIE,
            token,
            state.config.staff_session_seconds,
            state.config.secure_cookies,
        );
        res.add_cookie(&cookie)
            .map_err(|e| ApiError(AppError::internal(e)))?;
    }
    Ok(res)
}

#[utoipa::path(tag = "users",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Você não pode excluir o próprio usuário!")))]
#[delete("/users/delete/{id}")]
pub async fn delete_user(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.user_admin.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    let out = blocking(move || svc.delete(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

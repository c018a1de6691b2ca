//! `/fila`'s '+ Adicionar' (issue 13): `POST /queue/add`, registered in the `/queue` scope.

use actix_web::{post, web, HttpRequest, HttpResponse};
use patio_application::queue::desk::QueueDeskCommand;
use serde::Deserialize;

use super::IdRef;
use crate::error::{blocking, ApiError};
use crate::session::{client_address, Session};
use crate::state::AppState;

/// The order, the truck and the driver the screen chose.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct QueueDeskBody {
    pub order: IdRef,
    pub truck: IdRef,
    pub driver: IdRef,
}

#[utoipa::path(tag = "queue", request_body = QueueDeskBody,
    responses((status = 201, description = "The loading (10 t, valid today) created and the vehicle in the queue with it: {id, message: 'Marcação Confirmada', position, date, forecast, time, isFreelancer}", body = patio_application::queue::JoinView),
        (status = 401), (status = 403, description = "Not a company user (Usuario)"),
        (status = 404, description = "Order, truck or driver of another company"),
        (status = 409, description = "Refused by the queue rules (pt-BR message); nothing is kept"),
        (status = 422, description = "Refused by the loading checks (pt-BR message per field); nothing is kept")))]
#[post("/add")]
pub async fn add(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<QueueDeskBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let cmd = QueueDeskCommand {
        order_id: body.order.id,
        truck_id: body.truck.id,
        driver_id: body.driver.id,
        ip: client_address(&req),
    };
    let svc = state.services.queue_desk.clone();
    let view = blocking(move || svc.add(&session.0, &cmd)).await?;
    Ok(HttpResponse::Created().json(view))
}

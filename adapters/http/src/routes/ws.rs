//! `GET /api/ws` (DESIGN section 5): a websocket in the caller's company room. The server
//! sends each event as JSON text (`{"event":"queueChanged","companyId":1}`); screens read
//! again on it and keep the spec's polling as the fallback. Nothing the client sends is
//! acted on, besides ping and close. A socket costs one small task (actix-ws's session and
//! stream) and its room's inbox, which allocates only while a message waits.

use actix_web::get;
use std::sync::Arc;
use std::time::Duration;
use utoipa_actix_web::service_config::ServiceConfig;

use actix_web::{web, HttpRequest, HttpResponse};
use actix_ws::{CloseCode, Message};
use patio_realtime::{Hub, Membership};
use serde::Deserialize;

use crate::error::{blocking, ApiError};
use crate::session::{client_address, Sessions};
use crate::state::AppState;

/// A ping this often keeps proxies from closing a quiet socket.
const PING_EVERY: Duration = Duration::from_secs(25);

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(connect);
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct RoomQuery {
    /// The company (administrators; others join their own).
    #[serde(rename = "companyId")]
    pub company_id: Option<i64>,
    /// Without a session: the public panel's host; its company's room, queue changes only.
    pub host: Option<String>,
}

#[utoipa::path(tag = "realtime", params(RoomQuery),
    responses((status = 101, description = "websocket: {event: queueChanged, companyId} and {event: checkInCallResponse, ...}; without a session: the yard TV (an address of the company's checkinIp, with companyId), or the public panel (with host: queueChanged only); an administrator without companyId hears every company"),
        (status = 400), (status = 401), (status = 404), (status = 422)))]
#[get("/ws")]
pub async fn connect(
    req: HttpRequest,
    body: web::Payload,
    state: web::Data<AppState>,
    sessions: Sessions,
    q: web::Query<RoomQuery>,
) -> Result<HttpResponse, ApiError> {
    let requested = q.company_id;
    let mut public = false;
    let company = match (sessions.any(), q.host.clone()) {
        (Some(actor), _) => {
            let svc = state.services.queue_reads.clone();
            blocking(move || svc.event_room(&actor, requested)).await?
        }
        // The public panel (/painel): the company that serves the host.
        (None, Some(host)) => {
            public = true;
            let svc = state.services.public.clone();
            blocking(move || svc.company_by_host(&host)).await?.id
        }
        // The yard TV (/tv) has no sign-in: it joins from the yard's network only.
        (None, None) => {
            let company = requested.ok_or_else(ApiError::unauthorized)?;
            let ip = client_address(&req);
            let yard = state.services.yard.clone();
            if !blocking(move || yard.tv_allowed(company, ip)).await? {
                return Err(ApiError::unauthorized());
            }
            company
        }
    };
    let (response, ws, stream) = actix_ws::handle(&req, body).map_err(|_| {
        ApiError(patio_application::AppError::field(
            "upgrade",
            "Esta chamada só aceita conexões websocket.",
        ))
    })?;
    let membership = if public {
        state.hub.join_public(company)
    } else {
        state.hub.join(company)
    };
    // Nothing a client needs to send is larger than a ping's payload (125 bytes).
    let stream = stream.max_frame_size(MAX_FRAME);
    actix_web::rt::spawn(pump(state.hub.clone(), membership, ws, stream));
    Ok(response)
}

/// Largest frame a client may send; anything larger closes the socket with 'policy'.
const MAX_FRAME: usize = 256;

/// Forwards the room's messages until either side goes away.
async fn pump(
    hub: Arc<Hub>,
    mut membership: Membership,
    mut ws: actix_ws::Session,
    mut stream: actix_ws::MessageStream,
) {
    let mut ping = actix_web::rt::time::interval(PING_EVERY);
    ping.tick().await;
    let reason = loop {
        tokio::select! {
            text = std::future::poll_fn(|cx| membership.messages.poll_recv(cx)) => {
                if ws.text(text.to_string()).await.is_err() {
                    break None;
                }
            }
            incoming = stream.recv() => match incoming {
                Some(Ok(Message::Ping(bytes))) => {
                    if ws.pong(&bytes).await.is_err() {
                        break None;
                    }
                }
                Some(Ok(Message::Close(reason))) => break reason,
                Some(Err(_)) => break Some(CloseCode::Policy.into()),
                None => break None,
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                if ws.ping(b"").await.is_err() {
                    break None;
                }
            }
        }
    };
    hub.leave(&membership);
    let _ = ws.close(reason).await;
}

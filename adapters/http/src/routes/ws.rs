//! `GET /api/ws` (DESIGN section 5): a websocket in the caller's company room. The server
//! sends each event as JSON text (`{"event":"queueChanged","companyId":1}`), to the sockets
//! that may hear it; screens read again on it and keep the spec's polling as the fallback.
//! A socket lives only as long as its session (issue 21): it is checked again when its
//! account changes and at a bounded interval, and closed with [`SESSION_ENDED_CODE`]. Nothing the client sends is
//! acted on, besides ping and close. A socket costs one small task (actix-ws's session and
//! stream) and its room's inbox, which allocates only while a message waits.

use actix_web::get;
use std::time::Duration;
use utoipa_actix_web::service_config::ServiceConfig;

use actix_web::{web, HttpRequest, HttpResponse};
use actix_ws::{CloseCode, CloseReason, Message};
use patio_application::AppError;
use patio_domain::audience::Listener;
use patio_domain::auth::Actor;
use patio_realtime::{Membership, Signal};
use serde::Deserialize;

use crate::edge::{is_foreign_origin, FOREIGN_ORIGIN_MESSAGE};
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

/// Why a socket ends because its session did: its holder signs in again (the app stops
/// reconnecting on this code).
pub const SESSION_ENDED_CODE: u16 = 4401;

/// What keeps a socket open: checked when its account changes, and every
/// [`crate::HttpConfig::ws_recheck`] (issue 21 item 2).
enum Standing {
    /// A session: it must still stand (enabled, unchanged, not signed out).
    Session(Actor),
    /// The yard TV: its address must still be one of the company's `checkinIp`.
    YardTv { company_id: i64, ip: Option<String> },
    /// The public panel: it hears only what anyone may.
    Public,
}

impl Standing {
    /// Whether the socket may stay open. A failed read is no proof that the session ended:
    /// the socket stays, and is checked again at the next turn.
    async fn holds(&self, state: &AppState) -> bool {
        match self {
            Standing::Session(actor) => {
                let (check, who) = (state.services.accounts.clone(), actor.clone());
                blocking(move || check.still_holds(&who))
                    .await
                    .unwrap_or(true)
            }
            Standing::YardTv { company_id, ip } => {
                let (yard, company, ip) = (state.services.yard.clone(), *company_id, ip.clone());
                blocking(move || yard.tv_allowed(company, ip))
                    .await
                    .unwrap_or(true)
            }
            Standing::Public => true,
        }
    }
}

#[utoipa::path(tag = "realtime", params(RoomQuery),
    responses((status = 101, description = "websocket: {event: queueChanged, companyId} and {event: checkInCallResponse, ...} (a call only to whoever may read it: the TV and the staff roles that read GET /checkins/called, the driver called, the vehicle's carrier); without a session: the yard TV (an address of the company's checkinIp, with companyId), or the public panel (with host: queueChanged only); an administrator without companyId hears every company. The server closes with 4401 when the session ends (sign-out, account disabled or changed, new password)"),
        (status = 400), (status = 401), (status = 403, description = "'Requisição de outra origem não permitida.' (Origin of another site)"), (status = 404), (status = 422)))]
#[get("/ws")]
pub async fn connect(
    req: HttpRequest,
    body: web::Payload,
    state: web::Data<AppState>,
    sessions: Sessions,
    q: web::Query<RoomQuery>,
) -> Result<HttpResponse, ApiError> {
    // A page of another site must not open the socket with this browser's cookie (or from the
    // yard's network): the rule of the cookie writes (edge.rs).
    if is_foreign_origin(req.headers(), req.connection_info().host()) {
        return Err(ApiError(AppError::Forbidden(
            FOREIGN_ORIGIN_MESSAGE.to_owned(),
        )));
    }
    let requested = q.company_id;
    let (company, listener, standing) = match (sessions.any(), q.host.clone()) {
        (Some(actor), _) => {
            let listener = Listener::of(&actor).ok_or_else(ApiError::unauthorized)?;
            let svc = state.services.queue_reads.clone();
            let who = actor.clone();
            let company = blocking(move || svc.event_room(&who, requested)).await?;
            (company, listener, Standing::Session(actor))
        }
        // The public panel (/painel): the company that serves the host.
        (None, Some(host)) => {
            let svc = state.services.public.clone();
            let company = blocking(move || svc.company_by_host(&host)).await?.id;
            (company, Listener::Public, Standing::Public)
        }
        // The yard TV (/tv) has no sign-in: it joins from the yard's network only.
        (None, None) => {
            let company = requested.ok_or_else(ApiError::unauthorized)?;
            let ip = client_address(&req);
            let yard = state.services.yard.clone();
            let from = ip.clone();
            if !blocking(move || yard.tv_allowed(company, from)).await? {
                return Err(ApiError::unauthorized());
            }
            (
                company,
                Listener::YardTv,
                Standing::YardTv {
                    company_id: company,
                    ip,
                },
            )
        }
    };
    let (response, ws, stream) = actix_ws::handle(&req, body).map_err(|_| {
        ApiError(AppError::field(
            "upgrade",
            "Esta chamada só aceita conexões websocket.",
        ))
    })?;
    let account = match &standing {
        Standing::Session(actor) => Some((actor.kind, actor.id)),
        _ => None,
    };
    let membership = state.hub.join(company, listener, account);
    // Nothing a client needs to send is larger than a ping's payload (125 bytes).
    let stream = stream.max_frame_size(MAX_FRAME);
    actix_web::rt::spawn(pump(state, membership, standing, ws, stream));
    Ok(response)
}

/// Largest frame a client may send; anything larger closes the socket with 'policy'.
const MAX_FRAME: usize = 256;

/// Forwards the room's messages until either side goes away, or the socket's session ends.
async fn pump(
    state: web::Data<AppState>,
    mut membership: Membership,
    standing: Standing,
    mut ws: actix_ws::Session,
    mut stream: actix_ws::MessageStream,
) {
    let mut ping = actix_web::rt::time::interval(PING_EVERY);
    ping.tick().await;
    let mut recheck = actix_web::rt::time::interval(state.config.ws_recheck);
    recheck.tick().await;
    let ended = || {
        Some(CloseReason {
            code: CloseCode::Other(SESSION_ENDED_CODE),
            description: Some("Sessão encerrada.".to_owned()),
        })
    };
    let reason = loop {
        tokio::select! {
            signal = std::future::poll_fn(|cx| membership.messages.poll_signal(cx)) => match signal {
                Signal::Text(text) => {
                    if ws.text(text.to_string()).await.is_err() {
                        break None;
                    }
                }
                Signal::Recheck => {
                    if !standing.holds(&state).await {
                        break ended();
                    }
                }
            },
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
            _ = recheck.tick() => {
                if !standing.holds(&state).await {
                    break ended();
                }
            }
        }
    };
    state.hub.leave(&membership);
    let _ = ws.close(reason).await;
}

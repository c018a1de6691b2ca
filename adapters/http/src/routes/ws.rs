//! `GET /api/ws` (DESIGN section 5): a websocket in the caller's company room. The server
//! sends each event as JSON text (`{"event":"queueChanged","companyId":1}`); screens read
//! again on it and keep the spec's polling as the fallback. Nothing the client sends is
//! acted on, besides ping and close.

use std::convert::Infallible;
use std::future::Future;
use std::mem;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_codec::{Decoder, Encoder};
use actix_http::ws::{handshake, CloseCode, CloseReason, Codec, Frame, Message};
use actix_web::body::{BodyStream, MessageBody};
use actix_web::get;
use actix_web::rt::time::{sleep, Instant, Sleep};
use actix_web::web::{Bytes, BytesMut};
use actix_web::{dev, web, HttpRequest, HttpResponse};
use futures_util::Stream;
use patio_realtime::{Hub, Membership};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

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
    let upgrade = || {
        ApiError(patio_application::AppError::field(
            "upgrade",
            "Esta chamada só aceita conexões websocket.",
        ))
    };
    let mut response = handshake(req.head()).map_err(|_| upgrade())?;
    let membership = if public {
        state.hub.join_public(company)
    } else {
        state.hub.join(company)
    };
    let socket = Socket::new(state.hub.clone(), membership, body.into_inner());
    let response = response
        .message_body(BodyStream::new(socket).boxed())
        .map_err(|_| upgrade())?;
    Ok(response.into())
}

/// Largest frame a client may send: nothing it sends is acted on besides ping and close, whose
/// payloads are at most 125 bytes; anything larger closes the socket.
const MAX_FRAME: usize = 256;

/// One websocket, as the body of its `101` response: the HTTP dispatcher that writes the body
/// polls it, so there is no task, no channel and no buffer per socket besides what a message
/// in flight needs. It reads the client's frames from the request payload (answering pings,
/// ending on close), writes what the room sends, and pings every [`PING_EVERY`].
struct Socket {
    hub: Arc<Hub>,
    membership: Membership,
    payload: dev::Payload,
    codec: Codec,
    /// Bytes of a client frame not yet complete (empty, unallocated, between frames).
    incoming: BytesMut,
    /// Encoded frames not yet handed to the dispatcher.
    out: BytesMut,
    ping: Pin<Box<Sleep>>,
    /// A close frame was queued (or the client went away): end once `out` is handed over.
    closing: bool,
    done: bool,
}

impl Socket {
    fn new(hub: Arc<Hub>, membership: Membership, payload: dev::Payload) -> Self {
        Self {
            hub,
            membership,
            payload,
            codec: Codec::new().max_size(MAX_FRAME),
            incoming: BytesMut::new(),
            out: BytesMut::new(),
            ping: Box::pin(sleep(PING_EVERY)),
            closing: false,
            done: false,
        }
    }

    fn send(&mut self, message: Message) {
        if self.codec.encode(message, &mut self.out).is_err() {
            self.closing = true;
        }
    }

    fn close(&mut self, reason: Option<CloseReason>) {
        if !self.closing {
            self.send(Message::Close(reason));
            self.closing = true;
        }
    }

    /// Reads and answers what the client sent.
    fn read(&mut self, cx: &mut Context<'_>) {
        loop {
            match Pin::new(&mut self.payload).poll_next(cx) {
                Poll::Ready(Some(Ok(bytes))) => self.incoming.extend_from_slice(&bytes),
                Poll::Ready(Some(Err(_)) | None) => {
                    // The client went away: nothing more can be written.
                    self.closing = true;
                    self.out.clear();
                    return;
                }
                Poll::Pending => break,
            }
        }
        while !self.closing {
            match self.codec.decode(&mut self.incoming) {
                Ok(Some(Frame::Ping(bytes))) => self.send(Message::Pong(bytes)),
                Ok(Some(Frame::Close(reason))) => self.close(reason),
                Ok(Some(_)) => {}
                Ok(None) => break,
                Err(_) => self.close(Some(CloseReason::from(CloseCode::Policy))),
            }
        }
        if self.incoming.is_empty() && self.incoming.capacity() > 0 {
            self.incoming = BytesMut::new();
        }
    }
}

impl Stream for Socket {
    type Item = Result<Bytes, Infallible>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.done {
            return Poll::Ready(None);
        }
        this.read(cx);
        if !this.closing {
            while let Poll::Ready(text) = this.membership.messages.poll_recv(cx) {
                this.send(Message::Text(text.as_ref().into()));
            }
            while this.ping.as_mut().poll(cx).is_ready() {
                this.send(Message::Ping(Bytes::new()));
                this.ping.as_mut().reset(Instant::now() + PING_EVERY);
            }
        }
        if !this.out.is_empty() {
            return Poll::Ready(Some(Ok(mem::take(&mut this.out).freeze())));
        }
        if this.closing {
            this.done = true;
            return Poll::Ready(None);
        }
        Poll::Pending
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.hub.leave(&self.membership);
    }
}

//! Real-time fan-out (DESIGN section 5): one room per company; every event that the LISTEN
//! thread receives (from any instance, this one included) goes to the sockets of its
//! company's room that may hear it ([`patio_domain::audience::may_hear`], issue 21: a yard
//! call reaches only those who may read it). The websocket itself (`/api/ws`) is served by
//! the HTTP adapter, which joins a socket to a room here and writes what the room sends.
//!
//! A socket of a session is told to check its session again when its account changes
//! ([`DomainEvent::AccountChanged`], from any instance): a sign-out, a disabled account, a
//! moved user or a new password ends it (the HTTP adapter checks and closes).
//!
//! Memory (ten thousand idle sockets, docs/scaling.md): a socket's place here is an [`Inbox`]
//! of a few words, not a channel. Its queue allocates only when a message waits, and is
//! released when the socket has taken it; there is no task per socket.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

use patio_application::queue::ports::{DomainEvent, EventSink, EVERY_COMPANY_ROOM};
use patio_domain::audience::{may_hear, Heard, Listener};
use patio_domain::roles::SessionKind;

/// Messages a socket may have waiting; past that, new ones are dropped for it (every event
/// means "read again", so one pending message is as good as many).
pub const SOCKET_BACKLOG: usize = 8;

/// The account a socket's session belongs to.
pub type Account = (SessionKind, i64);

/// The company rooms of this instance.
#[derive(Default)]
pub struct Hub {
    next_id: AtomicU64,
    rooms: Mutex<HashMap<i64, Vec<Member>>>,
}

struct Member {
    id: u64,
    slot: Arc<Slot>,
    /// Who holds the socket: what it may hear.
    listener: Listener,
    /// The account of the socket's session (none for the TV and the public panel).
    account: Option<Account>,
}

/// What the room has sent a socket and the socket has not taken yet.
#[derive(Default)]
struct Slot(Mutex<SlotState>);

#[derive(Default)]
struct SlotState {
    /// Empty (no allocation) while the socket is idle.
    waiting: VecDeque<Arc<str>>,
    /// The socket's account changed: its session must be checked again.
    recheck: bool,
    /// Woken when a message arrives.
    waker: Option<Waker>,
    /// The socket went away (its [`Inbox`] was dropped).
    closed: bool,
}

enum Delivery {
    Sent,
    Full,
    Closed,
}

impl Slot {
    fn deliver(&self, text: &Arc<str>) -> Delivery {
        let Ok(mut s) = self.0.lock() else {
            return Delivery::Closed;
        };
        if s.closed {
            return Delivery::Closed;
        }
        if s.waiting.len() >= SOCKET_BACKLOG {
            return Delivery::Full;
        }
        s.waiting.push_back(text.clone());
        if let Some(waker) = s.waker.take() {
            waker.wake();
        }
        Delivery::Sent
    }

    fn ask_recheck(&self) {
        if let Ok(mut s) = self.0.lock() {
            s.recheck = true;
            if let Some(waker) = s.waker.take() {
                waker.wake();
            }
        }
    }

    fn is_closed(&self) -> bool {
        self.0.lock().map_or(true, |s| s.closed)
    }
}

/// The receiving side of a socket's place in a room.
pub struct Inbox(Arc<Slot>);

/// Nothing is waiting in an [`Inbox`].
#[derive(Debug, PartialEq, Eq)]
pub struct Empty;

/// What a socket's task is told.
#[derive(Debug, PartialEq, Eq)]
pub enum Signal {
    /// A message to write.
    Text(Arc<str>),
    /// The socket's account changed: check its session again.
    Recheck,
}

impl Inbox {
    /// The oldest waiting message, if any.
    pub fn try_recv(&mut self) -> Result<Arc<str>, Empty> {
        let mut s = self.0 .0.lock().map_err(|_| Empty)?;
        let text = s.waiting.pop_front().ok_or(Empty)?;
        if s.waiting.is_empty() {
            // An idle socket keeps no buffer.
            s.waiting = VecDeque::new();
        }
        Ok(text)
    }

    /// The oldest waiting message, or `Pending` (the task is woken when one arrives).
    pub fn poll_recv(&mut self, cx: &mut Context<'_>) -> Poll<Arc<str>> {
        self.poll(cx, false).map(|signal| match signal {
            Signal::Text(text) => text,
            Signal::Recheck => Arc::from(""),
        })
    }

    /// A request to check the session again (first), else the oldest waiting message, or
    /// `Pending` (the task is woken when either arrives).
    pub fn poll_signal(&mut self, cx: &mut Context<'_>) -> Poll<Signal> {
        self.poll(cx, true)
    }

    fn poll(&mut self, cx: &mut Context<'_>, rechecks: bool) -> Poll<Signal> {
        let Ok(mut s) = self.0 .0.lock() else {
            return Poll::Pending;
        };
        if rechecks && s.recheck {
            s.recheck = false;
            return Poll::Ready(Signal::Recheck);
        }
        match s.waiting.pop_front() {
            Some(text) => {
                if s.waiting.is_empty() {
                    s.waiting = VecDeque::new();
                }
                Poll::Ready(Signal::Text(text))
            }
            None => {
                if !s.waker.as_ref().is_some_and(|w| w.will_wake(cx.waker())) {
                    s.waker = Some(cx.waker().clone());
                }
                Poll::Pending
            }
        }
    }
}

impl Drop for Inbox {
    fn drop(&mut self) {
        if let Ok(mut s) = self.0 .0.lock() {
            s.closed = true;
            s.waiting = VecDeque::new();
            s.waker = None;
        }
    }
}

/// A socket's place in a room; leaving is [`Hub::leave`] (or dropping it: the member is
/// removed the next time its room sends).
pub struct Membership {
    pub company_id: i64,
    id: u64,
    pub messages: Inbox,
}

impl Hub {
    pub fn new() -> Self {
        Self::default()
    }

    /// Joins a socket to its company's room: it hears what `listener` may hear, and is asked
    /// to check its session again when `account` changes.
    pub fn join(
        &self,
        company_id: i64,
        listener: Listener,
        account: Option<Account>,
    ) -> Membership {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let slot = Arc::new(Slot::default());
        if let Ok(mut rooms) = self.rooms.lock() {
            rooms.entry(company_id).or_default().push(Member {
                id,
                slot: slot.clone(),
                listener,
                account,
            });
        }
        Membership {
            company_id,
            id,
            messages: Inbox(slot),
        }
    }

    /// Joins a socket of the public panel: it hears that the queue changed, never who was
    /// called to the yard.
    pub fn join_public(&self, company_id: i64) -> Membership {
        self.join(company_id, Listener::Public, None)
    }

    pub fn leave(&self, membership: &Membership) {
        if let Ok(mut rooms) = self.rooms.lock() {
            if let Some(room) = rooms.get_mut(&membership.company_id) {
                room.retain(|m| m.id != membership.id);
                if room.is_empty() {
                    rooms.remove(&membership.company_id);
                }
            }
        }
    }

    /// Sockets in a company's room.
    pub fn room_size(&self, company_id: i64) -> usize {
        self.rooms
            .lock()
            .map_or(0, |r| r.get(&company_id).map_or(0, Vec::len))
    }

    /// Open sockets in every room of this instance (`patio_ws_connections`); a socket gone
    /// but not yet swept from its room is not counted.
    pub fn connections(&self) -> usize {
        self.rooms.lock().map_or(0, |rooms| {
            rooms
                .values()
                .flatten()
                .filter(|m| !m.slot.is_closed())
                .count()
        })
    }

    /// Sends `text` to every socket of the company's room, whoever holds it.
    pub fn send(&self, company_id: i64, text: &str) {
        self.send_to(company_id, text, None);
    }

    /// Asks every socket of the account (in any room) to check its session again.
    pub fn recheck_account(&self, kind: SessionKind, id: i64) {
        if let Ok(rooms) = self.rooms.lock() {
            rooms
                .values()
                .flatten()
                .filter(|m| m.account == Some((kind, id)))
                .for_each(|m| m.slot.ask_recheck());
        }
    }

    /// Sends `text` to the sockets of the company's room that may hear `heard` (all of
    /// them when `None`).
    fn send_to(&self, company_id: i64, text: &str, heard: Option<&Heard<'_>>) {
        let text: Arc<str> = Arc::from(text);
        if let Ok(mut rooms) = self.rooms.lock() {
            if let Some(room) = rooms.get_mut(&company_id) {
                room.retain(|m| {
                    if heard.is_some_and(|h| !may_hear(&m.listener, h)) {
                        return !m.slot.is_closed();
                    }
                    !matches!(m.slot.deliver(&text), Delivery::Closed)
                });
                if room.is_empty() {
                    rooms.remove(&company_id);
                }
            }
        }
    }

    fn rooms(&self) -> Vec<i64> {
        self.rooms
            .lock()
            .map_or_else(|_| Vec::new(), |r| r.keys().copied().collect())
    }
}

impl EventSink for Hub {
    /// The stream came back: events may have been missed, so every room reads again.
    fn connected(&self) {
        for company_id in self.rooms() {
            if company_id == EVERY_COMPANY_ROOM {
                let text = format!(r#"{{"event":"queueChanged","companyId":{company_id}}}"#);
                self.send_to(company_id, &text, Some(&Heard::QueueChanged));
            } else {
                self.event(&DomainEvent::queue_changed(company_id));
            }
        }
    }

    fn disconnected(&self) {}

    fn event(&self, event: &DomainEvent) {
        // Between instances only: the account's sockets check their session again.
        if let DomainEvent::AccountChanged { kind, id } = event {
            self.recheck_account(*kind, *id);
            return;
        }
        let (Some(company_id), Some(heard)) = (event.company_id(), event.heard()) else {
            return;
        };
        match serde_json::to_string(&event.for_browsers()) {
            Ok(text) => {
                self.send_to(company_id, &text, Some(&heard));
                self.send_to(EVERY_COMPANY_ROOM, &text, Some(&heard));
            }
            Err(error) => tracing::warn!(%error, "event not serialised"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use patio_domain::roles::Role;

    fn changed(company_id: i64) -> DomainEvent {
        DomainEvent::queue_changed(company_id)
    }

    /// A socket of an office user of the company.
    fn join(hub: &Hub, company_id: i64) -> Membership {
        hub.join(company_id, office(), None)
    }

    fn office() -> Listener {
        Listener::Staff {
            role: Role::Usuario,
            shipping_company_id: None,
        }
    }

    fn call(driver_id: i64, shipping_company_ids: Vec<i64>) -> DomainEvent {
        DomainEvent::CheckInCall {
            company_id: 1,
            checkin_id: 2,
            queue_id: 3,
            driver_id,
            driver_name: "MOTORISTA".to_owned(),
            license_plate: "ABC1D23".to_owned(),
            called_at: chrono::Utc::now(),
            shipping_company_ids,
        }
    }

    #[test]
    fn a_call_reaches_only_the_sockets_that_may_read_it_without_the_carriers() {
        let hub = Hub::new();
        let mut office = join(&hub, 1);
        let mut called = hub.join(1, Listener::Driver { id: 4 }, None);
        let mut other_driver = hub.join(1, Listener::Driver { id: 5 }, None);
        let carrier = |s| Listener::Staff {
            role: Role::Transportadora,
            shipping_company_id: Some(s),
        };
        let mut its_carrier = hub.join(1, carrier(9), None);
        let mut other_carrier = hub.join(1, carrier(8), None);
        let mut tv = hub.join(1, Listener::YardTv, None);
        hub.event(&call(4, vec![9]));
        for heard in [&mut office, &mut called, &mut its_carrier, &mut tv] {
            let text = heard.messages.try_recv().unwrap();
            assert!(text.contains("checkInCallResponse"), "{text}");
            assert!(!text.contains("shippingCompanyIds"), "{text}");
        }
        assert!(other_driver.messages.try_recv().is_err());
        assert!(other_carrier.messages.try_recv().is_err());
        assert_eq!(hub.room_size(1), 6);
    }

    #[test]
    fn an_account_change_asks_that_account_s_sockets_to_check_their_session() {
        use std::task::Wake;
        struct Nop;
        impl Wake for Nop {
            fn wake(self: Arc<Self>) {}
        }
        let waker = Waker::from(Arc::new(Nop));
        let mut cx = Context::from_waker(&waker);
        let hub = Hub::new();
        let mut mine = hub.join(1, office(), Some((SessionKind::Staff, 5)));
        let mut other = hub.join(1, office(), Some((SessionKind::Staff, 6)));
        let mut driver = hub.join(
            2,
            Listener::Driver { id: 5 },
            Some((SessionKind::Driver, 5)),
        );
        assert!(mine.messages.poll_signal(&mut cx).is_pending());
        hub.event(&DomainEvent::AccountChanged {
            kind: SessionKind::Staff,
            id: 5,
        });
        assert_eq!(
            mine.messages.poll_signal(&mut cx),
            Poll::Ready(Signal::Recheck)
        );
        assert!(
            mine.messages.poll_signal(&mut cx).is_pending(),
            "asked once"
        );
        assert!(other.messages.poll_signal(&mut cx).is_pending());
        assert!(driver.messages.poll_signal(&mut cx).is_pending());
    }

    #[test]
    fn connections_count_the_open_sockets_of_every_room() {
        let hub = Hub::new();
        let a = join(&hub, 1);
        let b = hub.join_public(2);
        let c = join(&hub, 2);
        assert_eq!(hub.connections(), 3);
        hub.leave(&a);
        drop(b);
        assert_eq!(hub.connections(), 1);
        drop(c);
        assert_eq!(hub.connections(), 0);
    }

    #[test]
    fn browsers_get_the_event_without_the_moved_drivers() {
        let hub = Hub::new();
        let mut mine = join(&hub, 1);
        hub.event(&DomainEvent::drivers_moved(1, vec![7, 8]));
        assert_eq!(
            mine.messages.try_recv().ok().as_deref(),
            Some(r#"{"event":"queueChanged","companyId":1}"#)
        );
    }

    #[test]
    fn an_account_change_reaches_no_socket() {
        let hub = Hub::new();
        let mut mine = join(&hub, 1);
        let mut every = join(&hub, EVERY_COMPANY_ROOM);
        let change: DomainEvent =
            serde_json::from_str(r#"{"event":"accountChanged","kind":"staff","id":1}"#).unwrap();
        hub.event(&change);
        assert!(mine.messages.try_recv().is_err());
        assert!(every.messages.try_recv().is_err());
    }

    #[test]
    fn a_public_socket_hears_that_the_queue_changed_but_not_who_was_called() {
        let hub = Hub::new();
        let mut staff = join(&hub, 1);
        let mut public = hub.join_public(1);
        hub.event(&DomainEvent::CheckInCall {
            company_id: 1,
            checkin_id: 2,
            queue_id: 3,
            driver_id: 4,
            driver_name: "MOTORISTA".to_owned(),
            license_plate: "ABC1D23".to_owned(),
            called_at: chrono::Utc::now(),
            shipping_company_ids: Vec::new(),
        });
        hub.event(&changed(1));
        assert!(staff
            .messages
            .try_recv()
            .unwrap()
            .contains("checkInCallResponse"));
        assert_eq!(
            public.messages.try_recv().ok().as_deref(),
            Some(r#"{"event":"queueChanged","companyId":1}"#),
            "the call never reached the public socket; the change did"
        );
        assert_eq!(hub.room_size(1), 2);
    }

    #[test]
    fn the_every_company_room_hears_each_company() {
        let hub = Hub::new();
        let mut all = join(&hub, EVERY_COMPANY_ROOM);
        hub.event(&changed(1));
        hub.event(&changed(2));
        assert_eq!(
            all.messages.try_recv().ok().as_deref(),
            Some(r#"{"event":"queueChanged","companyId":1}"#)
        );
        assert_eq!(
            all.messages.try_recv().ok().as_deref(),
            Some(r#"{"event":"queueChanged","companyId":2}"#)
        );
    }

    #[test]
    fn an_event_reaches_only_its_companys_room() {
        let hub = Hub::new();
        let mut mine = join(&hub, 1);
        let mut other = join(&hub, 2);
        hub.event(&changed(1));
        assert_eq!(
            mine.messages.try_recv().ok().as_deref(),
            Some(r#"{"event":"queueChanged","companyId":1}"#)
        );
        assert!(other.messages.try_recv().is_err());
    }

    #[test]
    fn a_slow_socket_keeps_a_bounded_backlog() {
        let hub = Hub::new();
        let mut slow = join(&hub, 1);
        for _ in 0..100 {
            hub.event(&changed(1));
        }
        let mut waiting = 0;
        while slow.messages.try_recv().is_ok() {
            waiting += 1;
        }
        assert_eq!(waiting, SOCKET_BACKLOG);
        assert_eq!(hub.room_size(1), 1);
    }

    #[test]
    fn a_closed_or_departed_socket_leaves_the_room() {
        let hub = Hub::new();
        let gone = join(&hub, 1);
        let left = join(&hub, 1);
        assert_eq!(hub.room_size(1), 2);
        hub.leave(&left);
        assert_eq!(hub.room_size(1), 1);
        drop(gone);
        hub.event(&changed(1));
        assert_eq!(hub.room_size(1), 0);
    }

    #[test]
    fn an_idle_socket_is_woken_by_a_message_and_keeps_no_buffer() {
        use std::sync::atomic::AtomicUsize;
        use std::task::Wake;
        struct Count(AtomicUsize);
        impl Wake for Count {
            fn wake(self: Arc<Self>) {
                self.0.fetch_add(1, Ordering::SeqCst);
            }
        }
        let hub = Hub::new();
        let mut socket = join(&hub, 1);
        let count = Arc::new(Count(AtomicUsize::new(0)));
        let waker = Waker::from(count.clone());
        let mut cx = Context::from_waker(&waker);
        let capacity = |m: &Membership| m.messages.0 .0.lock().unwrap().waiting.capacity();
        assert!(socket.messages.poll_recv(&mut cx).is_pending());
        assert_eq!(capacity(&socket), 0, "idle: nothing allocated");
        hub.event(&changed(1));
        assert_eq!(count.0.load(Ordering::SeqCst), 1, "woken once");
        assert!(capacity(&socket) > 0);
        assert_eq!(
            socket.messages.poll_recv(&mut cx),
            Poll::Ready(Arc::from(r#"{"event":"queueChanged","companyId":1}"#))
        );
        assert!(socket.messages.poll_recv(&mut cx).is_pending());
        assert_eq!(capacity(&socket), 0, "taken: the buffer is released");
    }

    #[test]
    fn a_reconnected_stream_tells_every_room_to_read_again() {
        let hub = Hub::new();
        let mut a = join(&hub, 1);
        let mut b = join(&hub, 2);
        hub.connected();
        assert!(a.messages.try_recv().is_ok());
        assert!(b.messages.try_recv().is_ok());
    }
}

//! Whether a session still stands (`Actor::still_holds`): its account enabled and unchanged.
//!
//! A session token is signed with the role, company and shipping company of its account, and
//! lives 12 h (staff) or 30 days (drivers). Without this check, an administrator who disables
//! a user or moves them to another role would see that user keep acting until the token
//! expires. Every request is checked against the account as it is now, read outside any
//! transaction; `patio serve` remembers each answer for a short while
//! ([`AccountCheck::with_memory`]). A change is seen at once by every instance:
//! [`AccountCheck::forget`] (after the change's commit) forgets the account here and publishes
//! [`DomainEvent::AccountChanged`]; every instance's check hears it through the event stream
//! ([`EventSink`]) and forgets the account too. While that stream is down, an instance
//! remembers nothing (each request reads the account), as events may be missed.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use patio_domain::auth::{AccountState, Actor};
use patio_domain::roles::SessionKind;

use crate::error::AppResult;
use crate::queue::ports::{DomainEvent, EventPublisher, EventSink};

/// How long `patio serve` keeps an account's state without reading it again.
pub const DEFAULT_MEMORY: Duration = Duration::from_secs(30);

/// Reads an account as it is now; `None` when it is disabled or gone.
pub trait AccountReader: Send + Sync {
    fn account(&self, kind: SessionKind, id: i64) -> AppResult<Option<AccountState>>;

    /// Ends one session token of the account until its expiry (a sign-out), for every
    /// instance: the revocation is read back with the account.
    fn revoke(&self, kind: SessionKind, id: i64, token_id: &str, expires_at: i64) -> AppResult<()>;
}

type Key = (SessionKind, i64);

#[derive(Clone)]
pub struct AccountCheck {
    reader: Arc<dyn AccountReader>,
    memory: Option<Arc<Memory>>,
    /// Where a change is told to the other instances.
    events: Option<Arc<dyn EventPublisher>>,
}

struct Memory {
    ttl: Duration,
    /// Whether answers may be remembered: off while the event stream that would tell this
    /// instance about other instances' changes is down.
    live: AtomicBool,
    entries: Mutex<HashMap<Key, (Instant, Option<AccountState>)>>,
}

/// Past this many accounts the memory starts over.
const MAX_ENTRIES: usize = 100_000;

impl AccountCheck {
    /// Reads the account on every check.
    pub fn new(reader: Arc<dyn AccountReader>) -> Self {
        Self {
            reader,
            memory: None,
            events: None,
        }
    }

    /// Remembers each account for `ttl` (one instance, or tests: no event stream).
    pub fn with_memory(reader: Arc<dyn AccountReader>, ttl: Duration) -> Self {
        Self::remembering(reader, ttl, true)
    }

    /// Remembers each account for `ttl` while the event stream is up (`patio serve`, where
    /// this check is one of the stream's sinks): nothing until [`EventSink::connected`].
    pub fn with_memory_while_listening(reader: Arc<dyn AccountReader>, ttl: Duration) -> Self {
        Self::remembering(reader, ttl, false)
    }

    fn remembering(reader: Arc<dyn AccountReader>, ttl: Duration, live: bool) -> Self {
        Self {
            reader,
            memory: Some(Arc::new(Memory {
                ttl,
                live: AtomicBool::new(live),
                entries: Mutex::new(HashMap::new()),
            })),
            events: None,
        }
    }

    /// Tells every instance (through `events`) about each account change.
    #[must_use]
    pub fn publishing(mut self, events: Arc<dyn EventPublisher>) -> Self {
        self.events = Some(events);
        self
    }

    /// The memory, while answers may be remembered.
    fn live_memory(&self) -> Option<&Memory> {
        self.memory
            .as_deref()
            .filter(|m| m.live.load(Ordering::SeqCst))
    }

    /// The answer when it needs no I/O; `None`: call [`Self::still_holds`] off the async
    /// threads.
    pub fn remembered(&self, actor: &Actor) -> Option<bool> {
        let memory = self.live_memory()?;
        let entries = memory.entries.lock().ok()?;
        let (read_at, state) = entries.get(&(actor.kind, actor.id))?;
        (read_at.elapsed() < memory.ttl).then(|| actor.still_holds(state.as_ref()))
    }

    /// Whether the actor's session still stands, reading the account if needed.
    pub fn still_holds(&self, actor: &Actor) -> AppResult<bool> {
        if let Some(answer) = self.remembered(actor) {
            return Ok(answer);
        }
        let state = self.reader.account(actor.kind, actor.id)?;
        let answer = actor.still_holds(state.as_ref());
        if let Some(memory) = self.live_memory() {
            if let Ok(mut entries) = memory.entries.lock() {
                if entries.len() >= MAX_ENTRIES {
                    entries.clear();
                }
                entries.insert((actor.kind, actor.id), (Instant::now(), state));
            }
        }
        Ok(answer)
    }

    /// Signs the actor's session out: its token no longer stands, on this instance at once,
    /// on the others when they next read the account. The account's other sessions stand.
    pub fn sign_out(&self, actor: &Actor) -> AppResult<()> {
        if let Some(issue) = &actor.issued_at {
            if !issue.token_id.is_empty() {
                self.reader
                    .revoke(actor.kind, actor.id, &issue.token_id, issue.expires_at)?;
            }
        }
        self.forget(actor.kind, actor.id);
        Ok(())
    }

    /// Forgets an account after a change to it committed, here and (through the event
    /// stream) on every instance.
    pub fn forget(&self, kind: SessionKind, id: i64) {
        self.forget_here(kind, id);
        if let Some(events) = &self.events {
            events.publish(&DomainEvent::AccountChanged { kind, id });
        }
    }

    fn forget_here(&self, kind: SessionKind, id: i64) {
        if let Some(memory) = &self.memory {
            if let Ok(mut entries) = memory.entries.lock() {
                entries.remove(&(kind, id));
            }
        }
    }

    fn set_live(&self, live: bool) {
        if let Some(memory) = &self.memory {
            // Forget first: what was remembered before may have changed unheard.
            if let Ok(mut entries) = memory.entries.lock() {
                entries.clear();
                memory.live.store(live, Ordering::SeqCst);
            }
        }
    }
}

/// The other instances' account changes (and this one's echo, forgotten twice, harmlessly).
impl EventSink for AccountCheck {
    fn connected(&self) {
        self.set_live(true);
    }

    fn disconnected(&self) {
        self.set_live(false);
    }

    fn event(&self, event: &DomainEvent) {
        if let DomainEvent::AccountChanged { kind, id } = event {
            self.forget_here(*kind, *id);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use patio_domain::roles::Role;

    use super::*;

    struct Accounts {
        reads: AtomicUsize,
        role: Mutex<Option<Role>>,
    }

    impl AccountReader for Accounts {
        fn account(&self, _kind: SessionKind, _id: i64) -> AppResult<Option<AccountState>> {
            self.reads.fetch_add(1, Ordering::SeqCst);
            let role = *self.role.lock().map_err(crate::AppError::internal)?;
            Ok(role.map(|r| AccountState {
                role: Some(r),
                company_id: Some(1),
                shipping_company_id: None,
                is_root: false,
                password_changed_at: None,
                revoked_tokens: Vec::new(),
            }))
        }

        fn revoke(&self, _: SessionKind, _: i64, _: &str, _: i64) -> AppResult<()> {
            Ok(())
        }
    }

    fn usuario() -> Actor {
        Actor {
            kind: SessionKind::Staff,
            id: 5,
            role: Some(Role::Usuario),
            company_id: Some(1),
            shipping_company_id: None,
            is_root: false,
            issued_at: None,
        }
    }

    fn accounts() -> Arc<Accounts> {
        Arc::new(Accounts {
            reads: AtomicUsize::new(0),
            role: Mutex::new(Some(Role::Usuario)),
        })
    }

    #[test]
    fn without_memory_every_check_reads_the_account() {
        let a = accounts();
        let check = AccountCheck::new(a.clone());
        assert!(check.still_holds(&usuario()).unwrap_or(false));
        *a.role.lock().unwrap_or_else(|e| e.into_inner()) = None;
        assert!(!check.still_holds(&usuario()).unwrap_or(true));
        assert_eq!(a.reads.load(Ordering::SeqCst), 2);
        assert_eq!(check.remembered(&usuario()), None);
    }

    #[test]
    fn with_memory_an_account_is_read_once_until_forgotten() {
        let a = accounts();
        let check = AccountCheck::with_memory(a.clone(), DEFAULT_MEMORY);
        assert!(check.still_holds(&usuario()).unwrap_or(false));
        assert_eq!(check.remembered(&usuario()), Some(true));
        *a.role.lock().unwrap_or_else(|e| e.into_inner()) = Some(Role::Portaria);
        assert_eq!(check.remembered(&usuario()), Some(true));
        check.forget(SessionKind::Staff, 5);
        assert!(!check.still_holds(&usuario()).unwrap_or(true));
        assert_eq!(a.reads.load(Ordering::SeqCst), 2);
    }

    /// What an instance publishes, as the event stream would carry it.
    #[derive(Default)]
    struct Stream(Mutex<Vec<DomainEvent>>);

    impl EventPublisher for Stream {
        fn publish(&self, event: &DomainEvent) {
            self.0
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(event.clone());
        }
    }

    #[test]
    fn a_change_through_one_instance_is_forgotten_by_the_other_at_once() {
        let a = accounts();
        let stream = Arc::new(Stream::default());
        let one = AccountCheck::with_memory_while_listening(a.clone(), DEFAULT_MEMORY)
            .publishing(stream.clone());
        let other = AccountCheck::with_memory_while_listening(a.clone(), DEFAULT_MEMORY)
            .publishing(stream.clone());
        one.connected();
        other.connected();
        assert!(other.still_holds(&usuario()).unwrap_or(false));
        assert_eq!(other.remembered(&usuario()), Some(true));
        *a.role.lock().unwrap_or_else(|e| e.into_inner()) = None;
        one.forget(SessionKind::Staff, 5);
        let sent = stream.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
        assert_eq!(
            sent,
            vec![DomainEvent::AccountChanged {
                kind: SessionKind::Staff,
                id: 5
            }]
        );
        sent.iter().for_each(|e| other.event(e));
        assert_eq!(other.remembered(&usuario()), None);
        assert!(!other.still_holds(&usuario()).unwrap_or(true));
    }

    #[test]
    fn nothing_is_remembered_while_the_event_stream_is_down() {
        let a = accounts();
        let check = AccountCheck::with_memory_while_listening(a.clone(), DEFAULT_MEMORY);
        check.still_holds(&usuario()).unwrap_or(false);
        assert_eq!(check.remembered(&usuario()), None, "not listening yet");
        check.connected();
        check.still_holds(&usuario()).unwrap_or(false);
        assert_eq!(check.remembered(&usuario()), Some(true));
        check.disconnected();
        assert_eq!(check.remembered(&usuario()), None);
        check.still_holds(&usuario()).unwrap_or(false);
        assert_eq!(check.remembered(&usuario()), None);
        assert_eq!(a.reads.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn the_event_travels_as_json_between_instances() {
        let event = DomainEvent::AccountChanged {
            kind: SessionKind::Driver,
            id: 7,
        };
        let text = serde_json::to_string(&event).unwrap_or_default();
        assert_eq!(text, r#"{"event":"accountChanged","kind":"driver","id":7}"#);
        assert_eq!(serde_json::from_str::<DomainEvent>(&text).ok(), Some(event));
        assert_eq!(
            DomainEvent::AccountChanged {
                kind: SessionKind::Staff,
                id: 1
            }
            .company_id(),
            None
        );
    }

    #[test]
    fn remembered_answers_expire() {
        let a = accounts();
        let check = AccountCheck::with_memory(a.clone(), Duration::ZERO);
        check.still_holds(&usuario()).unwrap_or(false);
        assert_eq!(check.remembered(&usuario()), None);
    }
}

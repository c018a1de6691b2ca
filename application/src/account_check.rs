//! Whether a session still stands (`Actor::still_holds`): its account enabled and unchanged.
//!
//! A session token is signed with the role, company and shipping company of its account, and
//! lives 12 h (staff) or 30 days (drivers). Without this check, an administrator who disables
//! a user or moves them to another role would see that user keep acting until the token
//! expires. Every request is checked against the account as it is now, read outside any
//! transaction; `patio serve` remembers each answer for a short while
//! ([`AccountCheck::with_memory`]), so a change reaches the other instances within that time
//! at most, and this instance at once ([`AccountCheck::forget`] after the change's commit).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use patio_domain::auth::{AccountState, Actor};
use patio_domain::roles::SessionKind;

use crate::error::AppResult;

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
}

struct Memory {
    ttl: Duration,
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
        }
    }

    /// Remembers each account for `ttl`.
    pub fn with_memory(reader: Arc<dyn AccountReader>, ttl: Duration) -> Self {
        Self {
            reader,
            memory: Some(Arc::new(Memory {
                ttl,
                entries: Mutex::new(HashMap::new()),
            })),
        }
    }

    /// The answer when it needs no I/O; `None`: call [`Self::still_holds`] off the async
    /// threads.
    pub fn remembered(&self, actor: &Actor) -> Option<bool> {
        let memory = self.memory.as_ref()?;
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
        if let Some(memory) = &self.memory {
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

    /// Forgets an account after a change to it committed.
    pub fn forget(&self, kind: SessionKind, id: i64) {
        if let Some(memory) = &self.memory {
            if let Ok(mut entries) = memory.entries.lock() {
                entries.remove(&(kind, id));
            }
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

    #[test]
    fn remembered_answers_expire() {
        let a = accounts();
        let check = AccountCheck::with_memory(a.clone(), Duration::ZERO);
        check.still_holds(&usuario()).unwrap_or(false);
        assert_eq!(check.remembered(&usuario()), None);
    }
}

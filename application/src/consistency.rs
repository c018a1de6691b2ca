//! Who a unit of work runs for, so that the reads that may lag (on a read replica, issue 27)
//! still show each actor its own writes.
//!
//! The HTTP adapter sets the reader of a request around the use case it runs
//! ([`as_reader`]); a store with a read replica notes, after each commit, the position that
//! reader's next reads must see, and reads the mark back for [`current_reader`]. Work with no
//! reader (sign-in, the yard TV, the jobs) has no writes of its own to wait for. A thread-local
//! rather than a parameter of every `Store` call: it is the request's context, like its log
//! span, and no rule depends on it.

use std::cell::Cell;

use patio_domain::auth::Actor;
use patio_domain::roles::SessionKind;

/// An actor as the read replica's marks key it: the kind of session and its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reader {
    pub staff: bool,
    pub id: i64,
}

impl Reader {
    pub fn of(actor: &Actor) -> Self {
        Self {
            staff: actor.kind == SessionKind::Staff,
            id: actor.id,
        }
    }
}

thread_local! {
    static CURRENT: Cell<Option<Reader>> = const { Cell::new(None) };
}

/// Runs `work` on behalf of `reader` (this thread's reader until it returns).
pub fn as_reader<R>(reader: Option<Reader>, work: impl FnOnce() -> R) -> R {
    struct Restore(Option<Reader>);
    impl Drop for Restore {
        fn drop(&mut self) {
            CURRENT.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(CURRENT.with(|c| c.replace(reader)));
    work()
}

/// The reader of the work running on this thread, if any.
pub fn current_reader() -> Option<Reader> {
    CURRENT.with(Cell::get)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reader_holds_for_the_work_and_is_restored_after_it() {
        let a = Reader { staff: true, id: 1 };
        let b = Reader {
            staff: false,
            id: 1,
        };
        assert_eq!(current_reader(), None);
        as_reader(Some(a), || {
            assert_eq!(current_reader(), Some(a));
            as_reader(Some(b), || assert_eq!(current_reader(), Some(b)));
            assert_eq!(current_reader(), Some(a));
        });
        assert_eq!(current_reader(), None);
        assert_ne!(a, b, "a driver and a user with one id are two readers");
    }
}

//! Rescues (Gerenciar Resgates, spec 3 sections 2, 4, 5 and 6): a vehicle marked missing
//! (faulty) that was in fact loaded. The dispatcher asks for it with the net weight and the
//! order; a root administrator approves it, and the entry ends as if its loading had been
//! completed: attended with that tonnage on that order's loading (decision of the lead, see
//! `docs/decisions.md`). The checks run in the order below and the first that fails is the one
//! the dispatcher reads.

use super::LifecycleState;
use crate::auth::Actor;

/// Who approves rescues on /recuperar (spec 3 sections 3 and 6): a root administrator. Both
/// `PUT /queue-restore/restore` and the list's `canApprove` ask this, so the page shows
/// 'Aprovar' exactly when the server would accept it.
pub fn may_approve_rescues(actor: &Actor) -> bool {
    actor.is_root_admin()
}

/// A row of /recuperar offers 'Aprovar' to `actor`: an approver, and the rescue still pending.
pub fn may_approve_row(actor: &Actor, approved: bool) -> bool {
    may_approve_rescues(actor) && !approved
}

/// What a rescue request is checked against, read in the company's locked transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RescueCheck {
    /// The entry's state as stored.
    pub state: LifecycleState,
    /// The entry was closed as missing since the start of the company's operating day (the
    /// panel's Faltosos list). Only asked when requesting, not when approving.
    pub missed_today: bool,
    /// The entry came with a loading of an order (a freelancer has none).
    pub has_loading: bool,
    /// An order was sent (a freelancer's rescue names the order it loaded for).
    pub order_chosen: bool,
    /// The order sent is the loading's order (or none was sent). Not asked of a freelancer.
    pub order_matches: bool,
    /// The loading is still open (not finished by another path). Not asked of a freelancer,
    /// whose loading is created on the chosen order at the approval.
    pub loading_open: bool,
    /// A rescue of this entry is already waiting for approval.
    pub pending: bool,
}

/// Why a rescue may not be requested or approved, in the order the checks run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RescueRefusal {
    /// Not faulty (by the expedition or by tolerance).
    NotMissing,
    /// Missing, but not in today's list.
    NotToday,
    /// A freelancer (no loading) and no order chosen for the tonnage.
    OrderRequired,
    OrderMismatch,
    LoadingClosed,
    AlreadyRequested,
}

/// Only faulty entries can be rescued.
pub fn is_missing(state: LifecycleState) -> bool {
    matches!(
        state,
        LifecycleState::FaultyByExpedition | LifecycleState::FaultyByTolerance
    )
}

/// `POST /queue-restore/save`: the dispatcher's request.
pub fn may_request_rescue(c: &RescueCheck) -> Result<(), RescueRefusal> {
    if !is_missing(c.state) {
        return Err(RescueRefusal::NotMissing);
    }
    if !c.missed_today {
        return Err(RescueRefusal::NotToday);
    }
    common(c)?;
    if c.pending {
        return Err(RescueRefusal::AlreadyRequested);
    }
    Ok(())
}

/// `PUT /queue-restore/restore`: the approval (any day; `missed_today` and `pending` are not
/// asked). Returns the state the entry ends in.
pub fn may_approve_rescue(c: &RescueCheck) -> Result<LifecycleState, RescueRefusal> {
    if !is_missing(c.state) {
        return Err(RescueRefusal::NotMissing);
    }
    common(c)?;
    Ok(LifecycleState::Attended)
}

/// A freelancer came without a loading: the dispatcher chooses the order the vehicle loaded
/// for (issue 22), and the loading checks of spec 2 section 5 run on that order (the caller's
/// part, with `orders::check_new_loading`). A vehicle with a loading keeps its own order.
fn common(c: &RescueCheck) -> Result<(), RescueRefusal> {
    if !c.has_loading {
        return if c.order_chosen {
            Ok(())
        } else {
            Err(RescueRefusal::OrderRequired)
        };
    }
    if !c.order_matches {
        return Err(RescueRefusal::OrderMismatch);
    }
    if !c.loading_open {
        return Err(RescueRefusal::LoadingClosed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use LifecycleState as S;

    const READY: RescueCheck = RescueCheck {
        state: S::FaultyByExpedition,
        missed_today: true,
        has_loading: true,
        order_chosen: true,
        order_matches: true,
        loading_open: true,
        pending: false,
    };

    #[test]
    fn a_missing_vehicle_of_today_with_its_loading_may_be_rescued() {
        assert_eq!(may_request_rescue(&READY), Ok(()));
        let tolerance = RescueCheck {
            state: S::FaultyByTolerance,
            ..READY
        };
        assert_eq!(may_request_rescue(&tolerance), Ok(()));
        assert_eq!(may_approve_rescue(&tolerance), Ok(S::Attended));
    }

    #[test]
    fn only_faulty_entries_are_rescued() {
        for s in S::ALL {
            let c = RescueCheck { state: s, ..READY };
            let expected = is_missing(s);
            assert_eq!(may_request_rescue(&c).is_ok(), expected, "{s}");
            assert_eq!(may_approve_rescue(&c).is_ok(), expected, "{s}");
            if !expected {
                assert_eq!(may_request_rescue(&c), Err(RescueRefusal::NotMissing));
            }
        }
    }

    #[test]
    fn refusals_come_in_order() {
        let all_wrong = RescueCheck {
            state: S::FaultyByExpedition,
            missed_today: false,
            has_loading: false,
            order_chosen: false,
            order_matches: false,
            loading_open: false,
            pending: true,
        };
        let mut c = all_wrong;
        assert_eq!(may_request_rescue(&c), Err(RescueRefusal::NotToday));
        c.missed_today = true;
        assert_eq!(may_request_rescue(&c), Err(RescueRefusal::OrderRequired));
        c.has_loading = true;
        assert_eq!(may_request_rescue(&c), Err(RescueRefusal::OrderMismatch));
        c.order_matches = true;
        assert_eq!(may_request_rescue(&c), Err(RescueRefusal::LoadingClosed));
        c.loading_open = true;
        assert_eq!(may_request_rescue(&c), Err(RescueRefusal::AlreadyRequested));
        c.pending = false;
        assert_eq!(may_request_rescue(&c), Ok(()));
    }

    fn staff(role: crate::roles::Role, root: bool) -> Actor {
        Actor {
            kind: crate::roles::SessionKind::Staff,
            id: 1,
            role: Some(role),
            company_id: Some(1),
            shipping_company_id: None,
            is_root: root,
            issued_at: None,
        }
    }

    #[test]
    fn only_a_root_administrator_approves_and_only_pending_rows() {
        use crate::roles::Role;
        let root = staff(Role::Administrador, true);
        assert!(may_approve_rescues(&root));
        assert!(may_approve_row(&root, false));
        assert!(!may_approve_row(&root, true));
        for actor in [
            staff(Role::Administrador, false),
            staff(Role::Usuario, true),
            staff(Role::Transportadora, false),
            staff(Role::Expedicao, false),
        ] {
            assert!(!may_approve_rescues(&actor), "{actor:?}");
            assert!(!may_approve_row(&actor, false), "{actor:?}");
        }
    }

    #[test]
    fn a_missing_freelancer_is_rescued_onto_the_order_chosen_for_it() {
        let freelancer = RescueCheck {
            has_loading: false,
            order_chosen: true,
            // Neither is asked of a freelancer: it has no loading to match or to be open.
            order_matches: false,
            loading_open: false,
            ..READY
        };
        assert_eq!(may_request_rescue(&freelancer), Ok(()));
        assert_eq!(may_approve_rescue(&freelancer), Ok(S::Attended));
        let no_order = RescueCheck {
            order_chosen: false,
            ..freelancer
        };
        assert_eq!(
            may_request_rescue(&no_order),
            Err(RescueRefusal::OrderRequired)
        );
        let twice = RescueCheck {
            pending: true,
            ..freelancer
        };
        assert_eq!(
            may_request_rescue(&twice),
            Err(RescueRefusal::AlreadyRequested)
        );
        let waiting = RescueCheck {
            state: S::Waiting,
            ..freelancer
        };
        assert_eq!(may_request_rescue(&waiting), Err(RescueRefusal::NotMissing));
    }

    #[test]
    fn approval_does_not_ask_for_today_nor_pending_but_still_for_an_open_loading() {
        let late = RescueCheck {
            missed_today: false,
            pending: true,
            ..READY
        };
        assert_eq!(may_approve_rescue(&late), Ok(S::Attended));
        let closed = RescueCheck {
            loading_open: false,
            ..late
        };
        assert_eq!(
            may_approve_rescue(&closed),
            Err(RescueRefusal::LoadingClosed)
        );
    }
}

//! Who hears what on a company's socket (`/api/ws`, issue 21 item 3): the same rule as the
//! REST reads. A queue change tells nobody anything but "read again", so every socket of the
//! room hears it; a yard call names a driver and a plate, so it reaches only those who may
//! read it through `GET /checkins/called/{companyId}` (the TV and the staff roles below), the
//! driver it calls, and the carrier whose vehicle it is (what the carrier's queue shows).

use crate::auth::Actor;
use crate::roles::{Role, SessionKind};

/// The staff roles that read the yard's calls (`GET /checkins/called/{companyId}`).
pub const CALL_READERS: [Role; 5] = [
    Role::Administrador,
    Role::Usuario,
    Role::Expedicao,
    Role::Espectador,
    Role::Portaria,
];

/// Who holds a socket of a company room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listener {
    /// A staff member (a Transportadora with its shipping company).
    Staff {
        role: Role,
        shipping_company_id: Option<i64>,
    },
    /// A driver's phone.
    Driver { id: i64 },
    /// The yard TV: no session, opened from an address of the company's `checkinIp`.
    YardTv,
    /// The public panel: no session, anyone.
    Public,
}

impl Listener {
    /// The listener a signed-in actor is; `None` for a staff session without a role.
    pub fn of(actor: &Actor) -> Option<Self> {
        match actor.kind {
            SessionKind::Driver => Some(Listener::Driver { id: actor.id }),
            SessionKind::Staff => actor.role.map(|role| Listener::Staff {
                role,
                shipping_company_id: actor.shipping_company_id,
            }),
        }
    }
}

/// What an event would tell a socket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heard<'a> {
    /// Something of the queue changed: read again.
    QueueChanged,
    /// The yard called this driver; the shipping companies the vehicle belongs to (its
    /// truck's, its driver's, its loading's).
    Call {
        driver_id: i64,
        shipping_company_ids: &'a [i64],
    },
}

/// Whether `listener` may be told `heard`.
pub fn may_hear(listener: &Listener, heard: &Heard<'_>) -> bool {
    match heard {
        Heard::QueueChanged => true,
        Heard::Call {
            driver_id,
            shipping_company_ids,
        } => match listener {
            Listener::YardTv => true,
            Listener::Public => false,
            Listener::Driver { id } => id == driver_id,
            Listener::Staff {
                role: Role::Transportadora,
                shipping_company_id,
            } => shipping_company_id.is_some_and(|s| shipping_company_ids.contains(&s)),
            Listener::Staff { role, .. } => CALL_READERS.contains(role),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CALL: Heard<'static> = Heard::Call {
        driver_id: 7,
        shipping_company_ids: &[3],
    };

    fn staff(role: Role, shipping_company_id: Option<i64>) -> Listener {
        Listener::Staff {
            role,
            shipping_company_id,
        }
    }

    #[test]
    fn everyone_hears_that_the_queue_changed() {
        for l in [
            Listener::Public,
            Listener::YardTv,
            Listener::Driver { id: 1 },
            staff(Role::Transportadora, None),
        ] {
            assert!(may_hear(&l, &Heard::QueueChanged), "{l:?}");
        }
    }

    #[test]
    fn a_call_reaches_the_tv_the_readers_the_driver_called_and_the_vehicle_s_carrier_only() {
        assert!(may_hear(&Listener::YardTv, &CALL));
        for role in CALL_READERS {
            assert!(may_hear(&staff(role, None), &CALL), "{role}");
        }
        assert!(may_hear(&Listener::Driver { id: 7 }, &CALL));
        assert!(may_hear(&staff(Role::Transportadora, Some(3)), &CALL));

        assert!(!may_hear(&Listener::Public, &CALL));
        assert!(!may_hear(&Listener::Driver { id: 8 }, &CALL));
        assert!(!may_hear(&staff(Role::Transportadora, Some(4)), &CALL));
        assert!(!may_hear(&staff(Role::Transportadora, None), &CALL));
        let independent = Heard::Call {
            driver_id: 7,
            shipping_company_ids: &[],
        };
        assert!(!may_hear(
            &staff(Role::Transportadora, Some(3)),
            &independent
        ));
    }

    #[test]
    fn the_listener_of_an_actor() {
        let mut a = Actor {
            kind: SessionKind::Driver,
            id: 9,
            role: None,
            company_id: Some(1),
            shipping_company_id: None,
            is_root: false,
            issued_at: None,
        };
        assert_eq!(Listener::of(&a), Some(Listener::Driver { id: 9 }));
        a.kind = SessionKind::Staff;
        a.role = Some(Role::Transportadora);
        a.shipping_company_id = Some(2);
        assert_eq!(Listener::of(&a), Some(staff(Role::Transportadora, Some(2))));
        a.role = None;
        assert_eq!(Listener::of(&a), None);
    }
}

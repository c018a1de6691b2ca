//! Drivers as the staff manage them (spec 2 "Drivers", sections 4, 6 and 8; spec 3 section 7
//! for the driver's own account deletion): who sees and changes which drivers, what each row
//! of the list offers, the move to another company and its warning, and the messages.

use crate::admin::access::Scope;
use crate::auth::Actor;
use crate::roles::{Role, SessionKind};
use crate::DomainError;

/// Drivers shown per page on /motoristas (spec 2 section 9).
pub const DRIVER_PAGE_SIZE: u32 = 8;

/// Spec 2 section 8: a driver save that hits a unique key (the CPF).
pub const DRIVER_DUPLICATE_MESSAGE: &str = "Erro ao cadastrar, estes dados ja existem";
/// Spec 2 section 8: the unbind's success toast.
pub const DRIVER_UNBOUND_MESSAGE: &str = "Motorista desvinculado com sucesso";
/// Ours: an unbind of a driver that has no shipping company.
pub const DRIVER_NOT_BOUND_MESSAGE: &str = "Motorista não está vinculado a uma transportadora!";
/// Ours: the shipping company chosen is not one of the driver's company.
pub const SHIPPING_OF_OTHER_COMPANY_MESSAGE: &str =
    "Selecione uma transportadora da empresa do motorista!";
/// Ours: the 409 of a save that would move a driver out of another company's queue; the form
/// opens the move-company warning on it (spec 2 sections 4 and 8).
pub const MOVE_CONFLICT_MESSAGE: &str =
    "Este motorista está na fila de outra empresa. Confirme a mudança de empresa.";
/// Ours: the driver's own account deletion while in a queue (spec 3: "a driver in the queue
/// must leave it first").
pub const APP_DELETE_IN_QUEUE_MESSAGE: &str =
    "Você está na fila. Saia da fila antes de excluir sua conta.";
/// Ours: the CPF or the birth date typed to confirm the account deletion is not the driver's.
pub const APP_DELETE_MISMATCH_MESSAGE: &str = "CPF ou data de nascimento não conferem.";
/// Spec 3 section 8: the account deletion's success.
pub const APP_DELETED_MESSAGE: &str = "Conta excluida!";

/// Who reads a driver (lists, the form, the logs) or changes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FleetAccess {
    /// Lists, the form, the logs.
    Read,
    /// Create, edit, unbind.
    Write,
    /// The typeahead pickers: the readers, plus the company's Expedicao (the expedition's
    /// driver swap).
    Pick,
}

/// The drivers `actor` may see or change (spec 2 section 6): an Administrador every company's,
/// a Usuario its company's, a Transportadora its shipping company's; the pickers also answer
/// the company's Expedicao. Everyone else is refused (403).
pub fn fleet_scope(actor: &Actor, access: FleetAccess) -> Result<Scope, DomainError> {
    if actor.kind != SessionKind::Staff {
        return Err(DomainError::NotAllowed);
    }
    let own_company = actor.company_id.map(Scope::Company);
    let scope = match (actor.role, access) {
        (Some(Role::Administrador), _) => Some(Scope::All),
        (Some(Role::Usuario), _) => own_company,
        (Some(Role::Expedicao), FleetAccess::Pick) => own_company,
        (Some(Role::Transportadora), _) => match (actor.company_id, actor.shipping_company_id) {
            (Some(company_id), Some(shipping_id)) => Some(Scope::ShippingCompany {
                company_id,
                shipping_id,
            }),
            _ => None,
        },
        _ => None,
    };
    scope.ok_or(DomainError::NotAllowed)
}

/// Whether a driver of `company_id` bound to `shipping_id` is inside `scope`. A Transportadora
/// sees only drivers bound to its own shipping company.
pub fn scope_covers_driver(scope: &Scope, company_id: i64, shipping_id: Option<i64>) -> bool {
    scope.covers_company(company_id)
        && scope
            .shipping_company()
            .is_none_or(|own| shipping_id == Some(own))
}

/// Deleting a driver is the Administrador's (spec 2 section 6); the others unbind.
pub fn may_delete_driver(actor: &Actor) -> bool {
    actor.is_admin()
}

/// The signed driver-login link ("log in as the driver", spec 2 sections 1 and 6): an
/// Administrador, and a Usuario for its company's drivers (the caller checks the company).
pub fn may_open_driver_link(actor: &Actor) -> bool {
    matches!(
        actor.staff_role(),
        Some(Role::Administrador | Role::Usuario)
    )
}

/// What a row of /motoristas offers the person looking at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DriverActions {
    /// Delete with confirmation (Administrador).
    pub remove: bool,
    /// Unbind from the shipping company (the others, when the driver has one).
    pub unbind: bool,
    /// Open the driver-login link in a new window.
    pub login_as: bool,
}

/// Edit and logs are offered to everyone who sees the row; delete to the Administrador;
/// unbind to the others when the driver is bound to a shipping company.
pub fn driver_actions(actor: &Actor, has_shipping_company: bool) -> DriverActions {
    let admin = may_delete_driver(actor);
    DriverActions {
        remove: admin,
        unbind: !admin && has_shipping_company,
        login_as: may_open_driver_link(actor),
    }
}

/// What a save does to the driver's company.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompanyMove {
    /// Same company: nothing to move.
    Stay,
    /// Another company: the driver (and the trucks it drives) move, leaving the old company's
    /// orders and queue.
    Move,
    /// Another company while the driver is tied to the old one (in its queue, or holding a
    /// loading not started) and the save did not confirm: answered 409, the form asks first
    /// (spec 2 section 4).
    Confirm,
}

/// Spec 2 section 4, "Driver company change": a save that moves a driver who is in the queue of
/// the company it leaves needs the confirmation (`override`), and so does one that would take
/// away a loading the driver holds there (it leaves with the move, like the queue position);
/// otherwise the driver moves at once.
pub fn company_move(
    current: i64,
    target: i64,
    tied_to_current: bool,
    confirmed: bool,
) -> CompanyMove {
    if current == target {
        CompanyMove::Stay
    } else if tied_to_current && !confirmed {
        CompanyMove::Confirm
    } else {
        CompanyMove::Move
    }
}

/// An anonymous CPF for a deleted driver whose history must stay (queue entries and loadings
/// point at it): 11 digits built from the driver's id with check digits that never hold, so
/// no real CPF (which always passes its check digits) can collide with it.
pub fn erased_cpf(driver_id: i64) -> String {
    let base_number = driver_id.rem_euclid(1_000_000_000);
    let text = format!("{base_number:09}");
    let mut base = [0u8; 9];
    for (b, c) in base.iter_mut().zip(text.bytes()) {
        *b = c - b'0';
    }
    let [d1, d2] = crate::values::Cpf::check_digits(base);
    format!("{text}{}{}", (d1 + 1) % 10, d2)
}

/// The name a deleted driver with history keeps.
pub const ERASED_DRIVER_NAME: &str = "MOTORISTA EXCLUÍDO";

#[cfg(test)]
mod tests {
    use super::*;

    fn staff(role: Role, company: Option<i64>, shipping: Option<i64>) -> Actor {
        Actor {
            kind: SessionKind::Staff,
            id: 1,
            role: Some(role),
            company_id: company,
            shipping_company_id: shipping,
            is_root: false,
            issued_at: None,
        }
    }

    fn driver(company: i64) -> Actor {
        Actor {
            kind: SessionKind::Driver,
            id: 9,
            role: None,
            company_id: Some(company),
            shipping_company_id: None,
            is_root: false,
            issued_at: None,
        }
    }

    #[test]
    fn scope_by_role() {
        use FleetAccess::*;
        let admin = staff(Role::Administrador, None, None);
        let usuario = staff(Role::Usuario, Some(7), None);
        let carrier = staff(Role::Transportadora, Some(7), Some(3));
        for access in [Read, Write, Pick] {
            assert_eq!(fleet_scope(&admin, access), Ok(Scope::All));
            assert_eq!(fleet_scope(&usuario, access), Ok(Scope::Company(7)));
            assert_eq!(
                fleet_scope(&carrier, access),
                Ok(Scope::ShippingCompany {
                    company_id: 7,
                    shipping_id: 3
                })
            );
        }
        let expedicao = staff(Role::Expedicao, Some(7), None);
        assert_eq!(fleet_scope(&expedicao, Pick), Ok(Scope::Company(7)));
        for role in [Role::Expedicao, Role::Espectador, Role::Portaria] {
            let a = staff(role, Some(7), None);
            assert_eq!(fleet_scope(&a, Read), Err(DomainError::NotAllowed));
            assert_eq!(fleet_scope(&a, Write), Err(DomainError::NotAllowed));
        }
        assert_eq!(
            fleet_scope(&staff(Role::Espectador, Some(7), None), Pick),
            Err(DomainError::NotAllowed)
        );
        assert_eq!(fleet_scope(&driver(7), Read), Err(DomainError::NotAllowed));
        // A Usuario without a company or a Transportadora without a shipping company sees none.
        assert!(fleet_scope(&staff(Role::Usuario, None, None), Read).is_err());
        assert!(fleet_scope(&staff(Role::Transportadora, Some(7), None), Read).is_err());
    }

    #[test]
    fn a_transportadora_covers_only_drivers_of_its_shipping_company() {
        let s = Scope::ShippingCompany {
            company_id: 7,
            shipping_id: 3,
        };
        assert!(scope_covers_driver(&s, 7, Some(3)));
        assert!(!scope_covers_driver(&s, 7, Some(4)));
        assert!(!scope_covers_driver(&s, 7, None));
        assert!(!scope_covers_driver(&s, 8, Some(3)));
        assert!(scope_covers_driver(&Scope::Company(7), 7, None));
        assert!(!scope_covers_driver(&Scope::Company(7), 8, None));
        assert!(scope_covers_driver(&Scope::All, 8, Some(1)));
    }

    #[test]
    fn row_actions_delete_for_the_administrator_unbind_for_the_others() {
        let admin = staff(Role::Administrador, None, None);
        assert_eq!(
            driver_actions(&admin, true),
            DriverActions {
                remove: true,
                unbind: false,
                login_as: true
            }
        );
        let usuario = staff(Role::Usuario, Some(7), None);
        assert_eq!(
            driver_actions(&usuario, true),
            DriverActions {
                remove: false,
                unbind: true,
                login_as: true
            }
        );
        assert!(!driver_actions(&usuario, false).unbind);
        let carrier = staff(Role::Transportadora, Some(7), Some(3));
        assert_eq!(
            driver_actions(&carrier, true),
            DriverActions {
                remove: false,
                unbind: true,
                login_as: false
            }
        );
    }

    #[test]
    fn moving_out_of_a_queue_needs_the_confirmation() {
        assert_eq!(company_move(1, 1, true, false), CompanyMove::Stay);
        assert_eq!(company_move(1, 2, false, false), CompanyMove::Move);
        assert_eq!(company_move(1, 2, true, false), CompanyMove::Confirm);
        assert_eq!(company_move(1, 2, true, true), CompanyMove::Move);
    }

    #[test]
    fn erased_cpfs_are_eleven_digits_that_never_pass_the_check() {
        for id in [1_i64, 42, 999_999_999, 1_000_000_001] {
            let cpf = erased_cpf(id);
            assert_eq!(cpf.len(), 11);
            assert!(cpf.chars().all(|c| c.is_ascii_digit()));
            assert!(crate::values::Cpf::parse(&cpf).is_err(), "{cpf}");
        }
        assert_ne!(erased_cpf(1), erased_cpf(2));
    }
}

//! Who may read and change each administration area, and in which scope (spec 1 sections 2
//! and 6, DESIGN section 2).
//!
//! - Administrators see every company; a Usuario only its company; a Transportadora only its
//!   shipping company, where the area concerns it; everyone else is refused (403).
//! - Companies are created, edited and deleted by administrators.
//! - Customers are managed by administrators (any company) and by a Usuario (its company).
//! - Shipping companies are managed by root administrators (any company) and by a Usuario
//!   (its company): the sidebar shows Transportadora to "root administrator, or users who are
//!   neither shipping company nor administrator", and the /transportadora routes admit them.
//!   Other administrators read them.
//! - Users are managed by administrators; everyone edits their own profile. Role and company
//!   are changed only by a root administrator (or on create); only a root administrator sets
//!   the root switch or touches another root administrator.
//! - Logs are read by administrators. The dashboard is for administrators and Usuario.
//!
//! A record outside the scope is answered as not found by the caller, never with its data.

use crate::auth::Actor;
use crate::roles::{Role, SessionKind};
use crate::DomainError;

/// An administration area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Area {
    Companies,
    Customers,
    ShippingCompanies,
    Users,
    Logs,
    Dashboard,
    /// Products (spec 2): administrators and a Usuario (its company).
    Products,
    /// Orders (spec 2): administrators, a Usuario (its company), and a Transportadora reading
    /// the orders open to its shipping company.
    Orders,
    /// Truck brands and models (spec 1: Marcas and Modelos are the administrator's); every
    /// signed-in user reads the brand list and a brand's models for the truck forms.
    TruckCatalog,
    /// The loadings of an order (spec 2): administrators, a Usuario (its company) and a
    /// Transportadora (its shipping company's loadings on the orders open to it).
    Loadings,
    /// Trucks (spec 2 "Trucks"): administrators (any company), a Usuario (its company), a
    /// Transportadora (its shipping company's trucks); dispatch roles read their company's.
    /// Deleting is the administrator's (`fleet::trucks::truck_scope`).
    Trucks,
}

/// Reading, or changing (create, edit, import, delete).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    Read,
    Write,
}

/// What an actor may see of an area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Every company.
    All,
    /// One company's records.
    Company(i64),
    /// One shipping company (of one company).
    ShippingCompany { company_id: i64, shipping_id: i64 },
}

impl Scope {
    /// The company every record must belong to, if the scope is narrower than all.
    pub fn company(&self) -> Option<i64> {
        match *self {
            Scope::All => None,
            Scope::Company(id) | Scope::ShippingCompany { company_id: id, .. } => Some(id),
        }
    }

    /// The one shipping company the scope is limited to.
    pub fn shipping_company(&self) -> Option<i64> {
        match *self {
            Scope::ShippingCompany { shipping_id, .. } => Some(shipping_id),
            _ => None,
        }
    }

    /// Whether a record of `company_id` is inside the scope.
    pub fn covers_company(&self, company_id: i64) -> bool {
        self.company().is_none_or(|id| id == company_id)
    }

    /// Whether the shipping company `shipping_id` of `company_id` is inside the scope.
    pub fn covers_shipping(&self, company_id: i64, shipping_id: i64) -> bool {
        self.covers_company(company_id) && self.shipping_company().is_none_or(|s| s == shipping_id)
    }

    /// The company a new record goes to: the scope's own, or the one the form chose (an
    /// administrator must choose one). `None` when the choice is missing or outside the scope.
    pub fn target_company(&self, chosen: Option<i64>) -> Option<i64> {
        match self.company() {
            Some(own) => Some(own).filter(|own| chosen.is_none_or(|c| c == *own)),
            None => chosen,
        }
    }
}

/// The scope in which `actor` may `access` `area`; [`DomainError::NotAllowed`] otherwise.
pub fn scope(actor: &Actor, area: Area, access: Access) -> Result<Scope, DomainError> {
    if actor.kind != SessionKind::Staff {
        return Err(DomainError::NotAllowed);
    }
    let role = actor.role.ok_or(DomainError::NotAllowed)?;
    let own_company = || actor.company_id.map(Scope::Company);
    let scope = match (area, access, role) {
        (_, _, Role::Administrador) => match (area, access) {
            (Area::ShippingCompanies, Access::Write) if !actor.is_root => None,
            _ => Some(Scope::All),
        },
        (
            Area::Companies | Area::Customers | Area::Users | Area::Dashboard,
            Access::Read,
            Role::Usuario,
        ) => own_company(),
        (
            Area::Customers | Area::ShippingCompanies | Area::Products | Area::Orders,
            _,
            Role::Usuario,
        ) => own_company(),
        (Area::Loadings, _, Role::Usuario) => own_company(),
        (Area::Loadings | Area::Trucks, _, Role::Transportadora)
        | (Area::ShippingCompanies | Area::Orders, Access::Read, Role::Transportadora) => {
            match (actor.company_id, actor.shipping_company_id) {
                (Some(company_id), Some(shipping_id)) => Some(Scope::ShippingCompany {
                    company_id,
                    shipping_id,
                }),
                _ => None,
            }
        }
        (Area::Trucks, _, Role::Usuario)
        | (Area::Trucks, Access::Read, Role::Expedicao | Role::Espectador | Role::Portaria) => {
            own_company()
        }
        _ => None,
    };
    scope.ok_or(DomainError::NotAllowed)
}

/// Whether `actor` may change (edit, delete) a record of `company_id` in `area`: its write
/// scope covers the company. What a list row offers, from the rule its writes are held to.
pub fn may_change(actor: &Actor, area: Area, company_id: i64) -> bool {
    scope(actor, area, Access::Write).is_ok_and(|s| s.covers_company(company_id))
}

/// Whether the shipping-company list offers edit and delete on a row: spec 1 shows that
/// column to a root administrator only. A Usuario's own writes stay allowed (decisions.md),
/// but the list does not offer them.
pub fn offers_shipping_company_actions(actor: &Actor, company_id: i64) -> bool {
    actor.is_root_admin() && may_change(actor, Area::ShippingCompanies, company_id)
}

/// Message when a user tries to delete themselves.
pub const DELETE_SELF_MESSAGE: &str = "Você não pode excluir o próprio usuário!";

/// The user a save or delete is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UserTarget {
    New,
    Existing {
        id: i64,
        /// An administrator with the root flag.
        is_root_admin: bool,
    },
}

/// Which parts of a user the signed-in user may set in the user form. What is not allowed
/// keeps its stored value (or its default on create); it is not an error.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserEditRights {
    /// Role, company and shipping company.
    pub role_and_company: bool,
    /// The isRoot switch.
    pub root_switch: bool,
    /// The active/inactive switch.
    pub enabled_switch: bool,
}

/// What `role` may set on a new user: administrators create users, and only a root
/// administrator sets the root switch. `None`: it creates none.
pub const fn new_user_rights(role: Role, is_root: bool) -> Option<UserEditRights> {
    match role {
        Role::Administrador => Some(UserEditRights {
            role_and_company: true,
            root_switch: is_root,
            enabled_switch: true,
        }),
        _ => None,
    }
}

/// What `actor` may change when saving `target`; [`DomainError::NotAllowed`] when it may not
/// save it at all.
pub fn user_edit_rights(actor: &Actor, target: UserTarget) -> Result<UserEditRights, DomainError> {
    if actor.kind != SessionKind::Staff || actor.role.is_none() {
        return Err(DomainError::NotAllowed);
    }
    let root = actor.is_root_admin();
    match target {
        UserTarget::New => match actor.role {
            Some(role) => new_user_rights(role, actor.is_root).ok_or(DomainError::NotAllowed),
            None => Err(DomainError::NotAllowed),
        },
        // The profile form: anyone edits themselves; nobody switches themselves off.
        UserTarget::Existing { id, .. } if id == actor.id => Ok(UserEditRights {
            role_and_company: root,
            root_switch: root,
            enabled_switch: false,
        }),
        UserTarget::Existing { is_root_admin, .. } => {
            if !actor.is_admin() || (is_root_admin && !root) {
                return Err(DomainError::NotAllowed);
            }
            Ok(UserEditRights {
                role_and_company: root,
                root_switch: root,
                enabled_switch: true,
            })
        }
    }
}

/// Why a user may not be deleted by `actor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UserDeleteRefusal {
    NotAllowed,
    OwnUser,
}

/// Administrators delete users, not themselves; a root administrator is deleted only by a
/// root administrator.
pub fn may_delete_user(
    actor: &Actor,
    target_id: i64,
    target_is_root_admin: bool,
) -> Result<(), UserDeleteRefusal> {
    if !actor.is_admin() || (target_is_root_admin && !actor.is_root_admin()) {
        return Err(UserDeleteRefusal::NotAllowed);
    }
    if target_id == actor.id {
        return Err(UserDeleteRefusal::OwnUser);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn staff(role: Role, is_root: bool, company: Option<i64>, shipping: Option<i64>) -> Actor {
        Actor {
            kind: SessionKind::Staff,
            id: 10,
            role: Some(role),
            company_id: company,
            shipping_company_id: shipping,
            is_root,
            issued_at: None,
        }
    }

    fn admin(root: bool) -> Actor {
        staff(Role::Administrador, root, None, None)
    }

    const AREAS: [Area; 9] = [
        Area::Companies,
        Area::Customers,
        Area::ShippingCompanies,
        Area::Users,
        Area::Logs,
        Area::Dashboard,
        Area::Products,
        Area::Orders,
        Area::TruckCatalog,
    ];

    #[test]
    fn root_administrators_see_and_change_everything() {
        for area in AREAS {
            for access in [Access::Read, Access::Write] {
                assert_eq!(
                    scope(&admin(true), area, access),
                    Ok(Scope::All),
                    "{area:?}"
                );
            }
        }
    }

    #[test]
    fn other_administrators_only_read_shipping_companies() {
        let a = admin(false);
        assert_eq!(
            scope(&a, Area::ShippingCompanies, Access::Write),
            Err(DomainError::NotAllowed)
        );
        assert_eq!(
            scope(&a, Area::ShippingCompanies, Access::Read),
            Ok(Scope::All)
        );
        assert_eq!(scope(&a, Area::Companies, Access::Write), Ok(Scope::All));
        assert_eq!(scope(&a, Area::Users, Access::Write), Ok(Scope::All));
    }

    #[test]
    fn usuario_is_scoped_to_its_company() {
        let u = staff(Role::Usuario, false, Some(3), None);
        let own = Ok(Scope::Company(3));
        assert_eq!(scope(&u, Area::Companies, Access::Read), own);
        assert_eq!(scope(&u, Area::Customers, Access::Read), own);
        assert_eq!(scope(&u, Area::Customers, Access::Write), own);
        assert_eq!(scope(&u, Area::ShippingCompanies, Access::Read), own);
        assert_eq!(scope(&u, Area::ShippingCompanies, Access::Write), own);
        assert_eq!(scope(&u, Area::Users, Access::Read), own);
        assert_eq!(scope(&u, Area::Dashboard, Access::Read), own);
        for area in [Area::Products, Area::Orders] {
            assert_eq!(scope(&u, area, Access::Read), own);
            assert_eq!(scope(&u, area, Access::Write), own);
        }
        for (area, access) in [
            (Area::Companies, Access::Write),
            (Area::Users, Access::Write),
            (Area::Logs, Access::Read),
        ] {
            assert_eq!(
                scope(&u, area, access),
                Err(DomainError::NotAllowed),
                "{area:?}"
            );
        }
        // A Usuario without a company is a broken account: nothing.
        let orphan = staff(Role::Usuario, false, None, None);
        assert_eq!(
            scope(&orphan, Area::Customers, Access::Read),
            Err(DomainError::NotAllowed)
        );
    }

    #[test]
    fn transportadora_reads_only_its_shipping_company() {
        let t = staff(Role::Transportadora, false, Some(3), Some(7));
        let s = scope(&t, Area::ShippingCompanies, Access::Read).unwrap();
        assert_eq!(scope(&t, Area::Orders, Access::Read), Ok(s));
        assert_eq!(
            s,
            Scope::ShippingCompany {
                company_id: 3,
                shipping_id: 7
            }
        );
        assert!(s.covers_shipping(3, 7));
        assert!(!s.covers_shipping(3, 8));
        assert!(!s.covers_shipping(4, 7));
        for area in AREAS {
            assert_eq!(scope(&t, area, Access::Write), Err(DomainError::NotAllowed));
            if area != Area::ShippingCompanies && area != Area::Orders {
                assert_eq!(scope(&t, area, Access::Read), Err(DomainError::NotAllowed));
            }
        }
    }

    #[test]
    fn loadings_are_the_company_s_and_a_carrier_s_own() {
        let u = staff(Role::Usuario, false, Some(3), None);
        let t = staff(Role::Transportadora, false, Some(3), Some(7));
        let carrier = Scope::ShippingCompany {
            company_id: 3,
            shipping_id: 7,
        };
        for access in [Access::Read, Access::Write] {
            assert_eq!(scope(&admin(false), Area::Loadings, access), Ok(Scope::All));
            assert_eq!(scope(&u, Area::Loadings, access), Ok(Scope::Company(3)));
            assert_eq!(scope(&t, Area::Loadings, access), Ok(carrier));
            for role in [Role::Expedicao, Role::Espectador, Role::Portaria] {
                let a = staff(role, false, Some(3), None);
                assert_eq!(
                    scope(&a, Area::Loadings, access),
                    Err(DomainError::NotAllowed)
                );
            }
        }
    }

    #[test]
    fn dispatch_roles_and_drivers_get_nothing() {
        for role in [Role::Expedicao, Role::Espectador, Role::Portaria] {
            let a = staff(role, true, Some(3), None);
            for area in AREAS {
                for access in [Access::Read, Access::Write] {
                    assert_eq!(scope(&a, area, access), Err(DomainError::NotAllowed));
                }
            }
        }
        let driver = Actor {
            kind: SessionKind::Driver,
            id: 1,
            role: Some(Role::Administrador),
            company_id: Some(3),
            shipping_company_id: None,
            is_root: true,
            issued_at: None,
        };
        assert_eq!(
            scope(&driver, Area::Companies, Access::Read),
            Err(DomainError::NotAllowed)
        );
    }

    #[test]
    fn target_company_is_the_scope_s_own_or_the_chosen_one() {
        assert_eq!(Scope::All.target_company(Some(4)), Some(4));
        assert_eq!(Scope::All.target_company(None), None);
        assert_eq!(Scope::Company(3).target_company(None), Some(3));
        assert_eq!(Scope::Company(3).target_company(Some(3)), Some(3));
        assert_eq!(Scope::Company(3).target_company(Some(4)), None);
        assert!(Scope::All.covers_company(99));
        assert!(!Scope::Company(3).covers_company(99));
    }

    #[test]
    fn only_administrators_create_users_and_only_root_sets_root() {
        assert_eq!(
            user_edit_rights(&admin(false), UserTarget::New),
            Ok(UserEditRights {
                role_and_company: true,
                root_switch: false,
                enabled_switch: true
            })
        );
        assert!(
            user_edit_rights(&admin(true), UserTarget::New)
                .unwrap()
                .root_switch
        );
        let u = staff(Role::Usuario, false, Some(3), None);
        assert_eq!(
            user_edit_rights(&u, UserTarget::New),
            Err(DomainError::NotAllowed)
        );
    }

    #[test]
    fn everyone_edits_their_own_profile_without_role_company_or_switches() {
        for role in Role::ALL {
            let a = staff(role, false, Some(3), None);
            let rights = user_edit_rights(
                &a,
                UserTarget::Existing {
                    id: a.id,
                    is_root_admin: false,
                },
            )
            .unwrap();
            assert!(!rights.role_and_company && !rights.root_switch && !rights.enabled_switch);
        }
        let root = admin(true);
        let rights = user_edit_rights(
            &root,
            UserTarget::Existing {
                id: root.id,
                is_root_admin: true,
            },
        )
        .unwrap();
        assert!(rights.role_and_company && rights.root_switch && !rights.enabled_switch);
    }

    #[test]
    fn editing_others_needs_an_administrator_and_root_for_root() {
        let other = UserTarget::Existing {
            id: 99,
            is_root_admin: false,
        };
        let other_root = UserTarget::Existing {
            id: 99,
            is_root_admin: true,
        };
        let plain = user_edit_rights(&admin(false), other).unwrap();
        assert!(!plain.role_and_company && !plain.root_switch && plain.enabled_switch);
        assert_eq!(
            user_edit_rights(&admin(false), other_root),
            Err(DomainError::NotAllowed)
        );
        assert!(
            user_edit_rights(&admin(true), other_root)
                .unwrap()
                .role_and_company
        );
        let u = staff(Role::Usuario, false, Some(3), None);
        assert_eq!(user_edit_rights(&u, other), Err(DomainError::NotAllowed));
    }

    #[test]
    fn deleting_users() {
        assert_eq!(may_delete_user(&admin(false), 99, false), Ok(()));
        assert_eq!(
            may_delete_user(&admin(false), 99, true),
            Err(UserDeleteRefusal::NotAllowed)
        );
        assert_eq!(may_delete_user(&admin(true), 99, true), Ok(()));
        assert_eq!(
            may_delete_user(&admin(true), 10, true),
            Err(UserDeleteRefusal::OwnUser)
        );
        let u = staff(Role::Usuario, false, Some(3), None);
        assert_eq!(
            may_delete_user(&u, 99, false),
            Err(UserDeleteRefusal::NotAllowed)
        );
    }

    #[test]
    fn shipping_companies_are_changed_by_a_root_administrator_and_a_usuario_of_their_company() {
        let root = staff(Role::Administrador, true, None, None);
        let admin = staff(Role::Administrador, false, None, None);
        let user = staff(Role::Usuario, false, Some(1), None);
        let carrier = staff(Role::Transportadora, false, Some(1), Some(9));
        let area = Area::ShippingCompanies;
        assert!(may_change(&root, area, 1));
        assert!(may_change(&user, area, 1));
        assert!(!may_change(&user, area, 2));
        assert!(!may_change(&admin, area, 1));
        assert!(!may_change(&carrier, area, 1));
        assert!(offers_shipping_company_actions(&root, 1));
        assert!(!offers_shipping_company_actions(&user, 1));
        assert!(!offers_shipping_company_actions(&admin, 1));
        assert!(!offers_shipping_company_actions(&carrier, 1));
    }
}

//! Who is acting, and what that lets them see.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::roles::{Role, SessionKind};

/// Lowest transfer confirmation code (spec 1 section 4: 1000 to 10999, 4 or 5 digits).
pub const TRANSFER_CODE_MIN: u32 = 1000;
/// Highest transfer confirmation code.
pub const TRANSFER_CODE_MAX: u32 = 10999;

/// Whether `typed` is the code `expected` as displayed (surrounding spaces ignored); a code out of
/// range never matches.
pub fn transfer_code_matches(expected: u32, typed: &str) -> bool {
    (TRANSFER_CODE_MIN..=TRANSFER_CODE_MAX).contains(&expected)
        && typed.trim() == expected.to_string()
}

/// An enabled account as it is now, in the terms a session carries (a driver has no role).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountState {
    pub role: Option<Role>,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    pub is_root: bool,
    /// When the password last changed (`None`: never since the account was created).
    pub password_changed_at: Option<DateTime<Utc>>,
    /// Ids of this account's session tokens ended by a sign-out before their expiry.
    pub revoked_tokens: Vec<String>,
}

/// The issue of a session token: when (microseconds since the epoch, so a password change in
/// the same second still tells the sessions before it from the ones after), its random id
/// (what a sign-out revokes) and its expiry (seconds since the epoch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    pub at_micros: i64,
    pub token_id: String,
    pub expires_at: i64,
}

/// The signed-in person a request is resolved to. Every service call checks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Actor {
    pub kind: SessionKind,
    /// User id for staff, driver id for drivers.
    pub id: i64,
    /// `None` for drivers.
    pub role: Option<Role>,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    /// Meaningful only for administrators.
    pub is_root: bool,
    /// The issue of the session token the actor came from (`None`: not from a session token).
    #[serde(skip)]
    pub issued_at: Option<Issue>,
}

impl Actor {
    pub fn is_driver(&self) -> bool {
        self.kind == SessionKind::Driver
    }

    pub fn is_admin(&self) -> bool {
        self.kind == SessionKind::Staff && self.role == Some(Role::Administrador)
    }

    pub fn is_root_admin(&self) -> bool {
        self.is_admin() && self.is_root
    }

    /// The staff role, or `None` for a driver.
    pub fn staff_role(&self) -> Option<Role> {
        match self.kind {
            SessionKind::Staff => self.role,
            SessionKind::Driver => None,
        }
    }

    /// A session stands while its account is enabled (`now` is `None` otherwise: disabled or
    /// deleted), still has the role, company, shipping company and root flag it was issued
    /// with, was issued no earlier than the last password change (to the microsecond: the
    /// fresh session handed to whoever changed it is issued after the change) and was not
    /// signed out. Otherwise its holder signs in again and gets a session that matches.
    pub fn still_holds(&self, now: Option<&AccountState>) -> bool {
        now.is_some_and(|a| {
            a.role == self.staff_role()
                && a.company_id == self.company_id
                && a.shipping_company_id == self.shipping_company_id
                && a.is_root == self.is_root
                && self.issued_at.as_ref().is_none_or(|issue| {
                    a.password_changed_at
                        .is_none_or(|changed| issue.at_micros >= changed.timestamp_micros())
                        && !a.revoked_tokens.contains(&issue.token_id)
                })
        })
    }

    /// Administrators see every company; everyone else only their own.
    pub fn can_see_company(&self, company_id: i64) -> bool {
        self.is_admin() || self.company_id == Some(company_id)
    }
}

/// Why a staff member may not move a driver to another company.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransferRefusal {
    /// Not a role that registers drivers, or the target company is outside its reach.
    NotAllowed,
    /// The driver is at a company the caller cannot see: answered as if it did not exist.
    NotFound,
}

/// Whether staff may confirm a driver's move from `driver_company` (where the driver is now)
/// to `target_company` without the driver's own transfer token: an Administrador or Usuario
/// who may act on both companies. Acting for the target alone is not enough, or any company
/// could take over another's drivers (issue 9).
pub fn staff_may_transfer_driver(
    actor: &Actor,
    driver_company: i64,
    target_company: i64,
) -> Result<(), TransferRefusal> {
    if !matches!(
        actor.staff_role(),
        Some(Role::Administrador | Role::Usuario)
    ) {
        return Err(TransferRefusal::NotAllowed);
    }
    if !actor.can_see_company(driver_company) {
        return Err(TransferRefusal::NotFound);
    }
    if !actor.can_see_company(target_company) {
        return Err(TransferRefusal::NotAllowed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn staff(role: Role, is_root: bool, company_id: Option<i64>) -> Actor {
        Actor {
            kind: SessionKind::Staff,
            id: 1,
            role: Some(role),
            company_id,
            shipping_company_id: None,
            is_root,
            issued_at: None,
        }
    }

    fn state_of(a: &Actor) -> AccountState {
        AccountState {
            role: a.staff_role(),
            company_id: a.company_id,
            shipping_company_id: a.shipping_company_id,
            is_root: a.is_root,
            password_changed_at: None,
            revoked_tokens: Vec::new(),
        }
    }

    fn issued(at_micros: i64, token_id: &str) -> Option<Issue> {
        Some(Issue {
            at_micros,
            token_id: token_id.to_owned(),
            expires_at: i64::MAX,
        })
    }

    #[test]
    fn a_password_change_ends_the_sessions_issued_before_it() {
        let changed = DateTime::from_timestamp(1_700_000_000, 500_000_000).unwrap();
        let now = AccountState {
            password_changed_at: Some(changed),
            ..state_of(&staff(Role::Usuario, false, Some(3)))
        };
        let issued = |at: i64| Actor {
            issued_at: issued(at, "t"),
            ..staff(Role::Usuario, false, Some(3))
        };
        let second = 1_000_000;
        assert!(!issued(1_699_999_999 * second).still_holds(Some(&now)));
        // Issued in the same second, before the change: ended too.
        assert!(!issued(1_700_000_000 * second).still_holds(Some(&now)));
        assert!(!issued(1_700_000_000 * second + 499_999).still_holds(Some(&now)));
        assert!(issued(1_700_000_000 * second + 500_000).still_holds(Some(&now)));
        assert!(issued(1_700_000_100 * second).still_holds(Some(&now)));
        let never_changed = AccountState {
            password_changed_at: None,
            ..now.clone()
        };
        assert!(issued(1).still_holds(Some(&never_changed)));
    }

    #[test]
    fn a_signed_out_token_ends_and_the_account_s_other_sessions_stand() {
        let signed_out = Actor {
            issued_at: issued(1, "gone"),
            ..staff(Role::Usuario, false, Some(3))
        };
        let other = Actor {
            issued_at: issued(1, "kept"),
            ..signed_out.clone()
        };
        let now = AccountState {
            revoked_tokens: vec!["gone".to_owned()],
            ..state_of(&signed_out)
        };
        assert!(!signed_out.still_holds(Some(&now)));
        assert!(other.still_holds(Some(&now)));
    }

    #[test]
    fn a_session_stands_while_its_account_is_unchanged() {
        let usuario = staff(Role::Usuario, false, Some(3));
        assert!(usuario.still_holds(Some(&state_of(&usuario))));
        let motorista = driver(3);
        assert!(motorista.still_holds(Some(&state_of(&motorista))));
    }

    #[test]
    fn a_disabled_or_deleted_account_ends_its_sessions() {
        assert!(!staff(Role::Usuario, false, Some(3)).still_holds(None));
        assert!(!driver(3).still_holds(None));
    }

    #[test]
    fn a_changed_role_company_or_root_flag_ends_the_session() {
        let usuario = staff(Role::Usuario, false, Some(3));
        let mut now = state_of(&usuario);
        now.role = Some(Role::Portaria);
        assert!(!usuario.still_holds(Some(&now)));
        let mut now = state_of(&usuario);
        now.company_id = Some(4);
        assert!(!usuario.still_holds(Some(&now)));
        let admin = staff(Role::Administrador, true, None);
        let mut now = state_of(&admin);
        now.is_root = false;
        assert!(!admin.still_holds(Some(&now)));
        let motorista = driver(3);
        let mut moved = state_of(&motorista);
        moved.company_id = Some(5);
        assert!(!motorista.still_holds(Some(&moved)));
    }

    fn driver(company_id: i64) -> Actor {
        Actor {
            kind: SessionKind::Driver,
            id: 9,
            role: None,
            company_id: Some(company_id),
            shipping_company_id: None,
            is_root: false,
            issued_at: None,
        }
    }

    #[test]
    fn administrators_see_every_company() {
        let admin = staff(Role::Administrador, false, None);
        assert!(admin.is_admin());
        assert!(!admin.is_root_admin());
        assert!(admin.can_see_company(1));
        assert!(admin.can_see_company(42));
    }

    #[test]
    fn others_see_only_their_own_company() {
        for r in Role::ALL.into_iter().filter(|&r| r != Role::Administrador) {
            let a = staff(r, true, Some(3));
            assert!(a.can_see_company(3), "{r}");
            assert!(!a.can_see_company(4), "{r}");
            assert!(!a.is_admin() && !a.is_root_admin(), "{r}");
        }
        let d = driver(3);
        assert!(d.is_driver() && d.can_see_company(3) && !d.can_see_company(4));
        assert_eq!(d.staff_role(), None);
    }

    #[test]
    fn actor_without_company_sees_none_unless_administrator() {
        assert!(!staff(Role::Usuario, false, None).can_see_company(1));
    }

    #[test]
    fn root_admin_needs_both_the_role_and_the_flag() {
        assert!(staff(Role::Administrador, true, None).is_root_admin());
        assert!(!staff(Role::Usuario, true, None).is_root_admin());
    }

    #[test]
    fn a_driver_session_is_never_an_administrator_whatever_its_role_field() {
        let forged = Actor {
            role: Some(Role::Administrador),
            is_root: true,
            ..driver(1)
        };
        assert!(!forged.is_admin());
        assert!(!forged.can_see_company(2));
    }

    #[test]
    fn actor_serializes_in_camel_case() {
        let json = serde_json::to_value(staff(Role::Transportadora, false, Some(2))).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "kind": "staff", "id": 1, "role": "Transportadora", "companyId": 2,
                "shippingCompanyId": null, "isRoot": false
            })
        );
        let back: Actor = serde_json::from_value(json).unwrap();
        assert_eq!(back, staff(Role::Transportadora, false, Some(2)));
    }

    #[test]
    fn staff_move_a_driver_only_between_companies_they_may_act_on() {
        let at_b = staff(Role::Usuario, false, Some(2));
        // Acting for the target company is not enough: the driver is at company 1.
        assert_eq!(
            staff_may_transfer_driver(&at_b, 1, 2),
            Err(TransferRefusal::NotFound)
        );
        let at_a = staff(Role::Usuario, false, Some(1));
        assert_eq!(
            staff_may_transfer_driver(&at_a, 1, 2),
            Err(TransferRefusal::NotAllowed)
        );
        assert_eq!(staff_may_transfer_driver(&at_a, 1, 1), Ok(()));
        let admin = staff(Role::Administrador, false, None);
        assert_eq!(staff_may_transfer_driver(&admin, 1, 2), Ok(()));
        for role in [Role::Portaria, Role::Expedicao, Role::Transportadora] {
            assert_eq!(
                staff_may_transfer_driver(&staff(role, false, Some(1)), 1, 1),
                Err(TransferRefusal::NotAllowed),
                "{role}"
            );
        }
        assert_eq!(
            staff_may_transfer_driver(&driver(1), 1, 1),
            Err(TransferRefusal::NotAllowed)
        );
    }

    #[test]
    fn transfer_code_range_is_1000_to_10999() {
        assert_eq!((TRANSFER_CODE_MIN, TRANSFER_CODE_MAX), (1000, 10999));
    }

    #[test]
    fn transfer_code_must_match_exactly() {
        assert!(transfer_code_matches(1234, "1234"));
        assert!(transfer_code_matches(10999, " 10999 "));
        assert!(!transfer_code_matches(1234, "1235"));
        assert!(!transfer_code_matches(1234, "01234"));
        assert!(!transfer_code_matches(1234, "+1234"));
        assert!(!transfer_code_matches(1234, ""));
        assert!(!transfer_code_matches(999, "999"));
        assert!(!transfer_code_matches(11000, "11000"));
    }
}

/// Failed sign-ins counted in the throttle's window (issue 9 item 8).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FailedSignIns {
    /// Of this account, from anywhere.
    pub account: usize,
    /// From this address, for any account.
    pub address: usize,
    /// From this device (a browser that signed in to this account before), when it shows
    /// its device mark.
    pub device: Option<usize>,
}

/// How many failures each count may reach before sign-ins are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignInLimits {
    pub per_account: usize,
    pub per_address: usize,
    pub per_device: usize,
}

/// What the throttle says of a sign-in attempt before its password is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignInGate {
    Open,
    /// Past the address's limit, for an account without failures of its own: the attempt
    /// goes on once the company's reCAPTCHA passed, or after this many seconds (issue 21
    /// item 8), so that one person behind a shared address (the yard's NAT, a proxy) cannot
    /// lock everyone else out.
    Slowed {
        wait_seconds: u64,
    },
    Refused,
}

/// The first wait past the address's limit; it doubles every [`SLOWED_STEP`] failures more.
pub const FIRST_WAIT_SECONDS: u64 = 2;
pub const SLOWED_STEP: usize = 10;
/// The longest wait.
pub const MAX_WAIT_SECONDS: u64 = 30;

/// The throttle's word on a sign-in attempt. A browser that signed in to the account before
/// (it carries the account's device mark) answers only for its own failures: a flood of wrong
/// passwords from elsewhere — or from everyone behind one proxy address — cannot lock the
/// owner out. Any other browser meets the account limit (refused), then the address limit:
/// an account that failed from anywhere is refused, one without failures is slowed (a
/// reCAPTCHA or a wait that grows with the address's failures), never refused.
pub fn sign_in_gate(failed: FailedSignIns, limits: SignInLimits) -> SignInGate {
    if let Some(device) = failed.device {
        return if device >= limits.per_device {
            SignInGate::Refused
        } else {
            SignInGate::Open
        };
    }
    if failed.account >= limits.per_account {
        return SignInGate::Refused;
    }
    if failed.address < limits.per_address {
        return SignInGate::Open;
    }
    if failed.account > 0 {
        return SignInGate::Refused;
    }
    let doublings = (failed.address - limits.per_address) / SLOWED_STEP;
    let wait = u32::try_from(doublings)
        .ok()
        .and_then(|d| FIRST_WAIT_SECONDS.checked_shl(d))
        .unwrap_or(MAX_WAIT_SECONDS);
    SignInGate::Slowed {
        wait_seconds: wait.min(MAX_WAIT_SECONDS),
    }
}

/// Whether a sign-in attempt is refused outright ([`sign_in_gate`]).
pub fn sign_in_refused(failed: FailedSignIns, limits: SignInLimits) -> bool {
    sign_in_gate(failed, limits) == SignInGate::Refused
}

#[cfg(test)]
mod sign_in_tests {
    use super::*;

    const LIMITS: SignInLimits = SignInLimits {
        per_account: 5,
        per_address: 30,
        per_device: 5,
    };

    fn failed(account: usize, address: usize, device: Option<usize>) -> FailedSignIns {
        FailedSignIns {
            account,
            address,
            device,
        }
    }

    #[test]
    fn an_unknown_browser_is_refused_at_the_account_limit() {
        assert_eq!(sign_in_gate(failed(4, 29, None), LIMITS), SignInGate::Open);
        assert_eq!(
            sign_in_gate(failed(5, 0, None), LIMITS),
            SignInGate::Refused
        );
    }

    #[test]
    fn past_the_address_limit_an_account_without_failures_is_slowed_and_one_with_failures_refused()
    {
        let slowed = |s| SignInGate::Slowed { wait_seconds: s };
        assert_eq!(sign_in_gate(failed(0, 30, None), LIMITS), slowed(2));
        assert_eq!(sign_in_gate(failed(0, 39, None), LIMITS), slowed(2));
        assert_eq!(sign_in_gate(failed(0, 40, None), LIMITS), slowed(4));
        assert_eq!(sign_in_gate(failed(0, 50, None), LIMITS), slowed(8));
        assert_eq!(sign_in_gate(failed(0, 60, None), LIMITS), slowed(16));
        assert_eq!(sign_in_gate(failed(0, 70, None), LIMITS), slowed(30));
        assert_eq!(sign_in_gate(failed(0, 10_000, None), LIMITS), slowed(30));
        assert_eq!(
            sign_in_gate(failed(1, 30, None), LIMITS),
            SignInGate::Refused
        );
        assert!(!sign_in_refused(failed(0, 30, None), LIMITS));
    }

    #[test]
    fn the_owners_known_browser_is_not_locked_out_by_failures_elsewhere() {
        assert!(!sign_in_refused(failed(500, 900, Some(0)), LIMITS));
        assert!(!sign_in_refused(failed(500, 900, Some(4)), LIMITS));
        assert!(sign_in_refused(failed(5, 5, Some(5)), LIMITS));
    }
}
